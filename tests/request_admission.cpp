// Runtime tests of kvc::admitted_requests: a queue of slot requests is admitted front to back, each
// whole, up to the first that does not fit; the result is how many. The oracle works in sign and
// magnitude, subtracting each admitted request from the slots left, so it never overflows and
// never goes through a common type.
#include <doctest/doctest.h>

#include <kvc/batch_admission.hpp>
#include <kvc/request_admission.hpp>

#include "admission_support.hpp"

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

// Oracle: a consistent state, then front to back: stop at a negative request or one larger than
// the slots left, else take it from the slots left and count it.
template <class C, class U, class R>
std::size_t oracle_requests(C capacity, U used, const R& requests) {
  const signed_magnitude c = split(capacity);
  const signed_magnitude u = split(used);
  if (c.negative || u.negative || u.magnitude > c.magnitude) return 0;
  unsigned long long left = c.magnitude - u.magnitude;
  std::size_t count = 0;
  for (const auto request : requests) {
    const signed_magnitude r = split(request);
    if (r.negative || r.magnitude > left) break;
    left -= r.magnitude;
    ++count;
  }
  return count;
}

template <class C, class U, class R>
bool request_agrees_with_oracle(C capacity, U used, const R& requests) {
  return kvc::admitted_requests(capacity, used, requests) ==
         oracle_requests(capacity, used, requests);
}

// Queues of two and three boundary values against the oracle, for one type mix. No doctest macro
// here: the 147 instantiations stay cheap to compile.
struct mix_result {
  std::string types;
  std::size_t mismatches = 0;
  std::size_t partial = 0;  // queues admitted in part: some but not all requests
};

template <class C, class U, class R>
mix_result check_mix(std::type_identity<C>, std::type_identity<U>, std::type_identity<R>) {
  mix_result result{type_name<C>() + "/" + type_name<U>() + "/" + type_name<R>()};
  const auto requests = boundary_values<R>();
  for (const C capacity : boundary_values<C>())
    for (const U used : boundary_values<U>())
      for (const R first : requests)
        for (const R second : requests) {
          const std::array<R, 3> queue{first, second, first};
          const std::size_t got = kvc::admitted_requests(capacity, used, queue);
          if (got != oracle_requests(capacity, used, queue)) ++result.mismatches;
          if (got > 0 && got < queue.size()) ++result.partial;
        }
  return result;
}

}  // namespace

TEST_CASE("admitted_requests: in order, each whole, up to the first that does not fit") {
  const auto check = [](long long capacity, long long used, const std::vector<int>& requests,
                        std::size_t expected) {
    CAPTURE(capacity);
    CAPTURE(used);
    CAPTURE(requests.size());
    CHECK(kvc::admitted_requests(capacity, used, requests) == expected);
    CHECK(request_agrees_with_oracle(capacity, used, requests));
  };
  SUBCASE("a prefix is admitted, then admission stops") {
    check(10, 4, {2, 3, 4}, 2);
    check(10, 4, {2, 5, 1}, 1);   // 1 would fit after 5, but admission stopped at 5
    check(10, 0, {11, 1, 1}, 0);  // a large head blocks the queue
    check(10, 0, {10, 0, 1}, 2);
  }
  SUBCASE("exactly filling and one slot short") {
    check(10, 4, {2, 4}, 2);
    check(10, 5, {3, 3}, 1);
    check(10, 0, std::vector<int>(10, 1), 10);
    check(10, 0, std::vector<int>(11, 1), 10);
    check(10, 9, {0, 0, 1, 0}, 4);
    check(10, 9, {0, 1, 0, 1}, 3);
  }
  SUBCASE("zero-size requests are admitted, and admission continues") {
    check(10, 10, {0, 0, 0}, 3);
    check(0, 0, {0}, 1);
    check(0, 0, {0, 1, 0}, 1);
    check(10, 4, {2, 0, 3, 2}, 3);
  }
  SUBCASE("a negative request stops admission") {
    check(10, 0, {-1}, 0);
    check(10, 0, {-1, 2}, 0);
    check(10, 0, {3, -1, 2}, 1);
    check(10, 0, {3, 2, -1}, 2);
    check(INT_MAX, 0, {INT_MAX, INT_MIN, 0}, 1);
  }
  SUBCASE("an empty queue admits 0") {
    check(10, 0, {}, 0);
    check(10, 10, {}, 0);
    check(-1, -1, {}, 0);
  }
  SUBCASE("an inconsistent state admits nothing, not even zero-size requests") {
    check(10, 11, {0}, 0);
    check(0, 1, {0, 0}, 0);
    check(10, -1, {1}, 0);
    check(-5, -10, {1}, 0);  // free slots would look like 5
    check(-1, 0, {0}, 0);
    check(LLONG_MIN, LLONG_MIN, {0}, 0);
  }
}

