// kvc/verification/report.hpp - `kvc::check(suite, impl)`: a suite run at run time, for any
// implementation (constexpr or not), as a report of every fixture's inputs, actual and expected
// results; it prints as the failure records' Markdown table.
//
//   std::cout << kvc::check(kvc::suites::prefix_reuse, my_engine::reusable_prefix);
//
// The run and the report are compiled once, in the `kvc::conformance` library; this file calls
// the implementation (kvc/spec/erased.hpp). Needs no exceptions and no RTTI.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <kvc/spec/checks.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/erased.hpp>
#include <kvc/spec/suite.hpp>

namespace kvc {

/// One fixture of a `kvc::conformance_report`: its label, its inputs, what the implementation
/// returned and what the contract demands, as text, and whether the two agree.
struct fixture_outcome {
  /// The fixture's label.
  std::string label;
  std::string inputs;    ///< the call's arguments, comma-separated: `16, 12, 4`
  std::string actual;    ///< `3`, `-1`, `[0, 1, 2]`, `true`
  std::string expected;  ///< the same form
  /// Whether `actual` agrees with `expected` (true for a fixture not run: skipped or not covered).
  bool passed = false;
  /// Not run: the fixture is of a form the implementation does not take (an optional form). A
  /// skipped fixture is not failed: `passed` is true, and `actual` says which form is missing.
  bool skipped = false;
  /// Not run: the fixture is outside the engine profile of a restricted suite
  /// (`kvc::restrict_to`). Not failed, and never counted as passed: `actual` says so.
  bool not_covered = false;
};

/// What `kvc::check(suite, impl)` found: one `fixture_outcome` per fixture, in the suite's order.
/// `out << report` prints the records' table:
///
///   | Boundary fixture | Actual | Expected | Outcome |
///   |---|---|---|---|
///   | negative request | -1 | 0 | Failed |
struct conformance_report {
  /// The suite, as reports name it.
  std::string suite;
  /// One outcome per fixture, in the suite's order.
  std::vector<fixture_outcome> fixtures;
  /// What the engine profile of a restricted suite gives up, in words.
  std::vector<std::string> notes;

  /// True when every fixture passed (and for an empty suite).
  [[nodiscard]] bool passed() const noexcept;
  /// How many fixtures were skipped (forms the implementation does not take).
  [[nodiscard]] std::size_t skipped() const noexcept;
  /// How many fixtures are outside the engine profile (`kvc::restrict_to`), not run.
  [[nodiscard]] std::size_t not_covered() const noexcept;
  /// The fixtures that failed, in order.
  [[nodiscard]] std::vector<fixture_outcome> failures() const;

  /// Prints the records' Markdown table: one row per fixture, Passed, Failed, Skipped or Not
  /// covered, then the fixtures not covered and the profile's notes.
  friend std::ostream& operator<<(std::ostream& stream, const conformance_report& report);
};

/// What `profile` gives up, in words, for reports: one sentence per security-relevant field the
/// engine does not key on, and one per relaxation.
[[nodiscard]] std::vector<std::string> profile_consequences(const engine_profile& profile);

namespace detail {

/// The outcomes of `rows` against `impl` under `profile`, appended to `out` (compiled in the
/// library for every table of kvc's suites).
template <class Row>
void check_rows(std::span<const Row> rows, const erased_call_of<Row>& impl,
                const engine_profile& profile, std::vector<fixture_outcome>& out);

/// A suite's name as reports print it: `prefix_reuse_under<{16, true, false}>`, with
/// ` restricted to an engine profile` when it is.
[[nodiscard]] std::string suite_name(std::string_view name, bool has_policy,
                                     const reuse_policy& policy, bool restricted);

template <class Info>
[[nodiscard]] std::string suite_name_of() {
  return suite_name(Info::name, has_policy<Info>(), policy_of<Info>(),
                    !(profile_of<Info>() == engine_profile{}));
}

}  // namespace detail

/// Runs every fixture of `suite` against `impl` at run time: its report names each fixture, its
/// inputs, and the actual and expected results.
template <class Info, const auto&... Tables, class Impl>
[[nodiscard]] conformance_report check(const suite<Info, Tables...>&, const Impl& impl) {
  detail::require_some_table_takes<Impl, Tables...>();
  conformance_report report;
  report.suite = detail::suite_name_of<Info>();
  const engine_profile profile = detail::profile_of<Info>();
  (detail::check_rows<std::remove_cvref_t<decltype(Tables[0])>>(
       Tables, detail::erase<std::remove_cvref_t<decltype(Tables[0])>>(impl), profile,
       report.fixtures),
   ...);
  report.notes = profile_consequences(profile);
  return report;
}

}  // namespace kvc
