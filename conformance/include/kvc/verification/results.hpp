// kvc/verification/results.hpp - how an implementation's actual result is compared with a
// fixture's expected one.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <kvc/concepts.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/detail/ranges.hpp>

#include "offered_arguments.hpp"

namespace kvc::detail {

/// Results are equal when they are equal integers (by value, across signedness), equal-length
/// ranges of equal results, or otherwise `==`.
template <class A, class E>
[[nodiscard]] constexpr bool same_result(const A& actual, const E& expected) noexcept {
  if constexpr (std::is_same_v<A, no_call_shape_fits>) {
    return false;  // the call shape's static_assert has said why
  } else if constexpr (std::ranges::contiguous_range<const A> && std::ranges::contiguous_range<const E>) {
    // Pointers: cheap in constant evaluation, for fixtures of tens of thousands of tokens.
    const std::size_t size = std::ranges::size(actual);
    if (size != std::ranges::size(expected)) return false;
    const auto* a = std::ranges::data(actual);
    const auto* e = std::ranges::data(expected);
    for (std::size_t i = 0; i < size; ++i)
      if (!same_result(a[i], e[i])) return false;
    return true;
  } else if constexpr (std::ranges::range<const A> && std::ranges::range<const E>) {
    auto a = std::ranges::begin(actual);
    auto e = std::ranges::begin(expected);
    for (; a != std::ranges::end(actual) && e != std::ranges::end(expected); ++a, ++e)
      if (!same_result(*a, *e)) return false;
    return a == std::ranges::end(actual) && e == std::ranges::end(expected);
  } else if constexpr (comparable_with<A, E>) {
    return equal_ids(actual, expected);
  } else {
    static_assert(comparable_with<A, E>,
                  "kvc: an implementation's result must be comparable with the fixture's expected "
                  "result (an integer, a range of integers, or a type with ==)");
    return false;
  }
}

}  // namespace kvc::detail
