// conformance/src/specs/block_pool.cpp - the run-time checks of the block_pool contract's scenario
// table (its exploration is kvc::check_block_pool, conformance/src/stateful).
#include <kvc/specs/block_pool.hpp>

#include "../run_tables.hpp"
#include "../stateful/block_pool_text.hpp"

namespace kvc::library {
/// Instantiates kvc::check for every table of the contract.
void instantiate_block_pool() {
  instantiate(specs::block_pool_contract);
}
}  // namespace kvc::library
