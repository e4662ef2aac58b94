// kvc/spec/fixture_list.hpp - a short list of values that are not integers (multimodal items) as a
// fixture table holds it: at most `Capacity` values, written as a brace list (`{{2, 3, h}}` is one
// item, `{}` none), so that a table row reads as the call it makes and a counterexample
// `kvc::explore` prints as a fixture row pastes into a table unchanged. Cheap to build in a
// constant evaluation; a call receives it as a `std::span<const V>` (or, at run time, a vector).
#pragma once

#include <cstddef>
#include <initializer_list>

namespace kvc {

/// Up to `Capacity` values of type `V`, in the order written.
template <class V, std::size_t Capacity>
class fixture_list {
 public:
  /// The element type.
  using value_type = V;

  /// The empty list.
  constexpr fixture_list() noexcept = default;
  /// The values listed. More than `Capacity` values stop a constant evaluation (an index past the
  /// end).
  constexpr fixture_list(std::initializer_list<V> values) noexcept {  // NOLINT: a table's braces
    for (const V& value : values) values_[size_++] = value;
  }

  /// How many values.
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  /// Whether there is no value.
  [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }
  /// The first value.
  [[nodiscard]] constexpr const V* begin() const noexcept { return values_; }
  /// Past the last value.
  [[nodiscard]] constexpr const V* end() const noexcept { return values_ + size_; }
  /// The values, contiguous.
  [[nodiscard]] constexpr const V* data() const noexcept { return values_; }
  /// Value `i`. Requires `i < size()`.
  [[nodiscard]] constexpr const V& operator[](std::size_t i) const noexcept { return values_[i]; }

  /// Equal when they hold equal values.
  [[nodiscard]] friend constexpr bool operator==(const fixture_list& a, const fixture_list& b) noexcept {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i)
      if (!(a.values_[i] == b.values_[i])) return false;
    return true;
  }

 private:
  V values_[Capacity]{};
  std::size_t size_ = 0;
};

}  // namespace kvc
