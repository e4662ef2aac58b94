// kvc/specs/slot_allocator.hpp - the spec of a per-request slot allocator: short fixed operation
// sequences (`try_reserve(request, n)`, `release(request)`, `available()`) on a fresh allocator of
// the scenario's capacity, each with the grants and free slots the contract demands
// (`kvc::model::slot_allocator`).
//
// The implementation a scenario suite checks is a factory of the capacity, called once per
// scenario, because the capacity is part of what a scenario says (an exact fit is an exact fit of
// that capacity):
//
//   static_assert(kvc::verify(kvc::suites::slot_allocator_scenarios,
//                             [](std::size_t capacity) { return my_allocator(capacity); }));
//
// `kvc::explore` of the suite runs `kvc::check_slot_allocator` on the factory: generated sequences
// checked step by step against the model (kvc/stateful/scenario_exploration.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <kvc/model/slot_allocator.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/fixture_text.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/stateful/factory_arguments.hpp>
#include <kvc/stateful/operations.hpp>
#include <kvc/stateful/scenario.hpp>
#include <kvc/stateful/scenario_exploration.hpp>
#include <kvc/stateful/slot_allocator_check.hpp>

namespace kvc::specs {

/// The call shape of the slot-allocator scenarios: the implementation is a factory of allocators
/// of a capacity (`[](std::size_t capacity) { return my_allocator(capacity); }`, by value or
/// through a pointer; the capacity converted to the factory's parameter type), called once per
/// scenario; the operations are applied to what it makes with `kvc::apply_operation`, and the
/// result is one `kvc::observation` per operation (`kvc::unobserved` for releases).
struct slot_allocator_scenario {
  /// The shape's name.
  static constexpr std::string_view name = "slot_allocator_scenario";
  /// The call shape's name in the JSON vectors.
  static constexpr std::string_view call_name = "scenario";
  /// A stateful scenario: explored by `kvc::check_slot_allocator` (`explore`), not by a generator.
  static constexpr bool stateful = true;
  /// The inputs: the allocator's capacity, then the operations, in order.
  static constexpr field fields[] = {{"capacity", field_kind::capacity},
                                     {"operations", field_kind::operations}};

  /// One scenario's inputs.
  template <class Capacity = std::size_t,
            class Operations = scenario_operations<allocator_operation>>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = slot_allocator_scenario;
    Capacity capacity;      ///< the allocator's capacity
    Operations operations;  ///< the operations, in order
  };

  /// `f(capacity, operations)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.capacity, in.operations);
  }

  /// Whether `Impl` is a factory of allocators of a capacity.
  template <class Impl, class In>
  [[nodiscard]] static constexpr bool takes() noexcept {
    return detail::allocator_factory<Impl>;
  }
  /// One observation per operation.
  template <class Impl, class In>
  using actual_type = scenario_observations;
  /// Makes a fresh allocator of the scenario's capacity, applies the scenario's operations to it
  /// and hands their observations to `use`.
  template <class Impl, class In, class Use>
  static constexpr bool call(const Impl& factory, const In& in, Use&& use) {
    const std::size_t capacity = in.capacity;
    auto made = detail::call_factory<1>(factory, &capacity);
    use(detail::observe_scenario(detail::implementation_of(made), in.operations));
    return true;
  }

  /// The result as the run-time checks keep and print it.
  using result = scenario_observations;
  /// `actual` as a `result`.
  [[nodiscard]] static constexpr result normalize(const scenario_observations& actual) noexcept {
    return actual;
  }
  /// Every grant and every `available()` equal to the contract's.
  template <class In>
  [[nodiscard]] static constexpr bool agrees(const engine_profile&, const In&,
                                             const scenario_observations& actual,
                                             const scenario_observations& expected) noexcept {
    return detail::same_observations(actual, expected);
  }
  /// The contract's observations: the scenario applied to `kvc::model::slot_allocator` of the
  /// scenario's capacity (no policy applies).
  template <class In>
  [[nodiscard]] static constexpr scenario_observations reference(const In& in,
                                                                 reuse_policy = {}) noexcept {
    model::slot_allocator allocator(in.capacity);
    return detail::observe_scenario(allocator, in.operations);
  }

  /// `kvc::explore` of a suite of this shape: `kvc::check_slot_allocator` of the factory, with the
  /// exploration's seed and cases (kvc/stateful/scenario_exploration.hpp).
  template <class Impl, class Options, class Report>
  static void explore(const Impl& factory, const Options& options, Report& report) {
    detail::report_exploration(
        check_slot_allocator(factory, detail::scenario_check_options(options.seed, options.cases)),
        report);
  }
};

