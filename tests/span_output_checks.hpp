// tests/span_output_checks.hpp - the checks of the run-time tests of the segment and position-id
// suites (tests/segment_positions_conformance.cpp, segment_offsets_conformance.cpp,
// offsets_from_positions_conformance.cpp): a correct implementation passes both halves (the
// fixtures through kvc::check, exploration with three seeds, within a second of CPU time,
// deterministically), a wrong one fails both, or exploration alone where the fixtures miss it.
#pragma once

#include <doctest/doctest.h>

#include "explore_budget.hpp"

#include <kvc/explore.hpp>
#include <kvc/verification/report.hpp>

#include <cstdint>
#include <ctime>
#include <sstream>
#include <string>

namespace kvc_test::span_output {

/// A report as `out << report` prints it.
template <class Report>
std::string text_of(const Report& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

/// The seeds every suite is explored with besides the default.
inline constexpr std::uint64_t other_seeds[] = {1, 0x9e3779b97f4a7c15ULL};

/// A correct `impl` passes `suite`: every fixture (kvc::check), and exploration with the default
/// options (every case run, within a second of CPU time, the same report twice) and two other
/// seeds.
template <class Suite, class Impl>
void check_passes(const char* name, const Suite& suite, const Impl& impl) {
  INFO(std::string(name));
  const kvc::conformance_report fixtures = kvc::check(suite, impl);
  CHECK_MESSAGE(fixtures.passed(), text_of(fixtures));
  const std::clock_t start = std::clock();
  const kvc::exploration_report report = kvc::explore(suite, impl);
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  CHECK_MESSAGE(report.passed(), text_of(report));
  CHECK(report.cases_run + report.not_covered + report.outside_parameter_types ==
        kvc::default_exploration_cases);
  CHECK(seconds < kvc_test::explore_seconds);
  MESSAGE(std::string(name) << " (" << report.suite << "): " << report.cases_run << " cases in "
                            << seconds << " s");
  CHECK(text_of(kvc::explore(suite, impl)) == text_of(report));
  for (const std::uint64_t seed : other_seeds) {
    const kvc::exploration_report other = kvc::explore(suite, impl, {.seed = seed});
    CHECK_MESSAGE(other.passed(), text_of(other));
  }
}

/// A wrong `impl` fails exploration of `suite` with the default options (its shrunk
/// counterexample printed). Returns whether it failed.
template <class Suite, class Impl>
bool check_fails(const char* name, const Suite& suite, const Impl& impl) {
  const kvc::exploration_report report = kvc::explore(suite, impl);
  CHECK_MESSAGE(!report.passed(), std::string(name) << " passed kvc::explore " << report.suite);
  if (!report.passed())  // the shrunk counterexample's inputs (long ones shortened)
    MESSAGE(std::string(name) << " (" << report.suite << "): " << report.inputs);
  return !report.passed();
}

/// A known-bad `impl` fails both halves of `suite`: a fixture (kvc::check names it), and
/// exploration.
template <class Suite, class Impl>
void check_rejected(const char* name, const Suite& suite, const Impl& impl) {
  INFO(std::string(name));
  const kvc::conformance_report fixtures = kvc::check(suite, impl);
  CHECK_FALSE(fixtures.passed());
  CHECK_FALSE(fixtures.failures().empty());
  if (!fixtures.failures().empty()) CHECK_FALSE(fixtures.failures().front().label.empty());
  CHECK(check_fails(name, suite, impl));
}

/// A wrong `impl` explored twice with the default seed gives the same report (counterexample,
/// fixture line and test case included); another seed is named in its report.
template <class Suite, class Impl>
void check_deterministic_failure(const char* name, const Suite& suite, const Impl& impl) {
  const std::string first = text_of(kvc::explore(suite, impl));
  CHECK_MESSAGE(first.find("FAILED") != std::string::npos, std::string(name) << " passed");
  CHECK_MESSAGE(text_of(kvc::explore(suite, impl)) == first,
                std::string(name) << ": the same seed gave another report");
  const std::string other = text_of(kvc::explore(suite, impl, {.seed = other_seeds[0]}));
  CHECK(other.find("seed " + std::to_string(other_seeds[0])) != std::string::npos);
}

}  // namespace kvc_test::span_output
