// kvc/stateful/scenario.hpp - a scenario as a fixture table holds it: a short fixed list of
// operations on a fresh cache or allocator, and the observation the contract demands of each.
//
// Both lists have one capacity, so that every scenario of a suite is a row of one table type
// (kvc/specs/prefix_cache.hpp, kvc/specs/slot_allocator.hpp): a check of the suite is one loop,
// however many scenarios it holds and however long each is.
#pragma once

#include <cstddef>
#include <initializer_list>

#include <kvc/bounded_list.hpp>

#include "operations.hpp"

namespace kvc {

/// The most operations one scenario holds.
inline constexpr std::size_t max_scenario_operations = 8;

/// The operations of one scenario, applied in order to a fresh cache or allocator.
template <class Operation>
struct scenario_operations : bounded_list<Operation, max_scenario_operations> {
  /// No operation.
  constexpr scenario_operations() noexcept = default;
  /// `operations`, in order (at most `max_scenario_operations` of them are kept).
  constexpr scenario_operations(std::initializer_list<Operation> operations) noexcept {
    for (const Operation& op : operations)
      if (this->count < max_scenario_operations) this->push_back(op);
  }
};

/// One observation per operation of a scenario (`kvc::unobserved` where nothing is observed).
struct scenario_observations : bounded_list<observation, max_scenario_operations> {
  /// No observation.
  constexpr scenario_observations() noexcept = default;
  /// `observations`, in order (at most `max_scenario_operations` of them are kept).
  constexpr scenario_observations(std::initializer_list<observation> observations) noexcept {
    for (const observation& o : observations)
      if (this->count < max_scenario_operations) this->push_back(o);
  }
};

namespace detail {

/// Applies every operation of `operations` to `implementation` (an engine's cache or allocator, or
/// kvc's model), in order, and returns what each observed.
template <class Implementation, class Operation>
[[nodiscard]] constexpr scenario_observations observe_scenario(
    Implementation& implementation, const scenario_operations<Operation>& operations) {
  scenario_observations seen;
  for (const Operation& op : operations) seen.push_back(apply_operation(implementation, op));
  return seen;
}

/// Whether two scenarios' observations are the same, operation by operation.
[[nodiscard]] constexpr bool same_observations(const scenario_observations& a,
                                               const scenario_observations& b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i])) return false;
  return true;
}

}  // namespace detail
}  // namespace kvc
