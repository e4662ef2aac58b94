// Runtime tests of kvc::admitted_append (FA-98626): all-or-nothing admission, decided by exact
// mathematical value for any mix of integer types. Two oracles, written independently of the
// library: plain `long long` arithmetic for small ranges, and sign + magnitude for the extremes.
#include <doctest/doctest.h>

#include <kvc/append_admission.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "fixture_types.hpp"

namespace {

using kvc_test::for_each_type;
using kvc_test::integer_types;

// An integer as sign and magnitude, so values of any two types compare without overflow or
// conversion surprises and without needing a 128-bit type.
struct exact {
  bool negative;
  std::uint64_t magnitude;
};

template <class T>
exact to_exact(T v) {
  if constexpr (std::is_signed_v<T>) {
    if (v < 0) {
      // -(v + 1) cannot overflow, even for the minimum.
      return {true, static_cast<std::uint64_t>(-(static_cast<long long>(v) + 1)) + 1u};
    }
  }
  return {false, static_cast<std::uint64_t>(v)};
}

// Small-range oracle: with values in [-3, 8] everything fits in long long, so the contract can be
// written as the obvious sum.
long long small_oracle(long long capacity, long long used, long long requested) {
  const bool admitted = capacity >= 0 && used >= 0 && requested >= 0 && used <= capacity &&
                        used + requested <= capacity;
  return admitted ? requested : 0;
}

// Extremes of every type in the list, plus a few values around 0 and 2^63 (where unsigned sums
// wrap and signed narrowing flips sign), as exact values, sorted and without repeats.
std::vector<exact> interesting_values() {
  std::vector<long long> negatives{-1, -2};
  std::vector<unsigned long long> non_negatives{0, 1, 2, 1ull << 63, (1ull << 63) + 1};
  for_each_type(integer_types{}, [&](auto type) {
    using U = typename decltype(type)::type;
    if constexpr (std::is_signed_v<U>) {
      negatives.push_back(static_cast<long long>(std::numeric_limits<U>::min()));
      negatives.push_back(static_cast<long long>(std::numeric_limits<U>::min()) + 1);
    }
    non_negatives.push_back(static_cast<unsigned long long>(std::numeric_limits<U>::max()));
    non_negatives.push_back(static_cast<unsigned long long>(std::numeric_limits<U>::max()) - 1);
  });
  std::vector<exact> values;
  for (const long long v : negatives) values.push_back(to_exact(v));
  for (const unsigned long long v : non_negatives) values.push_back(to_exact(v));
  const auto key = [](const exact& v) {
    return std::pair{!v.negative, v.negative ? ~v.magnitude : v.magnitude};
  };
  std::sort(values.begin(), values.end(), [&](const exact& a, const exact& b) { return key(a) < key(b); });
  values.erase(std::unique(values.begin(), values.end(),
                           [](const exact& a, const exact& b) {
                             return a.negative == b.negative && a.magnitude == b.magnitude;
                           }),
               values.end());
  return values;
}

// Whether T holds `v`, and `v` as a T.
template <class T>
bool holds(exact v) {
  if (v.negative) {
    if constexpr (std::is_signed_v<T>)
      return v.magnitude - 1 <= static_cast<std::uint64_t>(std::numeric_limits<T>::max());
    else
      return false;
  }
  return v.magnitude <= static_cast<std::uint64_t>(std::numeric_limits<T>::max());
}
template <class T>
T as(exact v) {
  return v.negative ? static_cast<T>(-static_cast<long long>(v.magnitude - 1) - 1) : static_cast<T>(v.magnitude);
}

// One type mix (C, U, R) of kvc::admitted_append over exact values: the one piece of the extremes
// test that is a template, so that the loop over the values is compiled once.
struct type_mix {
  bool (*holds_capacity)(exact);
  bool (*holds_used)(exact);
  bool (*holds_requested)(exact);
  exact (*admitted)(exact capacity, exact used, exact requested);
};
template <class C, class U, class R>
type_mix mix_of() {
  return {holds<C>, holds<U>, holds<R>, [](exact c, exact u, exact r) {
            return to_exact(kvc::admitted_append(as<C>(c), as<U>(u), as<R>(r)));
          }};
}

// Oracle over sign + magnitude: refuse unless every quantity is non-negative, used fits in the
// capacity and the request fits in what is left.
exact oracle_admit(exact c, exact u, exact r) {
  if (c.negative || u.negative || r.negative) return {false, 0};
  if (u.magnitude > c.magnitude) return {false, 0};
  if (r.magnitude > c.magnitude - u.magnitude) return {false, 0};
  return r;
}

std::string text_of(exact v) { return (v.negative ? "-" : "") + std::to_string(v.magnitude); }

// Every (capacity, used, requested) over the interesting values each type of `mix` holds. Counts
// mismatches instead of asserting each of the ~millions of triples, and reports the first one.
void check_all_extremes(const type_mix& mix) {
  static const std::vector<exact> values = interesting_values();
  std::size_t mismatches = 0;
  for (const exact c : values) {
    if (!mix.holds_capacity(c)) continue;
    for (const exact u : values) {
      if (!mix.holds_used(u)) continue;
      for (const exact r : values) {
        if (!mix.holds_requested(r)) continue;
        const exact got = mix.admitted(c, u, r);
        const exact expected = oracle_admit(c, u, r);
        // Never partial and never negative: the grant is the whole request or nothing.
        const bool same = got.negative == expected.negative && got.magnitude == expected.magnitude;
        if (!same && mismatches++ == 0)
          FAIL_CHECK("capacity " << text_of(c) << " used " << text_of(u) << " requested " << text_of(r)
                                 << " got " << text_of(got) << " expected " << text_of(expected));
      }
    }
  }
  CHECK(mismatches == 0);
}

// Every triple of [-3, 8]^3 that C, U and R can represent, against the small-range oracle.
template <class C, class U, class R>
void check_small_range() {
  for (long long c = -3; c <= 8; ++c)
    for (long long u = -3; u <= 8; ++u)
      for (long long r = -3; r <= 8; ++r) {
        if (!std::in_range<C>(c) || !std::in_range<U>(u) || !std::in_range<R>(r)) continue;
        const R got = kvc::admitted_append(static_cast<C>(c), static_cast<U>(u), static_cast<R>(r));
        INFO("capacity " << c << " used " << u << " requested " << r);
        CHECK(static_cast<long long>(got) == small_oracle(c, u, r));
      }
}

}  // namespace

