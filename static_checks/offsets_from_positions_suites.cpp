// static_checks/offsets_from_positions_suites.cpp - `cu_seqlens` and `max_seqlen` from position
// ids, one row and M-RoPE's 3: kvc's contracts pass both suites, in every form the shapes offer;
// the optional forms (an implementation of one form alone skips the other's fixtures, and is
// judged on the form it takes); each suite rejects the known-bad implementations it exists for,
// and which fixtures reject which mistake; the contracts' results beyond the suites and every
// error. Compiled, never run.
#include <kvc/offsets_from_positions.hpp>
#include <kvc/position_components.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/shape.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/offsets_from_positions.hpp>

#include <mutants/offsets_from_positions.hpp>

#include "span_run.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <span>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

namespace {

using std::size_t;
using i64 = std::int64_t;
using kvc::suites::max_sequence_length_from_positions;
using kvc::suites::offsets_from_positions;
namespace bad = kvc::mutants::offsets_from_positions;
using kvc::outcomes;

// --- kvc's contracts pass both suites, in every form ------------------------------------------------

static_assert(kvc::verify(offsets_from_positions, kvc::offsets_from_positions));
static_assert(kvc::verify(max_sequence_length_from_positions, kvc::max_sequence_length_from_positions));

/// Whether `Impl` takes the fixtures of table `Table` (an optional form it leaves out: it does not).
template <class Impl, const auto& Table>
constexpr bool takes_table =
    kvc::detail::shape_takes<typename std::remove_cvref_t<decltype(Table[0])>::inputs_type::shape, Impl,
                             typename std::remove_cvref_t<decltype(Table[0])>::inputs_type>;

// An engine's one-row form, int32 offsets as flash-attn takes them: the 3-row fixtures are skipped,
// and count as not failed.
constexpr std::errc one_row(std::span<const i64> positions, std::span<std::int32_t> out) noexcept {
  return kvc::offsets_from_positions(positions, out);
}
static_assert(kvc::verify(offsets_from_positions, one_row));
static_assert(outcomes(offsets_from_positions, one_row) ==
              outcomes(offsets_from_positions, kvc::offsets_from_positions));
static_assert(takes_table<decltype(one_row), kvc::specs::offsets_from_positions>);
static_assert(!takes_table<decltype(one_row), kvc::specs::component_offsets_from_positions>);
// An engine's 3-row form alone, the count as a std::size_t: the one-row fixtures are skipped.
constexpr std::errc three_rows(std::span<const std::int32_t> positions, size_t components,
                               std::span<std::int32_t> out) noexcept {
  return kvc::offsets_from_positions(positions, kvc::position_components{components}, out);
}
static_assert(kvc::verify(offsets_from_positions, three_rows));
static_assert(!takes_table<decltype(three_rows), kvc::specs::offsets_from_positions>);
// The same, flattening the rows (the count taken and ignored): judged on the 3-row fixtures, and
// rejected by them.
constexpr std::errc flattened(std::span<const std::int32_t> positions, size_t,
                              std::span<std::int32_t> out) noexcept {
  return kvc::offsets_from_positions(positions, out);
}
static_assert(!kvc::conforms(offsets_from_positions, flattened));
// Offsets returned as a range, and the count as a kvc::position_components.
constexpr auto returned = [](std::span<const long long> positions, kvc::position_components c) {
  std::array<size_t, 32> out{};
  const bool ok = kvc::offsets_from_positions(positions, c, out) == std::errc{};
  kvc::bounded_list<size_t, 32> list;
  for (size_t i = 0; ok && (i == 0 || out[i] != 0); ++i) list.push_back(out[i]);
  return list;
};
static_assert(kvc::conforms(offsets_from_positions, returned));
static_assert(takes_table<decltype(returned), kvc::specs::component_offsets_from_positions>);
// An implementation taking no form of the suite: neither table takes it (the suite's one
// static_assert says how it calls).
constexpr auto unrelated = [](double) { return 0; };
static_assert(!takes_table<decltype(unrelated), kvc::specs::offsets_from_positions>);
static_assert(!takes_table<decltype(unrelated), kvc::specs::component_offsets_from_positions>);

// The longest sequence: one row as an engine writes it, and 3 rows alone.
constexpr size_t longest(std::span<const i64> positions) noexcept {
  return kvc::max_sequence_length_from_positions(positions);
}
static_assert(kvc::verify(max_sequence_length_from_positions, longest));
constexpr size_t longest_of_rows(std::span<const i64> positions, size_t components) noexcept {
  return kvc::max_sequence_length_from_positions(positions, kvc::position_components{components});
}
static_assert(kvc::verify(max_sequence_length_from_positions, longest_of_rows));
static_assert(!takes_table<decltype(longest), kvc::specs::component_length_from_positions>);
static_assert(!takes_table<decltype(longest_of_rows), kvc::specs::max_sequence_length_from_positions>);

// Positions are never narrowed: an implementation taking unsigned positions fails the fixtures
// holding padding (its types cannot hold them; an engine without padding says so with
// kvc::profiles::transformers_packing, which leaves them uncovered), and passes the others.
constexpr auto unsigned_positions = [](std::span<const unsigned> positions, std::span<size_t> out) {
  return kvc::offsets_from_positions(positions, out);
};
static_assert(kvc::detail::check_row(kvc::specs::offsets_from_positions[8], unsigned_positions, {}).state ==
              kvc::detail::fixture_state::failed);
static_assert(kvc::detail::check_row(kvc::specs::offsets_from_positions[8], unsigned_positions,
                                     kvc::profiles::transformers_packing)
                  .state == kvc::detail::fixture_state::not_covered);
static_assert(kvc::detail::check_row(kvc::specs::offsets_from_positions[0], unsigned_positions, {}).state ==
              kvc::detail::fixture_state::passed);

// --- Optional forms, on a suite of their own ------------------------------------------------------
// Block counts: `impl(tokens)` (blocks of 16), and, as an optional form, `impl(tokens, block_size)`.

template <bool Sized>
struct block_count : kvc::direct_call_shape<block_count<Sized>> {
  [[maybe_unused]] static constexpr std::string_view name = "block_count";
  static constexpr kvc::field fields[] = {{"tokens", kvc::field_kind::count}};
  template <class T>
  struct inputs {
    using shape = block_count;
    T tokens;
  };
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.tokens);
  }
};
struct sized_block_count : kvc::direct_call_shape<sized_block_count> {
  [[maybe_unused]] static constexpr std::string_view name = "sized_block_count";
  static constexpr std::string_view optional_form = "the sized form";
  static constexpr kvc::field fields[] = {{"tokens", kvc::field_kind::count},
                                          {"block_size", kvc::field_kind::block_size}};
  template <class T>
  struct inputs {
    using shape = sized_block_count;
    T tokens;
    T block_size;
  };
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.tokens, in.block_size);
  }
};
struct blocks_suite {
  [[maybe_unused]] static constexpr std::string_view name = "blocks";
};
constexpr kvc::fixture_row<block_count<false>::inputs<int>, int> unsized[] = {{"one block", {16}, 1},
                                                                               {"a partial block", {17}, 2}};
