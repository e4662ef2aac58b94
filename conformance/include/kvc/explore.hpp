// kvc/explore.hpp - `kvc::explore(suite, impl)`: a suite explored beyond its fixtures, at run
// time, with kvc's contract as the oracle; and `kvc::restrict_to<Profile>(suite)`, a suite for an
// engine that legitimately does some things differently.
//
//   const kvc::exploration_report report =
//       kvc::explore(kvc::suites::prefix_reuse_under<kvc::reuse_policy{16, true}>, my_lookup);
//   if (!report.passed()) std::cout << report;  // the shrunk counterexample, as a fixture line
//
// The fixtures are the compile-time gate (`static_assert(kvc::verify(suite, impl))`); exploration
// is the run-time search that a reviewer who has read the fixtures cannot evade. Each table of the
// suite is explored by its spec's generator, in its input types; every case is compared with the
// contract under the suite's policy and engine profile, and the first failing case is shrunk. The
// search is compiled once, in the `kvc::conformance` library; this file calls the implementation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <type_traits>
#include <vector>

#include <kvc/spec/checks.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/erased.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/verification/report.hpp>

namespace kvc {

/// How `kvc::explore` searches. An aggregate: `kvc::explore(suite, impl, {.seed = 7})`. The same
/// options give the same cases on every compiler and standard library (kvc draws its own numbers).
struct explore_options {
  /// The seed of the generated cases (printed by every report, to replay it).
  std::uint64_t seed = 0x6b76632d6578706cULL;
  /// How many cases are generated; 0: the default, `kvc::default_exploration_cases` (sized so that
  /// a suite is decided within a second on one core for an implementation as fast as kvc's).
  std::size_t cases = 0;
  /// The most re-runs spent shrinking a counterexample.
  std::size_t max_shrink_runs = 4000;
  /// Whether some cases are long sequences (past 2^16 elements), where the suite has sequences.
  bool long_sequences = true;
};

/// The number of cases explored when `explore_options::cases` is 0.
inline constexpr std::size_t default_exploration_cases = 10000;

/// The outcome of `kvc::explore(suite, impl)`. `out << report` prints it: one line when the
/// implementation passed, the counterexample in full when it failed.
struct exploration_report {
  /// The suite explored, as reports name it (`prefix_reuse_under<{16, true, false}>`).
  std::string suite;
  /// The seed the cases were drawn from (`kvc::explore_options::seed`).
  std::uint64_t seed = 0;
  /// How many generated cases were run against the implementation.
  std::size_t cases_run = 0;
  /// How many generated cases fell outside the engine's profile and were not run.
  std::size_t not_covered = 0;
  /// How many generated cases held a value the implementation's parameter types cannot hold (kvc
  /// converts exactly or not at all) and were not run.
  std::size_t outside_parameter_types = 0;
  /// Whether a case failed.
  bool failed = false;
  /// The index of the first failing case (before shrinking).
  std::size_t failing_case = 0;
  /// How many re-runs shrinking took.
  std::size_t shrink_runs = 0;
  /// The shrunk counterexample's inputs, comma-separated, as `kvc::check` prints them.
  std::string inputs;
  /// What the implementation returned for them.
  std::string actual;
  /// What the contract demands for them.
  std::string expected;
  /// The counterexample as a fixture row, to add to a table of the suite's spec.
  std::string fixture;
  /// The counterexample as a test case to paste (`impl` names the implementation).
  std::string test_case;
  /// What the engine profile gives up, in words (`kvc::profile_consequences`).
  std::vector<std::string> notes;

  /// True when no case failed.
  [[nodiscard]] bool passed() const noexcept { return !failed; }

