// kvc/stateful/slot_allocator_check.hpp - `kvc::check_slot_allocator`: an engine's per-request slot
// allocator run against `kvc::model::slot_allocator` on generated operation sequences.
//
//   const kvc::stateful_report report =
//       kvc::check_slot_allocator([](std::size_t capacity) { return my_engine::allocator(capacity);
//       });
//
// The allocator is any type with `try_reserve(request, n)` returning a bool (or something that
// converts to one), `release(request)` and `available()`, taking requests and counts as any
// integer types. The sequences, the model, the shrinker and the report are compiled once, in the
// `kvc::conformance` library; this file makes the allocator's adapter
// (kvc/stateful/erased_engine.hpp).
#pragma once

#include <cstdint>
#include <type_traits>

#include "check_options.hpp"
#include "erased_engine.hpp"
#include "factory_arguments.hpp"
#include "operations.hpp"
#include "stateful_report.hpp"

namespace kvc {

namespace detail {

/// What the allocator check learns from the allocator's types.
struct allocator_facts {
  /// The largest request id both `try_reserve` and `release` take: no larger id is generated.
  std::uint64_t largest_request = ~std::uint64_t{0};
};

/// The slot allocator a factory makes, behind the adapter the library's check drives.
using erased_slot_allocator = erased_engine<allocator_operation, allocator_facts>;

/// Runs the check of `allocator` (compiled in the library).
[[nodiscard]] stateful_report run_slot_allocator_check(const erased_slot_allocator& allocator,
                                                       const check_options& options);

template <class Factory>
[[nodiscard]] stateful_report check_slot_allocator_with(Factory& factory,
                                                        const check_options& options) {
  static_assert(std::is_invocable_v<Factory&> || std::is_invocable_v<Factory&, std::size_t>,
                "kvc::check_slot_allocator: the factory must take the capacity, or nothing: "
                "[](std::size_t capacity) { return my_allocator(capacity); }");
  using allocator = implementation_made_by<made_by<Factory, 1>>;
  static_assert(scenario_allocator<allocator>,
                "kvc::check_slot_allocator: the factory must make an allocator (or a pointer to "
                "one) with try_reserve(request, n) (converting to bool), release(request) and an "
                "integer available()");
  const allocator_facts facts{largest_request_of_allocator<std::remove_cv_t<allocator>>()};
  return run_slot_allocator_check(erase_engine<allocator_operation, 1>(factory, facts), options);
}

}  // namespace detail

/// Runs `options.sequences` generated operation sequences, each on a fresh allocator from
/// `make_allocator()` or `make_allocator(options.capacity)` (an allocator by value, or a pointer or
/// smart pointer to one) and a fresh `kvc::model::slot_allocator`, and compares every reservation's
/// grant and every `available()` with the model's, exactly. The first failure is shrunk to a
/// minimal sequence. `options.exact` and `options.policy` do not apply.
template <class MakeAllocator>
[[nodiscard]] stateful_report check_slot_allocator(MakeAllocator&& make_allocator,
                                                   const check_options& options = {}) {
  if constexpr (std::is_function_v<std::remove_reference_t<MakeAllocator>>) {
    auto* function =
        &make_allocator;  // a function's address, held in an object the adapter points to
    return detail::check_slot_allocator_with(function, options);
  } else {
    return detail::check_slot_allocator_with(make_allocator, options);
  }
}

}  // namespace kvc
