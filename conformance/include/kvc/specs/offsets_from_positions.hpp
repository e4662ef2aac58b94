// kvc/specs/offsets_from_positions.hpp - the spec of `cu_seqlens` and `max_seqlen` derived from
// position ids: a sequence starts at the first token that is not padding and at every position 0;
// padding (a negative position) is removed; C rows of M-RoPE position ids are decided by row 0 and
// count N tokens, not C N.
//
//   impl(position_ids, out)      impl(position_ids, C, out)    `cu_seqlens` (span-output shapes,
//   impl(position_ids)           impl(position_ids, C)         kvc/specs/output_shapes.hpp), or
//                                                              the longest sequence
//
// `out` has one element per value plus one, of any standard integer type (flash-attn's
// `cu_seqlens` are int32), compared up to its first unwritten element; the offsets may also be
// returned as a range. C is a `std::size_t`, or else a `kvc::position_components`. Every form is
// optional: an implementation of the one-row form alone skips the 3-row fixtures, and one of the
// 3-row form alone the one-row fixtures.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <kvc/offsets_from_positions.hpp>
#include <kvc/position_components.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/sequence.hpp>
#include <kvc/spec/shape.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/output_shapes.hpp>

namespace kvc::specs {

/// `cu_seqlens` of one row: `impl(position_ids, out)` with `out` a `std::span<P>` of one element
/// per position plus one, or `impl(position_ids)` returning the offsets as a range.
struct position_offsets_call : span_output_shape<position_offsets_call> {
  /// The shape's name.
  static constexpr std::string_view name = "position_offsets";
  /// The call shape's name in the JSON vectors.
  static constexpr std::string_view call_name = "position_offsets";
  /// An implementation may leave this form out.
  static constexpr std::string_view optional_form = "the one-row form";
  /// The inputs, in call order (`out` follows them).
  static constexpr field fields[] = {{"position_ids", field_kind::position_ids}};
  /// One call's inputs.
  template <class T>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = position_offsets_call;
    T position_ids;  ///< the position ids of one row
  };
  /// `f(position_ids)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.position_ids);
  }
  /// `out` has one element per position plus one, compared up to its first unwritten element.
  static constexpr std::size_t extra = 1;
  /// `out` is compared up to its first unwritten element.
  static constexpr bool whole = false;
  /// The element types of `out`.
  using outputs = integer_output;
  /// Nothing between the ids and `out`.
  using between = nothing_between;
  /// The result may be returned as a range instead.
  static constexpr bool returns_range = true;
  /// The contract.
  template <class Positions, class Out>
  static void write(const Positions& positions, Out out) {
    static_cast<void>(kvc::offsets_from_positions(positions, out));
  }
};

/// `cu_seqlens` of C rows, component-major: `impl(position_ids, C, out)`, or
/// `impl(position_ids, C)` returning the offsets as a range.
struct component_offsets_call : span_output_shape<component_offsets_call> {
  /// The shape's name.
  static constexpr std::string_view name = "component_offsets";
  /// The call shape's name in the JSON vectors.
  static constexpr std::string_view call_name = "component_offsets";
  /// An implementation may leave this form out.
  static constexpr std::string_view optional_form = "the 3-row form";
  /// The inputs, in call order (`out` follows them).
  static constexpr field fields[] = {{"position_ids", field_kind::position_ids},
                                     {"components", field_kind::components}};
  /// One call's inputs.
  template <class T>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = component_offsets_call;
    T position_ids;          ///< the position ids of C rows, component-major
    std::size_t components;  ///< the component count C
  };
  /// `f(position_ids, components)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.position_ids, in.components);
  }
  /// `out` has one element per value plus one, compared up to its first unwritten element.
  static constexpr std::size_t extra = 1;
  /// `out` is compared up to its first unwritten element.
  static constexpr bool whole = false;
  /// The element types of `out`.
  using outputs = integer_output;
  /// The forms of the component count C.
  using between = components_between;
  /// The result may be returned as a range instead.
  static constexpr bool returns_range = true;
  /// The contract.
  template <class Positions, class Out>
  static void write(const Positions& positions, std::size_t components, Out out) {
    static_cast<void>(kvc::offsets_from_positions(positions, position_components{components}, out));
  }
};

/// The longest sequence of one row: `impl(position_ids)`.
struct position_length_call : direct_call_shape<position_length_call> {
  /// The shape's name.
  static constexpr std::string_view name = "position_length";
  /// The call shape's name in the JSON vectors.
  static constexpr std::string_view call_name = "position_length";
  /// An implementation may leave this form out.
  static constexpr std::string_view optional_form = "the one-row form";
  /// The inputs, in call order.
  static constexpr field fields[] = {{"position_ids", field_kind::position_ids}};
  /// One call's inputs.
  template <class T>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = position_length_call;
    T position_ids;  ///< the position ids of one row
  };
  /// `f(position_ids)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.position_ids);
  }
  /// The contract's result.
  template <class In>
  [[nodiscard]] static constexpr std::size_t reference(const In& in, reuse_policy = {}) noexcept {
    return kvc::max_sequence_length_from_positions(in.position_ids);
  }
};

