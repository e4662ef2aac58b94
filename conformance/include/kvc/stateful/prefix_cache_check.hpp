// kvc/stateful/prefix_cache_check.hpp - `kvc::check_prefix_cache`: an engine's prefix cache run
// against `kvc::model::prefix_cache` on generated operation sequences.
//
//   const kvc::stateful_report report = kvc::check_prefix_cache([] { return my_engine::cache{}; });
//   if (!report.passed()) std::cout << report;  // the shrunk counterexample, as a doctest test
//
// The cache is any type with `insert(ns, tokens)`, `lookup(ns, tokens)` returning an integer, and
// `erase(ns)`, with `kvc::cache_namespace` namespaces and `std::span<const std::int32_t>` tokens.
// The sequences, the model, the shrinker and the report are compiled once, in the
// `kvc::conformance` library; this file makes the cache's adapter (kvc/stateful/erased_engine.hpp).
#pragma once

#include <type_traits>

#include "check_options.hpp"
#include "erased_engine.hpp"
#include "factory_arguments.hpp"
#include "operations.hpp"
#include "stateful_report.hpp"

namespace kvc {

namespace detail {

/// The prefix cache a factory makes, behind the adapter the library's check drives.
using erased_prefix_cache = erased_engine<cache_operation>;

/// Runs the check of `cache` (compiled in the library).
[[nodiscard]] stateful_report run_prefix_cache_check(const erased_prefix_cache& cache,
                                                     const check_options& options);

template <class Factory>
[[nodiscard]] stateful_report check_prefix_cache_with(Factory& factory,
                                                      const check_options& options) {
  static_assert(
      std::is_invocable_v<Factory&> && scenario_cache<implementation_made_by<made_by<Factory, 0>>>,
      "kvc::check_prefix_cache: the factory must take no argument and make a cache (or a "
      "pointer to one) with insert(ns, tokens), an integer lookup(ns, tokens) and "
      "erase(ns), called with a kvc::cache_namespace and a "
      "std::span<const std::int32_t>: [] { return my_cache{}; }");
  return run_prefix_cache_check(erase_engine<cache_operation, 0>(factory), options);
}

}  // namespace detail

/// Runs `options.sequences` generated operation sequences, each on a fresh cache from
/// `make_cache()` (a cache by value, or a pointer or smart pointer to one) and a fresh
/// `kvc::model::prefix_cache`, and compares every lookup with the model's
/// `lookup(ns, tokens, options.policy)`: as a bound (0 <= actual <= model) by default, for equality
/// when `options.exact`. The first failure is shrunk to a minimal sequence.
template <class MakeCache>
[[nodiscard]] stateful_report check_prefix_cache(MakeCache&& make_cache,
                                                 const check_options& options = {}) {
  if constexpr (std::is_function_v<std::remove_reference_t<MakeCache>>) {
    auto* function = &make_cache;  // a function's address, held in an object the adapter points to
    return detail::check_prefix_cache_with(function, options);
  } else {
    return detail::check_prefix_cache_with(make_cache, options);
  }
}

}  // namespace kvc
