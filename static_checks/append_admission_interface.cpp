// Static checks of kvc::admitted_append's interface: result type, noexcept, constant evaluation and
// the integer types it accepts. Compiled, never run.
#include <kvc/append_admission.hpp>

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>

#include "../tests/fixture_types.hpp"

namespace {

using kvc_test::integer_types;
using kvc_test::type_list;

// The result has the type of requested, for every (capacity, used, requested) type mix of
// integer_types (the mixes tests/append_admission.cpp runs at the extremes).
template <class C, class U, class... R>
constexpr bool keeps_requested_type(type_list<R...>) {
  return (std::same_as<decltype(kvc::admitted_append(C{}, U{}, R{})), R> && ...);
}
template <class C, class... U>
constexpr bool keeps_requested_type_for_capacity(type_list<U...>) {
  return (keeps_requested_type<C, U>(integer_types{}) && ...);
}
template <class... C>
constexpr bool keeps_requested_type_for_every_mix(type_list<C...>) {
  return (keeps_requested_type_for_capacity<C>(integer_types{}) && ...);
}
static_assert(keeps_requested_type_for_every_mix(integer_types{}));

static_assert(std::same_as<decltype(kvc::admitted_append(10, 2, std::int8_t{3})), std::int8_t>);
static_assert(
    std::same_as<decltype(kvc::admitted_append(std::uint64_t{10}, std::int16_t{2}, 3u)), unsigned>);
static_assert(std::same_as<decltype(kvc::admitted_append(std::size_t{10}, -1, 3LL)), long long>);
static_assert(noexcept(kvc::admitted_append(1, 1, 1)));
static_assert(kvc::admitted_append(10, 4, 6) == 6);  // usable in constant expressions

// bool, characters and floating point are not counts. (bool and double as capacity are checked in
// append_admission.cpp.)
using fn = decltype(kvc::admitted_append);
static_assert(std::invocable<fn, int, long, std::size_t>);
static_assert(!std::invocable<fn, int, char, int>);
static_assert(!std::invocable<fn, int, int, char32_t>);

// The capacity types of the random test in tests/append_admission.cpp, which draws capacities
// through long long.
template <class... C>
constexpr bool max_fits_long_long(type_list<C...>) {
  return (std::in_range<long long>(std::numeric_limits<C>::max()) && ...);
}
static_assert(
    max_fits_long_long(type_list<std::int64_t, std::int32_t, std::int16_t, std::uint32_t>{}));

}  // namespace
