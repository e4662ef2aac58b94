// kvc/stateful/recording_threads.hpp - what `kvc::record_budget_history` needs of threads:
// `kvc::detail::run_threads`, which runs a body on several threads and joins them, a start gate
// that lets them go together, and the shared counter that times their calls.
//
// <thread>, <latch> and <atomic> are among the costliest standard headers to compile (on libstdc++
// 12, with <stop_token>, <semaphore> and the waiting machinery of C++20, about a twelfth of all of
// kvc/conformance.hpp), and a translation unit that includes kvc/conformance.hpp pays for them
// whether or not it records a history. Even `std::thread` alone brings <ostream> (through
// `std::unique_ptr`'s printing in C++20). So where there are POSIX threads the threads are
// <pthread.h>'s, and the gate and the counter are kvc/detail/atomic_size.hpp's (with g++ and clang,
// the builtins `std::atomic` is built on); elsewhere, the standard headers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#if (defined(__unix__) || defined(__APPLE__)) && __has_include(<pthread.h>) && \
    __has_include(<sched.h>)
#define KVC_DETAIL_POSIX_THREADS 1
#include <pthread.h>
#include <sched.h>
#else
#define KVC_DETAIL_POSIX_THREADS 0
#include <thread>
#endif

#include <kvc/detail/atomic_size.hpp>

namespace kvc::detail {

/// Lets another thread run (`std::this_thread::yield`).
inline void yield_thread() noexcept {
#if KVC_DETAIL_POSIX_THREADS
  sched_yield();
#else
  std::this_thread::yield();
#endif
}

/// Runs `body(i)` on `count` threads, `i` from 0, and returns when every one has returned. A
/// thread that cannot be started ends the program (as `std::thread` does without exceptions): the
/// others may be waiting for it at a start gate.
template <class Body>
void run_threads(std::size_t count, Body& body) {
#if KVC_DETAIL_POSIX_THREADS
  struct start {
    Body* body;
    std::size_t index;
  };
  std::vector<start> starts(count);
  std::vector<pthread_t> threads(count);
  for (std::size_t i = 0; i < count; ++i) {
    starts[i] = start{&body, i};
    const auto run = [](void* argument) -> void* {
      const start& s = *static_cast<start*>(argument);
      (*s.body)(s.index);
      return nullptr;
    };
    if (pthread_create(&threads[i], nullptr, run, &starts[i]) != 0) std::abort();
  }
  for (pthread_t& thread : threads) pthread_join(thread, nullptr);
#else
  // std::thread, not std::jthread: libc++ 19 still ships jthread as experimental.
  std::vector<std::thread> threads;
  threads.reserve(count);
  for (std::size_t i = 0; i < count; ++i) threads.emplace_back([&body, i] { body(i); });
  for (std::thread& thread : threads) thread.join();
#endif
}

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
    while (arrived_.load_acquire() < count_) yield_thread();
  }

 private:
  std::size_t count_;
  atomic_size arrived_{0};
};

}  // namespace kvc::detail

#undef KVC_DETAIL_POSIX_THREADS
