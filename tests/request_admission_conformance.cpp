// tests/request_admission_conformance.cpp - the request-admission suites at run time: kvc's
// contract and correct implementations in other styles pass kvc::check and kvc::explore; every
// known-bad implementation of tests/mutants/request_admission.hpp fails both (kvc::check names the
// fixture); an engine profile leaves the fixtures outside it uncovered, never failed.
#include <doctest/doctest.h>

#include <kvc/explore.hpp>
#include <kvc/request_admission.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/specs/request_admission.hpp>
#include <kvc/verification/report.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <span>
#include <string>
#include <utility>

#include "admission_conformance.hpp"
#include "mutants/request_admission.hpp"

namespace {

namespace bad = kvc::mutants::request_admission;
namespace suites = kvc::suites;
using kvc_test::admission::passes;
using kvc_test::admission::rejected;
using kvc_test::admission::text_of;

/// Correct, as a scheduler drains its waiting queue: a copy of the queue popped from the front
/// while the head fits in the slots left (kept in 128 bits). Not constexpr; any integer types.
struct drains_the_queue {
  template <class C, class U, class E>
  std::size_t operator()(C capacity, U used, std::span<const E> requests) const {
    __extension__ typedef __int128 wide;
    if (std::cmp_less(used, 0) || std::cmp_greater(used, capacity)) return 0;
    wide left = static_cast<wide>(capacity) - static_cast<wide>(used);
    std::deque<E> waiting(requests.begin(), requests.end());
    std::size_t admitted = 0;
    while (!waiting.empty() && std::cmp_greater_equal(waiting.front(), 0) &&
           static_cast<wide>(waiting.front()) <= left) {
      left -= static_cast<wide>(waiting.front());
      waiting.pop_front();
      ++admitted;
    }
    return admitted;
  }
};

/// Correct for the `int` suite, in 64-bit signed arithmetic with a running total, returning the
/// count as an `int`.
constexpr auto running_total = [](long long capacity, long long used,
                                  std::span<const long long> requests) {
  if (used < 0 || used > capacity) return 0;
  long long total = 0;
  int admitted = 0;
  for (const long long r : requests) {
    if (r < 0 || r > capacity - used - total) break;
    total += r;
    ++admitted;
  }
  return admitted;
};

}  // namespace

TEST_CASE("request_admission: kvc's contract and correct engines pass both halves") {
  passes("kvc::admitted_requests", suites::request_admission, kvc::admitted_requests);
  kvc_test::explores_deterministically(suites::request_admission, kvc::admitted_requests);
  passes("kvc::admitted_requests", suites::request_admission_extremes, kvc::admitted_requests);
  passes("drains_the_queue", suites::request_admission, drains_the_queue{});
  passes("drains_the_queue", suites::request_admission_extremes, drains_the_queue{});
  passes("running_total", suites::request_admission, running_total);
}

TEST_CASE("request_admission: every known-bad implementation fails the fixtures and exploration") {
  rejected("skips_non_fitting", suites::request_admission, bad::skips_non_fitting,
           "stop at first that does not fit");
  rejected("refuses_zero_size", suites::request_admission, bad::refuses_zero_size,
           "zero-size request admitted");
  rejected("negative_as_zero", suites::request_admission, bad::negative_as_zero,
           "negative request stops");
  rejected("returns_slot_total", suites::request_admission, bad::returns_slot_total,
           "prefix admitted then stop");
  rejected("admits_partial", suites::request_admission, bad::admits_partial,
           "prefix admitted then stop");
  rejected("trusts_state", suites::request_admission, bad::trusts_state, "used above capacity");
  rejected("strict_fit", suites::request_admission, bad::strict_fit, "zero-size request admitted");
  rejected("wrapping_sum", suites::request_admission_extremes, bad::wrapping_sum,
           "int64 max requests would wrap the sum");
  rejected("narrows_to_int", suites::request_admission_extremes, bad::narrows_to_int,
           "int64 max requests would wrap the sum");
  rejected("compares_raw", suites::request_admission_extremes, bad::compares_raw,
           "negative int8 request into size_t max");
  rejected("narrow_count", suites::request_admission_extremes, bad::narrow_count,
           "300 zero-size requests");
}

TEST_CASE("request_admission: a report names the failing fixture, its inputs and both results") {
  const kvc::conformance_report report =
      kvc::check(suites::request_admission, bad::skips_non_fitting);
  const auto failures = report.failures();
  REQUIRE(failures.size() == 5);
  CHECK(failures.front().label == "stop at first that does not fit");
  CHECK(failures.front().inputs == "10, 4, [2, 5, 1]");
  CHECK(failures.front().actual == "2");
  CHECK(failures.front().expected == "1");
  // A count kept in 8 bits: 300 admitted read as 44.
  const auto narrow = kvc::check(suites::request_admission_extremes, bad::narrow_count).failures();
  REQUIRE(narrow.size() == 2);
  CHECK(narrow.front().actual == "44");
  CHECK(narrow.front().expected == "300");
  CHECK(narrow.back().label == "300 one-slot requests");
  // Requests past INT64_MAX print as they are.
  const auto past = kvc::check(suites::request_admission_extremes, drains_the_queue{});
  for (const auto& f : past.fixtures)
    if (f.label == "uint64 requests past INT64_MAX")
      CHECK(f.inputs == "18446744073709551615, 0, [9223372036854775808, 9223372036854775807]");
}

TEST_CASE("request_admission: a scheduler whose state is always consistent, under its profile") {
  // It never checks the state: it fails as it is, and passes once the inconsistent states are out
  // of its domain, in the fixtures (not covered, named, never passed) and in exploration.
  const auto& suite = suites::request_admission;
  CHECK_FALSE(kvc::check(suite, bad::trusts_state).passed());
  CHECK_FALSE(kvc::explore(suite, bad::trusts_state).passed());
  const auto restricted = kvc::restrict_to<kvc::profiles::consistent_scheduler>(suite);
  const kvc::conformance_report checked = kvc::check(restricted, bad::trusts_state);
  CHECK(checked.passed());
  CHECK(checked.not_covered() == 3);  // used above capacity; negative used; negative capacity
  CHECK(text_of(checked).find("Not covered") != std::string::npos);
  const kvc::exploration_report explored = kvc::explore(restricted, bad::trusts_state);
  CHECK_MESSAGE(explored.passed(), text_of(explored));
  CHECK(explored.not_covered > 0);
  CHECK(explored.cases_run > 1000);
  // Two fixtures of the extremes suite start from an inconsistent state.
  CHECK(kvc::check(kvc::restrict_to<kvc::profiles::consistent_scheduler>(
                       suites::request_admission_extremes),
                   kvc::admitted_requests)
            .not_covered() == 2);
}

TEST_CASE("request_admission: exploration counts past 65,536 requests") {
  // A count kept in 16 bits: wrong only for queues longer than the suites' fixtures, which
  // exploration draws.
  const auto count_in_16_bits = [](auto capacity, auto used, const auto& requests) {
    return static_cast<std::uint16_t>(kvc::admitted_requests(capacity, used, requests));
  };
  CHECK(kvc::check(suites::request_admission_extremes, count_in_16_bits).passed());
  const kvc::exploration_report explored =
      kvc::explore(suites::request_admission_extremes, count_in_16_bits);
  CHECK_MESSAGE(!explored.passed(), text_of(explored));
  CHECK(explored.expected.size() >= 5);  // 65,536 or more
  // Without long sequences exploration stays below them.
  CHECK(kvc::explore(suites::request_admission_extremes, count_in_16_bits,
                     {.long_sequences = false})
            .passed());
}
