// kvc/verification/scenario_call.hpp - how a scenario (a short fixed sequence of operations on a
// prefix cache or a slot allocator) reaches a stateful implementation, and how scenarios are made.
//
// A stateful implementation cannot be called once per fixture like a function: each scenario needs
// a fresh object, so the implementation a scenario suite checks is a factory.
//
//     static_assert(kvc::verify(kvc::suites::prefix_cache_scenarios, [] { return my_cache{}; }));
//     static_assert(kvc::verify(kvc::suites::slot_allocator_scenarios,
//                               [](std::size_t capacity) { return my_allocator(capacity); }));
//
// A cache factory takes nothing; an allocator factory takes the scenario's capacity, because the
// capacity is part of what a scenario says (an exact fit is an exact fit of that capacity). The
// factory may return the object or a pointer to it (a `std::unique_ptr`, at run time). Every
// operation is applied with `kvc::apply_operation`; the actual result is one `kvc::observation`
// per operation, those the contract does not observe (insert, erase, release) marked unobserved, so
// that a report lines them up with the operations: `[-, 3, 0]`.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/tuple.hpp>

#include <kvc/stateful/block_pool_operations.hpp>
#include <kvc/stateful/operations.hpp>

#include "fixture.hpp"

namespace kvc {

/// An operation the contract does not observe (`insert`, `erase`, `release`): a scenario's
/// expected observations mark it so, and reports print it as `-`.
inline constexpr observation unobserved{};

/// The observation `value` (a lookup's length, a reservation's grant as 1 or 0, `available()`).
[[nodiscard]] constexpr observation observed(std::int64_t value) noexcept { return {true, value}; }

namespace detail {

/// The cache or allocator a factory's result names (itself, or what a pointer to it points at).
template <class Made>
using implementation_made_by =
    std::remove_reference_t<decltype(implementation_of(std::declval<Made&>()))>;

/// A prefix cache the cache scenarios can drive: `insert(ns, tokens)`, an integer
/// `lookup(ns, tokens)` and `erase(ns)`, with a `kvc::cache_namespace` and a
/// `std::span<const std::int32_t>`.
template <class Cache>
concept scenario_cache = requires(Cache& cache, const cache_operation& op) {
  cache.insert(op.ns, op.template token_span<Cache>());
  requires std::integral<
      std::remove_cvref_t<decltype(cache.lookup(op.ns, op.template token_span<Cache>()))>>;
  cache.erase(op.ns);
};

/// A slot allocator the allocator scenarios can drive: `try_reserve(request, n)` (anything that
/// converts to `bool`), `release(request)` and an integer `available()`, with a `std::uint64_t`
/// request and a `std::size_t` n.
template <class Allocator>
concept scenario_allocator = requires(Allocator& allocator, std::uint64_t request, std::size_t n) {
  static_cast<bool>(allocator.try_reserve(request, n));
  allocator.release(request);
  requires std::integral<std::remove_cvref_t<decltype(allocator.available())>>;
};

/// `[] { return my_cache{}; }`: a fresh cache per scenario.
template <class Factory>
concept cache_factory =
    std::invocable<const Factory&> &&
    scenario_cache<implementation_made_by<std::invoke_result_t<const Factory&>>>;

/// `[](std::size_t capacity) { return my_allocator(capacity); }`: a fresh allocator of the
/// scenario's capacity per scenario.
template <class Factory>
concept allocator_factory =
    std::invocable<const Factory&, std::size_t> &&
    scenario_allocator<implementation_made_by<std::invoke_result_t<const Factory&, std::size_t>>>;

/// `[](std::size_t num_blocks, std::size_t block_size) { return my_pool(num_blocks, block_size); }`:
/// a fresh block pool of the scenario's geometry per scenario.
template <class Factory>
concept block_pool_factory =
    std::invocable<const Factory&, std::size_t, std::size_t> &&
    block_pool_adapter<
        implementation_made_by<std::invoke_result_t<const Factory&, std::size_t, std::size_t>>>;

/// Which kind of scenario a fixture's inputs are: a cache's operations, an allocator's capacity
/// and operations, or a block pool's geometry and operations.
template <class Args>
struct scenario_inputs {
  static constexpr bool cache = false;
  static constexpr bool allocator = false;
  static constexpr bool block_pool = false;
};
template <std::size_t K>
struct scenario_inputs<boost::hana::tuple<std::array<cache_operation, K>>> {
  static constexpr bool cache = true;
  static constexpr bool allocator = false;
  static constexpr bool block_pool = false;
};
template <std::size_t K>
struct scenario_inputs<boost::hana::tuple<std::size_t, std::array<allocator_operation, K>>> {
  static constexpr bool cache = false;
  static constexpr bool allocator = true;
  static constexpr bool block_pool = false;
};
template <std::size_t K>
struct scenario_inputs<
    boost::hana::tuple<std::size_t, std::size_t, std::array<block_pool_operation, K>>> {
  static constexpr bool cache = false;
  static constexpr bool allocator = false;
  static constexpr bool block_pool = true;
};

/// Applies every operation of `ops` to what `factory` made, in order, and returns what each
/// observed.
template <class Operation, std::size_t K, class Made>
[[nodiscard]] constexpr std::array<observation, K> observe_scenario(
    Made made, const std::array<Operation, K>& ops) {
  auto& implementation = implementation_of(made);
  std::array<observation, K> seen{};
  for (std::size_t i = 0; i < K; ++i) seen[i] = apply_operation(implementation, ops[i]);
  return seen;
}

}  // namespace detail

/// The call shape of the scenario suites (`kvc::suites::prefix_cache_scenarios`,
/// `kvc::suites::slot_allocator_scenarios`): the implementation is a factory, called once per
/// scenario; the operations are applied to what it makes, and the actual result is a
/// `std::array<kvc::observation, K>`, one per operation.
struct scenario_call {
  /// Whether `Factory` makes what the scenario drives: a cache from `factory()`, an allocator from
  /// `factory(capacity)`.
  template <class Factory, class Args>
  static constexpr bool accepts = [] {
    if constexpr (detail::scenario_inputs<Args>::cache)
      return detail::cache_factory<Factory>;
    else if constexpr (detail::scenario_inputs<Args>::allocator)
      return detail::allocator_factory<Factory>;
    else if constexpr (detail::scenario_inputs<Args>::block_pool)
      return detail::block_pool_factory<Factory>;
    else
      return false;
  }();

