// tests/both_halves.hpp - the two halves of a check applied to one implementation in a test: a
// correct implementation passes kvc::check and kvc::explore (its default options, within the CPU
// budget, and another seed), a known-bad one fails.
#pragma once

#include <kvc/explore.hpp>
#include <kvc/verification/report.hpp>

#include <doctest/doctest.h>

#include "explore_budget.hpp"

#include <cstdint>
#include <ctime>
#include <sstream>
#include <string>
#include <string_view>

namespace kvc_test {

/// A report as `out << report` prints it.
template <class Report>
std::string text_of(const Report& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

/// The seed every correct implementation is also explored with (besides the default).
inline constexpr std::uint64_t other_seed = 1;

/// What `passes` expects of a correct implementation's reports: every fixture passed, the default
/// exploration ran every case and passed within `seconds` of CPU time below the budget, and the
/// exploration with `other_seed` passed (under a sanitizer, where exploration runs many times
/// slower, `other` is the default exploration again: the other seed's verdicts are checked by the
/// presets without one). (Not a template: the checks are compiled once.)
inline void expect_passed(std::string_view name, const kvc::conformance_report& checked,
                          const kvc::exploration_report& report, double seconds,
                          const kvc::exploration_report& other) {
  INFO(std::string(name));
  CHECK_MESSAGE(checked.passed(), text_of(checked));
  CHECK_MESSAGE(report.passed(), text_of(report));
  CHECK(report.cases_run + report.not_covered + report.outside_parameter_types ==
        kvc::default_exploration_cases);
  CHECK_MESSAGE(seconds < kvc_test::explore_seconds, report.suite << ": " << seconds << " s");
  CHECK_MESSAGE(other.passed(), text_of(other));
}

/// kvc::check and kvc::explore (the default options, and another seed) pass a correct `impl`: the
/// default exploration runs every case within the CPU budget of `explore_seconds`. (That one seed
/// gives one report is tested once per suite, with the known-bad implementations.)
template <class Suite, class Impl>
void passes(std::string_view name, const Suite& suite, const Impl& impl) {
  const kvc::conformance_report checked = kvc::check(suite, impl);
  const std::clock_t start = std::clock();
  const kvc::exploration_report report = kvc::explore(suite, impl);
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;  // CPU time
  expect_passed(name, checked, report, seconds,
                sanitized ? report : kvc::explore(suite, impl, {.seed = other_seed}));
}

/// What `rejected` expects of a known-bad implementation's reports: a failing fixture named, and a
/// shrunk counterexample printed as a row of the suite's table and as a test case that checks
/// with `checks_with` (a span form's test case checks what the call wrote).
inline void expect_rejected(std::string_view name, const kvc::conformance_report& checked,
                            const kvc::exploration_report& explored,
                            std::string_view checks_with = "CHECK(impl(") {
  INFO(std::string(name));
  CHECK_MESSAGE(!checked.passed(), "passed kvc::check " << checked.suite);
  if (!checked.passed()) CHECK_FALSE(checked.failures().front().label.empty());
  CHECK_MESSAGE(!explored.passed(), "passed kvc::explore " << explored.suite);
  if (!explored.passed()) {
    CHECK(explored.fixture.starts_with("{\"explored\", "));
    CHECK_MESSAGE(explored.test_case.find(checks_with) != std::string::npos, explored.test_case);
  }
}

/// kvc::explore gives `impl` the same report twice with the same options.
template <class Suite, class Impl>
void explores_deterministically(const Suite& suite, const Impl& impl) {
  CHECK(text_of(kvc::explore(suite, impl)) == text_of(kvc::explore(suite, impl)));
}

/// Both halves reject `impl`: kvc::check names a failing fixture of `suite`, and kvc::explore with
/// the default options finds and shrinks a counterexample, printed as a row of the suite's table.
template <class Suite, class Impl>
void rejected(std::string_view name, const Suite& suite, const Impl& impl) {
  expect_rejected(name, kvc::check(suite, impl), kvc::explore(suite, impl));
}

}  // namespace kvc_test
