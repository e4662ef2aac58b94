// python/src/python_values.hpp - a spec's values as Python objects, in the two forms the extension
// hands them over: as kvc.testing passes an input to a Python function (`argument`), and as the
// exported fixture data that kvc/testing/_fixtures.py decodes (`exported`).
//
// The values are a spec's run-time forms (kvc/spec/runtime.hpp): integers, bools, `std::string`,
// `kvc::owning_cache_namespace`, `kvc::multimodal_item` and `std::vector`s of them; a table's forms
// go through `kvc::detail::to_runtime_field` first. A char is its code (tables write segment ids
// and tokens as characters, and only their values matter).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <pybind11/pybind11.h>

#include <kvc/cache_namespace.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/multimodal_item.hpp>
#include <kvc/spec/runtime.hpp>

namespace kvc_python {

namespace py = pybind11;

/// How a value is handed to Python.
enum class value_form {
  /// As kvc.testing passes an input: a namespace as a kvc.CacheNamespace, a multimodal item as a
  /// kvc.testing.MultimodalItem.
  argument,
  /// As exported data, plain and JSON-like: {"cache_namespace": (model, adapter, revision, salt)}
  /// and {"multimodal_item": (offset, length, content_hash)}.
  exported,
};

/// An integer of at most 64 bits as a Python int.
inline py::object integer_object(kvc::detail::int128_type value) {
  PyObject* const object =
      value >= std::numeric_limits<long long>::min() && value <= std::numeric_limits<long long>::max()
          ? PyLong_FromLongLong(static_cast<long long>(value))
          : PyLong_FromUnsignedLongLong(static_cast<unsigned long long>(value));
  if (object == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(object);
}

/// Text as a str: a byte that is not UTF-8 kept as a surrogate, so that no text is refused.
inline py::object text_object(std::string_view text) {
  PyObject* const str =
      PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "surrogateescape");
  if (str == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(str);
}

/// `value` (a run-time form) as a Python object; `item_type` makes a multimodal item argument.
template <class T>
py::object python_value(const T& value, value_form form, py::handle item_type) {
  if constexpr (std::is_same_v<T, bool>) {
    return py::bool_(value);
  } else if constexpr (std::is_same_v<T, char>) {
    return integer_object(static_cast<unsigned char>(value));
  } else if constexpr (std::is_integral_v<T>) {
    static_assert(sizeof(T) <= sizeof(std::uint64_t), "python_value: an integer wider than 64 bits");
    return integer_object(static_cast<kvc::detail::int128_type>(value));
  } else if constexpr (std::is_same_v<T, kvc::owning_cache_namespace>) {
    if (form == value_form::argument) return py::cast(value);
    py::dict tagged;
    tagged["cache_namespace"] =
        py::make_tuple(text_object(value.model), text_object(value.adapter),
                       integer_object(value.adapter_revision), text_object(value.salt));
    return tagged;
  } else if constexpr (std::is_same_v<T, kvc::multimodal_item>) {
    py::object offset = integer_object(value.offset);
    py::object length = integer_object(value.length);
    py::object hash = integer_object(value.content_hash);
    if (form == value_form::argument) return item_type(offset, length, hash);
    py::dict tagged;
    tagged["multimodal_item"] = py::make_tuple(offset, length, hash);
    return tagged;
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    return text_object(std::string_view(value));
  } else if constexpr (requires { value.size(); value[0]; }) {
    py::list out(value.size());
    for (std::size_t i = 0; i < value.size(); ++i)
      out[i] = python_value(static_cast<std::remove_cvref_t<decltype(value[i])>>(value[i]), form,
                            item_type);
    return out;
  } else {
    static_assert(sizeof(T) == 0, "python_value: a value of a type it cannot give Python");
    return py::none();
  }
}

/// A table field (any of a spec's forms) as a Python object.
template <class T>
py::object python_field(const T& value, value_form form, py::handle item_type) {
  if constexpr (std::is_same_v<kvc::detail::runtime_field_t<T>, T>)
    return python_value(value, form, item_type);
  else
    return python_value(kvc::detail::to_runtime_field(value), form, item_type);
}

}  // namespace kvc_python
