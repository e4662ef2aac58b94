// tests/span_output_checks.hpp - the checks of the run-time tests of the segment and position-id
// suites (tests/segment_positions_conformance.cpp, segment_offsets_conformance.cpp,
// offsets_from_positions_conformance.cpp): a correct implementation passes both halves
// (both_halves.hpp), a wrong one fails both, or exploration alone where the fixtures miss it, the
// same report for one seed.
#pragma once

#include <doctest/doctest.h>

#include "both_halves.hpp"

#include <kvc/explore.hpp>
#include <kvc/verification/report.hpp>

#include <cstdint>
#include <ctime>
#include <sstream>
#include <string>

namespace kvc_test::span_output {

using kvc_test::text_of;

using kvc_test::passes;

/// What `check_fails` expects of a wrong implementation's exploration: it failed (its shrunk
/// counterexample printed). Returns whether it failed.
inline bool expect_failed(std::string_view name, const kvc::exploration_report& report) {
  CHECK_MESSAGE(!report.passed(), name << " passed kvc::explore " << report.suite);
  if (!report.passed())  // the shrunk counterexample's inputs (long ones shortened)
    MESSAGE(name << " (" << report.suite << "): " << report.inputs);
  return !report.passed();
}

/// A wrong `impl` fails exploration of `suite` with the default options (its shrunk
/// counterexample printed). Returns whether it failed.
template <class Suite, class Impl>
bool check_fails(const char* name, const Suite& suite, const Impl& impl) {
  return expect_failed(name, kvc::explore(suite, impl));
}

/// A known-bad `impl` fails both halves of `suite`: a fixture (kvc::check names it), and
/// exploration (its test case checks what the call wrote, or returned).
template <class Suite, class Impl>
void check_rejected(const char* name, const Suite& suite, const Impl& impl) {
  kvc_test::expect_rejected(name, kvc::check(suite, impl), kvc::explore(suite, impl), "CHECK(");
}

/// A wrong `impl` explored twice with the default seed gives the same report (counterexample,
/// fixture line and test case included); another seed is named in its report.
template <class Suite, class Impl>
void check_deterministic_failure(const char* name, const Suite& suite, const Impl& impl) {
  const std::string first = text_of(kvc::explore(suite, impl));
  CHECK_MESSAGE(first.find("FAILED") != std::string::npos, std::string(name) << " passed");
  CHECK_MESSAGE(text_of(kvc::explore(suite, impl)) == first,
                std::string(name) << ": the same seed gave another report");
  const std::string other = text_of(kvc::explore(suite, impl, {.seed = kvc_test::other_seed}));
  CHECK(other.find("seed " + std::to_string(kvc_test::other_seed)) != std::string::npos);
}

}  // namespace kvc_test::span_output
