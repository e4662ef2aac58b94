// tests/admission_support.hpp - helpers shared by the runtime tests of the admission contracts
// (batch and request admission): exact values in sign and magnitude, boundary values, the type
// mixes, and random draws of counts.
#pragma once

#include <doctest/doctest.h>

#include <array>
#include <cstddef>
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

#include "fixture_types.hpp"

namespace kvc_test {

/// A value split into sign and magnitude.
struct signed_magnitude {
  bool negative = false;
  unsigned long long magnitude = 0;
};

template <class T>
signed_magnitude split(T value) {
  if constexpr (std::is_signed_v<T>)
    if (value < 0) return {true, 0ULL - static_cast<unsigned long long>(value)};
  return {false, static_cast<unsigned long long>(value)};
}

/// Boundary values of T: its extremes, their neighbours, and small values around 0.
template <class T>
std::vector<T> boundary_values() {
  using limits = std::numeric_limits<T>;
  std::vector<T> values{limits::min(),
                        static_cast<T>(limits::min() + 1),
                        T{0},
                        T{1},
                        T{2},
                        static_cast<T>(limits::max() / 2),
                        static_cast<T>(limits::max() / 2 + 1),
                        static_cast<T>(limits::max() - 1),
                        limits::max()};
  if constexpr (std::is_signed_v<T>) values.push_back(T{-1});
  return values;
}

template <class T>
std::string type_name() {
  return (std::is_signed_v<T> ? "int" : "uint") + std::to_string(8 * sizeof(T));
}

/// The results of `f(capacity_type, used_type, request_type)` (each a `std::type_identity`) for
/// every mix of capacity_types, used_types and request_types: 7 * 3 * 7 of them.
template <class Result, class F>
std::vector<Result> results_of_every_mix(F&& f) {
  std::vector<Result> results;
  for_each_type(capacity_types{}, [&](auto capacity_type) {
    for_each_type(used_types{}, [&](auto used_type) {
      for_each_type(request_types{}, [&](auto request_type) {
        results.push_back(f(capacity_type, used_type, request_type));
      });
    });
  });
  return results;
}

/// How many kinds of range `for_each_kind_of_range` passes (clang 14's concepts reject libstdc++
/// 12's views: no view with clang).
#if defined(__clang__)
inline constexpr std::size_t kinds_of_range = 9;
#else
inline constexpr std::size_t kinds_of_range = 10;
#endif

/// Calls `check(requests)` with the queue {4, 0, 3, 2} in every kind of range the admission
/// contracts take, each as the tests have always passed it (containers as const lvalues, views and
/// the rest as prvalues): a C array, std::vector, std::array, spans of dynamic and static extent,
/// std::list<long>, std::deque<short>, std::initializer_list, an input-only range and (but with
/// clang) a transform view.
template <class F>
void for_each_kind_of_range(F&& check) {
  const int c_array[] = {4, 0, 3, 2};
  const std::vector<int> vec(std::begin(c_array), std::end(c_array));
  const std::array<int, 4> arr{4, 0, 3, 2};
  const std::list<long> lst(vec.begin(), vec.end());
  const std::deque<short> deq(vec.begin(), vec.end());
  check(c_array);
  check(vec);
  check(arr);
  check(std::span<const int>(vec));
  check(std::span<const int, 4>(c_array));
  check(lst);
  check(deq);
  check(std::initializer_list<int>{4, 0, 3, 2});
  check(single_pass_range{{4, 0, 3, 2}});
#if !defined(__clang__)
  check(std::views::transform(vec, [](int v) { return v; }));
#endif
}

/// Checks that `admit(capacity, used, requests)` is `expected` for the queue {4, 0, 3, 2} in every
/// kind of range of `for_each_kind_of_range`.
template <class Admit, class C, class U, class E>
void check_every_kind_of_range(const Admit& admit, C capacity, U used, E expected) {
  std::size_t kind = 0;
  for_each_kind_of_range([&](auto&& requests) {
    CAPTURE(kind);  // which kind of range, in for_each_kind_of_range's order
    CHECK(admit(capacity, used, std::forward<decltype(requests)>(requests)) == expected);
    ++kind;
  });
  CHECK(kind == kinds_of_range);
}

/// Whether a zero is drawn as a kind of its own (one draw in ten) or only as a small value.
enum class zero_draws { among_small, own_kind };

/// A count of type T drawn from a mix of small, huge and (at `negative_rate`, for a signed T)
/// negative values.
template <class T>
T draw(std::mt19937_64& rng, std::type_identity<T>, double negative_rate, zero_draws zeros) {
  using limits = std::numeric_limits<T>;
  std::uniform_int_distribution<int> kind(0, 9);
  std::uniform_int_distribution<T> any(limits::min(), limits::max());
  std::uniform_int_distribution<int> small(0, 20);
  if (std::bernoulli_distribution(negative_rate)(rng) && std::is_signed_v<T>)
    return static_cast<T>(-small(rng) - 1);
  switch (kind(rng)) {
    case 0:
      return limits::max();
    case 1:
      return static_cast<T>(limits::max() - static_cast<T>(small(rng)));
    case 2:
      return static_cast<T>(limits::max() / 2 + static_cast<T>(small(rng)));
    case 3:
      return any(rng);
    case 4:
      if (zeros == zero_draws::own_kind) return T{0};
      [[fallthrough]];
    default:
      return static_cast<T>(small(rng));
  }
}

/// A random admission state: a queue of up to `max(length)` requests, then capacity and used (used
/// reduced modulo 8 half the time, so that it is often consistent), drawn in that order.
template <class C, class R>
struct random_state {
  std::vector<R> requests;
  C capacity;
  C used;
};

template <class C, class R>
random_state<C, R> draw_state(std::mt19937_64& rng, std::uniform_int_distribution<std::size_t>& length,
                              zero_draws zeros) {
  std::vector<R> requests(length(rng));
  for (auto& r : requests) r = draw(rng, std::type_identity<R>{}, 0.03, zeros);
  const C capacity = draw(rng, std::type_identity<C>{}, 0.02, zeros);
  C used = draw(rng, std::type_identity<C>{}, 0.02, zeros);
  if (std::bernoulli_distribution(0.5)(rng)) used = static_cast<C>(used % 8);
  return {std::move(requests), capacity, used};
}

}  // namespace kvc_test
