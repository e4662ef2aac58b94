// kvc/stateful/linearizability.hpp - whether a concurrent history of a slot budget is linearizable
// with respect to the sequential `kvc::slot_budget`.
//
// A history is linearizable when its calls can be put in one sequence that respects real time (a
// call that responded before another was invoked comes first) and in which every call returns what
// `kvc::slot_budget` returns when the calls are replayed on it in that order. This is the
// correctness condition of a lock-free budget; ThreadSanitizer cannot check it, because a budget
// whose load and store are each atomic has no data race and still loses updates.
//
// The search is Wing & Gong's, with Lowe's memoization as Porcupine implements it: the calls and
// returns, in time order, form a linked list; the first call of the list whose result the
// specification reproduces is taken out of the list (linearized) and pushed on a stack; meeting a
// return means that the call it belongs to cannot be placed yet, so the last choice is undone. A
// configuration (which calls are linearized, and `used()` after them) that was reached before is
// not explored again. The stack replaces recursion, so its depth is bounded by the history's
// length, and the memo is bounded by `linearizability_options::max_states`.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <kvc/detail/deferred.hpp>
#include <kvc/slot_budget.hpp>
#include <kvc/stateful/budget_history.hpp>
#include <kvc/verification/report_builder.hpp>

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

namespace detail {

/// What `kvc::slot_budget` returns for `event`'s call when `used` of `capacity` slots are used,
/// and `used()` afterwards. The specification is the budget itself, brought to `used` first.
struct specified_call {
  std::int64_t result;
  std::size_t used_after;
};
[[nodiscard]] constexpr specified_call specify(std::size_t capacity, std::size_t used,
                                               const budget_event& event) noexcept {
  slot_budget budget(capacity);
  static_cast<void>(budget.try_reserve(used));
  if (event.kind == budget_operation_kind::try_reserve)
    return {budget.try_reserve(event.amount), budget.used()};
  return {budget.release(event.amount) ? 1 : 0, budget.used()};
}

/// The set of configurations already explored: an open-addressing hash set of (linearized calls
/// as a bitset, used()) keys, stored side by side in one array.
/// (A template only so that a translation unit that never uses it does not compile it: the
/// alias `kvc::detail::configuration_memo` names it.)
template <class Deferred = void>
class basic_configuration_memo {
 public:
  explicit basic_configuration_memo(std::size_t bitset_words)
      : key_words_(bitset_words + 1), slots_(1024, empty) {}

  /// Inserts the key; false when it was already there.
  bool insert(const std::vector<kvc::detail::dependent_t<Deferred, std::uint64_t>>& linearized,
              std::size_t used, std::uint64_t hash) {
    if ((count_ + 1) * 2 > slots_.size()) grow();
    std::size_t slot = static_cast<std::size_t>(hash) & (slots_.size() - 1);
    while (slots_[slot] != empty) {
      if (hashes_[slots_[slot]] == hash && equal(slots_[slot], linearized, used)) return false;
      slot = (slot + 1) & (slots_.size() - 1);
    }
    slots_[slot] = count_++;
    hashes_.push_back(hash);
    keys_.insert(keys_.end(), linearized.begin(), linearized.end());
    keys_.push_back(used);
    return true;
  }
  [[nodiscard]] std::size_t size() const noexcept { return count_; }

 private:
  static constexpr std::size_t empty = static_cast<std::size_t>(-1);

  [[nodiscard]] bool equal(
      std::size_t index,
      const std::vector<kvc::detail::dependent_t<Deferred, std::uint64_t>>& linearized,
      std::size_t used) const noexcept {
    const auto* key = keys_.data() + index * key_words_;
    return key[key_words_ - 1] == used && std::equal(linearized.begin(), linearized.end(), key);
  }
  void grow() {
    std::vector<kvc::detail::dependent_t<Deferred, std::size_t>> slots(slots_.size() * 2, empty);
    for (std::size_t index = 0; index < count_; ++index) {
      std::size_t slot = static_cast<std::size_t>(hashes_[index]) & (slots.size() - 1);
      while (slots[slot] != empty) slot = (slot + 1) & (slots.size() - 1);
      slots[slot] = index;
    }
    slots_ = std::move(slots);
  }