constexpr kvc::fixture_row<sized_block_count::inputs<int>, int> sized[] = {{"blocks of 4", {9, 4}, 3}};
constexpr kvc::suite<blocks_suite, unsized, sized> blocks_and_sized{};
constexpr kvc::suite<blocks_suite, sized> sized_only{};

constexpr auto blocks = [](int tokens) { return (tokens + 15) / 16; };
constexpr auto sized_blocks = [](int tokens, int block) { return (tokens + block - 1) / block; };
struct both_forms {
  constexpr int operator()(int tokens) const { return blocks(tokens); }
  constexpr int operator()(int tokens, int block) const { return sized_blocks(tokens, block); }
};
struct wrong_sized_form {
  constexpr int operator()(int tokens) const { return blocks(tokens); }
  constexpr int operator()(int tokens, int) const { return blocks(tokens); }  // ignores the size
};

// The required form alone: the optional fixture is skipped, not failed.
static_assert(!takes_table<decltype(blocks), sized>);
static_assert(kvc::verify(blocks_and_sized, blocks));
static_assert(outcomes(blocks_and_sized, blocks) == std::array{true, true, true});
// Both forms: judged on both.
static_assert(takes_table<both_forms, sized>);
static_assert(kvc::verify(blocks_and_sized, both_forms{}));
static_assert(outcomes(blocks_and_sized, wrong_sized_form{}) == std::array{true, true, false});
static_assert(!kvc::conforms(blocks_and_sized, wrong_sized_form{}));
// The optional form alone does not do where a form is required: the required table cannot call it.
static_assert(!takes_table<decltype(sized_blocks), unsized>);
// A suite of optional fixtures only still calls an implementation that takes them.
static_assert(kvc::verify(sized_only, sized_blocks));

