// conformance/src/specs/request_admission.cpp - the run-time checks of the request_admission contract's tables.
#include <kvc/specs/request_admission.hpp>

#include "../run_tables.hpp"
#include "request_admission.hpp"

namespace kvc::library {
/// Instantiates kvc::check and kvc::explore for every table of the contract.
void instantiate_request_admission() { instantiate(specs::request_admission_contract); }
}  // namespace kvc::library
