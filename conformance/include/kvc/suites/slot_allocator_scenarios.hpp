// kvc/suites/slot_allocator_scenarios.hpp - short fixed operation sequences on a per-request slot
// allocator, each with the grants and free slots the contract demands.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <boost/hana/tuple.hpp>

#include <kvc/stateful/operations.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/label.hpp>
#include <kvc/verification/lazy_suite.hpp>
#include <kvc/verification/scenario_call.hpp>

namespace kvc::suites {

namespace detail::allocator_scenario {
inline constexpr std::uint64_t two_to_the_40 = std::uint64_t{1} << 40;
inline constexpr std::uint64_t two_to_the_63 = std::uint64_t{1} << 63;
}  // namespace detail::allocator_scenario

namespace definition {
/// The fixtures of `kvc::suites::slot_allocator_scenarios`.
struct slot_allocator_scenarios {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_scenario(label<"exact fit at capacity", Deferred>, 8,
                    fixtures::array<Deferred>(reserve_operation(1, 8), available_operation(),
                                              reserve_operation(2, 1)),
                    fixtures::array<Deferred>(observed(1), observed(0), observed(0))),
      // All or nothing: 4 asked, 3 free grants none, never the 3.
      make_scenario(label<"one over what is free is refused whole", Deferred>, 8,
                    fixtures::array<Deferred>(reserve_operation(1, 5), reserve_operation(2, 4),
                                              available_operation(), reserve_operation(2, 3)),
                    fixtures::array<Deferred>(observed(1), observed(0), observed(3), observed(1))),
      make_scenario(label<"more than the capacity is refused whole", Deferred>, 8,
                    fixtures::array<Deferred>(reserve_operation(1, 9), available_operation()),
                    fixtures::array<Deferred>(observed(0), observed(8))),
      make_scenario(label<"a reservation of nothing is refused", Deferred>, 8,
                    fixtures::array<Deferred>(reserve_operation(1, 0), available_operation(),
                                              release_operation(1), available_operation()),
                    fixtures::array<Deferred>(observed(0), observed(8), unobserved, observed(8))),
      make_scenario(label<"repeated reservations add up", Deferred>, 8,
                    fixtures::array<Deferred>(reserve_operation(1, 2), reserve_operation(1, 3),
                                              available_operation(), release_operation(1),
                                              available_operation()),
                    fixtures::array<Deferred>(observed(1), observed(1), observed(3), unobserved,
                                              observed(8))),
      make_scenario(label<"release frees all of its request", Deferred>, 8,
                    fixtures::array<Deferred>(reserve_operation(1, 3), reserve_operation(2, 2),
                                              release_operation(1), available_operation(),
                                              reserve_operation(3, 6)),
                    fixtures::array<Deferred>(observed(1), observed(1), unobserved, observed(6),
                                              observed(1))),
      make_scenario(label<"double release frees once", Deferred>, 8,
                    fixtures::array<Deferred>(reserve_operation(1, 3), reserve_operation(2, 2),
                                              release_operation(1), release_operation(1),
                                              available_operation()),
                    fixtures::array<Deferred>(observed(1), observed(1), unobserved, unobserved,
                                              observed(6))),
      make_scenario(label<"release of an unknown request frees nothing", Deferred>, 8,
                    fixtures::array<Deferred>(reserve_operation(1, 3), release_operation(7),
                                              available_operation()),
                    fixtures::array<Deferred>(observed(1), unobserved, observed(5))),
      // A request refused whole holds nothing, so its release must not free anyone's slots.
      make_scenario(label<"a refused request does not become known", Deferred>, 4,
                    fixtures::array<Deferred>(reserve_operation(1, 3), reserve_operation(2, 2),
                                              release_operation(2), available_operation()),
                    fixtures::array<Deferred>(observed(1), observed(0), unobserved, observed(1))),
      // A table of 32-bit ids makes 2^40 + 1 the same request as 1.
      make_scenario(label<"request 2^40 + 1 is not request 1", Deferred>, 8,
                    fixtures::array<Deferred>(
                        reserve_operation(detail::allocator_scenario::two_to_the_40 + 1, 3),
                        reserve_operation(1, 2), release_operation(1), available_operation(),
                        release_operation(detail::allocator_scenario::two_to_the_40 + 1),
                        available_operation()),
                    fixtures::array<Deferred>(observed(1), observed(1), unobserved, observed(5),
                                              unobserved, observed(8))),
      make_scenario(label<"request 2^63 is not request 0", Deferred>, 8,
                    fixtures::array<Deferred>(
                        reserve_operation(detail::allocator_scenario::two_to_the_63, 4),
                        reserve_operation(0, 1), release_operation(0), available_operation()),
                    fixtures::array<Deferred>(observed(1), observed(1), unobserved, observed(4))),
      // Request 0 taken for "no request" would be granted without taking slots.
      make_scenario(label<"request 0 holds slots", Deferred>, 8,
                    fixtures::array<Deferred>(reserve_operation(0, 3), available_operation(),
                                              release_operation(0), available_operation()),
                    fixtures::array<Deferred>(observed(1), observed(5), unobserved, observed(8))),
      // A release that keeps the request's count would free 3 + 2 on the second release.
      make_scenario(label<"a released request starts from nothing", Deferred>, 8,
                    fixtures::array<Deferred>(reserve_operation(1, 3), release_operation(1),
                                              reserve_operation(1, 2), available_operation(),
                                              release_operation(1), available_operation()),
                    fixtures::array<Deferred>(observed(1), unobserved, observed(1), observed(6),
                                              unobserved, observed(8))),
      make_scenario(label<"a refused reservation adds nothing to its request", Deferred>, 8,
                    fixtures::array<Deferred>(reserve_operation(1, 5), reserve_operation(1, 4),
                                              available_operation(), release_operation(1),
                                              available_operation()),
                    fixtures::array<Deferred>(observed(1), observed(0), observed(3), unobserved,
                                              observed(8))));
};
}  // namespace definition

/// Scenarios of a slot allocator (`try_reserve(request, n) -> bool`, `release(request)`,
/// `available()`): each one a few operations on a fresh allocator of the scenario's capacity, and
/// what every reservation (1 granted, 0 refused) and every `available()` must return. A reservation
/// is all or nothing, a request's reservations add up, a release frees all of its request's slots
/// once, and a request that holds nothing (never granted, refused, already released) frees nothing.
/// Each scenario is there to reject a plausible wrong allocator
/// (kvc/contracts/slot_allocator_scenarios.hpp holds them).
///
/// The implementation checked is a factory of the capacity: `kvc::verify(slot_allocator_scenarios,
/// [](std::size_t capacity) { return my_allocator(capacity); })`. At most 2 requests hold slots at
/// once, and capacities are at most 8.
inline constexpr lazy_suite<definition::slot_allocator_scenarios> slot_allocator_scenarios{};

}  // namespace kvc::suites