// --- The known-bad implementations, each rejected by its suite --------------------------------------

static_assert(!kvc::conforms(offsets_from_positions, bad::no_leading_zero));
static_assert(!kvc::conforms(offsets_from_positions, bad::always_leading_zero));
static_assert(!kvc::conforms(offsets_from_positions, bad::padding_as_position_zero));
static_assert(!kvc::conforms(offsets_from_positions, bad::padding_counted_as_tokens));
static_assert(!kvc::conforms(offsets_from_positions, bad::total_counts_padding));
static_assert(!kvc::conforms(offsets_from_positions, bad::offsets_index_padded_row));
static_assert(!kvc::conforms(offsets_from_positions, bad::restarts_where_not_consecutive));
static_assert(!kvc::conforms(offsets_from_positions, bad::no_total));
static_assert(!kvc::conforms(offsets_from_positions, bad::total_one_short));
static_assert(!kvc::conforms(offsets_from_positions, bad::drops_last_sequence));
static_assert(!kvc::conforms(offsets_from_positions, bad::empty_writes_nothing));
static_assert(!kvc::conforms(offsets_from_positions, bad::offsets_in_uint8));
static_assert(!kvc::conforms(offsets_from_positions, bad::restarts_where_positions_fall));
static_assert(!kvc::conforms(offsets_from_positions, bad::padding_is_minus_one_only));
static_assert(!kvc::conforms(offsets_from_positions, bad::padding_ends_a_sequence));
static_assert(!kvc::conforms(offsets_from_positions, bad::position_zero_in_16_bits));
static_assert(!kvc::conforms(offsets_from_positions, bad::flattens_components));
static_assert(!kvc::conforms(offsets_from_positions, bad::reads_token_major));
static_assert(!kvc::conforms(offsets_from_positions, bad::offsets_count_values));
static_assert(!kvc::conforms(max_sequence_length_from_positions, bad::max_position_plus_one));
static_assert(!kvc::conforms(max_sequence_length_from_positions, bad::length_without_leading_zero));
static_assert(!kvc::conforms(max_sequence_length_from_positions, bad::length_with_padding_as_zero));
static_assert(!kvc::conforms(max_sequence_length_from_positions, bad::length_counts_padding));
static_assert(!kvc::conforms(max_sequence_length_from_positions, bad::length_drops_last_sequence));
static_assert(!kvc::conforms(max_sequence_length_from_positions, bad::length_one_short));
static_assert(!kvc::conforms(max_sequence_length_from_positions, bad::length_in_uint8));
static_assert(!kvc::conforms(max_sequence_length_from_positions, bad::length_flattens_components));
static_assert(!kvc::conforms(max_sequence_length_from_positions, bad::length_reads_token_major));
static_assert(!kvc::conforms(max_sequence_length_from_positions, bad::length_counts_values));

// --- Which fixtures reject which mistake ----------------------------------------------------------
// (A one-row implementation skips the 3-row fixtures, which count as not failed.)
constexpr bool X = false;
constexpr bool o = true;

// cu_seqlens: the fixtures in the suite's order -- two packed, one sequence, one-token sequences, a
// one-token sequence last, empty, repeated positions, not starting at 0, no position 0, padding at
// the tail, at the head, before a row not starting at 0, between sequences, padding marked -5,
// positions stepping back, padding inside a sequence, positions past 16 bits, all padding, 300
// tokens, 300 sequences; 3 rows of M-RoPE, 3 rows not starting at 0, 3 rows empty, one component.
static_assert(outcomes(offsets_from_positions, bad::no_leading_zero) ==
              std::array{o, o, o, o, o, o, X, X, o, o, X, o, o, o, o, X, o, o, o, o, o, o, o});
