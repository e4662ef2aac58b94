// tests/admission_conformance.hpp - the checks the admission suites' run-time tests share
// (tests/append_admission_conformance.cpp, batch_admission_conformance.cpp,
// request_admission_conformance.cpp): a correct implementation passes kvc::check and kvc::explore
// (three seeds, within a second of CPU time, the same report twice), and a known-bad one fails
// both, kvc::check naming the fixture that rejects it first.
#pragma once

#include <doctest/doctest.h>

#include "explore_budget.hpp"

#include <kvc/explore.hpp>
#include <kvc/verification/report.hpp>

#include <cstdint>
#include <ctime>
#include <sstream>
#include <string>
#include <string_view>

namespace kvc_test::admission {

/// A report as `out << report` prints it.
template <class Report>
std::string text_of(const Report& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

/// The seeds every suite is explored with besides the default.
inline constexpr std::uint64_t other_seeds[] = {1, 0x9e3779b97f4a7c15ULL};

/// `impl` passes every fixture of `suite` and its exploration with the default options (within a
/// second of CPU time, so that other work on a shared machine does not fail it; the same report
/// twice) and with two other seeds.
template <class Suite, class Impl>
void passes(const std::string& name, const Suite& suite, const Impl& impl) {
  const kvc::conformance_report checked = kvc::check(suite, impl);
  CHECK_MESSAGE(checked.passed(), name << "\n" << text_of(checked));
  const std::clock_t start = std::clock();
  const kvc::exploration_report explored = kvc::explore(suite, impl);
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  CHECK_MESSAGE(explored.passed(), name << "\n" << text_of(explored));
  CHECK(explored.cases_run + explored.not_covered + explored.outside_parameter_types ==
        kvc::default_exploration_cases);
  CHECK_MESSAGE(seconds < kvc_test::explore_seconds,
                name << " explored " << explored.suite << " in " << seconds << " s");
  MESSAGE(name << " (" << explored.suite << "): " << explored.cases_run << " cases in " << seconds
               << " s");
  CHECK(text_of(kvc::explore(suite, impl)) == text_of(explored));
  for (const std::uint64_t seed : other_seeds) {
    const kvc::exploration_report other = kvc::explore(suite, impl, {.seed = seed});
    CHECK_MESSAGE(other.passed(), name << "\n" << text_of(other));
  }
}

/// `impl` fails `suite`'s fixtures, the first failing one being `first_failing`, and fails its
/// exploration with the default options (the shrunk counterexample as a fixture line and a test
/// case).
template <class Suite, class Impl>
void rejected(const std::string& name, const Suite& suite, const Impl& impl,
              std::string_view first_failing) {
  const kvc::conformance_report checked = kvc::check(suite, impl);
  CHECK_MESSAGE(!checked.passed(), name << " passed kvc::check " << checked.suite);
  const auto failures = checked.failures();
  if (!failures.empty())
    CHECK_MESSAGE(failures.front().label == first_failing,
                  name << " first failed \"" << failures.front().label << "\"");
  const kvc::exploration_report explored = kvc::explore(suite, impl);
  CHECK_MESSAGE(!explored.passed(), name << " passed kvc::explore " << explored.suite);
  if (!explored.passed()) {
    CHECK(explored.fixture.starts_with("{\"explored\", {"));
    CHECK(explored.test_case.find("CHECK(impl(") != std::string::npos);
    MESSAGE(name << " (" << explored.suite << "): " << explored.inputs << " -> " << explored.actual
                 << ", expected " << explored.expected);
  }
}

}  // namespace kvc_test::admission
