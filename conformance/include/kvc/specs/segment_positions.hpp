// kvc/specs/segment_positions.hpp - the spec of segment positions (FA-98576): packed sequences
// restart positions at every segment run. `impl(segment_ids, out)` writes every token's offset
// within its run of equal ids; over a flattened `[B, L]` batch, `impl(segment_ids, L, out)`
// restarts at every row start too. The shapes are span-output shapes
// (kvc/specs/output_shapes.hpp): `out` of one position per id, compared whole.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

#include <kvc/row_length.hpp>
#include <kvc/segment_positions.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/sequence.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/output_shapes.hpp>

namespace kvc::specs {

/// One row: `impl(segment_ids, out)` with `out` a `std::span<std::size_t>` of one position per
/// id, or `impl(segment_ids)` returning the positions as a range.
struct positions_call : span_output_shape<positions_call> {
  /// The shape's name.
  static constexpr std::string_view name = "positions";
  /// The call shape's name in the JSON vectors.
  static constexpr std::string_view call_name = "positions";
  /// The inputs, in call order (`out` follows them).
  static constexpr field fields[] = {{"segment_ids", field_kind::segment_ids}};
  /// One call's inputs.
  template <class S>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = positions_call;
    S segment_ids;  ///< the segment ids
  };
  /// `f(segment_ids)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.segment_ids);
  }
  /// `out` has one element per id, compared whole.
  static constexpr std::size_t extra = 0;
  /// `out` is compared whole.
  static constexpr bool whole = true;
  /// The element types of `out`.
  using outputs = size_output;
  /// Nothing between the ids and `out`.
  using between = nothing_between;
  /// The result may be returned as a range instead.
  static constexpr bool returns_range = true;
  /// The contract.
  template <class Ids, class Out>
  static void write(const Ids& ids, Out out) {
    static_cast<void>(kvc::segment_positions(ids, out));
  }
};

/// A flattened `[B, L]` batch: `impl(segment_ids, L, out)` with L a `std::size_t` (or else a
/// `kvc::row_length`) and `out` a `std::span<std::size_t>` of one position per id.
struct row_positions_call : span_output_shape<row_positions_call> {
  /// The shape's name.
  static constexpr std::string_view name = "row_positions";
  /// The call shape's name in the JSON vectors.
  static constexpr std::string_view call_name = "row_positions";
  /// The inputs, in call order (`out` follows them).
  static constexpr field fields[] = {{"segment_ids", field_kind::segment_ids},
                                     {"row_length", field_kind::row_length}};
  /// One call's inputs.
  template <class S>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = row_positions_call;
    S segment_ids;           ///< the segment ids of the flattened batch
    std::size_t row_length;  ///< the row length L
  };
  /// `f(segment_ids, row_length)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.segment_ids, in.row_length);
  }
  /// `out` has one element per id, compared whole.
  static constexpr std::size_t extra = 0;
  /// `out` is compared whole.
  static constexpr bool whole = true;
  /// The element types of `out`.
  using outputs = size_output;
  /// The forms of the row length L.
  using between = row_length_between;
  /// The result is written to `out`, never returned.
  static constexpr bool returns_range = false;
  /// The contract.
  template <class Ids, class Out>
  static void write(const Ids& ids, std::size_t length, Out out) {
    static_cast<void>(kvc::segment_positions(ids, kvc::row_length{length}, out));
  }
};

namespace segment_tables {
using positions_row = fixture_row<positions_call::inputs<id_list>, sizes>;
using row_positions_row = fixture_row<row_positions_call::inputs<id_list>, sizes>;
}  // namespace segment_tables

/// The six fixtures of FA-98576 in the record's order, for any N as the record writes them.
template <std::size_t N>
inline constexpr segment_tables::positions_row seed_segment_positions[] = {
    {"two segments", {repeat('a', N) + id_list{'b', 'b'}}, counting<std::size_t>(0, N) + sizes{0, 1}},
    {"alternating runs", {{'a', 'b', 'a'}}, {0, 0, 0}},
    {"same run", {{'x', 'x', 'x'}}, {0, 1, 2}},
    {"empty", {{}}, {}},
    {"single segment", {{'q'}}, {0}},
    {"repeated after intervening segment", {{1, 1, 2, 1}}, {0, 1, 0, 0}},
};

/// Fixtures beyond the record's, each there to reject a plausible wrong implementation
/// (tests/mutants/segment_positions.hpp).
inline constexpr segment_tables::positions_row extra_segment_positions[] = {
    {"three runs", {{'a', 'a', 'b', 'b', 'b', 'c'}}, {0, 1, 0, 1, 2, 0}},
    {"descending ids", {{3, 3, 2, 2, 1}}, {0, 1, 0, 1, 0}},
    {"negative ids", {{-1, -1, 0, 0, -1}}, {0, 1, 0, 1, 0}},
    {"zero ids after a run", {{0, 0, 5, 0, 0}}, {0, 1, 0, 0, 1}},
    {"every token its own run", {{1, 2, 3, 4}}, {0, 0, 0, 0}},
    {"id returns after long run", {{7, 7, 7, 7, 8, 7, 7}}, {0, 1, 2, 3, 0, 0, 1}},
    {"singleton run at the end", {{'a', 'a', 'a', 'b'}}, {0, 1, 2, 0}},
    // Past 8 bits: a position counter kept in a uint8_t wraps to 0 at token 256.
    {"one run of 300 tokens", {repeat(7, 300)}, counting<std::size_t>(0, 300)},
    // Ids are compared whole: ids 1 and 257 (one byte apart), 1 and 65537 are different runs.
    // (Ids past 32 bits are not here: an engine with int32 ids is correct, and could not take
    // them.)
    {"adjacent ids 256 apart", {{1, 1, 257, 257}}, {0, 1, 0, 1}},
    {"adjacent ids 65536 apart", {{1, 1, 65537, 65537}}, {0, 1, 0, 1}},
    // A run that changes exactly at a chunk boundary (64 tokens).
    {"a run of 64 then another", {repeat(1, 64) + id_list{2, 2}}, counting<std::size_t>(0, 64) + sizes{0, 1}},
};

