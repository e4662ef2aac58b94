// kvc/exploration/exploration_report.hpp - what `kvc::explore` found: a verdict, the seed and the
// number of cases, and for a failure the shrunk counterexample as a fixture line and a test case.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <kvc/verification/report_builder.hpp>

namespace kvc {

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
  /// The counterexample as a `kvc::make_fixture(...)` expression, to add to a suite.
  std::string fixture;
  /// The counterexample as a doctest `TEST_CASE` to paste (`impl` names the implementation).
  std::string test_case;
  /// What the engine profile gives up, in words (kvc::profile_consequences).
  std::vector<std::string> notes;

  /// True when no case failed.
  [[nodiscard]] bool passed() const noexcept { return !failed; }

  /// One line when passed; the counterexample, its fixture line and its test case when failed.
  template <class Deferred = void>
  friend std::ostream& operator<<(std::ostream& stream, const exploration_report& report) {
    detail::report_builder out;
    out << "kvc::explore " << report.suite << ": " << (report.failed ? "FAILED" : "passed")
        << " (seed " << report.seed << ", " << report.cases_run << " cases";
    if (report.not_covered != 0) out << ", " << report.not_covered << " not covered by the profile";
    if (report.outside_parameter_types != 0)
      out << ", " << report.outside_parameter_types << " outside the parameter types";
    out << ")\n";
    for (const auto& note : report.notes) out << "  note: " << note << "\n";
    if (report.failed) {
      out << "  failing case " << report.failing_case << ", shrunk in " << report.shrink_runs
          << " runs\n"
          << "  inputs:   " << report.inputs << "\n"
          << "  actual:   " << report.actual << "\n"
          << "  expected: " << report.expected << "\n"
          << "  as a fixture:\n    " << report.fixture << "\n"
          << "  as a test case:\n" << report.test_case;
    }
    return stream << out.text;
  }
};

}  // namespace kvc