/// A slot-allocator scenario: its label, the allocator's capacity and the operations, and the
/// observation the contract demands of each.
using allocator_scenario = fixture_row<slot_allocator_scenario::inputs<>, scenario_observations>;

}  // namespace kvc::specs

namespace kvc {

/// A slot-allocator scenario: `ops`, applied in order to a fresh allocator of `capacity` slots,
/// and the observation the contract demands of each (`kvc::unobserved` for releases):
/// `kvc::make_scenario("label", 8, {kvc::reserve_operation(1, 8), ...}, {kvc::observed(1), ...})`.
[[nodiscard]] constexpr specs::allocator_scenario make_scenario(
    fixture_text label, std::size_t capacity, const scenario_operations<allocator_operation>& ops,
    const scenario_observations& expected) noexcept {
  return {label, {capacity, ops}, expected};
}

/// The same, from arrays of one length (at most `kvc::max_scenario_operations` operations).
template <std::size_t K>
[[nodiscard]] constexpr specs::allocator_scenario make_scenario(
    fixture_text label, std::size_t capacity, const std::array<allocator_operation, K>& ops,
    const std::array<observation, K>& expected) noexcept {
  static_assert(K <= max_scenario_operations, "kvc: a scenario holds at most 8 operations");
  specs::allocator_scenario scenario{label, {capacity, {}}, {}};
  for (std::size_t i = 0; i < K; ++i) {
    scenario.inputs.operations.push_back(ops[i]);
    scenario.expected.push_back(expected[i]);
  }
  return scenario;
}

}  // namespace kvc