TEST_CASE("admitted_requests: the running sum is exact, never wrapped") {
  constexpr std::int64_t i64max = INT64_MAX;
  constexpr std::uint64_t u64max = UINT64_MAX;
  // 2 * INT64_MAX = UINT64_MAX - 1; a third INT64_MAX would wrap to INT64_MAX - 2 in 64 bits.
  CHECK(kvc::admitted_requests(u64max, 0, std::array{i64max, i64max, i64max}) == 2);
  CHECK(kvc::admitted_requests(u64max, 0, std::array{i64max, i64max, std::int64_t{1}}) == 3);
  CHECK(kvc::admitted_requests(u64max, 0,
                               std::array{i64max, i64max, std::int64_t{2}, std::int64_t{0}}) == 2);
  CHECK(kvc::admitted_requests(u64max, 1, std::array{i64max, i64max, std::int64_t{0}}) == 3);
  CHECK(kvc::admitted_requests(u64max, 2, std::array{i64max, i64max}) == 1);
  // 2^63 + 2^63 + 5 = 5 (mod 2^64), which fits in 10.
  constexpr std::uint64_t half = 1ULL << 63;
  CHECK(kvc::admitted_requests(10, 0, std::array<std::uint64_t, 3>{half, half, 5}) == 0);
  CHECK(kvc::admitted_requests(u64max, 0, std::array<std::uint64_t, 3>{half, half, 5}) == 1);
  CHECK(kvc::admitted_requests(u64max, 0, std::array<std::uint64_t, 3>{u64max, 0, 1}) == 2);
  // INT_MAX + INT_MAX + 2 = 0 in 32 bits: an int accumulator would admit the third.
  CHECK(kvc::admitted_requests(2LL * INT_MAX + 1, 0, std::array{INT_MAX, INT_MAX, 2}) == 2);
  CHECK(kvc::admitted_requests(std::int8_t{127}, 0, std::array<std::int8_t, 3>{100, 27, 1}) == 2);
  CHECK(kvc::admitted_requests(UINT32_MAX, 0, std::array{UINT32_MAX, 0u, 1u}) == 2);
  CHECK(request_agrees_with_oracle(u64max, 0, std::array{i64max, i64max, i64max}));
  CHECK(request_agrees_with_oracle(i64max, i64max, std::array{i64max, -i64max}));
}