static_assert(outcomes(offsets_from_positions, bad::padding_as_position_zero) ==
              std::array{o, o, o, o, o, o, o, o, X, X, X, X, X, o, X, o, X, o, o, o, o, o, o});
static_assert(outcomes(offsets_from_positions, bad::offsets_index_padded_row) ==
              std::array{o, o, o, o, o, o, o, o, o, X, X, X, X, o, X, o, o, o, o, o, o, o, o});
static_assert(outcomes(offsets_from_positions, bad::restarts_where_not_consecutive) ==
              std::array{o, o, o, o, o, X, o, o, o, o, o, o, o, X, o, o, o, o, o, o, o, o, o});
static_assert(outcomes(offsets_from_positions, bad::offsets_in_uint8) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, X, X, o, o, o, o});
static_assert(outcomes(offsets_from_positions, bad::flattens_components) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, X, X, o, o});
static_assert(outcomes(offsets_from_positions, bad::restarts_where_positions_fall) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, X, o, o, o, o, o, o, o, o, o});
static_assert(outcomes(offsets_from_positions, bad::padding_is_minus_one_only) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, X, o, o, o, o, o, o, o, o, o, o});
static_assert(outcomes(offsets_from_positions, bad::padding_ends_a_sequence) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, o, X, o, o, o, o, o, o, o, o});
static_assert(outcomes(offsets_from_positions, bad::position_zero_in_16_bits) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, X, o, o, o, o, o, o, o});

// max_seqlen: two packed, repeated positions, the longest last, one-token sequences, empty, not
// starting at 0, no position 0, padding at the tail, at the head, between sequences, all padding,
// 300 tokens; 3 rows of M-RoPE, 3 rows not starting at 0, 3 rows empty, one component.
static_assert(outcomes(max_sequence_length_from_positions, bad::max_position_plus_one) ==
              std::array{o, X, o, o, o, X, X, o, o, o, o, o, o, o, o, o});
static_assert(outcomes(max_sequence_length_from_positions, bad::length_without_leading_zero) ==
              std::array{o, o, o, o, o, X, X, o, o, o, o, o, o, o, o, o});
static_assert(outcomes(max_sequence_length_from_positions, bad::length_counts_padding) ==
              std::array{o, o, o, o, o, o, o, X, X, X, X, o, o, o, o, o});
static_assert(outcomes(max_sequence_length_from_positions, bad::length_with_padding_as_zero) ==
              std::array{o, o, o, o, o, o, o, o, o, o, X, o, o, o, o, o});
static_assert(outcomes(max_sequence_length_from_positions, bad::length_flattens_components) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, X, o, o});

// --- kvc::position_components ----------------------------------------------------------------------

static_assert(std::is_aggregate_v<kvc::position_components>);
static_assert(std::is_trivially_copyable_v<kvc::position_components>);
static_assert(kvc::position_components{3}.value == 3);
static_assert(!std::is_convertible_v<size_t, kvc::position_components>);
static_assert(!std::is_convertible_v<int, kvc::position_components>);

// --- The interface --------------------------------------------------------------------------------

using offsets_fn = decltype(kvc::offsets_from_positions);
using length_fn = decltype(kvc::max_sequence_length_from_positions);
static_assert(std::is_nothrow_invocable_r_v<std::errc, offsets_fn, std::span<const i64>, std::span<std::int32_t>>);
static_assert(std::same_as<std::invoke_result_t<offsets_fn, std::span<const i64>, kvc::position_components,
                                                std::span<std::int32_t>>,
                           std::errc>);
static_assert(std::is_nothrow_invocable_v<offsets_fn, std::span<const i64>, kvc::position_components,
                                          std::span<std::int32_t>>);
