// kvc/specs/segment_offsets.hpp - the spec of the varlen-attention view of packed segments: run
// start offsets plus the total (`cu_seqlens`), of one row (`impl(segment_ids, out)`) and of a
// flattened `[B, L]` batch (`impl(segment_ids, L, out)`), the number of runs and the longest run
// (`max_seqlen`, `impl(segment_ids)`). The offsets' shapes are span-output shapes
// (kvc/specs/output_shapes.hpp): `out` of one element per id plus one, compared up to its first
// unwritten element.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <kvc/reuse_policy.hpp>
#include <kvc/row_length.hpp>
#include <kvc/segment_offsets.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/sequence.hpp>
#include <kvc/spec/shape.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/output_shapes.hpp>

namespace kvc::specs {

/// One row: `impl(segment_ids, out)` with `out` a `std::span<std::size_t>` of one element per id
/// plus one, or `impl(segment_ids)` returning the offsets as a range.
struct offsets_call : span_output_shape<offsets_call> {
  /// The shape's name.
  static constexpr std::string_view name = "offsets";
  /// The call shape's name in the JSON vectors.
  static constexpr std::string_view call_name = "offsets";
  /// The inputs, in call order (`out` follows them).
  static constexpr field fields[] = {{"segment_ids", field_kind::segment_ids}};
  /// One call's inputs.
  template <class S>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = offsets_call;
    S segment_ids;  ///< the segment ids
  };
  /// `f(segment_ids)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.segment_ids);
  }
  /// `out` has one element per id plus one, compared up to its first unwritten element.
  static constexpr std::size_t extra = 1;
  /// `out` is compared up to its first unwritten element.
  static constexpr bool whole = false;
  /// The element types of `out`.
  using outputs = size_output;
  /// Nothing between the ids and `out`.
  using between = nothing_between;
  /// The result may be returned as a range instead.
  static constexpr bool returns_range = true;
  /// The contract.
  template <class Ids, class Out>
  static void write(const Ids& segment_ids, Out out) {
    static_cast<void>(kvc::segment_offsets(segment_ids, out));
  }
};

/// A flattened `[B, L]` batch: `impl(segment_ids, L, out)` with L a `std::size_t` (or else a
/// `kvc::row_length`) and `out` a `std::span<std::size_t>` of one element per id plus one.
struct row_offsets_call : span_output_shape<row_offsets_call> {
  /// The shape's name.
  static constexpr std::string_view name = "row_offsets";
  /// The call shape's name in the JSON vectors.
  static constexpr std::string_view call_name = "row_offsets";
  /// The inputs, in call order (`out` follows them).
  static constexpr field fields[] = {{"segment_ids", field_kind::segment_ids},
                                     {"row_length", field_kind::row_length}};
  /// One call's inputs.
  template <class S>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = row_offsets_call;
    S segment_ids;           ///< the segment ids of the flattened batch
    std::size_t row_length;  ///< the row length L
  };
  /// `f(segment_ids, row_length)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.segment_ids, in.row_length);
  }
  /// `out` has one element per id plus one, compared up to its first unwritten element.
  static constexpr std::size_t extra = 1;
  /// `out` is compared up to its first unwritten element.
  static constexpr bool whole = false;
  /// The element types of `out`.
  using outputs = size_output;
  /// The forms of the row length L.
  using between = row_length_between;
  /// The result is written to `out`, never returned.
  static constexpr bool returns_range = false;
  /// The contract.
  template <class Ids, class Out>
  static void write(const Ids& segment_ids, std::size_t length, Out out) {
    static_cast<void>(kvc::segment_offsets(segment_ids, kvc::row_length{length}, out));
  }
};

/// What a summary of the runs counts.
enum class run_summary : unsigned char {
  count,    ///< the number of runs (`kvc::segment_run_count`)
  longest,  ///< the longest run (`kvc::max_segment_length`)
};

