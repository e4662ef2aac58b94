// kvc/verification/fixture.hpp - a fixture: a label, the inputs of one call and the result the
// contract demands; a suite is a Boost.Hana tuple of fixtures.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include <boost/hana/tuple.hpp>

#include "call_shapes.hpp"
#include "label.hpp"

namespace kvc {

/// One checked call: `label` names it, `Call` says how `inputs` reach the implementation, and
/// `expected` is what the contract demands.
template <class Label, class Call, class Inputs, class Expected>
struct fixture {
  /// How the inputs reach the implementation (`kvc::direct_call`, `kvc::span_output_call`, ...).
  using call = Call;
  /// The fixture's name, a Hana compile-time string, so that a failure's diagnostic names it.
  Label label;
  /// The call's arguments, a Hana tuple.
  Inputs inputs;
  /// The result the contract demands.
  Expected expected;
};

namespace detail {
/// How a fixture keeps an input: decayed, except that a string literal is kept as the text it
/// spells (a `std::string_view`), never as the address of one copy of it.
template <class T>
struct fixture_input {
  using type = std::decay_t<T>;
};
template <std::size_t N>
struct fixture_input<const char (&)[N]> {
  using type = std::string_view;
};
}  // namespace detail

/// The inputs of one call, in the order the implementation takes them.
///
/// `Deferred`, when given, names a template parameter of the suite's own definition
/// (`kvc::inputs<Deferred>(...)` in `template <class Deferred = void> static constexpr auto
/// fixtures`): the call then depends on it, and the Hana tuple of the inputs is built where the
/// suite is first checked, not where its header is included.
template <class Deferred = void, class... Inputs>
[[nodiscard]] constexpr auto inputs(Inputs&&... values) noexcept {
  return boost::hana::tuple<typename detail::fixture_input<Inputs>::type...>(
      std::forward<Inputs>(values)...);
}

/// A fixture whose inputs are passed as `impl(inputs...)`, like the seeds'
/// `check(label, solve(inputs...), expected)`.
template <class Label, class... Inputs, class Expected>
[[nodiscard]] constexpr auto make_fixture(Label label,
                                          const boost::hana::tuple<Inputs...>& call_inputs,
                                          const Expected& expected) noexcept {
  return fixture<Label, direct_call, boost::hana::tuple<Inputs...>, Expected>{label, call_inputs,
                                                                               expected};
}

/// A fixture for a span-output contract (`kvc::positions_call`, `kvc::offsets_call`): `segments`
/// and the output the contract demands for them.
template <class Call, class Label, class S, std::size_t N, class Expected>
[[nodiscard]] constexpr auto make_output_fixture(Label label, const std::array<S, N>& segments,
                                                 const Expected& expected) noexcept {
  return fixture<Label, Call, boost::hana::tuple<std::array<S, N>>, Expected>{
      label, inputs(segments), expected};
}

/// A fixture for a row-aware span-output contract (`kvc::row_positions_call`,
/// `kvc::row_offsets_call`): the ids of a flattened `[B, L]` batch, its row length L and the output
/// the contract demands for them.
template <class Call, class Label, class S, std::size_t N, class Expected>
[[nodiscard]] constexpr auto make_rows_fixture(Label label, const std::array<S, N>& segments,
                                               std::size_t row_length,
                                               const Expected& expected) noexcept {
  return fixture<Label, Call, boost::hana::tuple<std::array<S, N>, std::size_t>, Expected>{
      label, inputs(segments, row_length), expected};
}

/// A segment-positions fixture: `segments` and the positions the contract demands for them.
template <class Label, class S, std::size_t N>
[[nodiscard]] constexpr auto make_positions_fixture(
    Label label, const std::array<S, N>& segments,
    const std::array<std::size_t, N>& expected) noexcept {
  return make_output_fixture<positions_call>(label, segments, expected);
}

}  // namespace kvc
