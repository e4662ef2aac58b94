// kvc/slot_budget.hpp - the append-admission contract as state: a budget of KV slots that grants
// whole requests or nothing, single-threaded (`kvc::slot_budget`) or lock-free
// (`kvc::concurrent_slot_budget`).
//
// Both are defined by kvc::admitted_append: `try_reserve(n)` grants exactly
// `admitted_append(capacity(), used(), n)`, so a grant is never partial and never negative, and
// `used()` never exceeds `capacity()`.
#pragma once

#include <cstddef>
#include <utility>

#include "append_admission.hpp"
#include "concepts.hpp"
#include "detail/atomic_size.hpp"

namespace kvc {

namespace detail {
/// A budget's capacity from any integer: a negative capacity is an empty budget.
template <integer Capacity>
[[nodiscard]] constexpr std::size_t budget_capacity(Capacity capacity) noexcept {
  if (std::cmp_less(capacity, 0)) return 0;
  if (std::cmp_greater(capacity, static_cast<std::size_t>(-1))) return static_cast<std::size_t>(-1);
  return static_cast<std::size_t>(capacity);
}
}  // namespace detail

/// A single-threaded budget of `capacity` KV slots. Usable in constant expressions.
class slot_budget {
 public:
  /// A budget of `capacity` slots, none used. A negative capacity makes an empty budget.
  template <integer Capacity>
  constexpr explicit slot_budget(Capacity capacity) noexcept
      : capacity_(detail::budget_capacity(capacity)) {}

  /// Reserves all `n` slots and returns `n`, or reserves nothing and returns 0: when they do not
  /// fit in `available()`, and when `n <= 0`.
  template <integer N>
  [[nodiscard]] constexpr N try_reserve(N n) noexcept {
    const N granted = admitted_append(capacity_, used_, n);
    used_ += static_cast<std::size_t>(granted);  // 0 <= granted <= capacity_ - used_
    return granted;
  }

  /// Releases `n` slots and returns true; returns false and changes nothing when `n` is negative
  /// or more than `used()`. Releasing 0 slots succeeds.
  template <integer N>
  [[nodiscard]] constexpr bool release(N n) noexcept {
    if (std::cmp_less(n, 0) || std::cmp_greater(n, used_)) return false;
    used_ -= static_cast<std::size_t>(n);
    return true;
  }

  /// The slots reserved and not yet released.
  [[nodiscard]] constexpr std::size_t used() const noexcept { return used_; }
  /// The slots that can still be reserved: `capacity() - used()`.
  [[nodiscard]] constexpr std::size_t available() const noexcept { return capacity_ - used_; }
  /// The budget's size, fixed at construction (0 for a negative capacity).
  [[nodiscard]] constexpr std::size_t capacity() const noexcept { return capacity_; }

 private:
  std::size_t capacity_;
  std::size_t used_ = 0;
};

/// A lock-free budget of `capacity` KV slots shared by many threads: the same API and contract
/// as `kvc::slot_budget`, each operation a compare-and-swap loop on one atomic counter (a
/// `std::atomic<std::size_t>`, or on g++ and clang the builtins it is made of).
class concurrent_slot_budget {
 public:
  static_assert(detail::atomic_size::is_always_lock_free,
                "kvc::concurrent_slot_budget needs lock-free atomic operations on std::size_t");

  /// A budget of `capacity` slots, none used. A negative capacity makes an empty budget.
  template <integer Capacity>
  explicit concurrent_slot_budget(Capacity capacity) noexcept
      : capacity_(detail::budget_capacity(capacity)) {}

  concurrent_slot_budget(const concurrent_slot_budget&) = delete;
  concurrent_slot_budget& operator=(const concurrent_slot_budget&) = delete;

  /// As `kvc::slot_budget::try_reserve`, atomically: the grant is decided against one consistent
  /// value of `used()` and published only if no other thread changed it in between.
  template <integer N>
  [[nodiscard]] N try_reserve(N n) noexcept {
    std::size_t current = used_.load_relaxed();
    while (true) {
      const N granted = admitted_append(capacity_, current, n);
      if (granted == 0) return granted;
      if (used_.compare_exchange_weak(current, current + static_cast<std::size_t>(granted)))
        return granted;
    }
  }

  /// As `kvc::slot_budget::release`, atomically.
  template <integer N>
  [[nodiscard]] bool release(N n) noexcept {
    std::size_t current = used_.load_relaxed();
    while (true) {
      if (std::cmp_less(n, 0) || std::cmp_greater(n, current)) return false;
      if (used_.compare_exchange_weak(current, current - static_cast<std::size_t>(n)))
        return true;
    }
  }

  /// The slots reserved and not yet released, as of one atomic load (other threads may change it
  /// at once).
  [[nodiscard]] std::size_t used() const noexcept { return used_.load_acquire(); }
  /// The slots that could be reserved as of one atomic load: `capacity() - used()`.
  [[nodiscard]] std::size_t available() const noexcept { return capacity_ - used(); }
  /// The budget's size, fixed at construction (0 for a negative capacity).
  [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }

 private:
  const std::size_t capacity_;
  detail::atomic_size used_{0};
};

}  // namespace kvc
