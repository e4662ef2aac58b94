// conformance/src/stateful/budget_reduction.cpp - smaller non-linearizable budget histories (the
// two removals that keep a history evidence), the sizes kvc::shrink_budget_counterexample records
// at, and its report printed.
#include <kvc/stateful/budget_reduction.hpp>
#include <kvc/stateful/budget_shrink.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "budget_text.hpp"

namespace kvc {

namespace detail {

bool refuted(const budget_history& history, const linearizability_options& options) {
  return check_linearizable(history, options).verdict == linearizability_verdict::not_linearizable;
}

std::vector<history_size> smaller_sizes(const history_size& size) {
  std::vector<history_size> sizes;
  if (size.operations_per_thread > 1)
    sizes.push_back({size.threads, size.operations_per_thread / 2, size.capacity});
  if (size.threads > 2)
    sizes.push_back(
        {std::max<std::size_t>(2, size.threads / 2), size.operations_per_thread, size.capacity});
  if (size.capacity > 1)
    sizes.push_back({size.threads, size.operations_per_thread, size.capacity / 2});
  return sizes;
}

budget_history with_ranked_ticks(const budget_history& history) {
  std::vector<std::uint64_t> ticks;
  ticks.reserve(2 * history.events.size());
  for (const budget_event& event : history.events) {
    ticks.push_back(event.invoked);
    ticks.push_back(event.responded);
  }
  std::sort(ticks.begin(), ticks.end());
  ticks.erase(std::unique(ticks.begin(), ticks.end()), ticks.end());
  const auto rank = [&](std::uint64_t tick) {
    return static_cast<std::uint64_t>(std::lower_bound(ticks.begin(), ticks.end(), tick) -
                                      ticks.begin());
  };
  budget_history ranked = history;
  for (budget_event& event : ranked.events) {
    event.invoked = rank(event.invoked);
    event.responded = rank(event.responded);
  }
  std::stable_sort(ranked.events.begin(), ranked.events.end(),
                   [](const budget_event& a, const budget_event& b) {
                     return a.thread != b.thread ? a.thread < b.thread : a.invoked < b.invoked;
                   });
  return ranked;
}

}  // namespace detail

budget_history drop_state_free_calls(const budget_history& history,
                                     const linearizability_options& options) {
  budget_history smaller = history;
  if (!detail::refuted(smaller, options)) return smaller;
  bool dropped = true;
  while (dropped) {
    dropped = false;
    for (std::size_t i = smaller.events.size(); i-- > 0;) {
      if (!is_state_free(smaller.events[i])) continue;
      budget_history without = smaller;
      without.events.erase(without.events.begin() + static_cast<std::ptrdiff_t>(i));
      if (detail::refuted(without, options)) {
        smaller = std::move(without);
        dropped = true;
      }
    }
  }
  return smaller;
}

budget_history cut_at_quiescent_point(const budget_history& history,
                                      const linearizability_options& options) {
  budget_history by_invocation = history;
  std::stable_sort(
      by_invocation.events.begin(), by_invocation.events.end(),
      [](const budget_event& a, const budget_event& b) { return a.invoked < b.invoked; });
  const std::vector<budget_event>& events = by_invocation.events;
  std::uint64_t last_response = 0;
  for (std::size_t length = 1; length < events.size(); ++length) {
    last_response = std::max(last_response, events[length - 1].responded);
    // On equal ticks the checker takes the calls to overlap, so a cut needs a strict gap.
    if (last_response >= events[length].invoked) continue;
    budget_history prefix{history.capacity,
                          {events.begin(), events.begin() + static_cast<std::ptrdiff_t>(length)}};
    if (detail::refuted(prefix, options)) return prefix;
  }
  return history;
}

budget_history reduce_budget_counterexample(const budget_history& history,
                                            const linearizability_options& options) {
  budget_history smaller = history;
  std::size_t before = smaller.events.size() + 1;
  while (smaller.events.size() < before) {
    before = smaller.events.size();
    smaller = drop_state_free_calls(cut_at_quiescent_point(smaller, options), options);
  }
  return smaller;
}

std::ostream& operator<<(std::ostream& stream, const budget_shrink_report& report) {
  if (!report.found)
    return stream << "no counterexample: all " + std::to_string(report.recordings) +
                         " recorded histories were linearizable\n";
  std::string out = "counterexample of " + std::to_string(report.calls()) +
                    " calls, from a recording of " + std::to_string(report.threads) +
                    " threads x " + std::to_string(report.operations_per_thread) + " calls (" +
                    std::to_string(report.recorded_calls) + " calls, capacity " +
                    std::to_string(report.history.capacity) + "); " +
                    std::to_string(report.recordings) +
                    " recordings tried, the first failure after " +
                    std::to_string(report.recordings_to_first_failure) + " (" +
                    std::to_string(report.first_failure_calls) + " calls)\n" +
                    "calls per thread, [invoked, responded] in the order of all invocations and "
                    "responses:\n";
  for (const budget_event& event : report.history.events) {
    out += "  ";
    library::stateful::append_event(out, event);
    out += '\n';
  }
  library::stateful::append_linearizability(out, report.check);
  return stream << out;
}

}  // namespace kvc
