// kvc/doctest.hpp - kvc's suites as doctest checks.
//
//   TEST_CASE("my engine's admission") {
//     KVC_CHECK_CONFORMS(kvc::suites::append_admission, my_engine::admit);
//   }
//
// runs `kvc::check(suite, impl)` and reports every failing fixture as a doctest failure of its own
// (like FAIL_CHECK: the test case goes on) with the fixture's label, inputs, actual and expected
// results (NUL and control characters escaped, kvc/verification/failure_text.hpp). The suite may
// be one of kvc's or a Hana tuple of one's own fixtures (kvc/verification/fixture.hpp). Includes
// <doctest/doctest.h> and <kvc/conformance.hpp>, so every suite and check is declared; the
// implementation need not be constexpr, and the macros' arguments may hold commas.
//
//   TEST_CASE("my engine's prefix cache and allocator") {
//     KVC_CHECK_PREFIX_CACHE(make_cache);
//     KVC_CHECK_SLOT_ALLOCATOR(make_allocator, kvc::check_options{.seed = 7, .capacity = 32});
//     KVC_CHECK_BLOCK_POOL(make_pool, kvc::check_options{.blocks = 8, .block_size = 4});
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

#include <doctest/doctest.h>

#include <kvc/verification/adapter_checks.hpp>

/// `KVC_CHECK_CONFORMS(suite, impl)`: one doctest failure per fixture of `suite` that `impl`
/// fails (like FAIL_CHECK: the test case goes on); nothing when it passes them all. The arguments
/// may hold commas (`kvc::suites::prefix_reuse_under<kvc::reuse_policy{16, true}>`).
#define KVC_CHECK_CONFORMS(...)                                                                    \
  do {                                                                                             \
    const ::kvc::conformance_report kvc_conformance_report_ = ::kvc::check(__VA_ARGS__);           \
    for (const auto& kvc_fixture_ : kvc_conformance_report_.fixtures) {                            \
      if (!kvc_fixture_.passed) DOCTEST_FAIL_CHECK(::kvc::detail::describe_failure(kvc_fixture_)); \
    }                                                                                              \
  } while (false)

/// One doctest failure (like FAIL_CHECK), printing the report, when `report` (any report with
/// `passed()` and `out << report`) did not pass.
#define KVC_DETAIL_CHECK_REPORT(report)                                                     \
  do {                                                                                      \
    const auto kvc_report_ = (report);                                                      \
    if (!kvc_report_.passed()) DOCTEST_FAIL_CHECK(::kvc::detail::report_text(kvc_report_)); \
  } while (false)

/// `KVC_CHECK_PREFIX_CACHE(make_cache)` or `KVC_CHECK_PREFIX_CACHE(make_cache, options)`: runs
/// `kvc::check_prefix_cache` and fails with its report (like FAIL_CHECK) when it did not pass.
#define KVC_CHECK_PREFIX_CACHE(...) KVC_DETAIL_CHECK_REPORT(::kvc::check_prefix_cache(__VA_ARGS__))

/// `KVC_CHECK_SLOT_ALLOCATOR(make_allocator)` or `KVC_CHECK_SLOT_ALLOCATOR(make_allocator,
/// options)`: runs `kvc::check_slot_allocator` and fails with its report when it did not pass.
#define KVC_CHECK_SLOT_ALLOCATOR(...) \
  KVC_DETAIL_CHECK_REPORT(::kvc::check_slot_allocator(__VA_ARGS__))

/// `KVC_CHECK_BLOCK_POOL(make_pool)` or `KVC_CHECK_BLOCK_POOL(make_pool, options)`: runs
/// `kvc::check_block_pool` and fails with its report when it did not pass.
#define KVC_CHECK_BLOCK_POOL(...) KVC_DETAIL_CHECK_REPORT(::kvc::check_block_pool(__VA_ARGS__))

/// `KVC_CHECK_EXPLORES(suite, impl)` or `KVC_CHECK_EXPLORES(suite, impl, options)`: runs
/// `kvc::explore` and fails with its report (like FAIL_CHECK) when a case failed. The arguments
/// may hold commas (`prefix_reuse_under<kvc::reuse_policy{16, true}>`).
#define KVC_CHECK_EXPLORES(...) KVC_DETAIL_CHECK_REPORT(::kvc::explore(__VA_ARGS__))
