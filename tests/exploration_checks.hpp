// tests/exploration_checks.hpp - checks of the kvc::explore tests of the segment and position-id
// suites (tests/exploration_segments.cpp, tests/exploration_positions.cpp): a suite explored with a
// correct implementation (three seeds, timed, deterministic), with a wrong one, and with every
// known-bad implementation of a contract descriptor.
#pragma once

#include <doctest/doctest.h>

#include <kvc/explore.hpp>
#include <kvc/verification/descriptor.hpp>

#include <boost/hana/for_each.hpp>

#include <cstddef>
#include <cstdint>
#include <ctime>
#include <sstream>
#include <string>
#include <type_traits>

namespace kvc_test::exploration_checks {

/// A report as `out << report` prints it.
inline std::string report_text(const kvc::exploration_report& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

/// Whether kvc::explore can call `Impl` on some input form of `Suite` at run time (an
/// implementation that takes only `std::array`s cannot be: its length is a template argument).
template <class Suite, class Impl>
inline constexpr bool runs_at_run_time = [] {
  using family = typename kvc::exploration::family_of<std::remove_cvref_t<Suite>>::type;
  using forms =
      typename kvc::exploration::callable_forms<family, Impl, typename family::forms>::type;
  return kvc::exploration::list_size<forms>::value != 0;
}();

/// The seeds every suite is explored with besides the default.
inline constexpr std::uint64_t other_seeds[] = {1, 0x9e3779b97f4a7c15ULL};

/// Explores `suite` with a correct `impl` (kvc's contract, or another style of it) with the
/// default options and two other seeds: every run passes; the default one within a second of CPU
/// time (its rate printed; CPU time, so that other work on a shared machine does not fail it), and
/// a second run of it prints the same report.
template <class Suite, class Impl>
void check_passes(const char* name, const Suite& suite, const Impl& impl) {
  const std::clock_t start = std::clock();
  const kvc::exploration_report report = kvc::explore(suite, impl);
  const double seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  CHECK_MESSAGE(report.passed(), report_text(report));
  CHECK(report.cases_run + report.not_covered + report.outside_parameter_types ==
        kvc::default_exploration_cases);
  CHECK(seconds < 1.0);
  MESSAGE(std::string(name) << " (" << report.suite << "): " << report.cases_run << " cases in "
                            << seconds << " s, " << static_cast<double>(report.cases_run) / seconds
                            << " cases/s");
  CHECK(report_text(kvc::explore(suite, impl)) == report_text(report));
  for (const std::uint64_t seed : other_seeds) {
    const kvc::exploration_report other = kvc::explore(suite, impl, {.seed = seed});
    CHECK_MESSAGE(other.passed(), report_text(other));
  }
}

/// Explores `suite` with a wrong `impl` with the default options: the report fails (its shrunk
/// counterexample is printed). Returns whether it failed.
template <class Suite, class Impl>
bool check_fails(const char* name, const Suite& suite, const Impl& impl) {
  const kvc::exploration_report report = kvc::explore(suite, impl);
  CHECK_MESSAGE(!report.passed(), std::string(name) << " passed kvc::explore " << report.suite);
  if (!report.passed())
    MESSAGE(std::string(name) << " (" << report.suite << "): " << report.inputs << " -> "
                              << report.actual << ", expected " << report.expected);
  return !report.passed();
}

/// Explores `suite` with a wrong `impl` twice with the default seed and once with another: the
/// two reports of one seed are the same text (counterexample, fixture line and test case
/// included).
template <class Suite, class Impl>
void check_deterministic_failure(const char* name, const Suite& suite, const Impl& impl) {
  const std::string first = report_text(kvc::explore(suite, impl));
  CHECK_MESSAGE(first.find("FAILED") != std::string::npos, std::string(name) << " passed");
  CHECK_MESSAGE(report_text(kvc::explore(suite, impl)) == first,
                std::string(name) << ": the same seed gave another report");
  const std::string other = report_text(kvc::explore(suite, impl, {.seed = other_seeds[0]}));
  CHECK(other.find("seed " + std::to_string(other_seeds[0])) != std::string::npos);
}

/// What exploring a descriptor's known-bad implementations found.
struct known_bad_tally {
  std::size_t rejected = 0;    ///< failed kvc::explore
  std::size_t missed = 0;      ///< passed kvc::explore
  std::size_t array_only = 0;  ///< take only std::arrays: kvc::explore cannot call them
};

/// Explores, with default options, every known-bad implementation of every suite check of
/// `contract` (its mutants and its failure records' published implementations) against its suite.
template <class Contract>
known_bad_tally explore_known_bad(const Contract& contract) {
  known_bad_tally tally;
  const auto one = [&tally](const auto& check, const char* name, const auto& impl) {
    using suite_t = std::remove_cvref_t<decltype(check.suite)>;
    using impl_t = std::remove_cvref_t<decltype(impl)>;
    const std::string where = std::string(boost::hana::to<const char*>(check.name)) + "/" + name;
    if constexpr (runs_at_run_time<suite_t, impl_t>) {
      if (kvc::explore(check.suite, impl).passed()) {
        ++tally.missed;
        FAIL_CHECK(where << " passed kvc::explore");
      } else {
        ++tally.rejected;
      }
    } else {
      ++tally.array_only;
      MESSAGE(where << " takes only std::arrays: kvc::explore cannot call it at run time");
    }
  };
  boost::hana::for_each(contract.checks, [&one](const auto& check) {
    boost::hana::for_each(check.mutants, [&](const auto& mutant) {
      one(check, boost::hana::to<const char*>(mutant.name), mutant.impl);
    });
    boost::hana::for_each(check.records, [&](const auto& record) {
      boost::hana::for_each(record.rows, [&](const auto& row) {
        one(check, boost::hana::to<const char*>(row.name), row.impl);
      });
    });
  });
  return tally;
}

}  // namespace kvc_test::exploration_checks