static_assert(std::same_as<std::invoke_result_t<length_fn, const std::vector<int>&>, size_t>);
static_assert(std::same_as<std::invoke_result_t<length_fn, std::span<const i64>, kvc::position_components>, size_t>);
static_assert(std::is_nothrow_invocable_v<length_fn, std::span<const i64>>);
static_assert(std::is_nothrow_invocable_v<length_fn, std::span<const i64>, kvc::position_components>);
// The compile-time form: a list of at most N + 1 offsets.
static_assert(std::same_as<decltype(kvc::offsets_from_positions(std::array<i64, 5>{})), kvc::bounded_list<size_t, 6>>);
static_assert(noexcept(kvc::offsets_from_positions(std::array<int, 2>{})));
// Any sized range of integers; any writable contiguous range of integers.
static_assert(std::invocable<offsets_fn, const std::deque<short>&, std::vector<std::uint64_t>&>);
static_assert(std::invocable<offsets_fn, const int (&)[4], std::array<int, 5>&>);
static_assert(std::invocable<length_fn, const std::deque<unsigned>&>);
// The component count is a kvc::position_components, never a bare integer.
static_assert(!std::invocable<offsets_fn, std::span<const i64>, size_t, std::span<int>>);
static_assert(!std::invocable<length_fn, std::span<const i64>, int>);
// Positions are integers: not characters, not bool, not floating point. Outputs are writable.
static_assert(!std::invocable<offsets_fn, std::span<const char>, std::span<int>>);
static_assert(!std::invocable<offsets_fn, std::span<const bool>, std::span<int>>);
static_assert(!std::invocable<length_fn, std::span<const double>>);
static_assert(!std::invocable<offsets_fn, std::span<const int>, std::span<const int>>);
static_assert(!std::invocable<offsets_fn, std::span<const int>, std::span<double>>);

// --- Results beyond the suites ---------------------------------------------------------------------

template <class P, size_t OutSize, class Positions>
constexpr auto offsets(const Positions& positions, P fill) {
  return kvc_static::run_span<P, OutSize>(kvc::offsets_from_positions, positions, fill);
}
/// Runs the component form into an output of `OutSize` elements of type P pre-filled with `fill`.
template <class P, size_t OutSize, class Positions>
constexpr auto component_offsets(const Positions& positions, size_t components, P fill) {
  kvc_static::span_run<P, OutSize> run{{}, {}};
  for (auto& element : run.out) element = fill;
  run.status = kvc::offsets_from_positions(positions, kvc::position_components{components}, std::span<P>(run.out));
  return run;
}
using kvc_static::all_equal;
using kvc_static::filled;

// Exactly sequences + 1 entries written; the rest untouched.
constexpr std::array<i64, 8> packed{0, 1, 2, 0, 1, -1, -1, -1};
static_assert(offsets<int, 6>(packed, -9).out == std::array{0, 3, 5, -9, -9, -9});
static_assert(kvc::offsets_from_positions(packed) == std::array<size_t, 3>{0, 3, 5});
static_assert(kvc::max_sequence_length_from_positions(packed) == 3);
// Padding inside a sequence removes tokens, and nothing else: the positions after it go on from
// the ones before (flash-attn's unpad_input, then the flattening convention).
constexpr std::array<i64, 6> padded_inside{0, 1, -1, -1, 2, 3};
static_assert(kvc::offsets_from_positions(padded_inside) == std::array<size_t, 2>{0, 4});
static_assert(kvc::max_sequence_length_from_positions(padded_inside) == 4);
// Any negative position is padding, not only -1.
constexpr std::array<i64, 5> other_pads{0, 1, -100, std::numeric_limits<i64>::min(), 0};
static_assert(kvc::offsets_from_positions(other_pads) == std::array<size_t, 3>{0, 2, 3});
// Unsigned positions have no padding: 255 is a position.
constexpr std::array<std::uint8_t, 4> unsigned_row{0, 1, 255, 0};
static_assert(kvc::offsets_from_positions(unsigned_row) == std::array<size_t, 3>{0, 3, 4});
// Every position 0 starts a sequence: an M-RoPE sequence that opens with an image repeats
// temporal position 0, and reads as one-token sequences. Segment ids (kvc::segment_offsets) tell
// them apart; position ids cannot.
constexpr std::array<i64, 6> image_first{0, 0, 0, 0, 1, 2};
static_assert(kvc::offsets_from_positions(image_first) == std::array<size_t, 5>{0, 1, 2, 3, 6});
// A repeated position continues its sequence wherever it is.
static_assert(kvc::max_sequence_length_from_positions(std::array<i64, 5>{0, 1, 1, 1, 1}) == 5);
// M-RoPE rows: row 0 decides the sequences and the padding. Qwen2-VL fills the padding of rows 1
// and 2 with 1, and their zeros start nothing.
constexpr std::array<i64, 15> mrope_padded{0, 1, 2, -1, -1,  //
                                           0, 1, 2, 1, 1,    //
                                           0, 1, 2, 1, 1};