/// `impl(segment_ids)` returning a count of the runs: how many, or the longest.
template <run_summary Kind>
struct segment_summary_call : direct_call_shape<segment_summary_call<Kind>> {
  /// The shape's name.
  static constexpr std::string_view name =
      Kind == run_summary::count ? "segment_run_count" : "max_segment_length";
  /// The inputs, in call order.
  static constexpr field fields[] = {{"segment_ids", field_kind::segment_ids}};
  /// One call's inputs.
  template <class S>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = segment_summary_call;
    S segment_ids;  ///< the segment ids
  };
  /// `f(segment_ids)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.segment_ids);
  }
  /// The contract's result.
  template <class In>
  [[nodiscard]] static constexpr std::size_t reference(const In& in, reuse_policy = {}) noexcept {
    if constexpr (Kind == run_summary::count)
      return kvc::segment_run_count(in.segment_ids);
    else
      return kvc::max_segment_length(in.segment_ids);
  }
};
/// The number of runs: `impl(segment_ids)`.
using run_count_call = segment_summary_call<run_summary::count>;
/// The longest run: `impl(segment_ids)`.
using longest_run_call = segment_summary_call<run_summary::longest>;

/// 64-bit segment ids (ids 2^32 apart).
using wide_id_list = sequence<std::int64_t>;

namespace segment_tables {
using offsets_row = fixture_row<offsets_call::inputs<id_list>, sizes>;
using row_offsets_row = fixture_row<row_offsets_call::inputs<id_list>, sizes>;
using run_count_row = fixture_row<run_count_call::inputs<id_list>, std::size_t>;
using wide_run_count_row = fixture_row<run_count_call::inputs<wide_id_list>, std::size_t>;
using longest_run_row = fixture_row<longest_run_call::inputs<id_list>, std::size_t>;
}  // namespace segment_tables

/// Run start offsets plus the total: the record's shapes, then fixtures that reject plausible
/// wrong implementations (tests/mutants/segment_offsets.hpp).
inline constexpr segment_tables::offsets_row segment_offsets[] = {
    {"two segments", {{'a', 'b', 'b'}}, {0, 1, 3}},
    {"alternating runs", {{'a', 'b', 'a'}}, {0, 1, 2, 3}},
    {"same run", {{'x', 'x', 'x'}}, {0, 3}},
    {"empty", {{}}, {0}},
    {"single segment", {{'q'}}, {0, 1}},
    {"repeated after intervening segment", {{1, 1, 2, 1}}, {0, 2, 3, 4}},
    {"long run then a singleton", {{7, 7, 7, 7, 8}}, {0, 4, 5}},
    // Past 8 bits: offsets counted in a uint8_t wrap to 0 at token 256.
    {"one run of 300 tokens", {repeat(7, 300)}, {0, 300}},
    // 0, 1, 0, 1, ...: ids of one byte, as the fuzz seeds need.
    {"300 runs of one token", {alternating(0, 1, 300)}, counting<std::size_t>(0, 301)},
    // Id 0 is an id like any other (packing collators number segments from 0), not padding.
    {"one run of id 0", {{0, 0, 0}}, {0, 3}},
    {"a run of id 0 after another", {{5, 5, 0, 0}}, {0, 2, 4}},
    // Ids are compared whole: ids 1 and 257, 1 and 65537 are different runs. (Ids past 32 bits
    // are not here: an engine with int32 ids is correct, and could not take them.)
    {"adjacent ids 256 apart", {{1, 1, 257, 257}}, {0, 2, 4}},
    {"adjacent ids 65536 apart", {{1, 1, 65537, 65537}}, {0, 2, 4}},
};

/// Offsets over batches of B rows of L tokens: a run breaks at every row start, an id continuing
/// across a row boundary included; id 0 is an id like any other.
inline constexpr segment_tables::row_offsets_row segment_offsets_rows[] = {
    // The last token of row 0 and the first of row 1 share an id but not a sequence.
    {"id continues across a row boundary", {{1, 1, 1, 1}, 2}, {0, 2, 4}},
    {"rows of several runs", {{1, 1, 2, 2, 2, 3, 4, 4, 5, 5, 5, 5}, 6}, {0, 2, 5, 6, 8, 12}},
    {"three rows, ids continuing into the next", {{5, 5, 6, 6, 6, 6, 7, 8, 8}, 3}, {0, 2, 3, 6, 7, 9}},
    {"id 0 like any other id", {{0, 0, 0, 7, 0, 0}, 3}, {0, 3, 4, 6}},
    {"a one-token segment ends a row", {{3, 3, 3, 4, 4, 4, 4, 4}, 4}, {0, 3, 4, 8}},
    {"one-token rows", {{7, 7, 7}, 1}, {0, 1, 2, 3}},
    {"empty batch", {{}, 4}, {0}},
    {"empty batch of rows of length 0", {{}, 0}, {0}},
    // B = 1: the one-row form's answer.
    {"one row", {{'a', 'a', 'b', 'a'}, 4}, {0, 2, 3, 4}},
    {"an id reused in the next row", {{1, 1, 2, 2, 3, 1, 1, 2}, 4}, {0, 2, 4, 5, 7, 8}},
};