  std::size_t key_words_;
  std::size_t count_ = 0;
  std::vector<kvc::detail::dependent_t<Deferred, std::size_t>> slots_;
  std::vector<kvc::detail::dependent_t<Deferred, std::uint64_t>> hashes_;
  std::vector<kvc::detail::dependent_t<Deferred, std::uint64_t>> keys_;
};

/// kvc's configuration memo (see basic_configuration_memo).
using configuration_memo = basic_configuration_memo<>;

/// The calls and returns of a history in time order, as a doubly linked list from which a call
/// and its return are taken out together when the call is linearized, and put back on undo.
/// (A template only so that a translation unit that never uses it does not compile it: the
/// alias `kvc::detail::entry_list` names it.)
template <class Deferred = void>
class basic_entry_list {
 public:
  explicit basic_entry_list(
      const std::vector<kvc::detail::dependent_t<Deferred, budget_event>>& events) {
    const std::size_t n = events.size();
    // Entry 2i is event i's call, 2i + 1 its return; node 0 is the head, entry e is node e + 1.
    std::vector<kvc::detail::dependent_t<Deferred, std::size_t>> order(2 * n);
    for (std::size_t e = 0; e < 2 * n; ++e) order[e] = e;
    const auto time = [&](std::size_t e) {
      return e % 2 == 0 ? events[e / 2].invoked : events[e / 2].responded;
    };
    // On equal ticks the call comes first: the calls then overlap, which claims nothing.
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return time(a) != time(b) ? time(a) < time(b) : a % 2 < b % 2;
    });
    next_.assign(2 * n + 1, none);
    previous_.assign(2 * n + 1, none);
    std::size_t last = 0;
    for (const std::size_t e : order) {
      next_[last] = e + 1;
      previous_[e + 1] = last;
      last = e + 1;
    }
  }

  static constexpr std::size_t none = static_cast<std::size_t>(-1);
  static constexpr std::size_t head = 0;

  [[nodiscard]] std::size_t next(std::size_t node) const noexcept { return next_[node]; }
  [[nodiscard]] static bool is_call(std::size_t node) noexcept { return (node - 1) % 2 == 0; }
  [[nodiscard]] static std::size_t event_of(std::size_t node) noexcept { return (node - 1) / 2; }

  /// Takes the call `node` and its return out of the list.
  void lift(std::size_t call) noexcept {
    unlink(call);
    unlink(call + 1);
  }
  /// Puts back what `lift(call)` took out; undone in the reverse order of lifting.
  void unlift(std::size_t call) noexcept {
    relink(call + 1);
    relink(call);
  }

 private:
  void unlink(std::size_t node) noexcept {
    next_[previous_[node]] = next_[node];
    if (next_[node] != none) previous_[next_[node]] = previous_[node];
  }
  void relink(std::size_t node) noexcept {
    next_[previous_[node]] = node;
    if (next_[node] != none) previous_[next_[node]] = node;
  }

  std::vector<kvc::detail::dependent_t<Deferred, std::size_t>> next_;
  std::vector<kvc::detail::dependent_t<Deferred, std::size_t>> previous_;
};

/// kvc's entry list (see basic_entry_list).
using entry_list = basic_entry_list<>;

/// Per-event random words whose XOR over the linearized set hashes the set incrementally.
template <class Deferred = void>
[[nodiscard]] std::vector<kvc::detail::dependent_t<Deferred, std::uint64_t>> event_hashes(
    std::size_t events) {
  std::vector<kvc::detail::dependent_t<Deferred, std::uint64_t>> hashes(events);
  for (std::size_t i = 0; i < events; ++i) hashes[i] = mix_seed(i);
  return hashes;
}

template <class Deferred = void>
[[nodiscard]] linearizability_report malformed(
    const detail::dependent_t<Deferred, budget_history>& history) {
  dependent_t<Deferred, linearizability_report> report;
  report.capacity = history.capacity;
  for (const auto& event : history.events)
    if (event.responded < event.invoked) {
      report.verdict = linearizability_verdict::malformed_history;
      report.unplaced = event;
    }
  return report;
}

}  // namespace detail

