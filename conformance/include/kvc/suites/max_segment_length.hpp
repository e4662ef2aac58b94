// kvc/suites/max_segment_length.hpp - fixtures of the longest run of packed segments
// (`max_seqlen`).
#pragma once

#include <array>
#include <cstddef>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::max_segment_length`.
struct max_segment_length {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"two segments", Deferred>,
                   inputs<Deferred>(fixtures::array<Deferred>('a', 'b', 'b')), std::size_t{2}),
      make_fixture(label<"alternating runs", Deferred>,
                   inputs<Deferred>(fixtures::array<Deferred>('a', 'b', 'a')), std::size_t{1}),
      make_fixture(label<"same run", Deferred>,
                   inputs<Deferred>(fixtures::array<Deferred>('x', 'x', 'x')), std::size_t{3}),
      make_fixture(label<"empty", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::array<char, 0>>{}),
                   std::size_t{0}),
      make_fixture(label<"single segment", Deferred>,
                   inputs<Deferred>(fixtures::array<Deferred>('q')), std::size_t{1}),
      make_fixture(label<"repeated after intervening segment", Deferred>,
                   inputs<Deferred>(fixtures::array<Deferred>(1, 1, 2, 1)), std::size_t{2}),
      make_fixture(label<"longest run last", Deferred>,
                   inputs<Deferred>(fixtures::array<Deferred>(1, 2, 2, 3, 3, 3)), std::size_t{3}),
      // Past 8 bits: a run length kept in a uint8_t wraps to 0 at 256 tokens.
      make_fixture(label<"one run of 300 tokens", Deferred>,
                   inputs<Deferred>(fixtures::filled<300>(7)), std::size_t{300}));
};
}  // namespace definition

/// The longest run (`max_seqlen`): `impl(segments)` with a `std::array<S, N>`.
inline constexpr lazy_suite<definition::max_segment_length> max_segment_length{};

}  // namespace kvc::suites
