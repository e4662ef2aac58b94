// Linearizability of a shared slot budget: record what 8 threads did to it, then check that one
// sequential order of those calls explains every result.
#include <kvc/stateful/linearizability.hpp>

#include <cstdint>
#include <iostream>

// [snippet]
#include <kvc/stateful/linearizability.hpp>
#include <iostream>

// 8 threads x 50 random try_reserve / release calls on a small budget, so that they contend. Is
// there one order of the 400 calls, respecting real time, that kvc::slot_budget agrees with?
bool budget_is_linearizable(std::uint64_t seed) {
  kvc::concurrent_slot_budget budget(8);
  const kvc::budget_history history = kvc::record_budget_history(budget, {.seed = seed});
  const kvc::linearizability_report report = kvc::check_linearizable(history);
  std::cout << report;  // on failure: the longest linearizable prefix, the call that cannot follow
  return report.linearizable();
}
// [snippet]

int main() { return budget_is_linearizable(42) ? 0 : 1; }
