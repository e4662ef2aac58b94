// conformance/src/stateful/budget_text.hpp - budget histories as text: one call per line, and why
// a history is or is not linearizable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <kvc/slot_budget.hpp>
#include <kvc/stateful/budget_history.hpp>
#include <kvc/stateful/linearizability.hpp>

namespace kvc::library::stateful {

/// What `kvc::slot_budget` returns for `event`'s call when `used` of `capacity` slots are used,
/// and `used()` afterwards. The specification is the budget itself, brought to `used` first.
struct specified_call {
  std::int64_t result;
  std::size_t used_after;
};
[[nodiscard]] inline specified_call specify(std::size_t capacity, std::size_t used,
                                            const budget_event& event) noexcept {
  slot_budget budget(capacity);
  static_cast<void>(budget.try_reserve(used));
  if (event.kind == budget_operation_kind::try_reserve)
    return {budget.try_reserve(event.amount), budget.used()};
  return {budget.release(event.amount) ? 1 : 0, budget.used()};
}

/// `thread 2: try_reserve(5) -> 5  [3, 7]`.
inline void append_event(std::string& out, const budget_event& event) {
  out += "thread " + std::to_string(event.thread) + ": " +
         (event.kind == budget_operation_kind::try_reserve ? "try_reserve(" : "release(") +
         std::to_string(event.amount) + ") -> ";
  if (event.kind == budget_operation_kind::try_reserve)
    out += std::to_string(event.result);
  else
    out += event.result != 0 ? "true" : "false";
  out += "  [" + std::to_string(event.invoked) + ", " + std::to_string(event.responded) + "]";
}

/// The verdict and, for a failure, the longest linearizable prefix and the call that could not
/// follow it.
inline void append_linearizability(std::string& out, const linearizability_report& report) {
  switch (report.verdict) {
    case linearizability_verdict::linearizable:
      out += "linearizable (" + std::to_string(report.explored_states) + " states explored)\n";
      return;
    case linearizability_verdict::search_limit_reached:
      out += "undecided: the search limit of " + std::to_string(report.explored_states) +
             " states was reached\n";
      return;
    case linearizability_verdict::malformed_history:
      out += "malformed history: this call responds before it is invoked:\n  ";
      append_event(out, report.unplaced);
      out += '\n';
      return;
    case linearizability_verdict::not_linearizable:
      break;
  }
  out += "not linearizable against kvc::slot_budget(" + std::to_string(report.capacity) + ") (" +
         std::to_string(report.explored_states) + " states explored)\n" +
         "longest linearizable prefix (" + std::to_string(report.longest_prefix.size()) +
         " calls):\n";
  for (const budget_event& event : report.longest_prefix) {
    out += "  ";
    append_event(out, event);
    out += '\n';
  }
  out += "then, with used() == " + std::to_string(report.used_after_prefix) +
         ", no call can be placed before this one returns:\n  ";
  append_event(out, report.unplaced);
  const specified_call specified =
      specify(report.capacity, report.used_after_prefix, report.unplaced);
  out += "\n  kvc::slot_budget would return ";
  if (report.unplaced.kind == budget_operation_kind::try_reserve)
    out += std::to_string(specified.result);
  else
    out += specified.result != 0 ? "true" : "false";
  out += " here\n";
}

}  // namespace kvc::library::stateful
