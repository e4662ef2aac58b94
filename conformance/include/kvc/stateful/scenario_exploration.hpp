// kvc/stateful/scenario_exploration.hpp - `kvc::explore` on a scenario suite: the suite's factory
// run through kvc's model-based stateful check of its subject, and what that check found as an
// exploration report.
//
//   const kvc::exploration_report report =
//       kvc::explore(kvc::suites::prefix_cache_scenarios, [] { return my_cache{}; });
//
// A scenario suite's fixtures are fixed operation sequences; exploring it runs generated ones:
// `kvc::check_prefix_cache` (lookups compared with `kvc::model::prefix_cache` as bounds: a cache
// may evict) or `kvc::check_slot_allocator` (every grant and `available()` compared exactly with
// `kvc::model::slot_allocator`). `explore_options::seed` is the check's seed and
// `explore_options::cases` its number of sequences (0: the check's default); every other option
// of the check keeps its default. A restricted suite (`kvc::restrict_to`) is checked as the suite
// is: the report notes what its profile gives up, and the model keys on every namespace field.
#pragma once

#include <cstddef>
#include <cstdint>

#include "check_options.hpp"
#include "stateful_report.hpp"

namespace kvc {

struct exploration_report;

namespace detail {

/// The options of the check an exploration of a scenario suite runs: its seed, and `cases`
/// sequences (0: the check's default); the rest the check's defaults.
[[nodiscard]] constexpr check_options scenario_check_options(std::uint64_t seed,
                                                             std::size_t cases) noexcept {
  check_options checked{};
  checked.seed = seed;
  if (cases != 0) checked.sequences = cases;
  return checked;
}

/// Fills `report` (whose suite, seed and notes are set) with what the check found: cases are the
/// sequences run, the counterexample the shrunk operations, with the failing step's actual and
/// expected values, the scenario to add to the suite and the replay as a test case (compiled in
/// the library).
void report_exploration(const stateful_report& checked, exploration_report& report);

}  // namespace detail
}  // namespace kvc
