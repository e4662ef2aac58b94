// kvc/suites/max_sequence_length_from_positions.hpp - fixtures of `max_seqlen` derived from
// position ids: the longest sequence counted in tokens, padding excluded.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <boost/hana/tuple.hpp>

#include <kvc/suites/offsets_from_positions.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/lazy_suite.hpp>
#include <kvc/verification/position_call.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::max_sequence_length_from_positions`.
struct max_sequence_length_from_positions {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_position_fixture<position_length_call>(
          label<"two packed sequences", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 5>>{0, 1, 2, 0, 1},
          std::size_t{3}),
      // transformers #39341: max(position) + 1 is 6; the sequence holds 9 tokens.
      make_position_fixture<position_length_call>(
          label<"repeated positions inside a sequence", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 11>>{0, 1, 2, 3, 3, 3, 3, 4, 5, 0,
                                                                      1},
          std::size_t{9}),
      make_position_fixture<position_length_call>(
          label<"the longest sequence last", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 6>>{0, 1, 0, 1, 2, 3},
          std::size_t{4}),
      make_position_fixture<position_length_call>(
          label<"one-token sequences", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 3>>{0, 0, 0}, std::size_t{1}),
      make_position_fixture<position_length_call>(
          label<"empty row", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 0>>{}, std::size_t{0}),
      // transformers #39814: the first sequence is the 3 tokens before position 0, not lost.
      make_position_fixture<position_length_call>(
          label<"a row not starting at 0", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 5>>{3, 4, 5, 0, 1},
          std::size_t{3}),
      make_position_fixture<position_length_call>(
          label<"a row with no position 0", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 3>>{5, 6, 7}, std::size_t{3}),
      // LLaMA-Factory #10452: padding is no token of any sequence.
      make_position_fixture<position_length_call>(
          label<"padding at the tail", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 8>>{0, 1, 2, 0, 1, -1, -1, -1},
          std::size_t{3}),
      make_position_fixture<position_length_call>(
          label<"padding at the head", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 5>>{-1, -1, -1, 0, 1},
          std::size_t{2}),
      make_position_fixture<position_length_call>(
          label<"padding between sequences", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 7>>{0, 1, -1, -1, -1, 0, 1},
          std::size_t{2}),
      make_position_fixture<position_length_call>(
          label<"all padding", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 2>>{-1, -1}, std::size_t{0}),
      // Past 8 bits: a length kept in a uint8_t wraps to 0 at 256 tokens.
      make_position_fixture<position_length_call>(label<"one sequence of 300 tokens", Deferred>,
                                                  position_fixtures::counting<300>(),
                                                  std::size_t{300}),
      // transformers #44911, #47342: row 0 of 3 decides; the tokens are N, not 3 N.
      make_position_fixture<component_length_call>(label<"3-row M-RoPE positions", Deferred>,
                                                   position_fixtures::mrope_rows, 3,
                                                   std::size_t{6}),
      make_position_fixture<component_length_call>(label<"3 rows not starting at 0", Deferred>,
                                                   position_fixtures::continued_rows, 3,
                                                   std::size_t{3}),
      make_position_fixture<component_length_call>(
          label<"3-row empty", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 0>>{}, 3, std::size_t{0}),
      make_position_fixture<component_length_call>(
          label<"one component", Deferred>,
          fixtures::dependent<Deferred, std::array<std::int64_t, 3>>{0, 1, 0}, 1, std::size_t{2}));
};
}  // namespace definition

/// The longest sequence in tokens. One-row fixtures call `impl(positions)`; 3-row fixtures call
/// `impl(positions, C)` with C a `std::size_t` or a `kvc::position_components` (see
/// kvc/verification/position_call.hpp). Padding is -1.
inline constexpr lazy_suite<definition::max_sequence_length_from_positions>
    max_sequence_length_from_positions{};

}  // namespace kvc::suites
