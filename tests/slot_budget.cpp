// Runtime tests of kvc::slot_budget and kvc::concurrent_slot_budget, including a load test of many
// threads reserving and releasing at random (run under ThreadSanitizer by the tsan preset).
#include <doctest/doctest.h>
#include <kvc/slot_budget.hpp>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <thread>
#include <vector>

namespace {

// The same sequence of operations on both budgets, against a plain model of the state.
template <class Budget>
void check_against_model(Budget& budget, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> amount(-4, 40);
  long long model_used = 0;
  const auto capacity = static_cast<long long>(budget.capacity());
  for (int step = 0; step < 20000; ++step) {
    const int n = amount(rng);
    if (rng() % 2 == 0) {
      const int granted = budget.try_reserve(n);
      const bool fits = n > 0 && model_used + n <= capacity;
      REQUIRE(granted == (fits ? n : 0));
      if (fits) model_used += n;
    } else {
      const bool released = budget.release(n);
      const bool allowed = n >= 0 && n <= model_used;
      REQUIRE(released == allowed);
      if (allowed) model_used -= n;
    }
    REQUIRE(static_cast<long long>(budget.used()) == model_used);
    REQUIRE(budget.used() + budget.available() == budget.capacity());
  }
}

}  // namespace

TEST_CASE("slot_budget: single-threaded operations follow a plain model") {
  SUBCASE("slot_budget") {
    kvc::slot_budget budget(100);
    check_against_model(budget, 1);
  }
  SUBCASE("concurrent_slot_budget") {
    kvc::concurrent_slot_budget budget(100);
    check_against_model(budget, 2);
  }
}

TEST_CASE("slot_budget: integer extremes of every request type") {
  kvc::concurrent_slot_budget budget(std::numeric_limits<std::uint64_t>::max());
  CHECK(budget.try_reserve(std::numeric_limits<std::int64_t>::min()) == 0);
  CHECK(budget.try_reserve(std::numeric_limits<std::int8_t>::min()) == 0);
  CHECK(budget.try_reserve(std::numeric_limits<std::int64_t>::max()) ==
        std::numeric_limits<std::int64_t>::max());
  CHECK(budget.try_reserve(std::numeric_limits<std::uint64_t>::max()) == 0);  // does not fit
  CHECK_FALSE(budget.release(std::numeric_limits<std::uint64_t>::max()));      // more than used
  CHECK_FALSE(budget.release(std::numeric_limits<std::int64_t>::min()));
  CHECK(budget.release(std::numeric_limits<std::int64_t>::max()));
  CHECK(budget.used() == 0);

  kvc::slot_budget empty(-1);
  CHECK(empty.capacity() == 0);
  CHECK(empty.try_reserve(1) == 0);
  CHECK(empty.release(0));
}

TEST_CASE("slot_budget: concurrent load keeps every invariant") {
  constexpr std::size_t capacity = 1000;
  constexpr int threads = 8;
  constexpr int operations_per_thread = 50000;
  kvc::concurrent_slot_budget budget(capacity);

  std::atomic<long long> granted_total{0};
  std::atomic<long long> released_total{0};
  std::atomic<long long> successful_reserves{0};
  std::atomic<int> violations{0};

  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      std::mt19937_64 rng(static_cast<std::uint64_t>(t) + 7);
      std::uniform_int_distribution<int> amount(-2, 64);
      long long held = 0;  // what this thread has reserved and not yet released
      for (int i = 0; i < operations_per_thread; ++i) {
        const int n = amount(rng);
        if (rng() % 2 == 0) {
          const int granted = budget.try_reserve(n);
          if (granted != 0 && granted != n) violations.fetch_add(1);  // partial grant
          if (granted < 0 || (n <= 0 && granted != 0)) violations.fetch_add(1);
          held += granted;
          granted_total.fetch_add(granted);
          if (granted != 0) successful_reserves.fetch_add(1);
        } else {
          // Release part of what this thread holds; releasing more than the whole budget uses,
          // or a negative count, must fail and change nothing.
          const long long give_back = std::min<long long>(held, std::max(n, 0));
          if (budget.release(give_back)) {
            held -= give_back;
            released_total.fetch_add(give_back);
          } else {
            violations.fetch_add(1);  // held slots are always releasable
          }
          if (budget.release(-1)) violations.fetch_add(1);
        }
        if (budget.used() > capacity) violations.fetch_add(1);
      }
      if (!budget.release(held)) violations.fetch_add(1);
      released_total.fetch_add(held);
    });
  }
  for (auto& worker : workers) worker.join();

  CHECK(violations.load() == 0);
  CHECK(budget.used() == 0);                                // nothing lost or invented
  CHECK(granted_total.load() == released_total.load());
  CHECK(successful_reserves.load() > 0);
  MESSAGE("load test: " << threads << " threads x " << operations_per_thread
                        << " operations, " << successful_reserves.load() << " grants, "
                        << granted_total.load() << " slots");
}
