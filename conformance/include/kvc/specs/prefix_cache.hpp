// kvc/specs/prefix_cache.hpp - the spec of a stateful prefix cache: short fixed operation
// sequences (`insert(ns, tokens)`, `lookup(ns, tokens)`, `erase(ns)`) on a fresh cache, each with
// the lookups the contract demands: the prefix-reuse contract over every live entry of the
// lookup's namespace (`kvc::model::prefix_cache`).
//
// The implementation a scenario suite checks is a factory, called once per scenario:
//
//   static_assert(kvc::verify(kvc::suites::prefix_cache_scenarios, [] { return my_cache{}; }));
//
// `kvc::explore` of the suite runs `kvc::check_prefix_cache` on the factory: generated sequences
// checked step by step against the model (kvc/stateful/scenario_exploration.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

#include <kvc/model/prefix_cache.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/fixture_text.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/stateful/factory_arguments.hpp>
#include <kvc/stateful/operations.hpp>
#include <kvc/stateful/prefix_cache_check.hpp>
#include <kvc/stateful/scenario.hpp>
#include <kvc/stateful/scenario_exploration.hpp>

namespace kvc::specs {

/// The call shape of the prefix-cache scenarios: the implementation is a factory of caches
/// (`[] { return my_cache{}; }`, the cache by value or through a pointer), called once per
/// scenario; the scenario's operations are applied to what it makes with `kvc::apply_operation`,
/// and the result is one `kvc::observation` per operation (`kvc::unobserved` for inserts and
/// erases), so that a report lines them up with the operations: `[-, 3, 0]`.
struct prefix_cache_scenario {
  /// The shape's name.
  static constexpr std::string_view name = "prefix_cache_scenario";
  /// The call shape's name in the JSON vectors.
  static constexpr std::string_view call_name = "scenario";
  /// A stateful scenario: explored by `kvc::check_prefix_cache` (`explore`), not by a generator.
  static constexpr bool stateful = true;
  /// The inputs: the operations, in order.
  static constexpr field fields[] = {{"operations", field_kind::operations}};

  /// One scenario's inputs.
  template <class Operations = scenario_operations<cache_operation>>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = prefix_cache_scenario;
    Operations operations;  ///< the operations, in order
  };

  /// `f(operations)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.operations);
  }

  /// Whether `Impl` is a factory of caches.
  template <class Impl, class In>
  [[nodiscard]] static constexpr bool takes() noexcept {
    return detail::cache_factory<Impl>;
  }
  /// One observation per operation.
  template <class Impl, class In>
  using actual_type = scenario_observations;
  /// Makes a fresh cache, applies the scenario's operations to it and hands their observations
  /// to `use`.
  template <class Impl, class In, class Use>
  static constexpr bool call(const Impl& factory, const In& in, Use&& use) {
    auto made = factory();
    use(detail::observe_scenario(detail::implementation_of(made), in.operations));
    return true;
  }

  /// The result as the run-time checks keep and print it.
  using result = scenario_observations;
  /// `actual` as a `result`.
  [[nodiscard]] static constexpr result normalize(const scenario_observations& actual) noexcept {
    return actual;
  }
  /// Every observation equal to the contract's: lookups are exact.
  template <class In>
  [[nodiscard]] static constexpr bool agrees(const engine_profile&, const In&,
                                             const scenario_observations& actual,
                                             const scenario_observations& expected) noexcept {
    return detail::same_observations(actual, expected);
  }
  /// The contract's observations: the scenario applied to `kvc::model::prefix_cache`, its
  /// lookups under `policy`.
  template <class In>
  [[nodiscard]] static constexpr scenario_observations reference(
      const In& in, reuse_policy policy = {}) noexcept {
    model::prefix_cache cache;
    scenario_observations seen;
    for (const cache_operation& op : in.operations) {
      observation o = apply_operation(cache, op);
      if (op.kind == cache_operation_kind::lookup)
        o = detail::observed_value(cache.lookup(op.ns, op.token_span(), policy));
      seen.push_back(o);
    }
    return seen;
  }

  /// `kvc::explore` of a suite of this shape: `kvc::check_prefix_cache` of the factory, with the
  /// exploration's seed and cases (kvc/stateful/scenario_exploration.hpp).
  template <class Impl, class Options, class Report>
  static void explore(const Impl& factory, const Options& options, Report& report) {
    detail::report_exploration(
        check_prefix_cache(factory, detail::scenario_check_options(options.seed, options.cases)),
        report);
  }
};

