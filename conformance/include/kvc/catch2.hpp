// kvc/catch2.hpp - kvc's suites as Catch2 assertions (Catch2 v3's headers where they are found,
// else v2's single header <catch2/catch.hpp>, Debian 12's catch2 2.13).
//
//   TEST_CASE("my engine's admission") {
//     KVC_CHECK_CONFORMS(kvc::suites::append_admission, my_engine::admit);
//   }
//
// runs `kvc::check(suite, impl)` (a suite of kvc's, or a Hana tuple of one's own fixtures,
// kvc/verification/fixture.hpp) and, when a fixture fails, fails once (like FAIL_CHECK: the test
// case goes on) with every failing fixture's label, inputs, actual and expected results (NUL and
// control characters escaped, kvc/verification/failure_text.hpp):
//
//   kvc::check(kvc::suites::append_admission, my_engine::admit): 2 of 16 fixtures failed:
//     fixture "fits exactly": inputs (16, 13, 3), actual 0, expected 3
//     ...
//
// `KVC_REQUIRE_CONFORMS` is the fatal form (like FAIL: the test case stops). A check that passes
// counts as one successful assertion. The arguments may hold commas. The stateful checks and
// exploration have the same two forms, failing with the check's printed report:
//
//   KVC_CHECK_PREFIX_CACHE(make_cache)         KVC_REQUIRE_PREFIX_CACHE(make_cache, options)
//   KVC_CHECK_SLOT_ALLOCATOR(make_allocator)   KVC_REQUIRE_SLOT_ALLOCATOR(...)
//   KVC_CHECK_BLOCK_POOL(make_pool, options)   KVC_REQUIRE_BLOCK_POOL(...)
//   KVC_CHECK_EXPLORES(suite, impl)            KVC_REQUIRE_EXPLORES(suite, impl, options)
//
// The KVC_CHECK_* names are those of kvc/doctest.hpp: a translation unit includes one of the two.
// Link Catch2::Catch2WithMain (v3), or Catch2::Catch2 with CATCH_CONFIG_MAIN defined in one
// translation unit (v2), and kvc::conformance. The implementation need not be constexpr.
#pragma once

#if defined(KVC_CHECK_CONFORMS)
#error "kvc/catch2.hpp: KVC_CHECK_CONFORMS is already defined (kvc/doctest.hpp?); include one test-framework adapter per translation unit"
#endif

#if __has_include(<catch2/catch_test_macros.hpp>)
#include <catch2/catch_test_macros.hpp>
#else
#include <catch2/catch.hpp>
#endif

#include <string>

#include <kvc/verification/adapter_checks.hpp>

namespace kvc::detail {

/// Empty when `report` passed, else the failure message: the call, then every failing fixture.
[[nodiscard]] inline std::string catch2_failure(const char* call, const conformance_report& report) {
  if (report.passed()) return {};
  return std::string{call} + ": " + describe_failures(report);
}

/// Empty when `report` passed, else the call and the printed report.
template <class Report>
[[nodiscard]] std::string catch2_failure(const char* call, const Report& report) {
  if (report.passed()) return {};
  return std::string{call} + ":\n" + report_text(report);
}

}  // namespace kvc::detail

/// One Catch2 assertion: SUCCEED when the check passed, else `on_failure` with its message.
#define KVC_DETAIL_CATCH2_ASSERT(call, report, on_failure)                           \
  do {                                                                               \
    const std::string kvc_catch2_failure_ = ::kvc::detail::catch2_failure(call, report); \
    if (kvc_catch2_failure_.empty()) {                                               \
      SUCCEED(call);                                                                 \
    } else {                                                                         \
      on_failure(kvc_catch2_failure_);                                               \
    }                                                                                \
  } while (false)

/// `KVC_CHECK_CONFORMS(suite, impl)`: one failure listing every fixture of `suite` that `impl`
/// fails (the test case goes on). `KVC_REQUIRE_CONFORMS` stops the test case.
#define KVC_CHECK_CONFORMS(...)                                                       \
  KVC_DETAIL_CATCH2_ASSERT("kvc::check(" #__VA_ARGS__ ")", ::kvc::check(__VA_ARGS__), \
                           FAIL_CHECK)
#define KVC_REQUIRE_CONFORMS(...)                                                     \
  KVC_DETAIL_CATCH2_ASSERT("kvc::check(" #__VA_ARGS__ ")", ::kvc::check(__VA_ARGS__), FAIL)

/// `KVC_CHECK_EXPLORES(suite, impl)` or `(suite, impl, options)`: runs `kvc::explore` and fails
/// with its report. `KVC_REQUIRE_EXPLORES` stops the test case.
#define KVC_CHECK_EXPLORES(...)                                                           \
  KVC_DETAIL_CATCH2_ASSERT("kvc::explore(" #__VA_ARGS__ ")", ::kvc::explore(__VA_ARGS__), \
                           FAIL_CHECK)
#define KVC_REQUIRE_EXPLORES(...)                                                         \
  KVC_DETAIL_CATCH2_ASSERT("kvc::explore(" #__VA_ARGS__ ")", ::kvc::explore(__VA_ARGS__), FAIL)

/// `KVC_CHECK_PREFIX_CACHE(make_cache)` or `(make_cache, options)`: runs
/// `kvc::check_prefix_cache` and fails with its report. `KVC_REQUIRE_PREFIX_CACHE` stops.
#define KVC_CHECK_PREFIX_CACHE(...)                                    \
  KVC_DETAIL_CATCH2_ASSERT("kvc::check_prefix_cache(" #__VA_ARGS__ ")", \
                           ::kvc::check_prefix_cache(__VA_ARGS__), FAIL_CHECK)
#define KVC_REQUIRE_PREFIX_CACHE(...)                                  \
  KVC_DETAIL_CATCH2_ASSERT("kvc::check_prefix_cache(" #__VA_ARGS__ ")", \
                           ::kvc::check_prefix_cache(__VA_ARGS__), FAIL)

/// `KVC_CHECK_SLOT_ALLOCATOR(make_allocator)` or `(make_allocator, options)`: runs
/// `kvc::check_slot_allocator`. `KVC_REQUIRE_SLOT_ALLOCATOR` stops.
#define KVC_CHECK_SLOT_ALLOCATOR(...)                                    \
  KVC_DETAIL_CATCH2_ASSERT("kvc::check_slot_allocator(" #__VA_ARGS__ ")", \
                           ::kvc::check_slot_allocator(__VA_ARGS__), FAIL_CHECK)
#define KVC_REQUIRE_SLOT_ALLOCATOR(...)                                  \
  KVC_DETAIL_CATCH2_ASSERT("kvc::check_slot_allocator(" #__VA_ARGS__ ")", \
                           ::kvc::check_slot_allocator(__VA_ARGS__), FAIL)

/// `KVC_CHECK_BLOCK_POOL(make_pool)` or `(make_pool, options)`: runs `kvc::check_block_pool`.
/// `KVC_REQUIRE_BLOCK_POOL` stops.
#define KVC_CHECK_BLOCK_POOL(...)                                    \
  KVC_DETAIL_CATCH2_ASSERT("kvc::check_block_pool(" #__VA_ARGS__ ")", \
                           ::kvc::check_block_pool(__VA_ARGS__), FAIL_CHECK)
#define KVC_REQUIRE_BLOCK_POOL(...)                                  \
  KVC_DETAIL_CATCH2_ASSERT("kvc::check_block_pool(" #__VA_ARGS__ ")", \
                           ::kvc::check_block_pool(__VA_ARGS__), FAIL)
