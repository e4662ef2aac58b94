// tests/batch_admission_conformance.cpp - the batch-admission suites at run time: kvc's contract
// and correct implementations in other styles pass kvc::check and kvc::explore; every known-bad
// implementation of tests/mutants/batch_admission.hpp fails both (kvc::check names the fixture);
// an engine profile leaves the fixtures outside it uncovered, never failed.
#include <doctest/doctest.h>

#include <kvc/batch_admission.hpp>
#include <kvc/explore.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/specs/batch_admission.hpp>
#include <kvc/verification/report.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "admission_conformance.hpp"
#include "mutants/batch_admission.hpp"

namespace {

namespace bad = kvc::mutants::batch_admission;
namespace suites = kvc::suites;
using kvc_test::admission::passes;
using kvc_test::admission::rejected;
using kvc_test::admission::text_of;

/// Correct, as a scheduler step checks its batch before it allocates anything: every sign first,
/// then the total in 128 bits against the free slots. Not constexpr; any integer types.
struct checks_the_step_first {
  template <class C, class U, class E>
  std::uint64_t operator()(C capacity, U used, std::span<const E> requests) const {
    __extension__ typedef __int128 wide;
    if (std::cmp_less(used, 0) || std::cmp_greater(used, capacity)) return 0;
    wide total = 0;
    for (const E r : requests) {
      if (std::cmp_less(r, 0)) return 0;
      total += static_cast<wide>(r);
    }
    return total <= static_cast<wide>(capacity) - static_cast<wide>(used)
               ? static_cast<std::uint64_t>(total)
               : 0;
  }
};

/// Correct for the `int` suite, as a `std::function` over a vector of 64-bit counts: the slots
/// left shrink request by request, so the total never overflows.
const std::function<long long(long long, long long, const std::vector<std::int64_t>&)> by_slots_left =
    [](long long capacity, long long used, const std::vector<std::int64_t>& requests) {
      if (used < 0 || used > capacity) return 0LL;
      long long left = capacity - used;
      long long total = 0;
      for (const std::int64_t r : requests) {
        if (r < 0 || r > left) return 0LL;
        left -= r;
        total += r;
      }
      return total;
    };

}  // namespace

TEST_CASE("batch_admission: kvc's contract and correct engines pass both halves") {
  passes("kvc::admitted_batch", suites::batch_admission, kvc::admitted_batch);
  kvc_test::explores_deterministically(suites::batch_admission, kvc::admitted_batch);
  passes("kvc::admitted_batch", suites::batch_admission_extremes, kvc::admitted_batch);
  passes("checks_the_step_first", suites::batch_admission, checks_the_step_first{});
  passes("checks_the_step_first", suites::batch_admission_extremes, checks_the_step_first{});
  passes("by_slots_left", suites::batch_admission, by_slots_left);
}

TEST_CASE("batch_admission: every known-bad implementation fails the fixtures and exploration") {
  rejected("greedy_partial", suites::batch_admission, bad::greedy_partial, "batch one slot short");
  rejected("checks_sum_only", suites::batch_admission, bad::checks_sum_only,
           "negative request offsets another");
  rejected("checks_each_alone", suites::batch_admission, bad::checks_each_alone,
           "batch one slot short");
  rejected("trusts_used", suites::batch_admission, bad::trusts_used, "negative used");
  rejected("refuses_zero_requests", suites::batch_admission, bad::refuses_zero_requests,
           "zero-size request among others");
  rejected("wrapping_sum", suites::batch_admission_extremes, bad::wrapping_sum,
           "int64 max requests overflow the sum");
  rejected("compares_raw", suites::batch_admission_extremes, bad::compares_raw,
           "int capacity -1 with unsigned used");
  rejected("narrows_to_uint32", suites::batch_admission_extremes, bad::narrows_to_uint32,
           "used 2^32 with one slot left");
}

TEST_CASE("batch_admission: a report names the failing fixture, its inputs and both results") {
  const kvc::conformance_report report = kvc::check(suites::batch_admission, bad::greedy_partial);
  const auto failures = report.failures();
  REQUIRE(failures.size() == 4);
  CHECK(failures.front().label == "batch one slot short");
  CHECK(failures.front().inputs == "10, 5, [2, 4]");
  CHECK(failures.front().actual == "2");
  CHECK(failures.front().expected == "0");
  CHECK(text_of(report).find("| batch one slot short | 2 | 0 | Failed |") != std::string::npos);
  // Requests past INT64_MAX print as they are.
  const auto extremes = kvc::check(suites::batch_admission_extremes, bad::wrapping_sum).failures();
  REQUIRE(extremes.size() == 1);
  CHECK(extremes.front().inputs ==
        "18446744073709551615, 0, [9223372036854775807, 9223372036854775807, 3]");
  CHECK(extremes.front().actual == "1");
}

TEST_CASE("batch_admission: a scheduler whose state is always consistent, under its profile") {
  // It never checks the state: it fails as it is, and passes once the inconsistent states are out
  // of its domain, in the fixtures (not covered, named, never passed) and in exploration.
  const auto& suite = suites::batch_admission;
  CHECK_FALSE(kvc::check(suite, bad::trusts_used).passed());
  CHECK_FALSE(kvc::explore(suite, bad::trusts_used).passed());
  const auto restricted = kvc::restrict_to<kvc::profiles::consistent_scheduler>(suite);
  const kvc::conformance_report checked = kvc::check(restricted, bad::trusts_used);
  CHECK(checked.passed());
  CHECK(checked.not_covered() == 2);  // used above capacity; negative used
  for (const auto& f : checked.fixtures)
    if (f.not_covered) CHECK((f.label == "used above capacity" || f.label == "negative used"));
  const kvc::exploration_report explored = kvc::explore(restricted, bad::trusts_used);
  CHECK_MESSAGE(explored.passed(), text_of(explored));
  CHECK(explored.not_covered > 0);
  CHECK(explored.cases_run > 1000);
  // Four fixtures of the extremes suite start from an inconsistent state.
  CHECK(kvc::check(kvc::restrict_to<kvc::profiles::consistent_scheduler>(suites::batch_admission_extremes),
                   kvc::admitted_batch)
            .not_covered() == 4);
}

TEST_CASE("batch_admission: an engine without empty batches leaves the empty one uncovered") {
  static constexpr kvc::engine_profile no_empty_inputs{.empty_inputs = false};
  // Refuses (returns a wrong total for) an empty batch, as an engine that never forms one may.
  const auto never_empty = [](int capacity, int used, std::span<const int> requests) {
    return requests.empty() ? -1 : kvc::admitted_batch(capacity, used, requests);
  };
  CHECK_FALSE(kvc::check(suites::batch_admission, never_empty).passed());
  const auto checked = kvc::check(kvc::restrict_to<no_empty_inputs>(suites::batch_admission), never_empty);
  CHECK(checked.passed());
  REQUIRE(checked.not_covered() == 1);
  for (const auto& f : checked.fixtures)
    if (f.not_covered) CHECK(f.label == "empty batch");
  CHECK(kvc::explore(kvc::restrict_to<no_empty_inputs>(suites::batch_admission), never_empty).passed());
}
