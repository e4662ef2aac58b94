// kvc/stateful/budget_shrink.hpp - a small non-linearizable history of a concurrent budget, found
// by recording fresh budgets at smaller and smaller sizes, then reduced.
//
// A failing 8 x 50 history shows that a budget is wrong but not how: its 400 calls hide the two or
// three that conflict. Deleting calls from it is not sound (see budget_reduction.hpp), but a new
// recording is always a real history, so the search records again with fewer operations per
// thread, fewer threads and a smaller capacity, keeping each size that still fails. The smallest
// failure found is then reduced by the two removals that keep it evidence. The recordings depend
// on the budget's type and are made here; the reductions, the checks and the report's printing
// are compiled in the `kvc::conformance` library.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "budget_history.hpp"
#include "budget_reduction.hpp"
#include "linearizability.hpp"

namespace kvc {

/// A budget, or something that points to one (`std::unique_ptr`, `std::optional`, ...): budgets
/// shared by threads are usually neither copyable nor movable, so factories may hand them out
/// either way.
template <class Made>
concept budget_or_pointer_to_budget = shared_slot_budget<Made> || requires(Made& made) {
  requires shared_slot_budget<std::remove_reference_t<decltype(*made)>>;
};

/// `make_budget(capacity)` returns a fresh budget of `capacity` slots, none used.
template <class Factory>
concept slot_budget_factory = std::invocable<Factory&, std::size_t> &&
    budget_or_pointer_to_budget<std::invoke_result_t<Factory&, std::size_t>>;

/// Where `kvc::shrink_budget_counterexample` starts and how hard it tries.
struct budget_shrink_options {
  /// Every recording's seed is derived from it. Thread scheduling is not, so two runs with one
  /// seed may find different counterexamples.
  std::uint64_t seed = 0;
  /// The first size recorded: threads...
  std::size_t threads = 8;
  /// ...calls per thread...
  std::size_t operations_per_thread = 50;
  /// ...and the budget's capacity.
  std::size_t capacity = 8;
  /// Recordings tried at one size before the search gives that size up. A race that needs a
  /// narrow window may take many.
  std::size_t attempts_per_size = 64;
  /// Recordings in all: bounds the search's time.
  std::size_t max_recordings = 1024;
  /// Bounds on every linearizability check.
  linearizability_options check{};
};

/// What `kvc::shrink_budget_counterexample` found.
struct budget_shrink_report {
  /// Whether some recording was not linearizable.
  bool found = false;
  /// Histories recorded in all.
  std::size_t recordings = 0;
  /// Histories recorded until the first non-linearizable one, at the first size (0: none was).
  std::size_t recordings_to_first_failure = 0;
  /// Calls in that first non-linearizable recording.
  std::size_t first_failure_calls = 0;
  /// The size of the recording the counterexample was taken from: threads...
  std::size_t threads = 0;
  /// ...calls per thread...
  std::size_t operations_per_thread = 0;
  /// ...and its calls in all, before the reduction.
  std::size_t recorded_calls = 0;
  /// The counterexample: a non-linearizable history, with its ticks renumbered 0, 1, 2, ... in
  /// the order of all invocations and responses. Its `capacity` is the budget's.
  budget_history history;
  /// The checker's verdict on `history`, with why no order works.
  linearizability_report check;

  /// True when no counterexample was found: the budget passed every recording.
  [[nodiscard]] bool passed() const noexcept { return !found; }
  /// The counterexample's length.
  [[nodiscard]] std::size_t calls() const noexcept { return history.events.size(); }
};

namespace detail {

template <class Made>
[[nodiscard]] constexpr auto& budget_in(Made& made) noexcept {
  if constexpr (shared_slot_budget<Made>)
    return made;
  else
    return *made;
}

/// The size of a recording: threads, calls per thread, and the budget's capacity.
struct history_size {
  std::size_t threads;
  std::size_t operations_per_thread;
  std::size_t capacity;
};

/// The next sizes down, each smaller in one dimension: halving the calls per thread first, since
/// a race needs few calls but at least two threads, and a small capacity makes requests collide.
[[nodiscard]] std::vector<history_size> smaller_sizes(const history_size& size);

/// The same history with every tick replaced by its rank among all ticks: equal ticks stay equal
/// and order is kept, so real-time order, and the verdict, are unchanged.
[[nodiscard]] budget_history with_ranked_ticks(const budget_history& history);

/// Whether `history` is not linearizable (an undecided check never counts).
[[nodiscard]] bool refuted(const budget_history& history, const linearizability_options& options);

}  // namespace detail

/// Records histories of budgets from `make_budget` at `options`' size until one is not
/// linearizable, then at smaller sizes while they still fail, and reduces the smallest failure
/// with `kvc::reduce_budget_counterexample`. The report's history is always non-linearizable
/// itself and implies that a real recording was, so it is evidence against the budget. At most
/// `options.max_recordings` recordings are made.
template <slot_budget_factory Factory>
[[nodiscard]] budget_shrink_report shrink_budget_counterexample(
    Factory&& make_budget, const budget_shrink_options& options = {}) {
  budget_shrink_report report;
  const auto record_failure =
      [&](const detail::history_size& size) -> std::optional<budget_history> {
    for (std::size_t attempt = 0;
         attempt < options.attempts_per_size && report.recordings < options.max_recordings;
         ++attempt) {
      const std::uint64_t seed =
          detail::mix_seed(detail::mix_seed(options.seed) + report.recordings++);
      auto made = make_budget(size.capacity);
      auto history = record_budget_history(detail::budget_in(made),
                                           {seed, size.threads, size.operations_per_thread, 0});
      if (detail::refuted(history, options.check)) return history;
    }
    return std::nullopt;
  };
  // Fewer calls first; on a tie, the smaller capacity.
  const auto keep_if_smaller = [&](const budget_history& failure,
                                   const detail::history_size& size) {
    auto reduced = reduce_budget_counterexample(failure, options.check);
    if (report.found && (reduced.events.size() > report.history.events.size() ||
                         (reduced.events.size() == report.history.events.size() &&
                          reduced.capacity >= report.history.capacity)))
      return;
    report.found = true;
    report.threads = size.threads;
    report.operations_per_thread = size.operations_per_thread;
    report.recorded_calls = failure.events.size();
    report.history = std::move(reduced);
  };

  detail::history_size size{options.threads, options.operations_per_thread, options.capacity};
  const auto first = record_failure(size);
  if (!first) return report;
  report.recordings_to_first_failure = report.recordings;
  report.first_failure_calls = first->events.size();
  keep_if_smaller(*first, size);
  bool shrank = true;
  while (shrank) {
    shrank = false;
    for (const detail::history_size& smaller : detail::smaller_sizes(size)) {
      if (const auto failure = record_failure(smaller)) {
        keep_if_smaller(*failure, smaller);
        size = smaller;
        shrank = true;
        break;
      }
    }
  }
  report.history = detail::with_ranked_ticks(report.history);
  report.check = check_linearizable(report.history, options.check);
  return report;
}

/// Prints the counterexample's calls per thread with their places in the order of invocations
/// and responses, then why no sequential order explains them; or that every recording passed.
std::ostream& operator<<(std::ostream& stream, const budget_shrink_report& report);

}  // namespace kvc
