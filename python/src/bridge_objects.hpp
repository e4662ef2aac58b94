// python/src/bridge_objects.hpp - bridge_values (bridge_value.hpp) as Python objects, in the two
// forms the extension hands them over: as kvc.testing.check passes a fixture's inputs to a Python
// function, and as the exported fixture data (kvc/testing/_fixtures.py decodes it).
#pragma once

#include <pybind11/pybind11.h>

#include "bridge_value.hpp"

namespace kvc_python {

/// `value` as kvc.testing.check passes an input: text as a str (an undecodable byte kept as a
/// surrogate, so that no text is refused), a namespace as a kvc.CacheNamespace, a multimodal item
/// as an `item_type` (kvc.testing.MultimodalItem), lists and tuples element by element.
pybind11::object argument_object(const bridge_value& value, pybind11::handle item_type);

/// `value` as exported fixture data, plain and JSON-like: text as a str, and kvc's two types as
/// tagged dicts, {"cache_namespace": (model, adapter, adapter_revision, salt)} and
/// {"multimodal_item": (offset, length, content_hash)}.
pybind11::object export_object(const bridge_value& value);

}  // namespace kvc_python
