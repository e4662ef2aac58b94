// conformance/src/specs/append_admission.cpp - the run-time checks of the append_admission contract's tables.
#include <kvc/specs/append_admission.hpp>

#include "../run_tables.hpp"
#include "append_admission.hpp"

namespace kvc::library {
/// Instantiates kvc::check and kvc::explore for every table of the contract.
void instantiate_append_admission() { instantiate(specs::append_admission_contract); }
}  // namespace kvc::library
