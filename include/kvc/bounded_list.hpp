// kvc/bounded_list.hpp - a constexpr list of at most Capacity values, for compile-time results
// whose length depends on the input's values (the run offsets of a segment sequence, say).
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include "concepts.hpp"
#include "detail/equal.hpp"
#include "detail/ranges.hpp"

namespace kvc {

/// The first `size()` of `Capacity` slots hold values; the range covers exactly those.
template <class T, std::size_t Capacity>
struct bounded_list {
  /// The slots: the first `count` hold the values, the rest are value-initialized.
  std::array<T, Capacity> storage{};
  /// How many values the list holds, at most `Capacity`.
  std::size_t count = 0;

  /// Appends `value`. Requires `size() < Capacity`.
  constexpr void push_back(const T& value) noexcept { storage[count++] = value; }
  /// How many values the list holds.
  [[nodiscard]] constexpr std::size_t size() const noexcept { return count; }
  /// Whether the list holds no value.
  [[nodiscard]] constexpr bool empty() const noexcept { return count == 0; }
  /// The first value.
  [[nodiscard]] constexpr const T* begin() const noexcept { return storage.data(); }
  /// Past the last value (not past the last slot).
  [[nodiscard]] constexpr const T* end() const noexcept { return storage.data() + count; }
  /// The `i`th value. Requires `i < size()`.
  [[nodiscard]] constexpr const T& operator[](std::size_t i) const noexcept { return storage[i]; }

  /// Equal to any sized range holding the same values, e.g. a `std::array` of them. Integers
  /// compare by value across signedness.
  template <std::ranges::sized_range R>
    requires(!std::same_as<R, bounded_list>)
  [[nodiscard]] friend constexpr bool operator==(const bounded_list& list, const R& other) noexcept {
    if (std::ranges::size(other) != list.count) return false;
    std::size_t i = 0;
    for (const auto& value : other)
      if (!detail::equal_ids(list.storage[i++], value)) return false;
    return true;
  }
  /// Equal when both hold the same values; the slots past them do not count.
  [[nodiscard]] friend constexpr bool operator==(const bounded_list& a, const bounded_list& b) noexcept {
    if (a.count != b.count) return false;
    for (std::size_t i = 0; i < a.count; ++i)
      if (!detail::equal_ids(a.storage[i], b.storage[i])) return false;
    return true;
  }
};

}  // namespace kvc