TEST_CASE("admitted_requests: mixed signedness is decided by value") {
  SUBCASE("negative requests never read as large unsigned values") {
    CHECK(kvc::admitted_requests(SIZE_MAX, std::size_t{0}, std::array<std::int8_t, 2>{-1, 1}) == 0);
    CHECK(kvc::admitted_requests(UINT64_MAX, 0, std::array<std::int64_t, 3>{5, INT64_MIN, 5}) == 1);
    CHECK(kvc::admitted_requests(std::uint8_t{255}, 0, std::array<std::int8_t, 2>{1, -1}) == 1);
  }
  SUBCASE("int8 requests with a size_t capacity") {
    CHECK(kvc::admitted_requests(std::size_t{300}, std::size_t{44},
                                 std::array<std::int8_t, 6>{127, 127, 0, 1, 1, 0}) == 6);
    CHECK(kvc::admitted_requests(std::size_t{300}, std::size_t{44},
                                 std::array<std::int8_t, 3>{127, 127, 3}) == 2);
  }
  SUBCASE("unsigned requests above a signed capacity") {
    CHECK(kvc::admitted_requests(INT_MAX, 0, std::array<std::uint64_t, 2>{1ULL << 32, 0}) == 0);
    CHECK(kvc::admitted_requests(INT_MAX, 0, std::array<std::uint64_t, 2>{INT_MAX, 0}) == 2);
    CHECK(kvc::admitted_requests(-1, 0, std::array<unsigned, 1>{0}) == 0);
    CHECK(kvc::admitted_requests(std::int8_t{100}, 0, std::array<std::uint8_t, 2>{100, 0}) == 2);
    CHECK(kvc::admitted_requests(std::int8_t{100}, 0, std::array<std::uint8_t, 1>{156}) == 0);
  }
  SUBCASE("used of another type") {
    CHECK(kvc::admitted_requests(10, UINT64_MAX, std::array{0}) == 0);  // not -1
    CHECK(kvc::admitted_requests(10u, -1, std::array{0}) == 0);         // not UINT_MAX
    CHECK(kvc::admitted_requests(UINT64_MAX, UINT64_MAX - 3, std::array{1, 2, 1}) == 2);
    CHECK(kvc::admitted_requests(std::int8_t{10}, std::int64_t{8},
                                 std::array<std::uint64_t, 2>{2, 0}) == 2);
    CHECK(kvc::admitted_requests(std::int8_t{10}, std::int64_t{-8},
                                 std::array<std::uint64_t, 1>{2}) == 0);
  }
}

TEST_CASE("admitted_requests: every kind of range gives the same answer") {
  for (const int capacity : {1, 5, 8, 9, 10, 20}) {
    CAPTURE(capacity);
    // 1 slot is used; the running sums are 4, 4, 7, 9.
    const std::size_t expected = capacity - 1 >= 9   ? 4
                                 : capacity - 1 >= 7 ? 3
                                 : capacity - 1 >= 4 ? 2
                                                     : 0;
    kvc_test::check_every_kind_of_range(kvc::admitted_requests, capacity, 1, expected);
  }
  const std::vector<int> vec{4, 0, 3, 2};
  CHECK(kvc::admitted_requests(10, 0, std::span<const int>(vec).first(2)) == 2);
  CHECK(kvc::admitted_requests(10, 0, std::span<const int>()) == 0);
}

TEST_CASE("admitted_requests: boundary queues of every type mix agree with the oracle") {
  const auto results = kvc_test::results_of_every_mix<mix_result>(
      [](auto capacity_type, auto used_type, auto request_type) {
        return check_mix(capacity_type, used_type, request_type);
      });
  CHECK(results.size() == 7 * 3 * 7);
  for (const auto& result : results) {
    CAPTURE(result.types);  // capacity/used/request
    CHECK(result.mismatches == 0);
    CHECK(result.partial > 0);
  }
}

