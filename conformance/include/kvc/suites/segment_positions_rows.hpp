// kvc/suites/segment_positions_rows.hpp - fixtures of segment positions over a `[B, L]` batch: B
// rows of L tokens, flattened row-major, positions restarting at every run and every row start.
#pragma once

#include <array>
#include <cstddef>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::segment_positions_rows`.
struct segment_positions_rows {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      // The last token of row 0 and the first of row 1 share an id but not a sequence.
      make_rows_fixture<row_positions_call>(
          label<"id continues across a row boundary", Deferred>,
          fixtures::array<Deferred>(1, 1, 1, 1), 2,
          fixtures::dependent<Deferred, std::array<std::size_t, 4>>{0, 1, 0, 1}),
      make_rows_fixture<row_positions_call>(
          label<"rows of several runs", Deferred>,
          fixtures::array<Deferred>(1, 1, 2, 2, 2, 3, 4, 4, 5, 5, 5, 5), 6,
          fixtures::dependent<Deferred, std::array<std::size_t, 12>>{0, 1, 0, 1, 2, 0, 0, 1, 0, 1,
                                                                     2, 3}),
      make_rows_fixture<row_positions_call>(
          label<"three rows, ids continuing into the next", Deferred>,
          fixtures::array<Deferred>(5, 5, 6, 6, 6, 6, 7, 8, 8), 3,
          fixtures::dependent<Deferred, std::array<std::size_t, 9>>{0, 1, 0, 0, 1, 2, 0, 0, 1}),
      // Id 0 is an id like any other (packing collators number segments from 0), not padding.
      make_rows_fixture<row_positions_call>(
          label<"id 0 like any other id", Deferred>, fixtures::array<Deferred>(0, 0, 0, 7, 0, 0), 3,
          fixtures::dependent<Deferred, std::array<std::size_t, 6>>{0, 1, 2, 0, 0, 1}),
      make_rows_fixture<row_positions_call>(
          label<"a one-token segment ends a row", Deferred>,
          fixtures::array<Deferred>(3, 3, 3, 4, 4, 4, 4, 4), 4,
          fixtures::dependent<Deferred, std::array<std::size_t, 8>>{0, 1, 2, 0, 0, 1, 2, 3}),
      make_rows_fixture<row_positions_call>(
          label<"one-token rows", Deferred>, fixtures::array<Deferred>(7, 7, 7), 1,
          fixtures::dependent<Deferred, std::array<std::size_t, 3>>{0, 0, 0}),
      make_rows_fixture<row_positions_call>(
          label<"empty batch", Deferred>, fixtures::dependent<Deferred, std::array<int, 0>>{}, 4,
          fixtures::dependent<Deferred, std::array<std::size_t, 0>>{}),
      make_rows_fixture<row_positions_call>(
          label<"empty batch of rows of length 0", Deferred>,
          fixtures::dependent<Deferred, std::array<int, 0>>{}, 0,
          fixtures::dependent<Deferred, std::array<std::size_t, 0>>{}),
      // B = 1: the one-row form's answer.
      make_rows_fixture<row_positions_call>(
          label<"one row", Deferred>, fixtures::array<Deferred>('a', 'a', 'b', 'a'), 4,
          fixtures::dependent<Deferred, std::array<std::size_t, 4>>{0, 1, 0, 0}),
      make_rows_fixture<row_positions_call>(
          label<"an id reused in the next row", Deferred>,
          fixtures::array<Deferred>(1, 1, 2, 2, 3, 1, 1, 2), 4,
          fixtures::dependent<Deferred, std::array<std::size_t, 8>>{0, 1, 0, 1, 0, 0, 1, 0}));
};
}  // namespace definition

/// Row-aware segment positions. Implementations are called as `impl(segments, L, out)` (see
/// `kvc::row_positions_call`): `std::span<const S>` segments, L as a `std::size_t` or a
/// `kvc::row_length`, and a `std::span<std::size_t>` of N elements to fill.
inline constexpr lazy_suite<definition::segment_positions_rows> segment_positions_rows{};

}  // namespace kvc::suites
