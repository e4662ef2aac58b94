// kvc/gtest.hpp - kvc's suites as GoogleTest assertions.
//
//   TEST(MyEngine, Admission) {
//     EXPECT_KVC_CONFORMS(kvc::suites::append_admission, my_engine::admit);
//   }
//
// runs `kvc::check(suite, impl)` (a suite of kvc's, or a Hana tuple of one's own fixtures,
// kvc/verification/fixture.hpp) and, when a fixture fails, reports one non-fatal failure that
// lists every failing fixture with its label, inputs, actual and expected results (NUL and control
// characters escaped, kvc/verification/failure_text.hpp):
//
//   kvc::check(kvc::suites::append_admission, my_engine::admit): 2 of 16 fixtures failed:
//     fixture "fits exactly": inputs (16, 13, 3), actual 0, expected 3
//     ...
//
// `ASSERT_KVC_CONFORMS` is the fatal form (the test stops, like ASSERT_TRUE). Both take arguments
// with commas (`kvc::suites::prefix_reuse_under<kvc::reuse_policy{16, true}>`) and, like every
// GoogleTest assertion, a streamed message: `EXPECT_KVC_CONFORMS(suite, f) << "engine build 7";`.
//
// The stateful checks (kvc/stateful/) and exploration (kvc/explore.hpp) have the same two forms,
// each failing with the check's printed report (its shrunk counterexample is a test to paste):
//
//   EXPECT_KVC_PREFIX_CACHE(make_cache)              ASSERT_KVC_PREFIX_CACHE(make_cache, options)
//   EXPECT_KVC_SLOT_ALLOCATOR(make_allocator)        ASSERT_KVC_SLOT_ALLOCATOR(...)
//   EXPECT_KVC_BLOCK_POOL(make_pool, options)        ASSERT_KVC_BLOCK_POOL(...)
//   EXPECT_KVC_EXPLORES(suite, impl)                 ASSERT_KVC_EXPLORES(suite, impl, options)
//
// The stateful checks take the options `kvc::check_options` and return a report with `passed()`
// and `out << report`. Includes <gtest/gtest.h> and <kvc/conformance.hpp>; link GTest::gtest_main
// (or GTest::gtest and a main of your own) and kvc::conformance. The implementation need not be
// constexpr.
#pragma once

#include <gtest/gtest.h>

#include <kvc/verification/adapter_checks.hpp>

