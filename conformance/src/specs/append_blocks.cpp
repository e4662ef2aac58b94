// conformance/src/specs/append_blocks.cpp - the run-time checks of the append_blocks contract's
// tables.
#include <kvc/specs/append_blocks.hpp>

#include "../run_tables.hpp"
#include "append_blocks.hpp"

namespace kvc::library {
/// Instantiates kvc::check and kvc::explore for every table of the contract.
void instantiate_append_blocks() { instantiate(specs::append_blocks_contract); }
}  // namespace kvc::library