TEST_CASE("admitted_requests: random queues against the oracle") {
  // Requests drawn from a mix of small, huge, zero and negative values, so that queues admitted
  // whole, in part and not at all all occur.
  const auto run = [](std::uint64_t seed, auto capacity_type, auto request_type) {
    using C = typename decltype(capacity_type)::type;
    using R = typename decltype(request_type)::type;
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> length(0, 8);
    std::size_t mismatches = 0;
    std::size_t whole = 0;
    std::size_t partial = 0;
    std::size_t none = 0;
    for (int iteration = 0; iteration < 3000; ++iteration) {
      auto state = kvc_test::draw_state<C, R>(rng, length, kvc_test::zero_draws::own_kind);
      std::vector<R>& requests = state.requests;
      const C capacity = state.capacity;
      const C used = state.used;
      const std::size_t got = kvc::admitted_requests(capacity, used, requests);
      const std::size_t expected = oracle_requests(capacity, used, requests);
      if (got != expected && mismatches++ == 0) {
        INFO("seed " << seed << " iteration " << iteration << " size " << requests.size());
        CHECK(got == expected);
      }
      // The admitted prefix is a batch admitted whole; with the next request it is refused.
      const std::span<const R> queue(requests);
      if (got < requests.size() && kvc::admitted_batch(capacity, used, queue.first(got + 1)) != 0)
        ++mismatches;
      (got == 0 ? none : got == requests.size() ? whole : partial) += 1;
    }
    CHECK(mismatches == 0);
    CHECK(whole > 100);
    CHECK(partial > 100);
    CHECK(none > 100);
  };
  SUBCASE("int64 requests, uint64 capacity") {
    run(81, std::type_identity<std::uint64_t>{}, std::type_identity<std::int64_t>{});
  }
  SUBCASE("uint64 requests, int64 capacity") {
    run(82, std::type_identity<std::int64_t>{}, std::type_identity<std::uint64_t>{});
  }
  SUBCASE("int64 requests, int64 capacity") {
    run(83, std::type_identity<std::int64_t>{}, std::type_identity<std::int64_t>{});
  }
  SUBCASE("int8 requests, size_t capacity") {
    run(84, std::type_identity<std::size_t>{}, std::type_identity<std::int8_t>{});
  }
  SUBCASE("int16 requests, uint16 capacity") {
    run(85, std::type_identity<std::uint16_t>{}, std::type_identity<std::int16_t>{});
  }
  SUBCASE("int requests, unsigned capacity") {
    run(86, std::type_identity<unsigned>{}, std::type_identity<int>{});
  }
}

TEST_CASE("admitted_requests: long queues, counts past 256 and 65,536") {
  SUBCASE("300 zero-size requests, then one that does not fit") {
    std::vector<std::int8_t> requests(300, 0);
    requests.push_back(1);
    CHECK(kvc::admitted_requests(std::size_t{0}, std::size_t{0}, requests) == 300);
    CHECK(kvc::admitted_requests(std::size_t{1}, std::size_t{0}, requests) == 301);
  }
  SUBCASE("70,000 requests of one slot") {
    constexpr std::size_t n = 70'000;
    const std::vector<std::uint8_t> ones(n, 1);
    CHECK(kvc::admitted_requests(n, 0, ones) == n);
    CHECK(kvc::admitted_requests(n - 1, 0, ones) == n - 1);
    CHECK(kvc::admitted_requests(std::int64_t{n} + 5, 5, ones) == n);
    CHECK(kvc::admitted_requests(UINT64_MAX, 0, ones) == n);
  }
  SUBCASE("200k requests with one negative near the end") {
    std::vector<int> requests(200'000, 0);
    CHECK(kvc::admitted_requests(10, 10, requests) == 200'000);
    requests[199'990] = -1;
    CHECK(kvc::admitted_requests(INT64_MAX, 0, requests) == 199'990);
    CHECK(request_agrees_with_oracle(INT64_MAX, 0, requests));
  }
  SUBCASE("200k entries of INT64_MAX") {
    const std::vector<std::int64_t> huge(200'000, INT64_MAX);
    CHECK(kvc::admitted_requests(UINT64_MAX, 0, huge) == 2);
    CHECK(kvc::admitted_requests(INT64_MAX, 0, huge) == 1);
    CHECK(kvc::admitted_requests(INT64_MAX, 1, huge) == 0);
    CHECK(request_agrees_with_oracle(UINT64_MAX, 0, huge));
  }
}
