// kvc/stateful/budget_reduction.hpp - smaller non-linearizable budget histories taken out of a
// non-linearizable one, by the two removals that cannot turn a correct history into a wrong one.
//
// A smaller history is evidence against a budget only if its being non-linearizable implies that
// the recorded history is. Removing an arbitrary call breaks that: without a successful release,
// a later grant that the release made room for looks impossible. Both removals here keep the
// implication, and each says why where it is declared. Every function returns its input unchanged
// unless the result is itself non-linearizable (`linearizability_verdict::not_linearizable`; an
// undecided check never counts). They are compiled in the `kvc::conformance` library.
#pragma once

#include "budget_history.hpp"
#include "linearizability.hpp"

namespace kvc {

/// Whether `event`'s call leaves `used()` unchanged in every state in which `kvc::slot_budget`
/// returns what the call returned: a refused `try_reserve` (granted 0), a refused `release`, and
/// `release(0)`.
[[nodiscard]] constexpr bool is_state_free(const budget_event& event) noexcept {
  return event.result == 0 || (event.kind == budget_operation_kind::release && event.amount == 0);
}

/// `history` without those state-free calls (`kvc::is_state_free`) whose removal keeps it
/// non-linearizable, tried one at a time until none can go.
///
/// Sound: let `c` be state-free and `history` without `c` be non-linearizable. Were `history`
/// linearizable, its order with `c` left out would respect real time among the rest, and every
/// other call would meet the same `used()` as before, since `c`, returning what it returned,
/// changed nothing. That order would linearize the rest: a contradiction. So the smaller history
/// being non-linearizable proves that the recorded one is.
[[nodiscard]] budget_history drop_state_free_calls(const budget_history& history,
                                                   const linearizability_options& options = {});

/// The shortest non-linearizable prefix of `history` that ends at a quiescent point: an instant
/// at which every call invoked before it has responded. `history` itself when there is none
/// shorter.
///
/// Sound: every call after a quiescent point was invoked after every call before it responded,
/// so any linearization of `history` orders all of the earlier calls first, starting from no
/// slots used, and so linearizes the prefix. A prefix that is not linearizable proves that the
/// whole is not. Cutting anywhere else is not sound: a call invoked later can be linearized
/// before a pending earlier one and be the only thing that explains its result.
[[nodiscard]] budget_history cut_at_quiescent_point(const budget_history& history,
                                                    const linearizability_options& options = {});

/// Both removals, repeated until neither shortens `history`: dropping a call can open a new
/// quiescent point, and cutting can leave a state-free call droppable.
[[nodiscard]] budget_history reduce_budget_counterexample(
    const budget_history& history, const linearizability_options& options = {});

}  // namespace kvc
