// kvc/spec/integer_result.hpp - an integer result of any type, as the run-time checks keep and
// print it: its sign and magnitude, so that `-1` returned as an `int` and `SIZE_MAX` returned as a
// `std::size_t` are both shown as what they are.
#pragma once

#include <concepts>
#include <type_traits>

#include <kvc/detail/equal.hpp>

namespace kvc::detail {

/// An integer result of any type, as the run-time checks keep it: its sign and magnitude
/// (`integral` false: the implementation returned something that is not an integer).
struct integer_result {
  bool integral = false;
  bool negative = false;
  unsigned long long magnitude = 0;

  friend constexpr bool operator==(const integer_result&, const integer_result&) = default;
};

/// `value` as an `integer_result`.
template <class T>
[[nodiscard]] constexpr integer_result to_integer_result(const T& value) noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    return {true, false, value ? 1ULL : 0ULL};
  } else if constexpr (std::integral<T> || std::is_enum_v<T>) {
    const auto v = integer_value(value);
    if constexpr (std::is_signed_v<decltype(v)>) {
      if (v < 0) return {true, true, static_cast<unsigned long long>(-(v + 1)) + 1};
    }
    return {true, false, static_cast<unsigned long long>(v)};
  } else {
    return {};
  }
}

}  // namespace kvc::detail
