// The linearizability checker reviewed by attack: budgets whose every access is atomic, written as
// a careful reviewer might, each of which the checker must catch within 50 recorded histories of
// 8 threads x 50 calls, and a budget behind a mutex, which it must accept. The tsan preset runs
// this file too: ThreadSanitizer reports no race on any of them.
//
// Each racy window holds a yield, as the budgets of tests/linearizability.cpp do: on one core a
// window of a few instructions is almost never preempted, so without it a recorded history rarely
// shows the race (the checker finds it whenever the history holds it; the recorder cannot make
// the scheduler interleave).
#include <doctest/doctest.h>
#include <kvc/slot_budget.hpp>
#include <kvc/stateful/budget_history.hpp>
#include <kvc/stateful/linearizability.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

namespace {

constexpr int most_histories = 50;

std::size_t grant_of(std::size_t capacity, std::size_t used, std::int64_t n) {
  return static_cast<std::size_t>(kvc::admitted_append(capacity, used, n));
}

// A correct release by compare-and-swap, shared by the budgets whose reservation is the bug.
bool cas_release(std::atomic<std::size_t>& used, std::int64_t n) {
  std::size_t current = used.load();
  do {
    if (n < 0 || static_cast<std::size_t>(n) > current) return false;
  } while (!used.compare_exchange_weak(current, current - static_cast<std::size_t>(n)));
  return true;
}

// The compare-and-swap loop retries with the expected value it reloaded, but the desired value it
// computed from the first load: a concurrent update is overwritten.
class stale_desired_budget {
 public:
  explicit stale_desired_budget(std::size_t capacity) : capacity_(capacity) {}
  std::int64_t try_reserve(std::int64_t n) {
    std::size_t expected = used_.load();
    const std::size_t granted = grant_of(capacity_, expected, n);
    if (granted == 0) return 0;
    const std::size_t desired = expected + granted;
    std::this_thread::yield();
    while (!used_.compare_exchange_weak(expected, desired)) {
    }
    return static_cast<std::int64_t>(granted);
  }
  bool release(std::int64_t n) { return cas_release(used_, n); }
  std::size_t capacity() const { return capacity_; }

 private:
  std::size_t capacity_;
  std::atomic<std::size_t> used_{0};
};

// release is a bare fetch_sub: releasing more than is used succeeds, and `used` wraps.
class unchecked_release_budget {
 public:
  explicit unchecked_release_budget(std::size_t capacity) : capacity_(capacity) {}
  std::int64_t try_reserve(std::int64_t n) {
    std::size_t current = used_.load();
    while (true) {
      const std::size_t granted = grant_of(capacity_, current, n);
      if (granted == 0) return 0;
      if (used_.compare_exchange_weak(current, current + granted))
        return static_cast<std::int64_t>(granted);
    }
  }
  bool release(std::int64_t n) {
    used_.fetch_sub(static_cast<std::size_t>(n));
    return true;
  }
  std::size_t capacity() const { return capacity_; }

 private:
  std::size_t capacity_;
  std::atomic<std::size_t> used_{0};
};

// Optimistic reservation: fetch_add, and fetch_sub to roll back when it overshot. Grants never
// exceed the capacity, but while one thread's overshoot is visible another thread's reservation
// that fits is refused: no sequential order of the budget refuses it, so the history is not
// linearizable. A real bug under contention (spurious refusals, which an engine turns into
// preemption or queueing), and invisible to a test with one thread.
class rollback_budget {
 public:
  explicit rollback_budget(std::size_t capacity) : capacity_(capacity) {}
  std::int64_t try_reserve(std::int64_t n) {
    if (n <= 0) return 0;
    const auto amount = static_cast<std::size_t>(n);
    const std::size_t before = used_.fetch_add(amount);
    std::this_thread::yield();
    if (before + amount > capacity_) {
      used_.fetch_sub(amount);
      return 0;
    }
    return n;
  }
  bool release(std::int64_t n) { return cas_release(used_, n); }
  std::size_t capacity() const { return capacity_; }

 private:
  std::size_t capacity_;
  std::atomic<std::size_t> used_{0};
};

// The sequential budget behind a mutex: correct, and must pass.
class mutex_budget {
 public:
  explicit mutex_budget(std::size_t capacity) : budget_(capacity) {}
  std::int64_t try_reserve(std::int64_t n) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return budget_.try_reserve(n);
  }
  bool release(std::int64_t n) {
    const std::lock_guard<std::mutex> lock(mutex_);
    return budget_.release(n);
  }
  std::size_t capacity() const { return budget_.capacity(); }

 private:
  std::mutex mutex_;
  kvc::slot_budget budget_;
};

std::string printed(const kvc::linearizability_report& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

// Histories recorded until one is not linearizable: how many it took, 0 when none was.
template <class Budget>
int histories_until_caught(int attempts, kvc::linearizability_report& caught) {
  for (int attempt = 1; attempt <= attempts; ++attempt) {
    Budget budget(8);
    const auto history =
        kvc::record_budget_history(budget, {static_cast<std::uint64_t>(attempt), 8, 50, 0});
    caught = kvc::check_linearizable(history);
    REQUIRE(caught.verdict != kvc::linearizability_verdict::search_limit_reached);
    if (!caught.linearizable()) return attempt;
  }
  return 0;
}

template <class Budget>
void require_caught(const char* name) {
  kvc::linearizability_report caught;
  const int needed = histories_until_caught<Budget>(most_histories, caught);
  MESSAGE(std::string(name) << " caught after " << needed << " histories");
  INFO(printed(caught));
  CHECK(needed > 0);
}

}  // namespace

TEST_CASE("linearizability review: a CAS loop with a stale desired value is caught") {
  require_caught<stale_desired_budget>("stale_desired_budget");
}

TEST_CASE("linearizability review: a release by unchecked fetch_sub is caught") {
  require_caught<unchecked_release_budget>("unchecked_release_budget");
}

TEST_CASE("linearizability review: a reservation rolled back by fetch_sub is caught") {
  require_caught<rollback_budget>("rollback_budget");
}

TEST_CASE("linearizability review: a budget behind a mutex is linearizable") {
  kvc::linearizability_report report;
  CHECK(histories_until_caught<mutex_budget>(20, report) == 0);
}