static_assert(component_offsets<int, 7>(mrope_padded, 3, -9).out == std::array{0, 3, -9, -9, -9, -9, -9});
static_assert(kvc::max_sequence_length_from_positions(mrope_padded, kvc::position_components{3}) == 3);
constexpr std::array<i64, 12> zeros_below_row_0{0, 1, 2, 3,  //
                                                0, 0, 0, 0,  //
                                                0, 1, 0, 1};
static_assert(component_offsets<int, 3>(zeros_below_row_0, 3, -9).out == std::array{0, 4, -9});
// C = 1 is the one-row form.
static_assert(component_offsets<int, 9>(packed, 1, -9).out == offsets<int, 9>(packed, -9).out);
static_assert(kvc::max_sequence_length_from_positions(packed, kvc::position_components{1}) == 3);

// --- Errors ----------------------------------------------------------------------------------------

// Not whole rows: invalid_argument, before any other check, and nothing written.
constexpr auto zero_rows = component_offsets<int, 4>(std::array<i64, 3>{0, 1, 2}, 0, -9);
static_assert(zero_rows.status == std::errc::invalid_argument && all_equal(zero_rows.out, -9));
constexpr auto ragged = component_offsets<int, 8>(std::array<i64, 7>{0, 1, 2, 0, 1, 2, 0}, 3, -9);
static_assert(ragged.status == std::errc::invalid_argument && all_equal(ragged.out, -9));
constexpr auto ragged_and_short = component_offsets<std::int8_t, 0>(std::array<i64, 7>{}, 3, {});
static_assert(ragged_and_short.status == std::errc::invalid_argument);
static_assert(kvc::max_sequence_length_from_positions(std::array<i64, 3>{0, 1, 2}, kvc::position_components{0}) == 0);
static_assert(kvc::max_sequence_length_from_positions(std::array<i64, 4>{0, 1, 2, 3}, kvc::position_components{3}) == 0);
// An empty input is whole rows for any C, 0 included: the single offset 0.
static_assert(component_offsets<int, 2>(std::array<i64, 0>{}, 0, -9).out == std::array{0, -9});
static_assert(kvc::max_sequence_length_from_positions(std::array<i64, 0>{}, kvc::position_components{0}) == 0);
// One element short of sequences + 1: value_too_large, nothing written. A row empty or all padding
// needs room for its single 0.
constexpr auto one_short = offsets<int, 2>(packed, -9);
static_assert(one_short.status == std::errc::value_too_large && all_equal(one_short.out, -9));
static_assert(offsets<int, 3>(packed, -9).status == std::errc{});
static_assert(offsets<int, 0>(std::array<i64, 2>{-1, -1}, -9).status == std::errc::value_too_large);
static_assert(offsets<int, 1>(std::array<i64, 2>{-1, -1}, -9).out == std::array{0});
static_assert(component_offsets<int, 2>(packed, 1, -9).status == std::errc::value_too_large);
// The total is the number of tokens that are not padding: 200 positions of which 100 are padding
// fit an int8_t output; 128 tokens do not (result_out_of_range, nothing written).
constexpr auto half_padding = [] {
  std::array<i64, 200> positions{};
  for (size_t i = 0; i < 100; ++i) positions[100 + i] = -1;
  return positions;
}();
static_assert(offsets<std::int8_t, 201>(half_padding, std::int8_t{-9}).status == std::errc{});
static_assert(offsets<std::int8_t, 201>(half_padding, std::int8_t{-9}).out[100] == 100);
constexpr auto too_many = offsets<std::int8_t, 2>(filled<128>(i64{7}), std::int8_t{-9});
static_assert(too_many.status == std::errc::result_out_of_range && all_equal(too_many.out, std::int8_t{-9}));
// Both: value_too_large first.
static_assert(offsets<std::int8_t, 1>(filled<128>(i64{7}), std::int8_t{-9}).status == std::errc::value_too_large);

}  // namespace
