// conformance/src/specs/batch_admission.cpp - the run-time checks of the batch_admission contract's tables.
#include <kvc/specs/batch_admission.hpp>

#include "../run_tables.hpp"
#include "batch_admission.hpp"

namespace kvc::library {
/// Instantiates kvc::check and kvc::explore for every table of the contract.
void instantiate_batch_admission() { instantiate(specs::batch_admission_contract); }
}  // namespace kvc::library