namespace kvc::detail {

/// Success, or a failure whose message names the call and lists every failing fixture.
[[nodiscard]] inline ::testing::AssertionResult gtest_result(const char* call,
                                                             const conformance_report& report) {
  if (report.passed()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << call << ": " << describe_failures(report);
}

/// Success, or a failure whose message names the call and holds the printed report (an
/// exploration's or a stateful check's).
template <class Report>
[[nodiscard]] ::testing::AssertionResult gtest_result(const char* call, const Report& report) {
  if (report.passed()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << call << ":\n" << report_text(report);
}

}  // namespace kvc::detail

/// `KVC_DETAIL_GTEST_ASSERT(call text, report, on failure)`: the GoogleTest assertion shape
/// (`if (ok) ; else FAIL-like() << message`), so that a streamed message appends to the failure.
#define KVC_DETAIL_GTEST_ASSERT(call, report, on_failure)                                   \
  GTEST_AMBIGUOUS_ELSE_BLOCKER_                                                             \
  if (const ::testing::AssertionResult kvc_gtest_result_ =                                  \
          ::kvc::detail::gtest_result(call, report))                                        \
    ;                                                                                       \
  else                                                                                      \
    on_failure(kvc_gtest_result_.message())

#define KVC_DETAIL_GTEST_NONFATAL(message) \
  GTEST_MESSAGE_(message, ::testing::TestPartResult::kNonFatalFailure)
#define KVC_DETAIL_GTEST_FATAL(message) \
  GTEST_FATAL_FAILURE_(message)

/// `EXPECT_KVC_CONFORMS(suite, impl)`: a non-fatal failure listing every fixture of `suite` that
/// `impl` fails; nothing when it passes them all.
#define EXPECT_KVC_CONFORMS(...)                                                 \
  KVC_DETAIL_GTEST_ASSERT("kvc::check(" #__VA_ARGS__ ")", ::kvc::check(__VA_ARGS__), \
                          KVC_DETAIL_GTEST_NONFATAL)
/// `ASSERT_KVC_CONFORMS(suite, impl)`: as EXPECT_KVC_CONFORMS, and the test stops on failure.
#define ASSERT_KVC_CONFORMS(...)                                                 \
  KVC_DETAIL_GTEST_ASSERT("kvc::check(" #__VA_ARGS__ ")", ::kvc::check(__VA_ARGS__), \
                          KVC_DETAIL_GTEST_FATAL)

/// `EXPECT_KVC_EXPLORES(suite, impl)` or `(suite, impl, options)`: runs `kvc::explore` and fails
/// with its report when a case failed. `ASSERT_KVC_EXPLORES` stops the test.
#define EXPECT_KVC_EXPLORES(...)                                                     \
  KVC_DETAIL_GTEST_ASSERT("kvc::explore(" #__VA_ARGS__ ")", ::kvc::explore(__VA_ARGS__), \
                          KVC_DETAIL_GTEST_NONFATAL)
#define ASSERT_KVC_EXPLORES(...)                                                     \
  KVC_DETAIL_GTEST_ASSERT("kvc::explore(" #__VA_ARGS__ ")", ::kvc::explore(__VA_ARGS__), \
                          KVC_DETAIL_GTEST_FATAL)

/// `EXPECT_KVC_PREFIX_CACHE(make_cache)` or `(make_cache, options)`: runs
/// `kvc::check_prefix_cache` and fails with its report. `ASSERT_KVC_PREFIX_CACHE` stops the test.
#define EXPECT_KVC_PREFIX_CACHE(...)                                          \
  KVC_DETAIL_GTEST_ASSERT("kvc::check_prefix_cache(" #__VA_ARGS__ ")",        \
                          ::kvc::check_prefix_cache(__VA_ARGS__), KVC_DETAIL_GTEST_NONFATAL)
#define ASSERT_KVC_PREFIX_CACHE(...)                                          \
  KVC_DETAIL_GTEST_ASSERT("kvc::check_prefix_cache(" #__VA_ARGS__ ")",        \
                          ::kvc::check_prefix_cache(__VA_ARGS__), KVC_DETAIL_GTEST_FATAL)

/// `EXPECT_KVC_SLOT_ALLOCATOR(make_allocator)` or `(make_allocator, options)`: runs
/// `kvc::check_slot_allocator`. `ASSERT_KVC_SLOT_ALLOCATOR` stops the test.
#define EXPECT_KVC_SLOT_ALLOCATOR(...)                                        \
  KVC_DETAIL_GTEST_ASSERT("kvc::check_slot_allocator(" #__VA_ARGS__ ")",      \
                          ::kvc::check_slot_allocator(__VA_ARGS__), KVC_DETAIL_GTEST_NONFATAL)
#define ASSERT_KVC_SLOT_ALLOCATOR(...)                                        \
  KVC_DETAIL_GTEST_ASSERT("kvc::check_slot_allocator(" #__VA_ARGS__ ")",      \
                          ::kvc::check_slot_allocator(__VA_ARGS__), KVC_DETAIL_GTEST_FATAL)

/// `EXPECT_KVC_BLOCK_POOL(make_pool)` or `(make_pool, options)`: runs `kvc::check_block_pool`.
/// `ASSERT_KVC_BLOCK_POOL` stops the test.
#define EXPECT_KVC_BLOCK_POOL(...)                                            \
  KVC_DETAIL_GTEST_ASSERT("kvc::check_block_pool(" #__VA_ARGS__ ")",          \
                          ::kvc::check_block_pool(__VA_ARGS__), KVC_DETAIL_GTEST_NONFATAL)
#define ASSERT_KVC_BLOCK_POOL(...)                                            \
  KVC_DETAIL_GTEST_ASSERT("kvc::check_block_pool(" #__VA_ARGS__ ")",          \
                          ::kvc::check_block_pool(__VA_ARGS__), KVC_DETAIL_GTEST_FATAL)
