// tests/both_halves.hpp - the two halves of a check applied to one implementation in a test: a
// correct implementation passes kvc::check and kvc::explore (its default options and two other
// seeds, within two seconds of CPU time, the same report when run again), a known-bad one fails.
#pragma once

#include <kvc/explore.hpp>
#include <kvc/verification/report.hpp>

#include <doctest/doctest.h>

#include "explore_budget.hpp"

#include <cstdint>
#include <ctime>
#include <sstream>
#include <string>

namespace kvc_test {

/// A report as `out << report` prints it.
template <class Report>
std::string text_of(const Report& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

/// kvc::check and kvc::explore (the default options, and two other seeds) pass a correct `impl`:
/// the default exploration within two seconds of CPU time, and the same report when run again.
template <class Suite, class Impl>
void passes(const char* name, const Suite& suite, const Impl& impl) {
  const kvc::conformance_report checked = kvc::check(suite, impl);
  CHECK_MESSAGE(checked.passed(), name << "\n" << text_of(checked));
  const std::clock_t start = std::clock();
  const kvc::exploration_report report = kvc::explore(suite, impl);
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;  // CPU time
  CHECK_MESSAGE(report.passed(), name << "\n" << text_of(report));
  CHECK(report.cases_run + report.not_covered + report.outside_parameter_types ==
        kvc::default_exploration_cases);
  CHECK_MESSAGE(seconds < kvc_test::explore_seconds,
                name << " (" << report.suite << "): " << seconds << " s");
  CHECK(text_of(kvc::explore(suite, impl)) == text_of(report));
  for (const std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{0x9e3779b97f4a7c15ULL}}) {
    const kvc::exploration_report other = kvc::explore(suite, impl, {.seed = seed});
    CHECK_MESSAGE(other.passed(), name << "\n" << text_of(other));
  }
}

/// Both halves reject `impl`: kvc::check names a failing fixture of `suite`, and kvc::explore with
/// the default options finds and shrinks a counterexample, printed as a row of the suite's table.
template <class Suite, class Impl>
void rejected(const char* name, const Suite& suite, const Impl& impl) {
  const kvc::conformance_report checked = kvc::check(suite, impl);
  CHECK_MESSAGE(!checked.passed(), name << " passed kvc::check " << checked.suite);
  if (!checked.passed()) CHECK_FALSE(checked.failures().front().label.empty());
  const kvc::exploration_report explored = kvc::explore(suite, impl);
  CHECK_MESSAGE(!explored.passed(), name << " passed kvc::explore " << explored.suite);
  if (!explored.passed()) {
    CHECK(explored.fixture.starts_with("{\"explored\", "));
    CHECK(explored.test_case.find("CHECK(impl(") != std::string::npos);
  }
}

}  // namespace kvc_test
