// conformance/src/specs/cache_namespace.cpp - the run-time checks of the cache_namespace contract's tables.
#include <kvc/specs/cache_namespace.hpp>

#include "../run_tables.hpp"
#include "lookups.hpp"

namespace kvc::library {
/// Instantiates kvc::check and kvc::explore for every table of the contract.
void instantiate_cache_namespace() { instantiate(specs::cache_namespace_contract); }
}  // namespace kvc::library
