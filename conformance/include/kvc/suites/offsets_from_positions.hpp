// kvc/suites/offsets_from_positions.hpp - fixtures of `cu_seqlens` derived from position ids: the
// start of every sequence (the first token and every position 0, padding removed), then the total.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/lazy_suite.hpp>
#include <kvc/verification/position_call.hpp>

namespace kvc::suites {

namespace position_fixtures {
/// `0, 1, ..., N - 1`: one sequence of N tokens.
template <std::size_t N>
[[nodiscard]] constexpr std::array<std::int64_t, N> counting() noexcept {
  std::array<std::int64_t, N> positions{};
  for (std::size_t i = 0; i < N; ++i) positions[i] = static_cast<std::int64_t>(i);
  return positions;
}

/// M-RoPE positions of two packed sequences, component-major (temporal, height, width rows): a text
/// token, a 2 x 2 image whose four tokens share temporal position 1, a text token at position 3
/// (one past the image's largest), then a sequence of two text tokens.
inline constexpr std::array<std::int64_t, 24> mrope_rows{0, 1, 1, 1, 1, 3, 0, 1,   // temporal
                                                         0, 1, 1, 2, 2, 3, 0, 1,   // height
                                                         0, 1, 2, 1, 2, 3, 0, 1};  // width

/// Three rows of a row that continues a sequence from an earlier chunk (no position 0 first).
inline constexpr std::array<std::int64_t, 15> continued_rows{4, 5, 0, 1, 2,  //
                                                             4, 5, 0, 1, 2,  //
                                                             4, 5, 0, 1, 2};
}  // namespace position_fixtures

namespace definition {
/// The fixtures of `kvc::suites::offsets_from_positions`.
struct offsets_from_positions {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_position_fixture<position_offsets_call>(
          label<"two packed sequences", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 5>>{0, 1, 2, 0, 1},
          fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 3, 5}),
      make_position_fixture<position_offsets_call>(
          label<"one sequence", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 4>>{0, 1, 2, 3},
          fixtures::dependent<Deferred, std::array<std::size_t, 2>>{0, 4}),
      make_position_fixture<position_offsets_call>(
          label<"one-token sequences", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 3>>{0, 0, 0},
          fixtures::dependent<Deferred, std::array<std::size_t, 4>>{0, 1, 2, 3}),
      // Position 0 ending the row is a sequence of its own, not padding.
      make_position_fixture<position_offsets_call>(
          label<"a one-token sequence ends the row", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 4>>{0, 1, 2, 0},
          fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 3, 4}),
      make_position_fixture<position_offsets_call>(
          label<"empty row", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 0>>{},
          fixtures::dependent<Deferred, std::array<std::size_t, 1>>{0}),
      // M-RoPE (transformers #39341): an image's four tokens share temporal position 3; the
      // sequence goes on, and the text after it resumes at 4.
      make_position_fixture<position_offsets_call>(
          label<"repeated positions inside a sequence", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 11>>{0, 1, 2, 3, 3, 3, 3, 4, 5, 0,
                                                                      1},
          fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 9, 11}),
      // transformers #39814: the row continues a sequence; its first token starts one all the same.
      make_position_fixture<position_offsets_call>(
          label<"a row not starting at 0", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 5>>{3, 4, 5, 0, 1},
          fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 3, 5}),
      make_position_fixture<position_offsets_call>(
          label<"a row with no position 0", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 3>>{5, 6, 7},
          fixtures::dependent<Deferred, std::array<std::size_t, 2>>{0, 3}),
      // LLaMA-Factory #10452: padding forms no sequences; offsets count the tokens that remain.
      make_position_fixture<position_offsets_call>(
          label<"padding at the tail", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 8>>{0, 1, 2, 0, 1, -1, -1, -1},
          fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 3, 5}),
      make_position_fixture<position_offsets_call>(
          label<"padding at the head", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 5>>{-1, -1, 0, 1, 2},
          fixtures::dependent<Deferred, std::array<std::size_t, 2>>{0, 3}),
      make_position_fixture<position_offsets_call>(
          label<"padding before a row not starting at 0", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 4>>{-1, -1, 3, 4},
          fixtures::dependent<Deferred, std::array<std::size_t, 2>>{0, 2}),
      make_position_fixture<position_offsets_call>(
          label<"padding between sequences", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 6>>{0, 1, -1, -1, 0, 1},
          fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 2, 4}),
      // Any negative position is padding, not only -1.
      make_position_fixture<position_offsets_call>(
          label<"padding marked -5", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 5>>{0, 1, -5, -5, 0},
          fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 2, 3}),
      // Only a position 0 starts a sequence: one that steps back is still inside it.
      make_position_fixture<position_offsets_call>(
          label<"positions step back inside a sequence", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 5>>{0, 1, 2, 1, 2},
          fixtures::dependent<Deferred, std::array<std::size_t, 2>>{0, 5}),
      // Padding inside a sequence ends nothing: the positions after it go on from those before.
      make_position_fixture<position_offsets_call>(
          label<"padding inside a sequence", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 5>>{0, 1, -1, 2, 3},
          fixtures::dependent<Deferred, std::array<std::size_t, 2>>{0, 4}),
      // Positions past 16 bits: 65536 is not 0.
      make_position_fixture<position_offsets_call>(
          label<"positions past 16 bits", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 3>>{65535, 65536, 65537},
          fixtures::dependent<Deferred, std::array<std::size_t, 2>>{0, 3}),
      make_position_fixture<position_offsets_call>(
          label<"all padding", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 3>>{-1, -1, -1},
          fixtures::dependent<Deferred, std::array<std::size_t, 1>>{0}),
      // Past 8 bits: offsets counted in a uint8_t wrap to 0 at token 256.
      make_position_fixture<position_offsets_call>(
          label<"one sequence of 300 tokens", Deferred>, position_fixtures::counting<300>(),
          fixtures::dependent<Deferred, std::array<std::size_t, 2>>{0, 300}),
      make_position_fixture<position_offsets_call>(label<"300 one-token sequences", Deferred>,
                                                   fixtures::filled<300>(std::int64_t{0}),
                                                   fixtures::iota<301>()),
      // transformers #44911, #47342: 3 rows of N positions are N tokens, not 3 N; row 0 decides.
      make_position_fixture<component_offsets_call>(
          label<"3-row M-RoPE positions", Deferred>, position_fixtures::mrope_rows, 3,
          fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 6, 8}),
      make_position_fixture<component_offsets_call>(
          label<"3 rows not starting at 0", Deferred>, position_fixtures::continued_rows, 3,
          fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 2, 5}),
      make_position_fixture<component_offsets_call>(
          label<"3-row empty", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 0>>{}, 3,
          fixtures::dependent<Deferred, std::array<std::size_t, 1>>{0}),
      make_position_fixture<component_offsets_call>(
          label<"one component", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 3>>{0, 1, 0}, 1,
          fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 2, 3}));
};
}  // namespace definition

/// `cu_seqlens` from position ids. One-row fixtures call `impl(positions, out)` (or
/// `impl(positions)` returning the offsets); 3-row fixtures call `impl(positions, C, out)` with C a
/// `std::size_t` or a `kvc::position_components` (see kvc/verification/position_call.hpp). `out`
/// has size(positions) + 1 elements; the result is `out` up to its first unwritten element.
/// Padding is -1, the value kvc's contract documents (any negative position is padding).
inline constexpr lazy_suite<definition::offsets_from_positions> offsets_from_positions{};

}  // namespace kvc::suites