  /// One line when passed; the counterexample, its fixture line and its test case when failed.
  friend std::ostream& operator<<(std::ostream& stream, const exploration_report& report);
};

namespace detail {

/// What an exploration of one table is given.
struct exploration_context {
  reuse_policy policy{};
  engine_profile profile{};
  explore_options options{};
  /// How many cases this table gets.
  std::size_t cases = 0;
  /// The table's place among the suite's distinct input types (its cases' seeds differ).
  std::size_t table = 0;
};

/// Explores one input type of a suite (compiled in the library for every table of kvc's suites):
/// adds its cases to `report`, and on a failure its shrunk counterexample.
template <class Row>
void explore_rows(const erased_call_of<Row>& impl, const exploration_context& context,
                  exploration_report& report);

/// Whether `Shape` is a stateful scenario's shape (`Shape::stateful`): its implementation is a
/// factory, and its suites are explored by the stateful check of their subject
/// (`Shape::explore(impl, options, report)`), not table by table.
template <class Shape>
inline constexpr bool is_stateful_shape = requires { Shape::stateful; };

/// Whether `Impl` takes the run-time inputs of `Row`'s table (not: an optional form it leaves
/// out).
template <class Row, class Impl>
inline constexpr bool explores_rows =
    shape_takes<typename Row::inputs_type::shape, Impl, runtime_inputs_t<typename Row::inputs_type>>;

/// Whether `Row` is the first of `Rows...` with its type (a suite's tables of one input type are
/// explored once).
template <std::size_t I, class Row, class... Rows>
inline constexpr bool first_of_its_type = [] {
  constexpr bool same[] = {std::is_same_v<Row, Rows>..., false};
  for (std::size_t i = 0; i < I; ++i)
    if (same[i]) return false;
  return true;
}();

}  // namespace detail

/// Whether `kvc::explore` can explore a suite of type `Suite`: one of kvc's suites (or a table of
/// kvc's specs' input types), restricted or not.
template <class Suite>
inline constexpr bool explorable = is_suite_v<std::remove_cvref_t<Suite>>;

/// Explores `suite` beyond its fixtures: `options.cases` cases drawn in the suite's input types by
/// its spec's generator, each compared with kvc's contract under the suite's policy and engine
/// profile; the first difference shrunk to a minimal counterexample. Deterministic per
/// `options.seed` on every compiler. `impl` is called as the suite calls it, with sequences of
/// run-time length.
template <class Info, const auto&... Tables, class Impl>
[[nodiscard]] exploration_report explore(const suite<Info, Tables...>&, const Impl& impl,
                                         const explore_options& options = {}) {
  detail::require_some_table_takes<Impl, Tables...>();
  exploration_report report;
  report.suite = detail::suite_name_of<Info>();
  report.seed = options.seed;
  detail::exploration_context context{detail::policy_of<Info>(), detail::profile_of<Info>(), options};
  report.notes = profile_consequences(context.profile);
  using first_shape =
      typename std::remove_cvref_t<decltype(detail::table_at<0, Tables...>()[0])>::inputs_type::shape;
  if constexpr (detail::is_stateful_shape<first_shape>) {
    first_shape::explore(impl, options, report);  // generated sequences, by the subject's check
  } else {
    // The cases are shared by the input types the implementation takes (an optional form it
    // leaves out gets none).
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      constexpr std::size_t distinct =
          (std::size_t{0} + ... +
           (detail::first_of_its_type<I, std::remove_cvref_t<decltype(Tables[0])>,
                                      std::remove_cvref_t<decltype(Tables[0])>...> &&
                    detail::explores_rows<std::remove_cvref_t<decltype(Tables[0])>, Impl>
                ? 1
                : 0));
      const std::size_t total = options.cases == 0 ? default_exploration_cases : options.cases;
      std::size_t table = 0;
      const auto one = [&]<class Row>(std::type_identity<Row>, bool first) {
        if (!first || !detail::explores_rows<Row, Impl> || report.failed) return;
        context.table = table++;
        context.cases = total / distinct + (context.table < total % distinct ? 1 : 0);
        detail::explore_rows<Row>(detail::erase<Row>(impl), context, report);
      };
      (one(std::type_identity<std::remove_cvref_t<decltype(Tables[0])>>{},
           detail::first_of_its_type<I, std::remove_cvref_t<decltype(Tables[0])>,
                                     std::remove_cvref_t<decltype(Tables[0])>...>),
       ...);
    }(std::index_sequence_for<decltype(Tables)...>{});
  }
  return report;
}

}  // namespace kvc
