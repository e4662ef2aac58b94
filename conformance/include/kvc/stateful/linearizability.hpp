// kvc/stateful/linearizability.hpp - whether a concurrent history of a slot budget is linearizable
// with respect to the sequential `kvc::slot_budget`.
//
// A history is linearizable when its calls can be put in one sequence that respects real time (a
// call that responded before another was invoked comes first) and in which every call returns what
// `kvc::slot_budget` returns when the calls are replayed on it in that order. This is the
// correctness condition of a lock-free budget; ThreadSanitizer cannot check it, because a budget
// whose load and store are each atomic has no data race and still loses updates.
//
// The search (Wing & Gong's, with Lowe's memoization as Porcupine implements it, without
// recursion) and the report's printing are compiled once, in the `kvc::conformance` library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <vector>

#include <kvc/slot_budget.hpp>

#include "budget_history.hpp"

namespace kvc {

/// Bounds on the search.
struct linearizability_options {
  /// Distinct configurations remembered before the check gives up (the memo's memory is about
  /// `max_states * (events / 64 + 2) * 8` bytes).
  std::size_t max_states = std::size_t{1} << 20;
};

/// What a check concluded.
enum class linearizability_verdict : unsigned char {
  linearizable,          ///< a sequential order was found
  not_linearizable,      ///< every order that respects real time was refuted
  search_limit_reached,  ///< `max_states` configurations were explored without a conclusion
  malformed_history,     ///< an event responded before it was invoked
};

/// The result of `kvc::check_linearizable`, with the evidence of a failure.
struct linearizability_report {
  /// What the check concluded.
  linearizability_verdict verdict = linearizability_verdict::linearizable;
  /// Configurations explored (each distinct set of linearized calls with its `used()`).
  std::size_t explored_states = 0;
  /// The history's capacity.
  std::size_t capacity = 0;
  /// When not linearizable: the longest sequence of calls the search could linearize...
  std::vector<budget_event> longest_prefix;
  /// ...`used()` after it...
  std::size_t used_after_prefix = 0;
  /// ...and a call that could not be placed after it (its return came before any call that
  /// could). For a malformed history: the malformed event.
  budget_event unplaced{};

  /// Whether the history is linearizable.
  [[nodiscard]] bool linearizable() const noexcept {
    return verdict == linearizability_verdict::linearizable;
  }
  /// The same as `linearizable()`, under the name the other reports of kvc use.
  [[nodiscard]] bool passed() const noexcept { return linearizable(); }
};

/// Whether `history` is linearizable with respect to `kvc::slot_budget(history.capacity)`, starting
/// with no slots used. Iterative; its memory is bounded by the history's length and
/// `options.max_states`.
[[nodiscard]] linearizability_report check_linearizable(
    const budget_history& history, const linearizability_options& options = {});

/// Prints the verdict and, for a failure, the longest linearizable prefix and the call that could
/// not follow it.
std::ostream& operator<<(std::ostream& stream, const linearizability_report& report);

}  // namespace kvc
