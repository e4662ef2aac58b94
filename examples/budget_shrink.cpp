// Shrinking a linearizability failure: a budget factory in, the smallest non-linearizable history
// found out. kvc::concurrent_slot_budget is correct, so here the search finds nothing.
#include <kvc/stateful/budget_shrink.hpp>

#include <cstddef>
#include <iostream>

// [snippet]
#include <kvc/stateful/budget_shrink.hpp>
#include <iostream>

// The factory hands out fresh budgets of any capacity the search asks for. A budget that can be
// neither copied nor moved is returned as is, or in a std::unique_ptr or std::optional.
bool budget_has_no_counterexample() {
  const kvc::budget_shrink_report report = kvc::shrink_budget_counterexample(
      [](std::size_t capacity) { return kvc::concurrent_slot_budget(capacity); },
      {.seed = 7, .attempts_per_size = 16});
  std::cout << report;  // on failure: a few calls per thread, and why no order explains them
  return report.passed();
}
// [snippet]

int main() { return budget_has_no_counterexample() ? 0 : 1; }
