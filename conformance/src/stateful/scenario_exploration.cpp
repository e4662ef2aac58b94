// conformance/src/stateful/scenario_exploration.cpp - what a stateful check found, as the
// exploration of its scenario suite: the counterexample as a scenario to add to the suite.
#include <kvc/stateful/scenario_exploration.hpp>

#include <cstddef>
#include <string>
#include <vector>

#include <kvc/explore.hpp>

#include "operation_text.hpp"

namespace kvc::detail {

namespace {

/// `kvc::make_scenario("explored", [capacity, ]{ops...}, {observations...})`, each observation
/// the model's.
template <class Operation>
std::string scenario_literal(const std::vector<Operation>& operations,
                             const std::vector<observation>& observed,
                             const std::string& capacity) {
  std::string ops = "{";
  std::string seen = "{";
  for (std::size_t i = 0; i < operations.size(); ++i) {
    ops += (i == 0 ? "" : ", ") + library::stateful::operation_literal(operations[i]);
    seen += (i == 0 ? "" : ", ") + library::stateful::observation_literal(
                                       i < observed.size() ? observed[i] : observation{});
  }
  return "kvc::make_scenario(\"explored\", " + capacity + ops + "}, " + seen + "})";
}

}  // namespace

void report_exploration(const stateful_report& checked, exploration_report& report) {
  report.cases_run = checked.sequences_run;
  const bool cache = checked.subject == stateful_subject::prefix_cache;
  if (cache && !checked.exact)
    report.notes.emplace_back(
        "lookups are checked as a bound (kvc::check_prefix_cache's default): a cache may reuse "
        "less than the model, never more");
  if (checked.passed()) return;
  report.failed = true;
  report.failing_case = checked.sequences_to_failure - 1;
  report.shrink_runs = checked.shrink_runs;
  const std::string object = cache ? "cache." : "allocator.";
  for (std::size_t i = 0; i < checked.shrunk_length(); ++i) {
    report.inputs += i == 0 ? "" : ", ";
    report.inputs +=
        object + (cache ? library::stateful::call_code(checked.cache_operations[i])
                        : library::stateful::call_code(checked.allocator_operations[i]));
  }
  report.actual = std::to_string(checked.actual);
  report.expected =
      checked.exact ? std::to_string(checked.expected) : "0.." + std::to_string(checked.expected);
  report.fixture = cache ? scenario_literal(checked.cache_operations, checked.observed, "")
                         : scenario_literal(checked.allocator_operations, checked.observed,
                                            std::to_string(checked.options.capacity) + ", ");
  report.test_case = checked.replay();
}

}  // namespace kvc::detail