/// A prefix-cache scenario: its label, its operations, and the observation the contract demands
/// of each.
using cache_scenario = fixture_row<prefix_cache_scenario::inputs<>, scenario_observations>;

}  // namespace kvc::specs

namespace kvc {

/// A prefix-cache scenario: `ops`, applied in order to a fresh cache, and the observation the
/// contract demands of each (`kvc::unobserved` for inserts and erases):
/// `kvc::make_scenario("label", {kvc::insert_operation(...), ...}, {kvc::unobserved, ...})`.
[[nodiscard]] constexpr specs::cache_scenario make_scenario(
    fixture_text label, const scenario_operations<cache_operation>& ops,
    const scenario_observations& expected) noexcept {
  return {label, {ops}, expected};
}

/// The same, from arrays of one length (at most `kvc::max_scenario_operations` operations).
template <std::size_t K>
[[nodiscard]] constexpr specs::cache_scenario make_scenario(
    fixture_text label, const std::array<cache_operation, K>& ops,
    const std::array<observation, K>& expected) noexcept {
  static_assert(K <= max_scenario_operations, "kvc: a scenario holds at most 8 operations");
  specs::cache_scenario scenario{label, {}, {}};
  for (std::size_t i = 0; i < K; ++i) {
    scenario.inputs.operations.push_back(ops[i]);
    scenario.expected.push_back(expected[i]);
  }
  return scenario;
}

}  // namespace kvc

