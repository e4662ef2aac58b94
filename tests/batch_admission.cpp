// Runtime tests of kvc::admitted_batch: a batch of slot requests is admitted whole (its total) or
// not at all (0). The oracle works in sign and magnitude with a two-word sum, so it never overflows
// and never goes through a common type; batches of one are compared with kvc::admitted_append.
#include <doctest/doctest.h>

#include <kvc/append_admission.hpp>
#include <kvc/batch_admission.hpp>

#include "admission_support.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <list>
#include <random>
#include <ranges>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using kvc_test::boundary_values;
using kvc_test::signed_magnitude;
using kvc_test::single_pass_range;
using kvc_test::split;
using kvc_test::type_name;

// Oracle: check every input's sign first, then add magnitudes into a 128-bit (high, low) pair and
// compare with the free slots only at the end. Returns the admitted total, or nothing.
struct oracle_result {
  bool admitted = false;
  unsigned long long total = 0;
};

template <class C, class U, class R>
oracle_result oracle_batch(C capacity, U used, const R& requests) {
  const signed_magnitude c = split(capacity);
  const signed_magnitude u = split(used);
  if (c.negative || u.negative || u.magnitude > c.magnitude) return {};
  for (const auto request : requests)
    if (split(request).negative) return {};
  unsigned long long high = 0;
  unsigned long long low = 0;
  for (const auto request : requests) {
    low += split(request).magnitude;
    if (low < split(request).magnitude) ++high;  // carry
  }
  if (high != 0 || low > c.magnitude - u.magnitude) return {};
  return {true, low};
}

// The library's result against the oracle, by value; the result's type is checked too.
template <class C, class U, class R>
bool agrees_with_oracle(C capacity, U used, const R& requests) {
  const auto got = kvc::admitted_batch(capacity, used, requests);
  const oracle_result expected = oracle_batch(capacity, used, requests);
  return std::cmp_equal(got, expected.admitted ? expected.total : 0ULL);
}

// A batch of one against kvc::admitted_append and the oracle, over every combination of boundary
// values of the three types. No doctest macro here: the 147 instantiations stay cheap to compile.
struct batch_of_one_result {
  std::string types;
  std::size_t mismatches = 0;
  std::size_t admitted = 0;
};

template <class C, class U, class R>
batch_of_one_result check_batch_of_one(std::type_identity<C>, std::type_identity<U>,
                                       std::type_identity<R>) {
  batch_of_one_result result{type_name<C>() + "/" + type_name<U>() + "/" + type_name<R>()};
  for (const C capacity : boundary_values<C>())
    for (const U used : boundary_values<U>())
      for (const R request : boundary_values<R>()) {
        const std::array<R, 1> one{request};
        const auto batch = kvc::admitted_batch(capacity, used, one);
        const auto append = kvc::admitted_append(capacity, used, request);
        if (!std::cmp_equal(batch, append) || !agrees_with_oracle(capacity, used, one))
          ++result.mismatches;
        if (batch != 0) ++result.admitted;
      }
  return result;
}

}  // namespace

TEST_CASE("admitted_batch: result type, noexcept and constexpr") {
  const std::array<int, 2> ints{1, 2};
  CHECK(kvc::admitted_batch(10, 4, ints) == 3);
}

