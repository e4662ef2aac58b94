// Throughput of the lock-free slot budget under contention, against a mutex-guarded budget in the
// same process. Each iteration reserves a few slots and releases them again.
#include <benchmark/benchmark.h>
#include <kvc/slot_budget.hpp>

#include <cstddef>
#include <mutex>

namespace {

/// The baseline: the single-threaded budget behind a mutex.
class mutex_slot_budget {
 public:
  explicit mutex_slot_budget(std::size_t capacity) : budget_(capacity) {}
  int try_reserve(int n) {
    const std::lock_guard lock(mutex_);
    return budget_.try_reserve(n);
  }
  bool release(int n) {
    const std::lock_guard lock(mutex_);
    return budget_.release(n);
  }

 private:
  std::mutex mutex_;
  kvc::slot_budget budget_;
};

// Shared by all threads of a benchmark run: capacity is ample, so contention is on the counter.
kvc::concurrent_slot_budget lock_free_budget(1 << 20);
mutex_slot_budget mutex_budget(1 << 20);

template <class Budget>
void reserve_release(benchmark::State& state, Budget& budget) {
  for (auto _ : state) {
    const int granted = budget.try_reserve(16);
    benchmark::DoNotOptimize(granted);
    benchmark::DoNotOptimize(budget.release(granted));
  }
  state.SetItemsProcessed(state.iterations() * 2);
}

void BM_budget_kvc(benchmark::State& state) { reserve_release(state, lock_free_budget); }
void BM_budget_mutex(benchmark::State& state) { reserve_release(state, mutex_budget); }

BENCHMARK(BM_budget_kvc)->Threads(1)->Threads(2)->Threads(4)->UseRealTime();
BENCHMARK(BM_budget_mutex)->Threads(1)->Threads(2)->Threads(4)->UseRealTime();

}  // namespace
