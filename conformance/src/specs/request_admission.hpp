// conformance/src/specs/request_admission.hpp - the generator of in-order request admission: the
// request-sequence generator of batch admission (conformance/src/specs/batch_admission.hpp).
#pragma once

#include <kvc/specs/request_admission.hpp>

#include "../generators.hpp"
#include "batch_admission.hpp"

namespace kvc::library {

template <>
struct generator<specs::request_admission> : request_sequence_generator {};

}  // namespace kvc::library
