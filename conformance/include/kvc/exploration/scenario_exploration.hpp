// kvc/exploration/scenario_exploration.hpp - exploring the scenario suites (prefix_cache_scenarios,
// slot_allocator_scenarios): the factory the suite checks, run through kvc's model-based stateful
// check of its subject, and what that check found as an exploration report.
//
//   const kvc::exploration_report report =
//       kvc::explore(kvc::suites::prefix_cache_scenarios, [] { return my_cache{}; });
//
// A scenario suite's fixtures are fixed operation sequences; exploring it runs generated ones:
// `kvc::check_prefix_cache` (lookups compared with `kvc::model::prefix_cache`, as bounds: a cache
// may evict) or `kvc::check_slot_allocator` (every grant and `available()` compared exactly with
// `kvc::model::slot_allocator`). `explore_options::seed` is the check's seed and
// `explore_options::cases` its number of sequences (0: the check's default); every other option
// of the check keeps its default. A restricted suite (`kvc::restrict_to`) is checked as the suite
// is: the report notes what its profile gives up, and the model keys on every namespace field.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <kvc/exploration/case_values.hpp>
#include <kvc/exploration/engine_profile.hpp>
#include <kvc/exploration/exploration_report.hpp>
#include <kvc/exploration/explore_options.hpp>
#include <kvc/stateful/check_options.hpp>
#include <kvc/stateful/operation_text.hpp>
#include <kvc/stateful/operations.hpp>
#include <kvc/stateful/prefix_cache_check.hpp>
#include <kvc/stateful/slot_allocator_check.hpp>
#include <kvc/stateful/stateful_report.hpp>

