// conformance/src/specs/prefix_cache.cpp - the run-time checks of the prefix_cache contract's
// scenario tables (their exploration is kvc::check_prefix_cache, conformance/src/stateful).
#include <kvc/specs/prefix_cache.hpp>

#include "../run_tables.hpp"
#include "../stateful/operation_text.hpp"

namespace kvc::library {
/// Instantiates kvc::check for every table of the contract.
void instantiate_prefix_cache() {
  instantiate(specs::prefix_cache_contract);
}
}  // namespace kvc::library
