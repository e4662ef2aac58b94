// conformance/src/stateful/report_of.hpp - a stateful report filled from what the run loop found.
#pragma once

#include <kvc/stateful/check_options.hpp>
#include <kvc/stateful/stateful_report.hpp>

#include "machine.hpp"

namespace kvc::library::stateful {

/// `report`'s counts and shrunk counterexample from `result`: the operations (each command's
/// operation, in `report.*operations`), the model's observation of each, and the failing step's
/// actual and expected values.
template <class M, class Operation>
void fill_report(stateful_report& report, const check_result<M>& result,
                 std::vector<Operation> stateful_report::*operations) {
  report.seed = report.options.seed;
  report.sequences_run = result.sequences_run;
  report.operations_run = result.operations_run;
  report.sequences_to_failure = result.sequences_to_failure;
  report.original_length = result.original_length;
  report.shrink_runs = result.shrink_runs;
  if (!result.failed()) return;
  for (const recorded_step<M>& step : result.shrunk.steps) {
    (report.*operations).push_back(step.operation);
    report.observed.push_back(step.outcome.expected);
  }
  report.failing_step = result.shrunk.steps.size();
  if (!result.shrunk.steps.empty()) {
    report.actual = result.shrunk.steps.back().outcome.actual.value;
    report.expected = result.shrunk.steps.back().outcome.expected.value;
  }
}

}  // namespace kvc::library::stateful
