// conformance/src/specs/slot_allocator.cpp - the run-time checks of the slot_allocator contract's
// scenario tables (their exploration is kvc::check_slot_allocator, conformance/src/stateful).
#include <kvc/specs/slot_allocator.hpp>

#include "../run_tables.hpp"
#include "../stateful/operation_text.hpp"

namespace kvc::library {
/// Instantiates kvc::check for every table of the contract.
void instantiate_slot_allocator() {
  instantiate(specs::slot_allocator_contract);
}
}  // namespace kvc::library
