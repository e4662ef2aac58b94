// kvc/stateful/model_based_run.hpp - the loop shared by kvc's stateful checks: generate a sequence,
// run it on a fresh implementation and a fresh model step by step, and shrink the first failure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include <kvc/detail/deferred.hpp>

#include "check_options.hpp"
#include "operations.hpp"
#include "seeded_random.hpp"
#include "shrink.hpp"
#include "stateful_report.hpp"

namespace kvc::detail {

/// Whether the implementation's observation agrees with the model's: equal when `exact`, else
/// within [0, model's value] (a cache may have evicted what the model still holds).
[[nodiscard]] constexpr bool agrees(observation actual, observation expected, bool exact) noexcept {
  if (!expected.observed) return true;
  if (exact) return actual.value == expected.value;
  return actual.value >= 0 && actual.value <= expected.value;
}

/// Runs `operations` on a fresh `Session` (a fresh implementation from `fresh` and a fresh model)
/// and returns the first step that disagrees. `observed`, when given, receives the model's
/// observation of every step run.
template <class Session, class Operation, class Fresh>
[[nodiscard]] step_failure run_operations(Fresh& fresh, const std::vector<Operation>& operations,
                                          const check_options& options, bool exact,
                                          std::vector<observation>* observed = nullptr) {
  // Through a dependent pointer: std::vector's members are compiled where a check runs.
  kvc::detail::dependent_t<Session, std::vector<observation>>* const observations = observed;
  Session session(fresh);
  for (std::size_t i = 0; i < operations.size(); ++i) {
    observation actual{};
    observation expected{};
    session.step(operations[i], options, actual, expected);
    if (observations != nullptr) observations->push_back(expected);
    if (!agrees(actual, expected, exact)) return {true, i, actual.value, expected.value};
  }
  return {};
}

/// The length of sequence `index`: mostly the most allowed, so that state builds up; sometimes
/// shorter.
[[nodiscard]] constexpr std::size_t sequence_length(std::uint64_t seed, std::size_t index,
                                                    std::size_t max_steps) noexcept {
  const std::size_t most = max_steps < max_sequence_steps ? max_steps : max_sequence_steps;
  if (most == 0) return 0;
  seeded_random random(sequence_seed(seed, index) ^ 0x5DEECE66DULL);
  return random.percent(75) ? most : random.between(1, most);
}

/// Runs `report.options.sequences` generated sequences (`new_generator(seed).next(model)` makes
/// each operation) and fills `report` with what they found; the shrunk counterexample goes to
/// `report.*counterexample`.
template <class Session, class Operation, class Fresh, class NewGenerator>
[[nodiscard]] stateful_report run_model_based(stateful_report report, Fresh& fresh, bool exact,
                                              std::vector<Operation> stateful_report::*counterexample,
                                              NewGenerator new_generator) {
  const check_options& options = report.options;
  report.seed = options.seed;
  report.exact = exact;
  std::vector<Operation> operations;
  operations.reserve(max_sequence_steps);
  for (std::size_t index = 0; index < options.sequences; ++index) {
    const std::size_t length = sequence_length(options.seed, index, options.max_steps);
    auto generator = new_generator(sequence_seed(options.seed, index));
    Session session(fresh);
    operations.clear();
    ++report.sequences_run;
    for (std::size_t step = 0; step < length; ++step) {
      const Operation op = generator.next(session.model);
      operations.push_back(op);
      ++report.operations_run;
      observation actual{};
      observation expected{};
      session.step(op, options, actual, expected);
      if (agrees(actual, expected, exact)) continue;

      report.sequences_to_failure = index + 1;
      report.original_length = operations.size();
      const auto rerun = [&fresh, &options, exact](const std::vector<Operation>& candidate) {
        return run_operations<Session>(fresh, candidate, options, exact);
      };
      shrunk_sequence<Operation> shrunk =
          shrink(operations, step_failure{true, step, actual.value, expected.value}, rerun);
      report.*counterexample = std::move(shrunk.operations);
      report.failing_step = shrunk.failure.step + 1;
      report.actual = shrunk.failure.actual;
      report.expected = shrunk.failure.expected;
      report.shrink_runs = shrunk.runs;
      static_cast<void>(
          run_operations<Session>(fresh, report.*counterexample, options, exact, &report.observed));
      return report;
    }
  }
  return report;
}

}  // namespace kvc::detail
