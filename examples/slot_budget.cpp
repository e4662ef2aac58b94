// The admission contract as state: a budget of KV slots shared by a scheduler's threads.
#include <kvc/slot_budget.hpp>

#include <cstdio>
#include <thread>
#include <vector>

// [snippet]
#include <kvc/slot_budget.hpp>

// Single-threaded and usable at compile time...
constexpr bool budget_is_all_or_nothing() {
  kvc::slot_budget budget(8);
  const bool whole = budget.try_reserve(6) == 6;    // granted whole
  const bool none = budget.try_reserve(3) == 0;     // 2 free: nothing, never 2
  const bool bad = !budget.release(7);              // more than used: refused, unchanged
  return whole && none && bad && budget.used() == 6;
}
static_assert(budget_is_all_or_nothing());

// ...or lock-free, one compare-and-swap per grant, for many threads.
kvc::concurrent_slot_budget shared_budget(4096);
// [snippet]

int main() {
  std::vector<std::thread> workers;
  for (int t = 0; t < 4; ++t)
    workers.emplace_back([] {
      for (int i = 0; i < 10000; ++i)
        if (const int granted = shared_budget.try_reserve(16); granted != 0)
          static_cast<void>(shared_budget.release(granted));
    });
  for (auto& worker : workers) worker.join();
  std::printf("slots in use after the run: %zu\n", shared_budget.used());
  return shared_budget.used() == 0 ? 0 : 1;
}
