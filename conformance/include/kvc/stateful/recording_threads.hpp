// kvc/stateful/recording_threads.hpp - what `kvc::record_budget_history` needs of threads:
// `std::thread`, a start gate that lets them go together, and the shared counter that times their
// calls.
//
// <thread>, <latch> and <atomic> are among the costliest standard headers to compile (on libstdc++
// 12, with <stop_token>, <semaphore> and the waiting machinery of C++20, about a twelfth of all of
// kvc/conformance.hpp), and a translation unit that includes kvc/conformance.hpp pays for them
// whether or not it records a history. So with libstdc++ `std::thread` comes from the header that
// <thread> itself takes it from, and the gate and the counter are kvc/detail/atomic_size.hpp's
// (with g++ and clang, the builtins `std::atomic` is built on); elsewhere, the standard headers.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(__GLIBCXX__) && __has_include(<bits/std_thread.h>)
#include <bits/std_thread.h>  // std::thread, std::this_thread::yield (libstdc++ 11 and later)
#else
#include <thread>
#endif

#include <kvc/detail/atomic_size.hpp>

namespace kvc::detail {

/// A counter that threads tick together: each `next()` returns a value no other call returns, in
/// an order consistent with real time (a sequentially consistent `fetch_add(1)`).
class tick_counter {
 public:
  tick_counter() = default;
  tick_counter(const tick_counter&) = delete;
  tick_counter& operator=(const tick_counter&) = delete;

  /// The current tick, and the counter moved past it.
  std::uint64_t next() noexcept { return value_.fetch_add(1); }

 private:
  atomic_size value_{0};
};

/// Holds threads until `count` of them have arrived, then lets every one go
/// (`std::latch::arrive_and_wait`; the waiting threads yield rather than block).
class start_gate {
 public:
  explicit start_gate(std::size_t count) noexcept : count_(count) {}
  start_gate(const start_gate&) = delete;
  start_gate& operator=(const start_gate&) = delete;

  /// Counts this thread in and waits for the others.
  void arrive_and_wait() noexcept {
    arrived_.fetch_add(1);
    while (arrived_.load_acquire() < count_) std::this_thread::yield();
  }

 private:
  std::size_t count_;
  atomic_size arrived_{0};
};

}  // namespace kvc::detail