TEST_CASE("admitted_append: result has the type of requested") {
  const std::uint8_t got = kvc::admitted_append(10, 2, std::uint8_t{3});
  CHECK(got == 3);
}

TEST_CASE("admitted_append: hand-picked cases") {
  SUBCASE("request exactly fills the free slots") {
    CHECK(kvc::admitted_append(10, 4, 6) == 6);
  }
  SUBCASE("one slot too many is refused whole, not granted partially") {
    CHECK(kvc::admitted_append(10, 4, 7) == 0);
    CHECK(kvc::admitted_append(10, 8, 5) == 0);
  }
  SUBCASE("the grant is the request, not the free count or a flag") {
    CHECK(kvc::admitted_append(10, 2, 3) == 3);
    CHECK(kvc::admitted_append(100, 0, 1) == 1);
  }
  SUBCASE("slots already used count against the capacity") {
    CHECK(kvc::admitted_append(10, 9, 2) == 0);
    CHECK(kvc::admitted_append(10, 10, 1) == 0);
  }
  SUBCASE("empty cache") {
    CHECK(kvc::admitted_append(0, 0, 0) == 0);
    CHECK(kvc::admitted_append(0, 0, 1) == 0);
    CHECK(kvc::admitted_append(1, 0, 1) == 1);
  }
  SUBCASE("inconsistent states admit nothing") {
    CHECK(kvc::admitted_append(10, -1, 5) == 0);   // negative used
    CHECK(kvc::admitted_append(10, -1, 11) == 0);  // ... even where clamping used to 0 would refuse
    CHECK(kvc::admitted_append(10, 11, 0) == 0);   // used above capacity
    CHECK(kvc::admitted_append(-5, -8, 1) == 0);   // negative capacity
    CHECK(kvc::admitted_append(10, 0, -1) == 0);   // negative request
  }
  SUBCASE("unsigned sums do not wrap") {
    constexpr std::uint64_t max = UINT64_MAX;
    constexpr std::uint64_t half = std::uint64_t{1} << 63;
    CHECK(kvc::admitted_append(max, half, half) == 0);  // half + half wraps to 0
    CHECK(kvc::admitted_append(max, half, half - 1) == half - 1);
    CHECK(kvc::admitted_append(max, max, max) == 0);
    CHECK(kvc::admitted_append(max, 0u, max) == max);
  }
  SUBCASE("large unsigned values are not narrowed to signed") {
    constexpr std::size_t big = (std::size_t{1} << 63) + 5;
    CHECK(kvc::admitted_append(big, std::size_t{5}, std::size_t{1} << 63) == std::size_t{1} << 63);
    CHECK(kvc::admitted_append(big, 0, INT64_MAX) == INT64_MAX);
    CHECK(kvc::admitted_append(big, INT64_MIN, 1) == 0);
  }
  SUBCASE("signed and unsigned mixed at the type boundaries") {
    CHECK(kvc::admitted_append(std::int8_t{127}, std::uint64_t{0}, std::uint8_t{127}) == 127);
    CHECK(kvc::admitted_append(std::int8_t{127}, std::uint64_t{0}, std::uint8_t{128}) == 0);
    CHECK(kvc::admitted_append(std::uint8_t{255}, std::int8_t{-1}, std::int8_t{1}) == 0);
    CHECK(kvc::admitted_append(UINT32_MAX, std::int8_t{0}, -1) == 0);
  }
}