/// One run of 65,537 tokens, positions 0..65,536: a position counter kept in 16 bits wraps to 0
/// at the last token. Checked in constant evaluation too: within g++'s default limits for an
/// implementation that is one pass over the ids (as the contract is); clang++ counts steps, and its
/// default of 1,048,576 holds kvc's contract but not every plain loop (one that indexes both spans
/// per token needs `-fconstexpr-steps=4194304`, or `kvc::check` at run time).
inline constexpr segment_tables::positions_row segment_positions_long[] = {
    {"one run of 65537 tokens", {repeat(1, 65537)}, counting<std::size_t>(0, 65537)},
};

/// Batches of B rows of L tokens: positions restart at every run and at every row start, an id
/// continuing across a row boundary included; id 0 is an id like any other (packing collators
/// number segments from 0), not padding.
inline constexpr segment_tables::row_positions_row segment_positions_rows[] = {
    // The last token of row 0 and the first of row 1 share an id but not a sequence.
    {"id continues across a row boundary", {{1, 1, 1, 1}, 2}, {0, 1, 0, 1}},
    {"rows of several runs", {{1, 1, 2, 2, 2, 3, 4, 4, 5, 5, 5, 5}, 6}, {0, 1, 0, 1, 2, 0, 0, 1, 0, 1, 2, 3}},
    {"three rows, ids continuing into the next", {{5, 5, 6, 6, 6, 6, 7, 8, 8}, 3}, {0, 1, 0, 0, 1, 2, 0, 0, 1}},
    {"id 0 like any other id", {{0, 0, 0, 7, 0, 0}, 3}, {0, 1, 2, 0, 0, 1}},
    {"a one-token segment ends a row", {{3, 3, 3, 4, 4, 4, 4, 4}, 4}, {0, 1, 2, 0, 0, 1, 2, 3}},
    {"one-token rows", {{7, 7, 7}, 1}, {0, 0, 0}},
    {"empty batch", {{}, 4}, {}},
    {"empty batch of rows of length 0", {{}, 0}, {}},
    // B = 1: the one-row form's answer.
    {"one row", {{'a', 'a', 'b', 'a'}, 4}, {0, 1, 0, 0}},
    {"an id reused in the next row", {{1, 1, 2, 2, 3, 1, 1, 2}, 4}, {0, 1, 0, 1, 0, 0, 1, 0}},
};

// The suites' descriptions: names, where each table's fixtures come from, and the suites that
// are parts of another.
/// The description of kvc::suites::segment_positions.
struct segment_positions_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "segment_positions";
  /// Where each table's fixtures come from, in table order ("kvc" for a table past the list).
  static constexpr std::string_view sources[] = {"FA-98576", "kvc"};
};
/// The description of kvc::suites::extra_segment_positions.
struct extra_segment_positions_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "extra_segment_positions";
  /// A part of another suite: in the suite table, in no vector file of its own.
  static constexpr bool part = true;
};
/// The description of kvc::suites::seed_segment_positions<N>.
template <std::size_t N>
struct seed_segment_positions_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "seed_segment_positions";
  /// Where each table's fixtures come from, in table order ("kvc" for a table past the list).
  static constexpr std::string_view sources[] = {"FA-98576"};
  /// A part of another suite: in the suite table, in no vector file of its own.
  static constexpr bool part = true;
};
/// The description of kvc::suites::segment_positions_long.
struct segment_positions_long_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "segment_positions_long";
};
/// The description of kvc::suites::segment_positions_rows.
struct segment_positions_rows_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "segment_positions_rows";
};

}  // namespace kvc::specs

namespace kvc::suites {

/// The six fixtures of FA-98576 for any N: `impl(segment_ids, out)` with `out` a
/// `std::span<std::size_t>` of one position per id (pre-filled with `SIZE_MAX`), or
/// `impl(segment_ids)` returning the positions.
template <std::size_t N>
inline constexpr suite<specs::seed_segment_positions_suite<N>, specs::seed_segment_positions<N>>
    seed_segment_positions{};
/// Fixtures beyond the record's.
inline constexpr suite<specs::extra_segment_positions_suite, specs::extra_segment_positions>
    extra_segment_positions{};
/// The segment-positions suite: the record's fixtures (N = 1) first, then the extra ones.
inline constexpr suite<specs::segment_positions_suite, specs::seed_segment_positions<1>,
                       specs::extra_segment_positions>
    segment_positions{};
/// One run of 65,537 tokens: a position counter kept in 16 bits wraps at the last token.
inline constexpr suite<specs::segment_positions_long_suite, specs::segment_positions_long>
    segment_positions_long{};
/// Row-aware segment positions: `impl(segment_ids, L, out)`, L a `std::size_t` or else a
/// `kvc::row_length`, `out` a `std::span<std::size_t>` of one position per id.
inline constexpr suite<specs::segment_positions_rows_suite, specs::segment_positions_rows>
    segment_positions_rows{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The segment-positions contract and its suites.
inline constexpr auto segment_positions_contract =
    describe("segment_positions", suites::segment_positions, suites::extra_segment_positions,
             suites::seed_segment_positions<1>, suites::segment_positions_long,
             suites::segment_positions_rows);
}  // namespace kvc::specs
