// conformance/src/specs/segment_offsets.cpp - the run-time checks of the segment_offsets
// contract's tables.
#include <kvc/specs/segment_offsets.hpp>

#include "../run_tables.hpp"
#include "segments.hpp"

namespace kvc::library {
/// Instantiates kvc::check and kvc::explore for every table of the contract.
void instantiate_segment_offsets() { instantiate(specs::segment_offsets_contract); }
}  // namespace kvc::library