/// Whether `history` is linearizable with respect to `kvc::slot_budget(history.capacity)`, starting
/// with no slots used. Iterative; its memory is bounded by the history's length and
/// `options.max_states`.
template <class Deferred = void>
[[nodiscard]] linearizability_report check_linearizable(
    const detail::dependent_t<Deferred, budget_history>& history,
    const linearizability_options& options = {}) {
  detail::dependent_t<Deferred, linearizability_report> report =
      detail::malformed<Deferred>(history);
  if (report.verdict == linearizability_verdict::malformed_history) return report;

  const auto& events = history.events;
  const std::size_t words = events.size() / 64 + 1;
  const auto hashes = detail::event_hashes<Deferred>(events.size());
  detail::basic_entry_list<Deferred> list(events);
  detail::basic_configuration_memo<Deferred> memo(words);
  std::vector<kvc::detail::dependent_t<Deferred, std::uint64_t>> linearized(words, 0);
  std::uint64_t linearized_hash = 0;
  std::size_t used = 0;

  struct choice {
    std::size_t call;
    std::size_t used_before;
  };
  std::vector<detail::dependent_t<Deferred, choice>> stack;
  stack.reserve(events.size());
  std::size_t deepest = 0;
  bool refuted_somewhere = false;
  const auto flip = [&](std::size_t event) {
    linearized[event / 64] ^= std::uint64_t{1} << (event % 64);
    linearized_hash ^= hashes[event];
  };
  // Remembers the deepest dead end: the evidence printed when nothing deeper is found.
  const auto note_dead_end = [&](std::size_t blocked_return) {
    if (refuted_somewhere && stack.size() <= deepest) return;
    refuted_somewhere = true;
    deepest = stack.size();
    report.longest_prefix.clear();
    for (const auto& step : stack)
      report.longest_prefix.push_back(events[list.event_of(step.call)]);
    report.used_after_prefix = used;
    report.unplaced = events[list.event_of(blocked_return)];
  };

  std::size_t node = list.next(detail::basic_entry_list<Deferred>::head);
  while (node != detail::basic_entry_list<Deferred>::none) {
    if (detail::basic_entry_list<Deferred>::is_call(node)) {
      const std::size_t event = list.event_of(node);
      const auto call = detail::specify(history.capacity, used, events[event]);
      bool advanced = false;
      if (call.result == events[event].result) {
        flip(event);
        // ~used keeps the state's word apart from the events' words mix_seed(0), mix_seed(1), ...
        const std::uint64_t key_hash = linearized_hash ^ detail::mix_seed(~call.used_after);
        if (memo.insert(linearized, call.used_after, key_hash)) {
          stack.push_back({node, used});
          used = call.used_after;
          list.lift(node);
          advanced = true;
        } else {
          flip(event);
        }
      }
      if (memo.size() >= options.max_states) {
        report.verdict = linearizability_verdict::search_limit_reached;
        break;
      }
      node = advanced ? list.next(detail::basic_entry_list<Deferred>::head) : list.next(node);
    } else {
      note_dead_end(node);
      if (stack.empty()) {
        report.verdict = linearizability_verdict::not_linearizable;
        break;
      }
      const choice undone = stack.back();
      stack.pop_back();
      used = undone.used_before;
      flip(list.event_of(undone.call));
      list.unlift(undone.call);
      node = list.next(undone.call);
    }
  }
  report.explored_states = memo.size();
  return report;
}

namespace detail {
template <class Deferred = void>
report_builder& print_event(report_builder& out, const dependent_t<Deferred, budget_event>& event) {
  out << "thread " << event.thread << ": "
      << (event.kind == budget_operation_kind::try_reserve ? "try_reserve(" : "release(")
      << event.amount << ") -> ";
  if (event.kind == budget_operation_kind::try_reserve)
    out << event.result;
  else
    out << (event.result != 0 ? "true" : "false");
  return out << "  [" << event.invoked << ", " << event.responded << "]";
}
}  // namespace detail

namespace detail {
/// The text of `kvc::linearizability_report`'s `operator<<`.
template <class Deferred = void>
report_builder& print_linearizability(report_builder& out,
                                      const dependent_t<Deferred, linearizability_report>& report) {
  switch (report.verdict) {
    case linearizability_verdict::linearizable:
      return out << "linearizable (" << report.explored_states << " states explored)\n";
    case linearizability_verdict::search_limit_reached:
      return out << "undecided: the search limit of " << report.explored_states
                 << " states was reached\n";
    case linearizability_verdict::malformed_history:
      out << "malformed history: this call responds before it is invoked:\n  ";
      print_event<Deferred>(out, report.unplaced);
      return out << '\n';
    case linearizability_verdict::not_linearizable:
      break;
  }
  out << "not linearizable against kvc::slot_budget(" << report.capacity << ") ("
      << report.explored_states << " states explored)\n"
      << "longest linearizable prefix (" << report.longest_prefix.size() << " calls):\n";
  for (const auto& event : report.longest_prefix) print_event<Deferred>(out << "  ", event) << '\n';
  const auto specified = specify(report.capacity, report.used_after_prefix, report.unplaced);
  print_event<Deferred>(out << "then, with used() == " << report.used_after_prefix
                            << ", no call can be placed before this one returns:\n  ",
                        report.unplaced);
  out << "\n  kvc::slot_budget would return ";
  if (report.unplaced.kind == budget_operation_kind::try_reserve)
    out << specified.result;
  else
    out << (specified.result != 0 ? "true" : "false");
  return out << " here\n";
}
}  // namespace detail

/// Prints the verdict and, for a failure, the longest linearizable prefix and the call that could
/// not follow it.
template <class Deferred = void>
std::ostream& operator<<(std::ostream& stream,
                         const detail::dependent_t<Deferred, linearizability_report>& report) {
  detail::report_builder out;
  detail::print_linearizability<Deferred>(out, report);
  return stream << out.text;
}

}  // namespace kvc
