// kvc/stateful/recording_threads.hpp - what `kvc::record_budget_history` needs of threads: a way
// to run one function per thread and join them, a start gate that lets them go together, and the
// shared counter that times their calls.
//
// <thread>, <latch> and <atomic> are among the costliest standard headers to compile, and every
// file that includes this one would pay for them. So where POSIX threads exist the threads are
// POSIX threads, started and joined here, and the gate and the counter are
// kvc/detail/atomic_size.hpp's (with g++ and clang, the builtins `std::atomic` is built on);
// elsewhere, the standard headers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#if (defined(__unix__) || defined(__APPLE__)) && __has_include(<pthread.h>)
#include <pthread.h>
#define KVC_DETAIL_POSIX_THREADS 1
#else
#include <thread>
#define KVC_DETAIL_POSIX_THREADS 0
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
  static void yield() noexcept {
#if KVC_DETAIL_POSIX_THREADS
    sched_yield();
#else
    std::this_thread::yield();
#endif
  }

 public:
  explicit start_gate(std::size_t count) noexcept : count_(count) {}
  start_gate(const start_gate&) = delete;
  start_gate& operator=(const start_gate&) = delete;

  /// Counts this thread in and waits for the others.
  void arrive_and_wait() noexcept {
    arrived_.fetch_add(1);
    while (arrived_.load_acquire() < count_) yield();
  }
  /// Counts in a thread that will not come (it could not be started), without waiting.
  void arrive() noexcept {
    arrived_.fetch_add(1);
  }

 private:
  std::size_t count_;
  atomic_size arrived_{0};
};

/// Runs `body(i)` for every `i` in [0, count), each on a thread of its own, and returns once all
/// have returned. A thread the system refuses to start is skipped: `skipped(i)`, which must not
/// throw, is called for it instead, on the calling thread, and the others still run. Returns how
/// many threads ran.
template <class Body, class Skipped>
std::size_t run_on_threads(std::size_t count, Body& body, Skipped&& skipped) {
#if KVC_DETAIL_POSIX_THREADS
  struct start {
    Body* body;
    std::size_t index;
  };
  std::vector<start> starts(count);
  std::vector<pthread_t> threads(count);
  std::vector<char> started(count, 0);
  std::size_t ran = 0;
  for (std::size_t i = 0; i < count; ++i) {
    starts[i] = {&body, i};
    void* (*run)(void*) = [](void* argument) -> void* {
      const auto& what = *static_cast<const start*>(argument);
      (*what.body)(what.index);
      return nullptr;
    };
    started[i] = pthread_create(&threads[i], nullptr, run, &starts[i]) == 0 ? 1 : 0;
    if (started[i] != 0)
      ++ran;
    else
      skipped(i);
  }
  for (std::size_t i = 0; i < count; ++i)
    if (started[i] != 0) pthread_join(threads[i], nullptr);
  return ran;
#else
  // std::thread, not std::jthread: libc++ 19 still ships jthread as experimental.
  std::vector<std::thread> threads;
  threads.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
#if defined(__cpp_exceptions)
    try {
      threads.emplace_back([&body, i] { body(i); });
    } catch (...) {  // std::system_error: the system refused the thread
      skipped(i);
    }
#else
    threads.emplace_back([&body, i] { body(i); });
#endif
  }
  for (auto& thread : threads) thread.join();
  return threads.size();
#endif
}

}  // namespace kvc::detail
