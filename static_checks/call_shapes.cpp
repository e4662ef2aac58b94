// Static checks that suites never narrow a fixture's ids to the implementation's type: a value that
// does not fit is refused, not converted. Compiled, never run.
//
// In a constant expression the refusal stops the evaluation at
// kvc::detail::fixture_value_does_not_fit_the_implementations_type (so `static_assert(kvc::verify(
// suite, narrow))` fails to compile naming it: the compile-fail pair narrowing_ids proves that), and
// kvc::conforms is false at run time (tests/call_shapes.cpp). Here: the forms the suites choose and
// the representability checks they make, which are constant expressions.
#include <kvc/segment_positions.hpp>
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

namespace {

constexpr std::array<std::int64_t, 2> past_32_bits{(std::int64_t{1} << 32) + 1, 1};
constexpr std::array<std::int64_t, 2> small_ids{7, 1};

// Narrowed to int, 2^32 + 1 would read as 1 and the two ids would look equal.
static_assert(!kvc::detail::fits<int>(past_32_bits));
static_assert(!kvc::detail::fits<unsigned>(past_32_bits));
static_assert(kvc::detail::fits<long long>(past_32_bits));
static_assert(kvc::detail::fits<int>(small_ids));
// Characters are converted by their integer value, never through int: char32_t 0xFFFFFFFF fits
// unsigned and long long, not int (where it would read as -1).
static_assert(kvc::detail::fits<unsigned>(std::array{U'\xFFFFFFFF'}));
static_assert(kvc::detail::fits<long long>(std::array{U'\xFFFFFFFF'}));
static_assert(!kvc::detail::fits<int>(std::array{U'\xFFFFFFFF'}));
static_assert(!kvc::detail::fits<unsigned char>(std::array{char(-1)}));

// direct_call: an implementation over std::span<const int> ids is offered the int64 ids converted
// to int, and only when they fit.
constexpr auto narrow_direct = [](std::span<const int> ids) { return ids.size(); };
using direct_args = boost::hana::tuple<std::array<std::int64_t, 2>>;
static_assert(kvc::direct_call::accepts<decltype(narrow_direct), direct_args>);
static_assert(std::is_same_v<kvc::detail::first_fitting_forms<decltype(narrow_direct),
                                                              kvc::detail::all_forms,
                                                              std::array<std::int64_t, 2>>::type,
                             kvc::detail::forms<kvc::detail::sequence_as_span_of<int>,
                                                kvc::detail::text_as_given>>);
static_assert(!kvc::detail::representable<kvc::detail::sequence_as_span_of<int>>(past_32_bits));
static_assert(kvc::detail::representable<kvc::detail::sequence_as_span_of<int>>(small_ids));
static_assert(kvc::direct_call::representable(narrow_direct, kvc::inputs(small_ids)));
static_assert(kvc::conforms(
    boost::hana::make_tuple(kvc::make_fixture(kvc::label<"small ids">, kvc::inputs(small_ids),
                                              std::size_t{2})),
    narrow_direct));

// positions_call: an implementation written for std::span<const int> segment ids gets the ids as
// ints, and only when they fit.
constexpr auto narrow_positions = [](std::span<const int> ids, std::span<std::size_t> out) {
  return kvc::segment_positions(ids, out);
};
using positions_args = boost::hana::tuple<std::array<std::int64_t, 2>>;
static_assert(kvc::positions_call::accepts<decltype(narrow_positions), positions_args>);
static_assert(kvc::positions_call::representable(
    narrow_positions, boost::hana::make_tuple(small_ids)));
static_assert(kvc::conforms(boost::hana::make_tuple(kvc::make_positions_fixture(
                                kvc::label<"small ids">, small_ids, {0, 0})),
                            narrow_positions));
// The same implementation over int64 ids takes the values as they are.
constexpr auto wide_positions = [](std::span<const std::int64_t> ids, std::span<std::size_t> out) {
  return kvc::segment_positions(ids, out);
};
static_assert(kvc::verify(boost::hana::make_tuple(kvc::make_positions_fixture(
                              kvc::label<"id past 32 bits">, past_32_bits, {0, 0})),
                          wide_positions));

}  // namespace
