// kvc/model/integer_key.hpp - an integer of any type held by value: how kvc's reference models
// key requests and namespaces, so that -1 and 2^64 - 1 stay different ids.
#pragma once

#include <cstdint>
#include <utility>

#include "../concepts.hpp"

namespace kvc::model {

/// An integer of any `kvc::integer` type, compared by value: the key of -1 differs from the key of
/// the largest `std::uint64_t`.
struct integer_key {
  /// Whether the value is below zero.
  bool negative = false;
  /// Its absolute value (2^63 for the minimum of `std::int64_t`).
  std::uint64_t magnitude = 0;

  /// The key of `value`.
  template <integer I>
  [[nodiscard]] static constexpr integer_key of(I value) noexcept {
    if (std::cmp_less(value, 0))
      return {true, static_cast<std::uint64_t>(-(value + 1)) + 1};  // no overflow at the minimum
    return {false, static_cast<std::uint64_t>(value)};
  }
  /// Equal when the values are.
  friend constexpr bool operator==(const integer_key&, const integer_key&) = default;
};

}  // namespace kvc::model
