// Static checks of kvc::cache_namespace's interface: aggregates, constexpr equality and hashing,
// and constant evaluation as the namespace of kvc::reusable_prefix_length. Compiled, never run.
#include <kvc/cache_namespace.hpp>
#include <kvc/prefix_reuse.hpp>

#include <array>
#include <type_traits>

namespace {

// kvc::cache_namespace is checked as an aggregate in cache_namespace.cpp.
static_assert(std::is_aggregate_v<kvc::owning_cache_namespace>);
static_assert(kvc::cache_namespace{"m", "a", 1, "s"} == kvc::cache_namespace{"m", "a", 1, "s"});
static_assert(kvc::cache_namespace{} == kvc::cache_namespace{"", "", 0, ""});
static_assert(noexcept(kvc::hash_value(kvc::cache_namespace{})));

// Transparent hashing, for heterogeneous lookup. (Equal namespaces hashing equal in constant
// evaluation is checked in cache_namespace.cpp.)
static_assert(std::is_same_v<kvc::cache_namespace_hash::is_transparent, void>);

// As the namespace of reusable_prefix_length, in constant expressions.
constexpr kvc::cache_namespace tenant{"llama", "sql", 3, "org_1"};
static_assert(kvc::reusable_prefix_length(tenant, tenant, std::array{1, 2, 3, 4},
                                          std::array{1, 2, 3, 5}) == 3);
static_assert(kvc::reusable_prefix_length(tenant, kvc::cache_namespace{"llama", "sql", 4, "org_1"},
                                          std::array{1, 2, 3}, std::array{1, 2, 3}) == 0);
static_assert(kvc::reusable_prefix_length(tenant, tenant, std::array{1, 2, 3, 4},
                                          std::array{1, 2, 3, 5}, 2) == 2);

}  // namespace