namespace kvc::specs {

namespace allocator_scenario_values {
inline constexpr std::uint64_t two_to_the_40 = std::uint64_t{1} << 40;
inline constexpr std::uint64_t two_to_the_63 = std::uint64_t{1} << 63;
}  // namespace allocator_scenario_values

/// The scenarios of `kvc::suites::slot_allocator_scenarios`, each there to reject a plausible
/// wrong allocator (tests/mutants/slot_allocator.hpp holds them).
inline constexpr allocator_scenario slot_allocator_scenario_table[] = {
    make_scenario("exact fit at capacity", 8,
                  {reserve_operation(1, 8), available_operation(), reserve_operation(2, 1)},
                  {observed(1), observed(0), observed(0)}),
    // All or nothing: 4 asked, 3 free grants none, never the 3.
    make_scenario("one over what is free is refused whole", 8,
                  {reserve_operation(1, 5), reserve_operation(2, 4), available_operation(),
                   reserve_operation(2, 3)},
                  {observed(1), observed(0), observed(3), observed(1)}),
    make_scenario("more than the capacity is refused whole", 8,
                  {reserve_operation(1, 9), available_operation()}, {observed(0), observed(8)}),
    make_scenario("a reservation of nothing is refused", 8,
                  {reserve_operation(1, 0), available_operation(), release_operation(1),
                   available_operation()},
                  {observed(0), observed(8), unobserved, observed(8)}),
    make_scenario("repeated reservations add up", 8,
                  {reserve_operation(1, 2), reserve_operation(1, 3), available_operation(),
                   release_operation(1), available_operation()},
                  {observed(1), observed(1), observed(3), unobserved, observed(8)}),
    make_scenario("release frees all of its request", 8,
                  {reserve_operation(1, 3), reserve_operation(2, 2), release_operation(1),
                   available_operation(), reserve_operation(3, 6)},
                  {observed(1), observed(1), unobserved, observed(6), observed(1)}),
    make_scenario("double release frees once", 8,
                  {reserve_operation(1, 3), reserve_operation(2, 2), release_operation(1),
                   release_operation(1), available_operation()},
                  {observed(1), observed(1), unobserved, unobserved, observed(6)}),
    make_scenario("release of an unknown request frees nothing", 8,
                  {reserve_operation(1, 3), release_operation(7), available_operation()},
                  {observed(1), unobserved, observed(5)}),
    // A request refused whole holds nothing, so its release must not free anyone's slots.
    make_scenario("a refused request does not become known", 4,
                  {reserve_operation(1, 3), reserve_operation(2, 2), release_operation(2),
                   available_operation()},
                  {observed(1), observed(0), unobserved, observed(1)}),
    // A table of 32-bit ids makes 2^40 + 1 the same request as 1.
    make_scenario(
        "request 2^40 + 1 is not request 1", 8,
        {reserve_operation(allocator_scenario_values::two_to_the_40 + 1, 3),
         reserve_operation(1, 2), release_operation(1), available_operation(),
         release_operation(allocator_scenario_values::two_to_the_40 + 1), available_operation()},
        {observed(1), observed(1), unobserved, observed(5), unobserved, observed(8)}),
    make_scenario("request 2^63 is not request 0", 8,
                  {reserve_operation(allocator_scenario_values::two_to_the_63, 4),
                   reserve_operation(0, 1), release_operation(0), available_operation()},
                  {observed(1), observed(1), unobserved, observed(4)}),
    // Request 0 taken for "no request" would be granted without taking slots.
    make_scenario("request 0 holds slots", 8,
                  {reserve_operation(0, 3), available_operation(), release_operation(0),
                   available_operation()},
                  {observed(1), observed(5), unobserved, observed(8)}),
    // A release that keeps the request's count would free 3 + 2 on the second release.
    make_scenario("a released request starts from nothing", 8,
                  {reserve_operation(1, 3), release_operation(1), reserve_operation(1, 2),
                   available_operation(), release_operation(1), available_operation()},
                  {observed(1), unobserved, observed(1), observed(6), unobserved, observed(8)}),
    make_scenario("a refused reservation adds nothing to its request", 8,
                  {reserve_operation(1, 5), reserve_operation(1, 4), available_operation(),
                   release_operation(1), available_operation()},
                  {observed(1), observed(0), observed(3), unobserved, observed(8)}),
};

/// The description of kvc::suites::slot_allocator_scenarios.
struct slot_allocator_scenarios_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "slot_allocator_scenarios";
};

}  // namespace kvc::specs

namespace kvc::suites {

/// Scenarios of a slot allocator (`try_reserve(request, n) -> bool`, `release(request)`,
/// `available()`): each one a few operations on a fresh allocator of the scenario's capacity, and
/// what every reservation (1 granted, 0 refused) and every `available()` must return. A reservation
/// is all or nothing, a request's reservations add up, a release frees all of its request's slots
/// once, and a request that holds nothing (never granted, refused, already released) frees nothing.
/// Each scenario is there to reject a plausible wrong allocator.
///
/// The implementation checked is a factory of the capacity: `kvc::verify(slot_allocator_scenarios,
/// [](std::size_t capacity) { return my_allocator(capacity); })`. At most 2 requests hold slots at
/// once, and capacities are at most 8.
inline constexpr suite<specs::slot_allocator_scenarios_suite, specs::slot_allocator_scenario_table>
    slot_allocator_scenarios{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The slot-allocator contract and its suite.
inline constexpr auto slot_allocator_contract =
    describe("slot_allocator", suites::slot_allocator_scenarios);
}  // namespace kvc::specs
