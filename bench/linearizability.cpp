// Time to check one recorded history of 8 threads x 50 calls for linearizability (issue 11 asks
// for under a second). The histories are recorded once, outside the timed loop: one of
// kvc::concurrent_slot_budget (linearizable, so the search must place every call) and one of a
// budget that loads and then stores (not linearizable, so the search must refute every order).
#include <benchmark/benchmark.h>
#include <kvc/slot_budget.hpp>
#include <kvc/stateful/budget_history.hpp>
#include <kvc/stateful/linearizability.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <thread>

namespace {

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

 private:
  std::size_t capacity_;
  std::atomic<std::size_t> used_{0};
};

void check_history(benchmark::State& state, const kvc::budget_history& history) {
  std::size_t explored = 0;
  for (auto _ : state) {
    const auto report = kvc::check_linearizable(history);
    explored = report.explored_states;
    benchmark::DoNotOptimize(report);
  }
  state.counters["states"] = static_cast<double>(explored);
  state.counters["events"] = static_cast<double>(history.events.size());
}

void BM_linearizability_check(benchmark::State& state) {
  kvc::concurrent_slot_budget budget(12);
  static const auto history = kvc::record_budget_history(budget, {.seed = 1});
  check_history(state, history);
}

// Thread scheduling decides whether a run loses an update: the first history that did.
kvc::budget_history non_linearizable_history() {
  kvc::budget_history history;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    load_then_store_budget budget(12);
    history = kvc::record_budget_history(budget, {.seed = seed});
    if (!kvc::check_linearizable(history).linearizable()) break;
  }
  return history;
}

void BM_linearizability_refute(benchmark::State& state) {
  static const auto history = non_linearizable_history();
  check_history(state, history);
}

BENCHMARK(BM_linearizability_check)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_linearizability_refute)->Unit(benchmark::kMicrosecond);

}  // namespace
