// kvc/suites/segment_positions.hpp - fixtures of the segment-positions contract (FA-98576).
#pragma once

#include <array>
#include <cstddef>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/join_fixtures.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

/// The six fixtures of FA-98576 in the record's order, for any N as the record writes them.
/// Implementations are called in one of the two shapes of `kvc::positions_call`.
template <std::size_t N, class Deferred = void>
inline constexpr auto seed_segment_positions = boost::hana::make_tuple(
    make_positions_fixture(
        label<"two segments", Deferred>,
        fixtures::join(fixtures::filled<N>('a'), fixtures::array<Deferred>('b', 'b')),
        fixtures::join(fixtures::iota<N>(),
                       fixtures::dependent<Deferred, std::array<std::size_t, 2>>{0, 1})),
    make_positions_fixture(label<"alternating runs", Deferred>,
                           fixtures::array<Deferred>('a', 'b', 'a'),
                           fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 0, 0}),
    make_positions_fixture(label<"same run", Deferred>, fixtures::array<Deferred>('x', 'x', 'x'),
                           fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 1, 2}),
    make_positions_fixture(label<"empty", Deferred>,
                           fixtures::dependent<Deferred, std::array<char, 0>>{},
                           fixtures::dependent<Deferred, std::array<std::size_t, 0>>{}),
    make_positions_fixture(label<"single segment", Deferred>, fixtures::array<Deferred>('q'),
                           fixtures::dependent<Deferred, std::array<std::size_t, 1>>{0}),
    make_positions_fixture(label<"repeated after intervening segment", Deferred>,
                           fixtures::array<Deferred>(1, 1, 2, 1),
                           fixtures::dependent<Deferred, std::array<std::size_t, 4>>{0, 1, 0, 0}));

namespace definition {
/// The fixtures of `kvc::suites::extra_segment_positions`.
struct extra_segment_positions {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_positions_fixture(label<"three runs", Deferred>,
                             fixtures::array<Deferred>('a', 'a', 'b', 'b', 'b', 'c'),
                             fixtures::dependent<Deferred, std::array<std::size_t, 6>>{0, 1, 0, 1,
                                                                                       2, 0}),
      make_positions_fixture(label<"descending ids", Deferred>,
                             fixtures::array<Deferred>(3, 3, 2, 2, 1),
                             fixtures::dependent<Deferred, std::array<std::size_t, 5>>{0, 1, 0, 1,
                                                                                       0}),
      make_positions_fixture(label<"negative ids", Deferred>,
                             fixtures::array<Deferred>(-1, -1, 0, 0, -1),
                             fixtures::dependent<Deferred, std::array<std::size_t, 5>>{0, 1, 0, 1,
                                                                                       0}),
      make_positions_fixture(label<"zero ids after a run", Deferred>,
                             fixtures::array<Deferred>(0, 0, 5, 0, 0),
                             fixtures::dependent<Deferred, std::array<std::size_t, 5>>{0, 1, 0, 0,
                                                                                       1}),
      make_positions_fixture(label<"every token its own run", Deferred>,
                             fixtures::array<Deferred>(1, 2, 3, 4),
                             fixtures::dependent<Deferred, std::array<std::size_t, 4>>{0, 0, 0, 0}),
      make_positions_fixture(label<"id returns after long run", Deferred>,
                             fixtures::array<Deferred>(7, 7, 7, 7, 8, 7, 7),
                             fixtures::dependent<Deferred, std::array<std::size_t, 7>>{0, 1, 2, 3,
                                                                                       0, 0, 1}),
      make_positions_fixture(label<"singleton run at the end", Deferred>,
                             fixtures::array<Deferred>('a', 'a', 'a', 'b'),
                             fixtures::dependent<Deferred, std::array<std::size_t, 4>>{0, 1, 2, 0}),
      // Past 8 bits: a position counter kept in a uint8_t wraps to 0 at token 256.
      make_positions_fixture(label<"one run of 300 tokens", Deferred>, fixtures::filled<300>(7),
                             fixtures::iota<300>()),
      // Ids are compared whole: ids 1 and 257 (one byte apart), 1 and 65537 are different runs.
      // (Ids past 32 bits are not here: an engine with int32 ids is correct, and could not take
      // them.)
      make_positions_fixture(label<"adjacent ids 256 apart", Deferred>,
                             fixtures::array<Deferred>(1, 1, 257, 257),
                             fixtures::dependent<Deferred, std::array<std::size_t, 4>>{0, 1, 0, 1}),
      make_positions_fixture(label<"adjacent ids 65536 apart", Deferred>,
                             fixtures::array<Deferred>(1, 1, 65537, 65537),
                             fixtures::dependent<Deferred, std::array<std::size_t, 4>>{0, 1, 0, 1}),
      // A run that changes exactly at a chunk boundary (64 tokens).
      make_positions_fixture(
          label<"a run of 64 then another", Deferred>,
          fixtures::join(fixtures::filled<64>(1), fixtures::array<Deferred>(2, 2)),
          fixtures::join(fixtures::iota<64>(),
                         fixtures::dependent<Deferred, std::array<std::size_t, 2>>{0, 1})));
};
}  // namespace definition

/// Fixtures beyond the record's, each there to reject a plausible wrong implementation (see
/// kvc/mutants/segment_positions.hpp).
inline constexpr lazy_suite<definition::extra_segment_positions> extra_segment_positions{};

namespace definition {
/// The fixtures of `kvc::suites::segment_positions`.
struct segment_positions {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures =
      join_fixtures(seed_segment_positions<1, Deferred>,
                    deferred_fixtures_of<Deferred>(suites::extra_segment_positions));
};
}  // namespace definition

/// The segment-positions suite: the record's fixtures (N = 1) first, then the extra ones.
inline constexpr lazy_suite<definition::segment_positions> segment_positions{};

}  // namespace kvc::suites
