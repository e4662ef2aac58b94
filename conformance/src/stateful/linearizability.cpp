// conformance/src/stateful/linearizability.cpp - kvc::check_linearizable: Wing & Gong's search
// with Lowe's memoization, as Porcupine implements it.
//
// The calls and returns, in time order, form a linked list; the first call of the list whose
// result the specification reproduces is taken out of the list (linearized) and pushed on a stack;
// meeting a return means that the call it belongs to cannot be placed yet, so the last choice is
// undone. A configuration (which calls are linearized, and `used()` after them) that was reached
// before is not explored again. The stack replaces recursion, so its depth is bounded by the
// history's length, and the memo is bounded by `linearizability_options::max_states`.
#include <kvc/stateful/linearizability.hpp>

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
namespace {

using library::stateful::specify;

/// The set of configurations already explored: an open-addressing hash set of (linearized calls
/// as a bitset, used()) keys, stored side by side in one array.
class configuration_memo {
 public:
  explicit configuration_memo(std::size_t bitset_words)
      : key_words_(bitset_words + 1), slots_(1024, empty) {}

  /// Inserts the key; false when it was already there.
  bool insert(const std::vector<std::uint64_t>& linearized, std::size_t used, std::uint64_t hash) {
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

  [[nodiscard]] bool equal(std::size_t index, const std::vector<std::uint64_t>& linearized,
                           std::size_t used) const noexcept {
    const auto* key = keys_.data() + index * key_words_;
    return key[key_words_ - 1] == used && std::equal(linearized.begin(), linearized.end(), key);
  }
  void grow() {
    std::vector<std::size_t> slots(slots_.size() * 2, empty);
    for (std::size_t index = 0; index < count_; ++index) {
      std::size_t slot = static_cast<std::size_t>(hashes_[index]) & (slots.size() - 1);
      while (slots[slot] != empty) slot = (slot + 1) & (slots.size() - 1);
      slots[slot] = index;
    }
    slots_ = std::move(slots);
  }

  std::size_t key_words_;
  std::size_t count_ = 0;
  std::vector<std::size_t> slots_;
  std::vector<std::uint64_t> hashes_;
  std::vector<std::uint64_t> keys_;
};

/// The calls and returns of a history in time order, as a doubly linked list from which a call
/// and its return are taken out together when the call is linearized, and put back on undo.
class entry_list {
 public:
  explicit entry_list(const std::vector<budget_event>& events) {
    const std::size_t n = events.size();
    // Entry 2i is event i's call, 2i + 1 its return; node 0 is the head, entry e is node e + 1.
    std::vector<std::size_t> order(2 * n);
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

  std::vector<std::size_t> next_;
  std::vector<std::size_t> previous_;
};

/// Per-event random words whose XOR over the linearized set hashes the set incrementally.
[[nodiscard]] std::vector<std::uint64_t> event_hashes(std::size_t events) {
  std::vector<std::uint64_t> hashes(events);
  for (std::size_t i = 0; i < events; ++i) hashes[i] = mix_seed(i);
  return hashes;
}

[[nodiscard]] linearizability_report malformed(const budget_history& history) {
  linearizability_report report;
  report.capacity = history.capacity;
  for (const auto& event : history.events)
    if (event.responded < event.invoked) {
      report.verdict = linearizability_verdict::malformed_history;
      report.unplaced = event;
    }
  return report;
}

}  // namespace
}  // namespace detail

linearizability_report check_linearizable(const budget_history& history,
                                          const linearizability_options& options) {
  linearizability_report report = detail::malformed(history);
  if (report.verdict == linearizability_verdict::malformed_history) return report;

  const auto& events = history.events;
  const std::size_t words = events.size() / 64 + 1;
  const auto hashes = detail::event_hashes(events.size());
  detail::entry_list list(events);
  detail::configuration_memo memo(words);
  std::vector<std::uint64_t> linearized(words, 0);
  std::uint64_t linearized_hash = 0;
  std::size_t used = 0;

  struct choice {
    std::size_t call;
    std::size_t used_before;
  };
  std::vector<choice> stack;
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

  std::size_t node = list.next(detail::entry_list::head);
  while (node != detail::entry_list::none) {
    if (detail::entry_list::is_call(node)) {
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
      node = advanced ? list.next(detail::entry_list::head) : list.next(node);
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

std::ostream& operator<<(std::ostream& stream, const linearizability_report& report) {
  std::string out;
  library::stateful::append_linearizability(out, report);
  return stream << out;
}

}  // namespace kvc