namespace kvc::exploration {

/// The options of the stateful check an exploration of a scenario suite runs: its seed and its
/// number of sequences from `options` (0 cases: the check's default), the rest the check's
/// defaults.
[[nodiscard]] inline check_options scenario_check_options(const explore_options& options) {
  check_options checked{};
  checked.seed = options.seed;
  if (options.cases != 0) checked.sequences = options.cases;
  return checked;
}

/// A cache operation as the scenario suites write it: `kvc::lookup_operation({"m", "", 0, ""},
/// {1, 2})`.
template <class Deferred = void>
[[nodiscard]] std::string operation_literal(const cache_operation& op) {
  const std::string ns = "{" + string_literal(op.ns.model) + ", " +
                         string_literal(op.ns.adapter) + ", " +
                         integer_literal(op.ns.adapter_revision) + ", " +
                         string_literal(op.ns.salt) + "}";
  if (op.kind == cache_operation_kind::erase) return "kvc::erase_operation(" + ns + ")";
  std::string tokens = "{";
  for (std::size_t i = 0; i < op.tokens.count; ++i)
    tokens += (i == 0 ? "" : ", ") + kvc::detail::token_code(op.tokens.storage[i]);
  tokens += "}";
  return std::string(op.kind == cache_operation_kind::insert ? "kvc::insert_operation("
                                                             : "kvc::lookup_operation(") +
         ns + ", " + tokens + ")";
}

/// An allocator operation as the scenario suites write it: `kvc::reserve_operation(1U, 8U)`.
template <class Deferred = void>
[[nodiscard]] std::string operation_literal(const allocator_operation& op) {
  switch (op.kind) {
    case allocator_operation_kind::try_reserve:
      return "kvc::reserve_operation(" + integer_literal(op.request) + ", " +
             integer_literal(op.slots) + ")";
    case allocator_operation_kind::release:
      return "kvc::release_operation(" + integer_literal(op.request) + ")";
    case allocator_operation_kind::available:
      break;
  }
  return std::string("kvc::available_operation()");
}

/// The counterexample of a failed stateful check as a scenario to add to the suite:
/// `kvc::make_scenario(kvc::label<"explored">, [capacity,] std::array{ops...},
/// std::array{observations...})`, each observation the model's.
template <class Operation>
[[nodiscard]] std::string scenario_literal(const std::vector<Operation>& operations,
                                           const std::vector<observation>& observed,
                                           const std::string& capacity) {
  std::string ops = "std::array{";
  std::string seen = "std::array{";
  for (std::size_t i = 0; i < operations.size(); ++i) {
    ops += (i == 0 ? "" : ", ") + operation_literal(operations[i]);
    const bool is_observed = i < observed.size() && observed[i].observed;
    seen += (i == 0 ? "" : ", ") +
            (is_observed ? "kvc::observed(" + std::to_string(observed[i].value) + ")"
                         : std::string("kvc::unobserved"));
  }
  return "kvc::make_scenario(kvc::label<\"explored\">, " + capacity + ops + "}, " + seen + "})";
}

/// What a stateful check found, as an exploration report of the suite named `suite`: cases are
/// the sequences run, the counterexample the shrunk operations, the failing step's actual and
/// expected values, the scenario to add to the suite and the replay as a test case.
template <class Deferred = void>
[[nodiscard]] exploration_report scenario_report(const stateful_report& checked,
                                                        std::string suite,
                                                        std::vector<std::string> notes) {
  exploration_report report;
  report.suite = std::move(suite);
  report.seed = checked.seed;
  report.cases_run = checked.sequences_run;
  report.notes = std::move(notes);
  const bool cache = checked.subject == stateful_subject::prefix_cache;
  if (cache && !checked.exact)
    report.notes.emplace_back(
        "lookups are checked as a bound (kvc::check_prefix_cache's default): a cache may reuse "
        "less than the model, never more");
  if (checked.passed()) return report;
  report.failed = true;
  report.failing_case = checked.sequences_to_failure - 1;
  report.shrink_runs = checked.shrink_runs;
  const std::string object = cache ? "cache." : "allocator.";
  for (std::size_t i = 0; i < checked.shrunk_length(); ++i) {
    report.inputs += i == 0 ? "" : ", ";
    report.inputs += cache ? kvc::detail::call_code(checked.cache_operations[i], object)
                           : kvc::detail::call_code(checked.allocator_operations[i], object);
  }
  report.actual = std::to_string(checked.actual);
  report.expected = checked.exact ? std::to_string(checked.expected)
                                  : "0.." + std::to_string(checked.expected);
  report.fixture =
      cache ? scenario_literal(checked.cache_operations, checked.observed, "")
            : scenario_literal(checked.allocator_operations, checked.observed,
                               std::to_string(checked.options.capacity) + ", ");
  report.test_case = checked.replay();
  return report;
}

/// The exploration of a scenario suite whose subject is `Subject`, restricted to `Profile`: the
/// model-based check of that subject (see the header's description).
template <stateful_subject Subject, engine_profile Profile>
struct scenario_bridge {
  /// Runs the check of `factory` and reports what it found as an exploration of `suite`.
  template <class Factory>
  [[nodiscard]] static exploration_report explore(const Factory& factory,
                                                  const explore_options& options,
                                                  std::string suite) {
    const check_options checked = scenario_check_options(options);
    if constexpr (Subject == stateful_subject::prefix_cache) {
      static_assert(std::is_invocable_v<const Factory&>,
                    "kvc::explore: a prefix-cache scenario suite explores a factory of caches: "
                    "[] { return my_cache{}; }");
      return scenario_report(check_prefix_cache(factory, checked), std::move(suite),
                             profile_consequences(Profile));
    } else {
      static_assert(std::is_invocable_v<const Factory&> ||
                        std::is_invocable_v<const Factory&, std::size_t>,
                    "kvc::explore: a slot-allocator scenario suite explores a factory of "
                    "allocators: [](std::size_t capacity) { return my_allocator(capacity); }");
      return scenario_report(check_slot_allocator(factory, checked), std::move(suite),
                             profile_consequences(Profile));
    }
  }
};

/// Whether a family (kvc/explore.hpp's `family_of`) is a scenario suite's bridge to a stateful
/// check rather than a family of kvc/exploration/exploration_loop.hpp.
template <class Family>
inline constexpr bool is_scenario_bridge = false;
template <stateful_subject Subject, engine_profile Profile>
inline constexpr bool is_scenario_bridge<scenario_bridge<Subject, Profile>> = true;

}  // namespace kvc::exploration
