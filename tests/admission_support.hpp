// tests/admission_support.hpp - helpers shared by the runtime tests of the admission contracts
// (batch and request admission): exact values in sign and magnitude, boundary values, the type
// mixes, and random draws of counts.
#pragma once

#include <cstddef>
#include <limits>
#include <random>
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

/// Calls `f(capacity_type, used_type, request_type)` (each a `std::type_identity`) for every mix of
/// capacity_types, used_types and request_types: 7 * 3 * 7 calls.
template <class F>
void for_each_admission_mix(F&& f) {
  for_each_type(capacity_types{}, [&f](auto capacity_type) {
    for_each_type(used_types{}, [&f, capacity_type](auto used_type) {
      for_each_type(request_types{}, [&f, capacity_type, used_type](auto request_type) {
        f(capacity_type, used_type, request_type);
      });
    });
  });
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

}  // namespace kvc_test