  /// Makes a fresh implementation, applies the scenario's operations to it and returns one
  /// observation per operation.
  template <class Factory, class Args>
  [[nodiscard]] static constexpr auto invoke(const Factory& factory, const Args& args) {
    if constexpr (detail::scenario_inputs<Args>::cache) {
      return detail::observe_scenario(factory(), boost::hana::at_c<0>(args));
    } else if constexpr (detail::scenario_inputs<Args>::block_pool) {
      return detail::observe_scenario(factory(boost::hana::at_c<0>(args), boost::hana::at_c<1>(args)),
                                      boost::hana::at_c<2>(args));
    } else {
      return detail::observe_scenario(factory(boost::hana::at_c<0>(args)),
                                      boost::hana::at_c<1>(args));
    }
  }

  /// Scenarios hand their values over unconverted: every one is representable.
  template <class Factory, class Args>
  [[nodiscard]] static constexpr bool representable(const Factory&, const Args&) noexcept {
    return true;
  }
};

/// A prefix-cache scenario: `ops`, applied in order to a fresh cache, and the observation the
/// contract demands of each (`kvc::unobserved` for inserts and erases).
template <class Label, std::size_t K>
[[nodiscard]] constexpr auto make_scenario(Label label, const std::array<cache_operation, K>& ops,
                                           const std::array<observation, K>& expected) noexcept {
  return fixture<Label, scenario_call, boost::hana::tuple<std::array<cache_operation, K>>,
                 std::array<observation, K>>{label, inputs(ops), expected};
}

/// A slot-allocator scenario: `ops`, applied in order to a fresh allocator of `capacity` slots, and
/// the observation the contract demands of each (`kvc::unobserved` for releases).
template <class Label, std::size_t K>
[[nodiscard]] constexpr auto make_scenario(Label label, std::size_t capacity,
                                           const std::array<allocator_operation, K>& ops,
                                           const std::array<observation, K>& expected) noexcept {
  return fixture<Label, scenario_call,
                 boost::hana::tuple<std::size_t, std::array<allocator_operation, K>>,
                 std::array<observation, K>>{label, inputs(capacity, ops), expected};
}

/// A block-pool scenario: `ops`, applied in order to a fresh pool of `num_blocks` blocks of
/// `block_size` tokens, and the observation the contract demands of each (`kvc::unobserved` for
/// frees).
template <class Label, std::size_t K>
[[nodiscard]] constexpr auto make_scenario(Label label, std::size_t num_blocks,
                                           std::size_t block_size,
                                           const std::array<block_pool_operation, K>& ops,
                                           const std::array<observation, K>& expected) noexcept {
  return fixture<Label, scenario_call,
                 boost::hana::tuple<std::size_t, std::size_t, std::array<block_pool_operation, K>>,
                 std::array<observation, K>>{label, inputs(num_blocks, block_size, ops), expected};
}

}  // namespace kvc
