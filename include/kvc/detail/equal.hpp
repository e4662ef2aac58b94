// kvc/detail/equal.hpp - exact equality of two ids.
#pragma once

#include <type_traits>
#include <utility>

#include "../concepts.hpp"

namespace kvc::detail {

/// `a == b`, except that two integers compare by mathematical value: `-1` never equals
/// `UINT_MAX`, and mixing signedness is exact and warning-free.
template <class A, class B>
  requires comparable_with<A, B>
[[nodiscard]] constexpr bool equal_ids(const A& a, const B& b) noexcept {
  if constexpr (std::is_same_v<A, B>) {
    return static_cast<bool>(a == b);  // the common case, kept cheap for constant evaluation
  } else if constexpr (integer<A> && integer<B>) {
    return std::cmp_equal(a, b);
  } else {
    return static_cast<bool>(a == b);
  }
}

}  // namespace kvc::detail
