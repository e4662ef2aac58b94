// conformance/src/specs/segment_positions.cpp - the run-time checks of the segment_positions
// contract's tables.
#include <kvc/specs/segment_positions.hpp>

#include "../run_tables.hpp"
#include "segments.hpp"

namespace kvc::library {
/// Instantiates kvc::check and kvc::explore for every table of the contract.
void instantiate_segment_positions() { instantiate(specs::segment_positions_contract); }
}  // namespace kvc::library
