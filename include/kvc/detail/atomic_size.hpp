// kvc/detail/atomic_size.hpp - a lock-free atomic std::size_t: the operations
// kvc::concurrent_slot_budget and the threads of kvc::record_budget_history need.
//
// With g++ and clang these are the builtins std::atomic itself is built on, because <atomic> is
// expensive to compile (on libstdc++ 12 it brings <system_error>, <string> and the waiting
// machinery of C++20, about a third of the cost of including all of kvc); with any other compiler
// they are std::atomic<std::size_t>'s own.
#pragma once

#include <cstddef>

#if !(defined(__GNUC__) || defined(__clang__))
#include <atomic>
#endif

namespace kvc::detail {

class atomic_size {
 public:
  constexpr explicit atomic_size(std::size_t value) noexcept : value_(value) {}
  atomic_size(const atomic_size&) = delete;
  atomic_size& operator=(const atomic_size&) = delete;

#if defined(__GNUC__) || defined(__clang__)
  static constexpr bool is_always_lock_free = __atomic_always_lock_free(sizeof(std::size_t), 0);

  /// `load(std::memory_order_relaxed)`
  [[nodiscard]] std::size_t load_relaxed() const noexcept {
    return __atomic_load_n(&value_, __ATOMIC_RELAXED);
  }
  /// `load(std::memory_order_acquire)`
  [[nodiscard]] std::size_t load_acquire() const noexcept {
    return __atomic_load_n(&value_, __ATOMIC_ACQUIRE);
  }
  /// `compare_exchange_weak(expected, desired, std::memory_order_acq_rel,
  /// std::memory_order_relaxed)`
  [[nodiscard]] bool compare_exchange_weak(std::size_t& expected, std::size_t desired) noexcept {
    return __atomic_compare_exchange_n(&value_, &expected, desired, true, __ATOMIC_ACQ_REL,
                                       __ATOMIC_RELAXED);
  }
  /// `fetch_add(n)` (sequentially consistent): the value before the addition.
  std::size_t fetch_add(std::size_t n) noexcept {
    return __atomic_fetch_add(&value_, n, __ATOMIC_SEQ_CST);
  }

 private:
  alignas(sizeof(std::size_t)) std::size_t value_;
#else
  static constexpr bool is_always_lock_free = std::atomic<std::size_t>::is_always_lock_free;

  [[nodiscard]] std::size_t load_relaxed() const noexcept {
    return value_.load(std::memory_order_relaxed);
  }
  [[nodiscard]] std::size_t load_acquire() const noexcept {
    return value_.load(std::memory_order_acquire);
  }
  [[nodiscard]] bool compare_exchange_weak(std::size_t& expected, std::size_t desired) noexcept {
    return value_.compare_exchange_weak(expected, desired, std::memory_order_acq_rel,
                                        std::memory_order_relaxed);
  }
  std::size_t fetch_add(std::size_t n) noexcept { return value_.fetch_add(n); }

 private:
  std::atomic<std::size_t> value_;
#endif
};

}  // namespace kvc::detail