/// The number of runs, then the same of 64-bit ids 2^32 apart (a table of their own type).
inline constexpr segment_tables::run_count_row segment_run_count[] = {
    {"two segments", {{'a', 'b', 'b'}}, 2},
    {"alternating runs", {{'a', 'b', 'a'}}, 3},
    {"same run", {{'x', 'x', 'x'}}, 1},
    {"empty", {{}}, 0},
    {"single segment", {{'q'}}, 1},
    {"repeated after intervening segment", {{1, 1, 2, 1}}, 3},
    // Past 8 bits: a run counter kept in a uint8_t wraps to 0 at 256 runs.
    {"300 runs of one token", {counting(0, 300)}, 300},
};
/// Ids are compared whole: int64 ids 2^32 + 1 and 1 are two runs.
inline constexpr segment_tables::wide_run_count_row segment_run_count_wide[] = {
    {"adjacent ids 2^32 apart", {{0x1'0000'0001, 1}}, 2},
};

/// The longest run (`max_seqlen`).
inline constexpr segment_tables::longest_run_row max_segment_length[] = {
    {"two segments", {{'a', 'b', 'b'}}, 2},
    {"alternating runs", {{'a', 'b', 'a'}}, 1},
    {"same run", {{'x', 'x', 'x'}}, 3},
    {"empty", {{}}, 0},
    {"single segment", {{'q'}}, 1},
    {"repeated after intervening segment", {{1, 1, 2, 1}}, 2},
    {"longest run last", {{1, 2, 2, 3, 3, 3}}, 3},
    // Past 8 bits: a run length kept in a uint8_t wraps to 0 at 256 tokens.
    {"one run of 300 tokens", {repeat(7, 300)}, 300},
};

// The suites' descriptions.
/// The description of kvc::suites::segment_offsets.
struct segment_offsets_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "segment_offsets";
};
/// The description of kvc::suites::segment_offsets_rows.
struct segment_offsets_rows_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "segment_offsets_rows";
};
/// The description of kvc::suites::segment_run_count.
struct segment_run_count_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "segment_run_count";
};
/// The description of kvc::suites::max_segment_length.
struct max_segment_length_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "max_segment_length";
};

}  // namespace kvc::specs

namespace kvc::suites {

/// Run start offsets plus the total: `impl(segment_ids, out)` with `out` a
/// `std::span<std::size_t>` of one element per id plus one (pre-filled with `SIZE_MAX`; the result
/// is `out` up to its first unwritten element), or `impl(segment_ids)` returning the offsets.
inline constexpr suite<specs::segment_offsets_suite, specs::segment_offsets> segment_offsets{};
/// Row-aware run start offsets plus the total, in the flattened batch: `impl(segment_ids, L, out)`,
/// L a `std::size_t` or else a `kvc::row_length`.
inline constexpr suite<specs::segment_offsets_rows_suite, specs::segment_offsets_rows>
    segment_offsets_rows{};
/// The number of runs: `impl(segment_ids)`.
inline constexpr suite<specs::segment_run_count_suite, specs::segment_run_count,
                       specs::segment_run_count_wide>
    segment_run_count{};
/// The longest run (`max_seqlen`): `impl(segment_ids)`.
inline constexpr suite<specs::max_segment_length_suite, specs::max_segment_length>
    max_segment_length{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The segment-offsets contract and its suites.
inline constexpr auto segment_offsets_contract =
    describe("segment_offsets", suites::segment_offsets, suites::segment_offsets_rows,
             suites::segment_run_count, suites::max_segment_length);
}  // namespace kvc::specs
