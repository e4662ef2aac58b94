// kvc/stateful/slot_allocator_check.hpp - `kvc::check_slot_allocator`: an engine's per-request slot
// allocator run against `kvc::model::slot_allocator` on generated operation sequences.
//
//   const kvc::stateful_report report =
//       kvc::check_slot_allocator([](std::size_t capacity) { return my_engine::allocator(capacity); });
//
// The allocator is any type with `try_reserve(request, n)` returning a bool (or something that
// converts to one), `release(request)` and `available()`, taking requests and counts as any
// integer types.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>
#include <utility>

#include <kvc/detail/deferred.hpp>
#include <kvc/model/slot_allocator.hpp>

#include "check_options.hpp"
#include "factory_arguments.hpp"
#include "model_based_run.hpp"
#include "operations.hpp"
#include "slot_allocator_generator.hpp"
#include "stateful_report.hpp"

namespace kvc {

namespace detail {

/// Calls an allocator factory: with no arguments when it takes none, else with `capacity`,
/// converted explicitly to its parameter's type (no -Wconversion warning for an `int` parameter).
template <class MakeAllocator>
[[nodiscard]] decltype(auto) make_allocator_of(MakeAllocator& make_allocator, std::size_t capacity) {
  if constexpr (std::is_invocable_v<MakeAllocator&>) {
    static_cast<void>(capacity);
    return make_allocator();
  } else {
    using signature = typename factory_signature<std::remove_cvref_t<MakeAllocator>>::type;
    return make_allocator(as_parameter<0, signature>(capacity));
  }
}

/// The largest request id both `try_reserve` and `release` of `Allocator` take.
template <class Allocator>
[[nodiscard]] constexpr std::uint64_t largest_request_of_allocator() noexcept {
  const auto of = []<class Member>(Member*) {
    if constexpr (requires { typename callable_parameters<Member>::type; }) {
      using parameters = typename callable_parameters<Member>::type;
      if constexpr (std::tuple_size_v<parameters> >= 1)
        return largest_request_of<std::remove_cvref_t<std::tuple_element_t<0, parameters>>>();
      else
        return ~std::uint64_t{0};
    } else {
      return ~std::uint64_t{0};
    }
  };
  const std::uint64_t reserve = of(static_cast<typename reserve_member<Allocator>::type*>(nullptr));
  const std::uint64_t release = of(static_cast<typename release_member<Allocator>::type*>(nullptr));
  return reserve < release ? reserve : release;
}

/// One engine allocator, fresh from the factory, beside a fresh model of the size the engine's
/// `available()` gives before the first operation.
template <class Fresh>
struct slot_allocator_session {
  decltype(std::declval<Fresh&>()()) made;
  // Dependent, so that the model's members are compiled where a check runs
  // (kvc/detail/deferred.hpp).
  kvc::detail::dependent_t<Fresh, model::slot_allocator> model;

  explicit slot_allocator_session(Fresh& fresh)
      : made(fresh()), model(observed_value(implementation_of(made).available()).value) {}

  void step(const allocator_operation& op, const check_options&, observation& actual,
            observation& expected) {
    actual = apply_operation(implementation_of(made), op);
    expected = apply_operation(model, op);
  }
};

}  // namespace detail

/// Runs `options.sequences` generated operation sequences, each on a fresh allocator from
/// `make_allocator()` or `make_allocator(options.capacity)` (an allocator by value, or a pointer or
/// smart pointer to one) and a fresh `kvc::model::slot_allocator`, and compares every reservation's
/// grant and every `available()` with the model's, exactly. The first failure is shrunk to a
/// minimal sequence. `options.exact` and `options.policy` do not apply.
template <class MakeAllocator>
[[nodiscard]] stateful_report check_slot_allocator(MakeAllocator&& make_allocator,
                                                   const check_options& options = {}) {
  auto fresh = [&make_allocator, capacity = options.capacity]() -> decltype(auto) {
    return detail::make_allocator_of(make_allocator, capacity);
  };
  using session = detail::slot_allocator_session<decltype(fresh)>;
  stateful_report report{};
  report.subject = stateful_subject::slot_allocator;
  report.options = options;
  report.factory_takes_capacity = !std::is_invocable_v<std::remove_reference_t<MakeAllocator>&>;
  using made_type = std::remove_cvref_t<decltype(fresh())>;
  report.through_pointer = !std::is_same_v<
      std::remove_cvref_t<decltype(detail::implementation_of(std::declval<made_type&>()))>, made_type>;
  using allocator_type = std::remove_cvref_t<decltype(detail::implementation_of(std::declval<made_type&>()))>;
  constexpr std::uint64_t largest_request = detail::largest_request_of_allocator<allocator_type>();
  return detail::run_model_based<session>(
      std::move(report), fresh, true, &stateful_report::allocator_operations,
      [](std::uint64_t seed) { return detail::slot_allocator_generator(seed, largest_request); });
}

}  // namespace kvc
