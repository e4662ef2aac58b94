// kvc/detail/equal.hpp - exact equality of two ids: the one place kvc decides `a == b`.
#pragma once

#include <utility>

#include "../concepts.hpp"

namespace kvc::detail {

/// `a == b`, except that two integers compare by mathematical value: `-1` never equals
/// `UINT_MAX`, and mixing signedness is exact and warning-free.
template <class A, class B>
  requires comparable_with<A, B>
[[nodiscard]] constexpr bool equal_ids(const A& a, const B& b) noexcept {
  if constexpr (integer<A> && integer<B>)
    return std::cmp_equal(a, b);
  else
    return static_cast<bool>(a == b);
}

/// Two ids of one type: `==` is exact, for integers too. (The common case, chosen by overload
/// resolution rather than by a branch, so constant evaluation spends one statement on it.)
template <class A>
  requires comparable_with<A, A>
[[nodiscard]] constexpr bool equal_ids(const A& a, const A& b) noexcept {
  return static_cast<bool>(a == b);
}

}  // namespace kvc::detail
