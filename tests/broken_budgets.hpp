// tests/broken_budgets.hpp - budgets whose every access is atomic but whose updates are not: the
// known-bad implementations the linearizability checker must refute, shared by its tests and its
// benchmark. ThreadSanitizer sees no data race in them.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <thread>

#include <kvc/append_admission.hpp>

namespace broken_budgets {

// The read-modify-write races on both calls: a load, then a store of a value computed from it.
// Each access is atomic, so ThreadSanitizer sees no data race; the yield widens the window in
// which another thread's update is overwritten.
class load_then_store_budget {
 public:
  explicit load_then_store_budget(std::size_t capacity) : capacity_(capacity) {}
  std::int64_t try_reserve(std::int64_t n) {
    const std::size_t current = used_.load();
    std::this_thread::yield();
    const std::int64_t granted = kvc::admitted_append(capacity_, current, n);
    if (granted != 0) used_.store(current + static_cast<std::size_t>(granted));
    return granted;
  }
  bool release(std::int64_t n) {
    const std::size_t current = used_.load();
    std::this_thread::yield();
    if (n < 0 || static_cast<std::size_t>(n) > current) return false;
    used_.store(current - static_cast<std::size_t>(n));
    return true;
  }
  std::size_t capacity() const { return capacity_; }

 protected:
  std::atomic<std::size_t> used_{0};

 private:
  std::size_t capacity_;
};

// Reservations are a correct compare-and-swap; a release stores what it computed from a stale
// load (the release above), so a concurrent reservation or release is lost.
class stale_release_budget : public load_then_store_budget {
 public:
  using load_then_store_budget::load_then_store_budget;
  std::int64_t try_reserve(std::int64_t n) {
    std::size_t current = used_.load();
    while (true) {
      const std::int64_t granted = kvc::admitted_append(capacity(), current, n);
      if (granted == 0) return 0;
      if (used_.compare_exchange_weak(current, current + static_cast<std::size_t>(granted)))
        return granted;
    }
  }
};

}  // namespace broken_budgets