/// The longest sequence of C rows: `impl(position_ids, C)`, C a `std::size_t` or else a
/// `kvc::position_components`.
struct component_length_call : returned_value_shape<component_length_call> {
  /// The shape's name.
  static constexpr std::string_view name = "component_length";
  /// The call shape's name in the JSON vectors.
  static constexpr std::string_view call_name = "component_length";
  /// An implementation may leave this form out.
  static constexpr std::string_view optional_form = "the 3-row form";
  /// The inputs, in call order.
  static constexpr field fields[] = {{"position_ids", field_kind::position_ids},
                                     {"components", field_kind::components}};
  /// One call's inputs.
  template <class T>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = component_length_call;
    T position_ids;          ///< the position ids of C rows, component-major
    std::size_t components;  ///< the component count C
  };
  /// `f(position_ids, components)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.position_ids, in.components);
  }
  /// The forms of the component count C.
  using between = components_between;
  /// The contract's result.
  template <class In>
  [[nodiscard]] static constexpr std::size_t reference(const In& in, reuse_policy = {}) noexcept {
    return kvc::max_sequence_length_from_positions(in.position_ids,
                                                   position_components{in.components});
  }
};

/// Position ids of one row, as the tables hold them (-1 for padding).
using position_list = sequence<std::int64_t>;
/// Position ids of C rows, component-major: M-RoPE's rows hardly repeat, so more runs.
using component_position_list = sequence<std::int64_t, 16>;

namespace position_tables {
using offsets_row = fixture_row<position_offsets_call::inputs<position_list>, sizes>;
using component_offsets_row =
    fixture_row<component_offsets_call::inputs<component_position_list>, sizes>;
using length_row = fixture_row<position_length_call::inputs<position_list>, std::size_t>;
using component_length_row =
    fixture_row<component_length_call::inputs<component_position_list>, std::size_t>;

/// M-RoPE positions of two packed sequences, component-major (temporal, height, width rows): a
/// text token, a 2 x 2 image whose four tokens share temporal position 1, a text token at position
/// 3 (one past the image's largest), then a sequence of two text tokens.
inline constexpr component_position_list mrope_rows{0, 1, 1, 1, 1, 3, 0, 1,   // temporal
                                                    0, 1, 1, 2, 2, 3, 0, 1,   // height
                                                    0, 1, 2, 1, 2, 3, 0, 1};  // width
/// Three rows of a row that continues a sequence from an earlier chunk (no position 0 first).
inline constexpr component_position_list continued_rows{4, 5, 0, 1, 2,  //
                                                        4, 5, 0, 1, 2,  //
                                                        4, 5, 0, 1, 2};
}  // namespace position_tables

/// `cu_seqlens` of one row: the bug shapes of the engines (each fixture says which), ordinary
/// packing, and positions and lengths past 8 and 16 bits. Padding is -1, the value kvc's contract
/// documents (any negative position is padding).
inline constexpr position_tables::offsets_row offsets_from_positions[] = {
    {"two packed sequences", {{0, 1, 2, 0, 1}}, {0, 3, 5}},
    {"one sequence", {{0, 1, 2, 3}}, {0, 4}},
    {"one-token sequences", {{0, 0, 0}}, {0, 1, 2, 3}},
    // Position 0 ending the row is a sequence of its own, not padding.
    {"a one-token sequence ends the row", {{0, 1, 2, 0}}, {0, 3, 4}},
    {"empty row", {{}}, {0}},
    // M-RoPE (transformers #39341): an image's four tokens share temporal position 3; the sequence
    // goes on, and the text after it resumes at 4.
    {"repeated positions inside a sequence", {{0, 1, 2, 3, 3, 3, 3, 4, 5, 0, 1}}, {0, 9, 11}},
    // transformers #39814: the row continues a sequence; its first token starts one all the same.
    {"a row not starting at 0", {{3, 4, 5, 0, 1}}, {0, 3, 5}},
    {"a row with no position 0", {{5, 6, 7}}, {0, 3}},
    // LLaMA-Factory #10452: padding forms no sequences; offsets count the tokens that remain.
    {"padding at the tail", {{0, 1, 2, 0, 1, -1, -1, -1}}, {0, 3, 5}},
    {"padding at the head", {{-1, -1, 0, 1, 2}}, {0, 3}},
    {"padding before a row not starting at 0", {{-1, -1, 3, 4}}, {0, 2}},
    {"padding between sequences", {{0, 1, -1, -1, 0, 1}}, {0, 2, 4}},
    // Any negative position is padding, not only -1.
    {"padding marked -5", {{0, 1, -5, -5, 0}}, {0, 2, 3}},
    // Only a position 0 starts a sequence: one that steps back is still inside it.
    {"positions step back inside a sequence", {{0, 1, 2, 1, 2}}, {0, 5}},
    // Padding inside a sequence ends nothing: the positions after it go on from those before.
    {"padding inside a sequence", {{0, 1, -1, 2, 3}}, {0, 4}},
    // Positions past 16 bits: 65536 is not 0.
    {"positions past 16 bits", {{65535, 65536, 65537}}, {0, 3}},
    {"all padding", {{-1, -1, -1}}, {0}},
    // Past 8 bits: offsets counted in a uint8_t wrap to 0 at token 256.
    {"one sequence of 300 tokens", {counting<std::int64_t>(0, 300)}, {0, 300}},
    {"300 one-token sequences", {repeat<std::int64_t>(0, 300)}, counting<std::size_t>(0, 301)},
};

