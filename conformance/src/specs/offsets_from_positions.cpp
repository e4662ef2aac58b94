// conformance/src/specs/offsets_from_positions.cpp - the run-time checks of the
// offsets_from_positions contract's tables.
#include <kvc/specs/offsets_from_positions.hpp>

#include "../run_tables.hpp"
#include "offsets_from_positions.hpp"

namespace kvc::library {
/// Instantiates kvc::check and kvc::explore for every table of the contract.
void instantiate_offsets_from_positions() { instantiate(specs::offsets_from_positions_contract); }
}  // namespace kvc::library
