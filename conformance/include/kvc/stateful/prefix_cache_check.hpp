// kvc/stateful/prefix_cache_check.hpp - `kvc::check_prefix_cache`: an engine's prefix cache run
// against `kvc::model::prefix_cache` on generated operation sequences.
//
//   const kvc::stateful_report report = kvc::check_prefix_cache([] { return my_engine::cache{}; });
//   if (!report.passed()) std::cout << report;  // the shrunk counterexample, as a doctest test
//
// The cache is any type with `insert(ns, tokens)`, `lookup(ns, tokens)` returning an integer, and
// `erase(ns)`, with `kvc::cache_namespace` namespaces and `std::span<const std::int32_t>` tokens.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include <kvc/detail/deferred.hpp>
#include <kvc/model/prefix_cache.hpp>

#include "check_options.hpp"
#include "model_based_run.hpp"
#include "operations.hpp"
#include "prefix_cache_generator.hpp"
#include "stateful_report.hpp"

namespace kvc {

namespace detail {

/// One engine cache, fresh from the factory, beside a fresh model.
template <class MakeCache>
struct prefix_cache_session {
  decltype(std::declval<MakeCache&>()()) made;
  // Dependent, so that the model's members are compiled where a check runs
  // (kvc/detail/deferred.hpp).
  kvc::detail::dependent_t<MakeCache, model::prefix_cache> model{};

  explicit prefix_cache_session(MakeCache& make_cache) : made(make_cache()) {}

  void step(const cache_operation& op, const check_options& options, observation& actual,
            observation& expected) {
    actual = apply_operation(implementation_of(made), op);
    switch (op.kind) {
      case cache_operation_kind::insert:
        static_cast<void>(model.insert(op.ns, op.template token_span<MakeCache>()));
        break;
      case cache_operation_kind::erase:
        static_cast<void>(model.erase(op.ns));
        break;
      case cache_operation_kind::lookup:
        expected = observed_value(model.lookup(op.ns, op.token_span(), options.policy));
        break;
    }
  }
};

}  // namespace detail

/// Runs `options.sequences` generated operation sequences, each on a fresh cache from
/// `make_cache()` (a cache by value, or a pointer or smart pointer to one) and a fresh
/// `kvc::model::prefix_cache`, and compares every lookup with the model's
/// `lookup(ns, tokens, options.policy)`: as a bound (0 <= actual <= model) by default, for equality
/// when `options.exact`. The first failure is shrunk to a minimal sequence.
template <class MakeCache>
[[nodiscard]] stateful_report check_prefix_cache(MakeCache&& make_cache,
                                                 const check_options& options = {}) {
  using session = detail::prefix_cache_session<std::remove_reference_t<MakeCache>>;
  stateful_report report{};
  report.subject = stateful_subject::prefix_cache;
  report.options = options;
  using made_type = std::remove_cvref_t<decltype(make_cache())>;
  report.through_pointer = !std::is_same_v<
      std::remove_cvref_t<decltype(detail::implementation_of(std::declval<made_type&>()))>, made_type>;
  return detail::run_model_based<session>(
      std::move(report), make_cache, options.exact, &stateful_report::cache_operations,
      [&options](std::uint64_t seed) { return detail::prefix_cache_generator(seed, options.policy); });
}

}  // namespace kvc
