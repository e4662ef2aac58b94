// kvc/verification/fixture.hpp - a fixture: a label, the inputs of one call and the result the
// contract demands; a suite is a Boost.Hana tuple of fixtures.
#pragma once

#include <array>
#include <cstddef>
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
  using call = Call;
  Label label;
  Inputs inputs;
  Expected expected;
};

/// The inputs of one call, in the order the implementation takes them (decayed: a string literal
/// is kept as a `const char*`).
template <class... Inputs>
[[nodiscard]] constexpr boost::hana::tuple<std::decay_t<Inputs>...> inputs(
    Inputs&&... values) noexcept {
  return boost::hana::tuple<std::decay_t<Inputs>...>(std::forward<Inputs>(values)...);
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

/// A segment-positions fixture: `segments` and the positions the contract demands for them.
template <class Label, class S, std::size_t N>
[[nodiscard]] constexpr auto make_positions_fixture(
    Label label, const std::array<S, N>& segments,
    const std::array<std::size_t, N>& expected) noexcept {
  return make_output_fixture<positions_call>(label, segments, expected);
}

}  // namespace kvc