TEST_CASE("admitted_append: exhaustive over small ranges of every argument") {
  SUBCASE("int int int") {
    check_small_range<int, int, int>();
  }
  SUBCASE("int8 int16 int64") {
    check_small_range<std::int8_t, std::int16_t, std::int64_t>();
  }
  SUBCASE("long long unsigned short") {
    check_small_range<long long, unsigned, short>();
  }
  SUBCASE("size_t int int8") {
    check_small_range<std::size_t, int, std::int8_t>();
  }
  SUBCASE("uint8 uint16 uint32") {
    check_small_range<std::uint8_t, std::uint16_t, std::uint32_t>();
  }
  SUBCASE("int64 size_t uint8") {
    check_small_range<std::int64_t, std::size_t, std::uint8_t>();
  }
}

TEST_CASE("admitted_append: every type mix at the extremes") {
  // 9 x 9 x 9 type combinations, each over the cube of its interesting values.
  for_each_type(integer_types{}, [](auto capacity_type) {
    for_each_type(integer_types{}, [](auto used_type) {
      for_each_type(integer_types{}, [](auto requested_type) {
        check_all_extremes(mix_of<typename decltype(capacity_type)::type, typename decltype(used_type)::type,
                                  typename decltype(requested_type)::type>());
      });
    });
  });
}

TEST_CASE("admitted_append: random values from fixed seeds") {
  // Random capacities, with used and requested drawn near the boundaries that matter (a fraction of
  // the capacity, then the exact number of free slots give or take 2), clamped into their types.
  const auto run = [](std::uint64_t seed, auto capacity_type, auto used_type, auto requested_type) {
    using C = typename decltype(capacity_type)::type;
    using U = typename decltype(used_type)::type;
    using R = typename decltype(requested_type)::type;
    const auto clamp_to = [](long long value, auto type) {
      using T = typename decltype(type)::type;
      if (std::in_range<T>(value)) return static_cast<T>(value);
      return value < 0 ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
    };
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<long long> any_capacity(
        static_cast<long long>(std::numeric_limits<C>::min()),
        static_cast<long long>(std::numeric_limits<C>::max()));
    std::uniform_int_distribution<long long> divisor(1, 6);
    std::uniform_int_distribution<long long> offset(-2, 2);
    std::size_t mismatches = 0;
    for (int iteration = 0; iteration < 20'000; ++iteration) {
      const C c = static_cast<C>(any_capacity(rng));
      const U u = clamp_to(static_cast<long long>(c) / divisor(rng) + offset(rng), used_type);
      const exact ce = to_exact(c);
      const exact ue = to_exact(u);
      const bool consistent = !ce.negative && !ue.negative && ue.magnitude <= ce.magnitude;
      const std::uint64_t free_slots = consistent ? ce.magnitude - ue.magnitude : 0;
      const long long near_free =
          static_cast<long long>(std::min<std::uint64_t>(free_slots, INT64_MAX - 2)) + offset(rng);
      const R r = clamp_to(near_free, requested_type);
      const exact got = to_exact(kvc::admitted_append(c, u, r));
      const exact expected = oracle_admit(ce, ue, to_exact(r));
      if ((got.negative != expected.negative || got.magnitude != expected.magnitude) && mismatches++ == 0)
        FAIL_CHECK("seed " << seed << " capacity " << +c << " used " << +u << " requested " << +r
                           << " got " << text_of(got) << " expected " << text_of(expected));
    }
    CHECK(mismatches == 0);
  };
  SUBCASE("int64 int64 int64") {
    run(11, std::type_identity<std::int64_t>{}, std::type_identity<std::int64_t>{},
        std::type_identity<std::int64_t>{});
  }
  SUBCASE("int32 uint16 int64") {
    run(12, std::type_identity<std::int32_t>{}, std::type_identity<std::uint16_t>{},
        std::type_identity<std::int64_t>{});
  }
  SUBCASE("int16 int int8") {
    run(13, std::type_identity<std::int16_t>{}, std::type_identity<int>{},
        std::type_identity<std::int8_t>{});
  }
  SUBCASE("uint32 int8 size_t") {
    run(14, std::type_identity<std::uint32_t>{}, std::type_identity<std::int8_t>{},
        std::type_identity<std::size_t>{});
  }
}
