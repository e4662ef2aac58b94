// kvc/doctest.hpp - kvc's suites as doctest checks.
//
//   TEST_CASE("my engine's admission") {
//     KVC_CHECK_CONFORMS(kvc::suites::append_admission, my_engine::admit);
//   }
//
// runs `kvc::check(suite, impl)` and reports every failing fixture as a doctest failure of its own
// (like FAIL_CHECK: the test case goes on) with the fixture's label, inputs, actual and expected
// results. Includes <doctest/doctest.h>; the implementation need not be constexpr.
//
//   TEST_CASE("my engine's prefix cache and allocator") {
//     KVC_CHECK_PREFIX_CACHE(make_cache);
//     KVC_CHECK_SLOT_ALLOCATOR(make_allocator, kvc::check_options{.seed = 7, .capacity = 32});
//   }
//
// run the stateful checks (kvc/stateful/) and fail with the printed report, whose shrunk
// counterexample is a doctest test case to paste.
//
//   TEST_CASE("my engine's lookup beyond the fixtures") {
//     KVC_CHECK_EXPLORES(kvc::suites::prefix_reuse_under<kvc::reuse_policy{16, true}>, lookup);
//   }
//
// runs `kvc::explore` (with options as a third argument) and fails with its report.
#pragma once

#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include <kvc/explore.hpp>
#include <kvc/stateful/prefix_cache_check.hpp>
#include <kvc/stateful/slot_allocator_check.hpp>
#include <kvc/stateful/stateful_report.hpp>
#include <kvc/verification/report.hpp>

namespace kvc::detail {

/// `fixture "negative request": inputs (16, 0, -1), actual -1, expected 0`.
[[nodiscard]] inline std::string describe_failure(const fixture_outcome& f) {
  return "fixture \"" + f.label + "\": inputs (" + f.inputs + "), actual " + f.actual +
         ", expected " + f.expected;
}

/// The printed report, for a doctest message.
[[nodiscard]] inline std::string report_text(const exploration_report& report) {
  std::ostringstream text;
  text << report;
  return text.str();
}

/// The printed report, for a doctest message.
[[nodiscard]] inline std::string report_text(const stateful_report& report) {
  std::ostringstream text;
  text << report;
  return text.str();
}

}  // namespace kvc::detail

/// One doctest failure per fixture of `suite` that `impl` fails; nothing when it passes them all.
#define KVC_CHECK_CONFORMS(suite, impl)                                                     \
  do {                                                                                      \
    const ::kvc::conformance_report kvc_conformance_report_ = ::kvc::check((suite), (impl)); \
    for (const auto& kvc_fixture_ : kvc_conformance_report_.fixtures) {                     \
      if (!kvc_fixture_.passed)                                                             \
        DOCTEST_FAIL_CHECK(::kvc::detail::describe_failure(kvc_fixture_));                  \
    }                                                                                       \
  } while (false)

/// One doctest failure, printing the report, when `report` did not pass.
#define KVC_DETAIL_CHECK_STATEFUL(report)                                       \
  do {                                                                        \
    const ::kvc::stateful_report kvc_stateful_report_ = (report);             \
    if (!kvc_stateful_report_.passed())                                       \
      DOCTEST_FAIL_CHECK(::kvc::detail::report_text(kvc_stateful_report_));   \
  } while (false)

/// `KVC_CHECK_PREFIX_CACHE(make_cache)` or `KVC_CHECK_PREFIX_CACHE(make_cache, options)`: runs
/// `kvc::check_prefix_cache` and fails with its report (like FAIL_CHECK) when it did not pass.
#define KVC_CHECK_PREFIX_CACHE(...) KVC_DETAIL_CHECK_STATEFUL(::kvc::check_prefix_cache(__VA_ARGS__))

/// `KVC_CHECK_SLOT_ALLOCATOR(make_allocator)` or `KVC_CHECK_SLOT_ALLOCATOR(make_allocator, options)`:
/// runs `kvc::check_slot_allocator` and fails with its report when it did not pass.
#define KVC_CHECK_SLOT_ALLOCATOR(...) \
  KVC_DETAIL_CHECK_STATEFUL(::kvc::check_slot_allocator(__VA_ARGS__))

/// `KVC_CHECK_EXPLORES(suite, impl)` or `KVC_CHECK_EXPLORES(suite, impl, options)`: runs
/// `kvc::explore` and fails with its report (like FAIL_CHECK) when a case failed. The arguments
/// may hold commas (`prefix_reuse_under<kvc::reuse_policy{16, true}>`).
#define KVC_CHECK_EXPLORES(...)                                                   \
  do {                                                                            \
    const ::kvc::exploration_report kvc_exploration_report_ = ::kvc::explore(__VA_ARGS__); \
    if (!kvc_exploration_report_.passed())                                        \
      DOCTEST_FAIL_CHECK(::kvc::detail::report_text(kvc_exploration_report_));    \
  } while (false)
