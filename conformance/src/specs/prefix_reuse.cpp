// conformance/src/specs/prefix_reuse.cpp - the run-time checks of the prefix_reuse contract's tables.
#include <kvc/specs/prefix_reuse.hpp>

#include "../run_tables.hpp"
#include "lookups.hpp"

namespace kvc::library {
/// Instantiates kvc::check and kvc::explore for every table of the contract.
void instantiate_prefix_reuse() { instantiate(specs::prefix_reuse_contract); }
}  // namespace kvc::library
