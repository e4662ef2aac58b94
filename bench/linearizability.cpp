// Time to check one recorded history of 8 threads x 50 calls for linearizability (the target is
// under a second). The histories are recorded once, outside the timed loop: one of
// kvc::concurrent_slot_budget (linearizable, so the search must place every call) and one of a
// budget that loads and then stores (not linearizable, so the search must refute every order).
#include <benchmark/benchmark.h>
#include <kvc/slot_budget.hpp>
#include <kvc/stateful/budget_history.hpp>
#include <kvc/stateful/linearizability.hpp>

#include "../tests/broken_budgets.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <thread>

namespace {

using broken_budgets::load_then_store_budget;

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