TEST_CASE("admitted_batch: boundary inputs") {
  const auto check = [](long long capacity, long long used, const std::vector<int>& requests,
                        long long expected) {
    CAPTURE(capacity);
    CAPTURE(used);
    CAPTURE(requests.size());
    CHECK(kvc::admitted_batch(capacity, used, requests) == expected);
    CHECK(agrees_with_oracle(capacity, used, requests));
    // The order of the requests does not matter.
    std::vector<int> reversed(requests.rbegin(), requests.rend());
    CHECK(kvc::admitted_batch(capacity, used, reversed) == expected);
  };
  SUBCASE("empty batch admits 0 whatever the state") {
    check(10, 0, {}, 0);
    check(10, 10, {}, 0);
    check(10, 11, {}, 0);
    check(0, 0, {}, 0);
    check(-1, -1, {}, 0);
  }
  SUBCASE("exact fit and one over") {
    check(10, 4, {3, 3}, 6);
    check(10, 4, {3, 4}, 0);
    check(10, 0, {10}, 10);
    check(10, 0, {11}, 0);
    check(10, 0, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 10);
    check(10, 0, {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 0);
    check(10, 9, {0, 0, 1, 0}, 1);
    check(10, 9, {0, 1, 0, 1}, 0);
  }
  SUBCASE("zero requests and a full cache") {
    check(10, 10, {0, 0, 0}, 0);
    check(10, 10, {0, 1}, 0);
    check(0, 0, {0}, 0);
    check(0, 0, {1}, 0);
  }
  SUBCASE("used above capacity admits nothing") {
    check(10, 11, {0}, 0);
    check(10, 11, {1}, 0);
    check(0, 1, {0}, 0);
  }
  SUBCASE("negative state admits nothing") {
    check(10, -1, {1}, 0);
    check(-5, -10, {1}, 0);  // free slots would look like 5
    check(-1, 0, {0}, 0);
    check(LLONG_MIN, LLONG_MIN, {1}, 0);
  }
  SUBCASE("a negative request anywhere refuses the batch") {
    check(10, 0, {-1}, 0);
    check(10, 0, {-1, 2}, 0);  // the sum 1 would fit
    check(10, 0, {3, -1, 2}, 0);
    check(10, 0, {3, 2, -1}, 0);
    check(10, 0, {5, 5, -5}, 0);  // a negative cannot offset an overshoot...
    check(10, 0, {11, -1}, 0);    // ... nor make it fit
    check(INT_MAX, 0, {INT_MIN, INT_MAX}, 0);
  }
}

TEST_CASE("admitted_batch: sums beyond 64 bits are refused, never wrapped") {
  constexpr std::int64_t i64max = INT64_MAX;
  constexpr std::uint64_t u64max = UINT64_MAX;
  SUBCASE("INT64_MAX entries against a uint64 capacity") {
    // 2 * INT64_MAX = UINT64_MAX - 1 fits; one more slot fills it; two more would make 2^64.
    CHECK(kvc::admitted_batch(u64max, 0, std::array{i64max, i64max}) == u64max - 1);
    CHECK(kvc::admitted_batch(u64max, 0, std::array{i64max, i64max, std::int64_t{1}}) == u64max);
    CHECK(kvc::admitted_batch(u64max, 0, std::array{i64max, i64max, std::int64_t{2}}) == 0);
    CHECK(kvc::admitted_batch(u64max, 1, std::array{i64max, i64max}) == u64max - 1);
    CHECK(kvc::admitted_batch(u64max, 2, std::array{i64max, i64max}) == 0);
    CHECK(kvc::admitted_batch(u64max, 0, std::array{i64max, i64max, i64max}) == 0);
  }
  SUBCASE("wrapping to a small total in 64 bits") {
    // 3 * INT64_MAX = 2^63 - 3 (mod 2^64), which is below INT64_MAX.
    CHECK(kvc::admitted_batch(i64max, 0, std::array{i64max, i64max, i64max}) == 0);
    // 2^63 + 2^63 + 5 = 5 (mod 2^64), which fits in 10.
    constexpr std::uint64_t half = 1ULL << 63;
    CHECK(kvc::admitted_batch(10, 0, std::array<std::uint64_t, 3>{half, half, 5}) == 0);
    CHECK(kvc::admitted_batch(u64max, 0, std::array<std::uint64_t, 3>{half, half, 5}) == 0);
    // UINT64_MAX + 2 = 1 (mod 2^64).
    CHECK(kvc::admitted_batch(u64max, 0, std::array<std::uint64_t, 2>{u64max, 2}) == 0);
    CHECK(kvc::admitted_batch(u64max, 0, std::array<std::uint64_t, 2>{u64max, 0}) == u64max);
    CHECK(kvc::admitted_batch(
              u64max, 0,
              std::array<std::uint64_t, 4>{1ULL << 62, 1ULL << 62, 1ULL << 62, 1ULL << 62}) == 0);
    // INT_MAX + INT_MAX + 2 = 0 in 32 bits: an int accumulator would admit.
    CHECK(kvc::admitted_batch(i64max, 0, std::array{INT_MAX, INT_MAX, 2}) == 2LL * INT_MAX + 2);
    CHECK(kvc::admitted_batch(std::int8_t{100}, 0, std::array<std::int8_t, 3>{127, 127, 2}) == 0);
    CHECK(kvc::admitted_batch(UINT32_MAX, 0, std::array{UINT32_MAX, 1u}) == 0);
  }
  SUBCASE("the oracle agrees on all of them") {
    CHECK(agrees_with_oracle(u64max, 0, std::array{i64max, i64max}));
    CHECK(agrees_with_oracle(u64max, 0, std::array{i64max, i64max, i64max}));
    CHECK(agrees_with_oracle(i64max, 0, std::array{i64max, i64max, i64max}));
    CHECK(agrees_with_oracle(u64max, 0, std::array<std::uint64_t, 2>{u64max, 2}));
    CHECK(agrees_with_oracle(i64max, i64max, std::array{i64max, -i64max}));
  }
  SUBCASE("200k entries of INT64_MAX") {
    const std::vector<std::int64_t> huge(200'000, i64max);
    CHECK(kvc::admitted_batch(u64max, 0, huge) == 0);
    CHECK(kvc::admitted_batch(i64max, 0, huge) == 0);
    CHECK(agrees_with_oracle(u64max, 0, huge));
    const std::vector<std::int64_t> one_huge_rest_zero = [&] {
      std::vector<std::int64_t> v(200'000, 0);
      v[123'456] = i64max;
      return v;
    }();
    CHECK(kvc::admitted_batch(i64max, 0, one_huge_rest_zero) == i64max);
    CHECK(kvc::admitted_batch(i64max, 1, one_huge_rest_zero) == 0);
  }
}

TEST_CASE("admitted_batch: mixed signedness is decided by value") {
  SUBCASE("negative requests never read as large unsigned values") {
    CHECK(kvc::admitted_batch(UINT64_MAX, 0, std::array<std::int8_t, 1>{-1}) == 0);
    CHECK(kvc::admitted_batch(UINT64_MAX, 0, std::array<std::int64_t, 2>{INT64_MIN, 5}) == 0);
    CHECK(kvc::admitted_batch(std::uint8_t{255}, 0, std::array<std::int8_t, 2>{-1, 1}) == 0);
    CHECK(kvc::admitted_batch(256u, 0, std::array<std::int8_t, 2>{-128, 127}) == 0);
  }
  SUBCASE("unsigned requests above a signed capacity") {
    CHECK(kvc::admitted_batch(INT_MAX, 0, std::array<std::uint64_t, 1>{1ULL << 32}) == 0);
    CHECK(kvc::admitted_batch(INT_MAX, 0, std::array<std::uint64_t, 1>{INT_MAX}) == INT_MAX);
    CHECK(kvc::admitted_batch(-1, 0, std::array<unsigned, 1>{0}) == 0);
    CHECK(kvc::admitted_batch(std::int8_t{100}, 0, std::array<std::uint8_t, 1>{100}) == 100);
    CHECK(kvc::admitted_batch(std::int8_t{100}, 0, std::array<std::uint8_t, 1>{156}) == 0);
  }
  SUBCASE("narrow types whose sum needs a wider one") {
    CHECK(kvc::admitted_batch(std::uint8_t{255}, 0, std::array<std::int8_t, 2>{127, 127}) == 254);
    CHECK(kvc::admitted_batch(std::uint8_t{255}, 0, std::array<std::int8_t, 3>{127, 127, 1}) ==
          255);
    CHECK(kvc::admitted_batch(std::uint8_t{255}, 0, std::array<std::int8_t, 3>{127, 127, 2}) == 0);
    CHECK(kvc::admitted_batch(std::uint8_t{255}, std::uint8_t{1},
                              std::array<std::int8_t, 3>{127, 127, 1}) == 0);
    CHECK(kvc::admitted_batch(std::int8_t{127}, 0, std::array<std::int8_t, 2>{100, 27}) == 127);
    CHECK(kvc::admitted_batch(std::int8_t{127}, 0, std::array<std::int8_t, 2>{100, 28}) == 0);
  }
  SUBCASE("used of another type") {
    CHECK(kvc::admitted_batch(10, UINT64_MAX, std::array{0}) == 0);  // not -1
    CHECK(kvc::admitted_batch(10u, -1, std::array{0}) == 0);         // not UINT_MAX
    CHECK(kvc::admitted_batch(UINT64_MAX, UINT64_MAX - 3, std::array{1, 2}) == 3);
    CHECK(kvc::admitted_batch(UINT64_MAX, UINT64_MAX - 3, std::array{2, 2}) == 0);
    CHECK(kvc::admitted_batch(std::int8_t{10}, std::int64_t{8}, std::array<std::uint64_t, 1>{2}) ==
          2);
    CHECK(kvc::admitted_batch(std::int8_t{10}, std::int64_t{-8}, std::array<std::uint64_t, 1>{2}) ==
          0);
  }
}

TEST_CASE("admitted_batch: every kind of range gives the same answer") {
  for (const int capacity : {8, 9, 10, 20}) {
    CAPTURE(capacity);
    const int expected = capacity - 1 >= 9 ? 9 : 0;  // 1 slot is used; the batch totals 9
    kvc_test::check_every_kind_of_range(kvc::admitted_batch, capacity, 1, expected);
#if !defined(__clang__)  // clang 14's concepts reject libstdc++ 12's views
    CHECK(kvc::admitted_batch(capacity, 1, std::views::iota(2, 5)) == expected);  // 2 + 3 + 4
#endif
  }
  const std::vector<int> vec{4, 0, 3, 2};
  CHECK(kvc::admitted_batch(10, 0, std::span<const int>(vec).first(2)) == 4);
  CHECK(kvc::admitted_batch(10, 0, std::span<const int>()) == 0);
}

TEST_CASE("admitted_batch: a batch of one is admitted_append") {
  // Every combination of boundary values, for every mix of capacity, used and request types.
  const auto results = kvc_test::results_of_every_mix<batch_of_one_result>(
      [](auto capacity_type, auto used_type, auto request_type) {
        return check_batch_of_one(capacity_type, used_type, request_type);
      });
  CHECK(results.size() == 7 * 3 * 7);
  for (const auto& result : results) {
    CAPTURE(result.types);  // capacity/used/request
    CHECK(result.mismatches == 0);
    CHECK(result.admitted > 0);
  }
}

TEST_CASE("admitted_batch: random batches against the exact oracle") {
  // Requests drawn from a mix of small, huge and negative values, so that overflowing, fitting
  // and refused batches all occur.
  const auto run = [](std::uint64_t seed, auto capacity_type, auto request_type) {
    using C = typename decltype(capacity_type)::type;
    using R = typename decltype(request_type)::type;
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> length(0, 6);
    std::size_t mismatches = 0;
    std::size_t admitted = 0;
    std::size_t refused = 0;
    for (int iteration = 0; iteration < 3000; ++iteration) {
      auto state = kvc_test::draw_state<C, R>(rng, length, kvc_test::zero_draws::among_small);
      std::vector<R>& requests = state.requests;
      const C capacity = state.capacity;
      const C used = state.used;
      const auto got = kvc::admitted_batch(capacity, used, requests);
      const oracle_result expected = oracle_batch(capacity, used, requests);
      if (!std::cmp_equal(got, expected.admitted ? expected.total : 0ULL)) {
        if (mismatches++ == 0) {
          INFO("seed " << seed << " iteration " << iteration << " size " << requests.size());
          CHECK(std::cmp_equal(got, expected.admitted ? expected.total : 0ULL));
        }
      }
      (expected.admitted && expected.total > 0 ? admitted : refused) += 1;
      // Admission does not depend on the order of the requests.
      std::shuffle(requests.begin(), requests.end(), rng);
      if (kvc::admitted_batch(capacity, used, requests) != got) ++mismatches;
    }
    CHECK(mismatches == 0);
    CHECK(admitted > 100);
    CHECK(refused > 100);
  };
  SUBCASE("int64 requests, uint64 capacity") {
    run(71, std::type_identity<std::uint64_t>{}, std::type_identity<std::int64_t>{});
  }
  SUBCASE("uint64 requests, int64 capacity") {
    run(72, std::type_identity<std::int64_t>{}, std::type_identity<std::uint64_t>{});
  }
  SUBCASE("int64 requests, int64 capacity") {
    run(73, std::type_identity<std::int64_t>{}, std::type_identity<std::int64_t>{});
  }
  SUBCASE("int16 requests, uint16 capacity") {
    run(74, std::type_identity<std::uint16_t>{}, std::type_identity<std::int16_t>{});
  }
  SUBCASE("int requests, unsigned capacity") {
    run(75, std::type_identity<unsigned>{}, std::type_identity<int>{});
  }
}

TEST_CASE("admitted_batch: large batches") {
  SUBCASE("3 million requests of one slot") {
    constexpr std::size_t n = 3'000'000;
    const std::vector<std::uint32_t> ones(n, 1u);
    CHECK(kvc::admitted_batch(n, 0, ones) == n);
    CHECK(kvc::admitted_batch(n - 1, 0, ones) == 0);
    CHECK(kvc::admitted_batch(n, 1, ones) == 0);
    CHECK(kvc::admitted_batch(std::int64_t{n} + 5, 5, ones) == std::int64_t{n});
  }
  SUBCASE("200k requests with one negative at the end") {
    std::vector<int> requests(200'000, 0);
    CHECK(kvc::admitted_batch(10, 10, requests) == 0);  // all zero: the total, 0
    requests.back() = -1;
    CHECK(kvc::admitted_batch(INT64_MAX, 0, requests) == 0);
    CHECK(agrees_with_oracle(INT64_MAX, 0, requests));
    requests.back() = 1;
    CHECK(kvc::admitted_batch(INT64_MAX, 0, requests) == 1);
  }
}