/// `cu_seqlens` of C rows. transformers #44911, #47342: 3 rows of N positions are N tokens, not
/// 3 N; row 0 decides.
inline constexpr position_tables::component_offsets_row component_offsets_from_positions[] = {
    {"3-row M-RoPE positions", {position_tables::mrope_rows, 3}, {0, 6, 8}},
    {"3 rows not starting at 0", {position_tables::continued_rows, 3}, {0, 2, 5}},
    {"3-row empty", {{}, 3}, {0}},
    {"one component", {{0, 1, 0}, 1}, {0, 2, 3}},
};

/// The longest sequence in tokens of one row.
inline constexpr position_tables::length_row max_sequence_length_from_positions[] = {
    {"two packed sequences", {{0, 1, 2, 0, 1}}, 3},
    // transformers #39341: max(position) + 1 is 6; the sequence holds 9 tokens.
    {"repeated positions inside a sequence", {{0, 1, 2, 3, 3, 3, 3, 4, 5, 0, 1}}, 9},
    {"the longest sequence last", {{0, 1, 0, 1, 2, 3}}, 4},
    {"one-token sequences", {{0, 0, 0}}, 1},
    {"empty row", {{}}, 0},
    // transformers #39814: the first sequence is the 3 tokens before position 0, not lost.
    {"a row not starting at 0", {{3, 4, 5, 0, 1}}, 3},
    {"a row with no position 0", {{5, 6, 7}}, 3},
    // LLaMA-Factory #10452: padding is no token of any sequence.
    {"padding at the tail", {{0, 1, 2, 0, 1, -1, -1, -1}}, 3},
    {"padding at the head", {{-1, -1, -1, 0, 1}}, 2},
    {"padding between sequences", {{0, 1, -1, -1, -1, 0, 1}}, 2},
    {"all padding", {{-1, -1}}, 0},
    // Past 8 bits: a length kept in a uint8_t wraps to 0 at 256 tokens.
    {"one sequence of 300 tokens", {counting<std::int64_t>(0, 300)}, 300},
};

/// The longest sequence of C rows. transformers #44911, #47342: row 0 of 3 decides; the tokens
/// are N, not 3 N.
inline constexpr position_tables::component_length_row component_length_from_positions[] = {
    {"3-row M-RoPE positions", {position_tables::mrope_rows, 3}, 6},
    {"3 rows not starting at 0", {position_tables::continued_rows, 3}, 3},
    {"3-row empty", {{}, 3}, 0},
    {"one component", {{0, 1, 0}, 1}, 2},
};

// The suites' descriptions.
/// The description of kvc::suites::offsets_from_positions.
struct offsets_from_positions_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "offsets_from_positions";
};
/// The description of kvc::suites::max_sequence_length_from_positions.
struct max_sequence_length_from_positions_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "max_sequence_length_from_positions";
};

}  // namespace kvc::specs

namespace kvc::suites {

/// `cu_seqlens` from position ids: one row, then 3 rows. One-row fixtures call
/// `impl(position_ids, out)` (or `impl(position_ids)` returning the offsets); 3-row fixtures call
/// `impl(position_ids, C, out)` (or `impl(position_ids, C)`), C a `std::size_t` or else a
/// `kvc::position_components`. `out` is a `std::span<P>` of size(position_ids) + 1 elements, P
/// `std::size_t` or else any standard integer type, pre-filled with P's maximum; the result is
/// `out` up to its first unwritten element. Either form may be missing: its fixtures are skipped.
inline constexpr suite<specs::offsets_from_positions_suite, specs::offsets_from_positions,
                       specs::component_offsets_from_positions>
    offsets_from_positions{};
/// The longest sequence in tokens: `impl(position_ids)`, then `impl(position_ids, C)`; either
/// form may be missing.
inline constexpr suite<specs::max_sequence_length_from_positions_suite,
                       specs::max_sequence_length_from_positions,
                       specs::component_length_from_positions>
    max_sequence_length_from_positions{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The contract of `cu_seqlens` and `max_seqlen` from position ids, and its suites.
inline constexpr auto offsets_from_positions_contract =
    describe("offsets_from_positions", suites::offsets_from_positions,
             suites::max_sequence_length_from_positions);
}  // namespace kvc::specs