namespace kvc::specs {

namespace cache_scenario_values {
inline constexpr std::int32_t int32_min = std::numeric_limits<std::int32_t>::min();
inline constexpr std::int32_t int32_max = std::numeric_limits<std::int32_t>::max();
}  // namespace cache_scenario_values

/// The scenarios of `kvc::suites::prefix_cache_scenarios`, each there to reject a plausible wrong
/// cache (tests/mutants/prefix_cache.hpp holds them).
inline constexpr cache_scenario prefix_cache_scenario_table[] = {
    // A prompt cache restored by tokens alone serves another model's, adapter's or tenant's KV.
    make_scenario("same tokens under another model",
                  {insert_operation({"llama", "", 0, ""}, {1, 2, 3}),
                   lookup_operation({"mistral", "", 0, ""}, {1, 2, 3}),
                   lookup_operation({"llama", "", 0, ""}, {1, 2, 3})},
                  {unobserved, observed(0), observed(3)}),
    make_scenario("same tokens under another adapter",
                  {insert_operation({"llama", "sql", 0, ""}, {1, 2, 3}),
                   lookup_operation({"llama", "", 0, ""}, {1, 2, 3}),
                   lookup_operation({"llama", "chat", 0, ""}, {1, 2, 3}),
                   lookup_operation({"llama", "sql", 0, ""}, {1, 2, 3})},
                  {unobserved, observed(0), observed(0), observed(3)}),
    // vLLM #42125: an adapter reloaded under its name with new weights hit the old entries.
    make_scenario("reloaded adapter",
                  {insert_operation({"llama", "sql", 1, ""}, {1, 2, 3}),
                   lookup_operation({"llama", "sql", 2, ""}, {1, 2, 3}),
                   lookup_operation({"llama", "sql", 1, ""}, {1, 2, 3})},
                  {unobserved, observed(0), observed(3)}),
    make_scenario("same tokens under another salt",
                  {insert_operation({"llama", "", 0, "tenant-a"}, {1, 2, 3}),
                   lookup_operation({"llama", "", 0, "tenant-b"}, {1, 2, 3}),
                   lookup_operation({"llama", "", 0, ""}, {1, 2, 3}),
                   lookup_operation({"llama", "", 0, "tenant-a"}, {1, 2, 3})},
                  {unobserved, observed(0), observed(0), observed(3)}),
    // A key built by concatenating fields: "org_1" + "2345" == "org_12345" + "".
    make_scenario("namespaces whose concatenation aliases",
                  {insert_operation({"m", "org_1", 0, "2345"}, {1, 2}),
                   lookup_operation({"m", "org_12345", 0, ""}, {1, 2}),
                   lookup_operation({"m", "org_1", 0, "2345"}, {1, 2})},
                  {unobserved, observed(0), observed(2)}),
    // Both entries share [1, 2]; each lookup must find the entry that goes further, whichever was
    // inserted first.
    make_scenario("shared prefix: the longest entry",
                  {insert_operation({"m", "", 0, ""}, {1, 2, 3, 4, 5}),
                   insert_operation({"m", "", 0, ""}, {1, 2, 9}),
                   lookup_operation({"m", "", 0, ""}, {1, 2, 3, 4, 6}),
                   lookup_operation({"m", "", 0, ""}, {1, 2, 9, 9})},
                  {unobserved, unobserved, observed(4), observed(3)}),
    make_scenario("the first disagreement ends the match",
                  {insert_operation({"m", "", 0, ""}, {1, 2, 3, 4}),
                   lookup_operation({"m", "", 0, ""}, {1, 2, 9, 4}),
                   lookup_operation({"m", "", 0, ""}, {9, 2, 3, 4})},
                  {unobserved, observed(2), observed(0)}),
    make_scenario("insert of a prefix keeps the longer entry",
                  {insert_operation({"m", "", 0, ""}, {1, 2, 3, 4}),
                   insert_operation({"m", "", 0, ""}, {1, 2}),
                   lookup_operation({"m", "", 0, ""}, {1, 2, 3, 4})},
                  {unobserved, unobserved, observed(4)}),
    make_scenario("lookup of an extension",
                  {insert_operation({"m", "", 0, ""}, {1, 2, 3}),
                   lookup_operation({"m", "", 0, ""}, {1, 2, 3, 4, 5})},
                  {unobserved, observed(3)}),
    // Reuse never exceeds the request: a request that is a prefix of an entry reuses itself.
    make_scenario("lookup of a prefix of an entry",
                  {insert_operation({"m", "", 0, ""}, {1, 2, 3, 4}),
                   lookup_operation({"m", "", 0, ""}, {1, 2})},
                  {unobserved, observed(2)}),
    make_scenario(
        "empty lookup",
        {insert_operation({"m", "", 0, ""}, {1, 2, 3}), lookup_operation({"m", "", 0, ""}, {})},
        {unobserved, observed(0)}),
    make_scenario("lookup with no entry",
                  {lookup_operation({"m", "", 0, ""}, {1, 2, 3}),
                   insert_operation({"m", "", 0, ""}, {1, 2, 3}),
                   lookup_operation({"m", "", 0, ""}, {1, 2, 3})},
                  {observed(0), unobserved, observed(3)}),
    // Tokens kept in 16 bits alias every 65536 ids apart.
    make_scenario("tokens that alias in 16 bits",
                  {insert_operation({"m", "", 0, ""}, {65536 + 7, 65536 + 8}),
                   lookup_operation({"m", "", 0, ""}, {7, 8}),
                   lookup_operation({"m", "", 0, ""}, {65536 + 7, 65536 + 8})},
                  {unobserved, observed(0), observed(2)}),
    // The extremes wrap onto 0 and -1 in any narrower type.
    make_scenario("extreme tokens that alias when narrowed",
                  {insert_operation({"m", "", 0, ""}, {cache_scenario_values::int32_min,
                                                       cache_scenario_values::int32_max}),
                   lookup_operation({"m", "", 0, ""}, {0, -1}),
                   lookup_operation({"m", "", 0, ""}, {cache_scenario_values::int32_min,
                                                       cache_scenario_values::int32_max})},
                  {unobserved, observed(0), observed(2)}),
    // An adapter unloaded forgets every entry of its namespace, and only of its namespace.
    make_scenario(
        "erase forgets its namespace only",
        {insert_operation({"m", "sql", 1, ""}, {1, 2, 3}),
         insert_operation({"m", "sql", 1, ""}, {4, 5}),
         insert_operation({"m", "", 0, ""}, {1, 2, 3}), erase_operation({"m", "sql", 1, ""}),
         lookup_operation({"m", "sql", 1, ""}, {1, 2, 3}),
         lookup_operation({"m", "sql", 1, ""}, {4, 5}),
         lookup_operation({"m", "", 0, ""}, {1, 2, 3})},
        {unobserved, unobserved, unobserved, unobserved, observed(0), observed(0), observed(3)}),
    make_scenario(
        "erase then insert a shorter sequence",
        {insert_operation({"m", "sql", 1, ""}, {1, 2, 3, 4}), erase_operation({"m", "sql", 1, ""}),
         insert_operation({"m", "sql", 1, ""}, {1, 2}),
         lookup_operation({"m", "sql", 1, ""}, {1, 2, 3, 4})},
        {unobserved, unobserved, unobserved, observed(2)}),
    // Equality of every field, adapter or not: a revision is not only an adapter's.
    make_scenario("another revision of the base model",
                  {insert_operation({"llama", "", 1, ""}, {1, 2, 3}),
                   lookup_operation({"llama", "", 2, ""}, {1, 2, 3}),
                   lookup_operation({"llama", "", 1, ""}, {1, 2, 3})},
                  {unobserved, observed(0), observed(3)}),
    // These two namespaces' kvc::hash_value agree in their low 32 bits: a table that trusts a
    // truncated hash as the key serves one tenant's KV to the other.
    make_scenario("namespaces whose hashes agree in 32 bits",
                  {insert_operation({"m", "", 0, "t128781"}, {1, 2, 3}),
                   lookup_operation({"m", "", 0, "t732490"}, {1, 2, 3}),
                   lookup_operation({"m", "", 0, "t128781"}, {1, 2, 3})},
                  {unobserved, observed(0), observed(3)}),
    // Past one 16-token block: a key of the first 8 or 16 tokens would report all 17 reused.
    make_scenario("a difference at the 17th token",
                  {insert_operation({"m", "", 0, ""},
                                    {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}),
                   lookup_operation({"m", "", 0, ""},
                                    {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 99})},
                  {unobserved, observed(16)}),
    // -1 is a token, not padding, and -1 is not 1.
    make_scenario(
        "negative tokens are tokens",
        {insert_operation({"m", "", 0, ""}, {5, -1, 7}),
         lookup_operation({"m", "", 0, ""}, {5, 1, 7}), lookup_operation({"m", "", 0, ""}, {5, 7}),
         lookup_operation({"m", "", 0, ""}, {5, -1, 7})},
        {unobserved, observed(1), observed(1), observed(3)}),
    make_scenario(
        "erase after a lookup",
        {insert_operation({"m", "sql", 1, ""}, {1, 2, 3}),
         lookup_operation({"m", "sql", 1, ""}, {1, 2, 3}), erase_operation({"m", "sql", 1, ""}),
         lookup_operation({"m", "sql", 1, ""}, {1, 2, 3})},
        {unobserved, observed(3), unobserved, observed(0)}),
};

/// The description of kvc::suites::prefix_cache_scenarios.
struct prefix_cache_scenarios_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "prefix_cache_scenarios";
};

}  // namespace kvc::specs

namespace kvc::suites {

/// Scenarios of a stateful prefix cache (`insert(ns, tokens)`, `lookup(ns, tokens)`,
/// `erase(ns)`): each one a few operations on a fresh cache, and the exact length every lookup must
/// return, the prefix-reuse contract over every live entry of the lookup's namespace. Each is there
/// to reject a plausible wrong cache.
///
/// The implementation checked is a factory: `kvc::verify(prefix_cache_scenarios,
/// [] { return my_cache{}; })`.
///
/// Lookups must be exact. A scenario holds at most 3 entries of at most 17 tokens, so a cache that
/// keeps that many never needs to evict; one that evicts sooner fails these scenarios and should be
/// checked by the run-time model-based check with lookups as bounds instead
/// (`kvc::check_prefix_cache`, which `kvc::explore` of this suite runs).
inline constexpr suite<specs::prefix_cache_scenarios_suite, specs::prefix_cache_scenario_table>
    prefix_cache_scenarios{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The stateful prefix-cache contract and its suite.
inline constexpr auto prefix_cache_contract =
    describe("prefix_cache", suites::prefix_cache_scenarios);
}  // namespace kvc::specs
