// kvc/stateful/budget_history.hpp - concurrent histories of a slot budget, and a recorder that
// drives many threads against one budget to produce them.
//
// A history is what a linearizability check needs and nothing more: every call's thread, argument
// and result, and when it was invoked and when it responded. The recorder takes those two instants
// from one shared atomic counter, ticked just before the call and just after it returns; the
// counter's order is consistent with real time, so "A responded before B was invoked" in the
// history implies it did in the run, which is the only order linearizability may rely on.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "recording_threads.hpp"

namespace kvc {

/// Which member function of a budget one event called.
enum class budget_operation_kind : unsigned char {
  try_reserve,  ///< `budget.try_reserve(amount)`; the result is the grant
  release,      ///< `budget.release(amount)`; the result is 1 (released) or 0 (refused)
};

/// One completed call on a shared budget.
struct budget_event {
  /// The thread that made the call (0-based).
  std::size_t thread = 0;
  /// Which member function was called.
  budget_operation_kind kind = budget_operation_kind::try_reserve;
  /// The argument.
  std::int64_t amount = 0;
  /// What it returned: the slots granted, or 1 / 0 for a release that succeeded / was refused.
  std::int64_t result = 0;
  /// The shared counter's tick just before the call.
  std::uint64_t invoked = 0;
  /// The shared counter's tick just after it returned; later than `invoked`.
  std::uint64_t responded = 0;
};

/// Every call made on one budget of `capacity` slots, which started with none used.
struct budget_history {
  /// The budget's capacity.
  std::size_t capacity = 0;
  /// The calls, in any order.
  std::vector<budget_event> events;
  /// How many of the threads asked for the system refused to start (`kvc::record_budget_history`):
  /// they made no calls, so the history exercised that many fewer threads. 0 normally.
  std::size_t threads_refused = 0;
};

/// A budget with the API of `kvc::concurrent_slot_budget`, called from many threads at once.
template <class Budget>
concept shared_slot_budget = requires(Budget& budget, std::int64_t n) {
  { budget.try_reserve(n) } -> std::convertible_to<std::int64_t>;
  { budget.release(n) } -> std::convertible_to<bool>;
  { budget.capacity() } -> std::convertible_to<std::size_t>;
};

/// How `kvc::record_budget_history` drives a budget.
struct budget_recording_options {
  /// Every thread's generator is derived from it. Thread scheduling is not, so one seed gives the
  /// same calls per thread but not the same interleaving.
  std::uint64_t seed = 0;
  /// Threads calling the budget at once.
  std::size_t threads = 8;
  /// Calls per thread.
  std::size_t operations_per_thread = 50;
  /// The largest amount asked for; 0 picks `capacity / 2 + 1`, so that two requests often do not
  /// both fit and the budget is driven at its edge.
  std::int64_t max_amount = 0;
};

namespace detail {

/// splitmix64: decorrelates the per-thread seeds derived from one seed.
[[nodiscard]] constexpr std::uint64_t mix_seed(std::uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30U)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27U)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31U);
}

/// xorshift64*: small, fast, and the same on every standard library (unlike the distributions
/// of <random>), so a thread's calls depend on the seed alone.
class history_generator {
 public:
  explicit constexpr history_generator(std::uint64_t seed) noexcept : state_(mix_seed(seed) | 1U) {}
  /// Uniform enough in [0, bound) for bound > 0.
  constexpr std::uint64_t below(std::uint64_t bound) noexcept {
    state_ ^= state_ >> 12U;
    state_ ^= state_ << 25U;
    state_ ^= state_ >> 27U;
    return (state_ * 0x2545f4914f6cdd1dULL >> 32U) % bound;
  }

 private:
  std::uint64_t state_;
};

/// One thread's part of a recording: it mostly releases what it holds, so that releases succeed
/// and the history exercises both results of both calls, and sometimes more than it holds, which
/// the budget may grant or refuse depending on the other threads.
template <class Budget>
void record_thread(Budget& budget, std::size_t thread, const budget_recording_options& options,
                   std::int64_t max_amount, tick_counter& clock, start_gate& start,
                   std::vector<budget_event>& events) {
  history_generator random(options.seed * 0x100000001b3ULL + thread);
  const auto amount_up_to = [&](std::int64_t most) {
    return 1 + static_cast<std::int64_t>(random.below(static_cast<std::uint64_t>(most)));
  };
  std::int64_t held = 0;
  start.arrive_and_wait();
  for (std::size_t i = 0; i < options.operations_per_thread; ++i) {
    budget_event event{thread, budget_operation_kind::try_reserve, 0, 0, 0, 0};
    const bool reserve = held == 0 ? random.below(4) != 0 : random.below(2) == 0;
    if (reserve) {
      event.amount = amount_up_to(max_amount);
      event.invoked = clock.next();
      event.result = static_cast<std::int64_t>(budget.try_reserve(event.amount));
      event.responded = clock.next();
      held += event.result;
    } else {
      event.kind = budget_operation_kind::release;
      const bool own = held > 0 && random.below(8) != 0;
      event.amount = own ? amount_up_to(held) : held + amount_up_to(max_amount);
      event.invoked = clock.next();
      event.result = static_cast<bool>(budget.release(event.amount)) ? 1 : 0;
      event.responded = clock.next();
      // Releasing more than it held gave back other threads' slots: it holds none now.
      if (event.result == 1) held = own ? held - event.amount : 0;
    }
    events.push_back(event);
  }
}

}  // namespace detail

/// Runs `options.threads` threads of `options.operations_per_thread` random `try_reserve` and
/// `release` calls each on `budget`, which must have none used, and returns what they did. The
/// threads start together at a gate so that their calls overlap. A thread the system refuses to
/// start makes no calls: the history holds the others' and counts it in `threads_refused`.
template <shared_slot_budget Budget>
[[nodiscard]] budget_history record_budget_history(Budget& budget,
                                                   const budget_recording_options& options = {}) {
  budget_history history{static_cast<std::size_t>(budget.capacity()), {}};
  const std::int64_t max_amount = options.max_amount > 0
                                      ? options.max_amount
                                      : static_cast<std::int64_t>(history.capacity / 2 + 1);
  std::vector<std::vector<budget_event>> per_thread(options.threads);
  for (auto& events : per_thread) events.reserve(options.operations_per_thread);
  detail::tick_counter clock;
  detail::start_gate start(options.threads);
  auto record = [&](std::size_t t) {
    detail::record_thread(budget, t, options, max_amount, clock, start, per_thread[t]);
  };
  // A thread that cannot be started records nothing; the others do not wait for it.
  const std::size_t ran = detail::run_on_threads(options.threads, record,
                                                 [&](std::size_t) noexcept { start.arrive(); });
  history.threads_refused = options.threads - ran;
  history.events.reserve(options.threads * options.operations_per_thread);
  for (const auto& events : per_thread)
    history.events.insert(history.events.end(), events.begin(), events.end());
  return history;
}

}  // namespace kvc
