// Static checks of kvc::offsets_from_positions and kvc::max_sequence_length_from_positions: the
// interface, the results beyond the suites (padding inside a sequence, any negative value, unsigned
// positions, rows 1 and 2 of M-RoPE), every error code and what is written on error, the call shapes
// of the suites, and which fixtures reject which known-bad implementation. Compiled, never run.
#include <kvc/contracts/offsets_from_positions.hpp>
#include <kvc/offsets_from_positions.hpp>
#include <kvc/position_components.hpp>
#include <kvc/suites/max_sequence_length_from_positions.hpp>
#include <kvc/suites/offsets_from_positions.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/checks.hpp>

#include "span_run.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <span>
#include <system_error>
#include <type_traits>
#include <vector>

namespace {

using std::size_t;
using i64 = std::int64_t;

// --- kvc::position_components ----------------------------------------------------------------------

static_assert(std::is_aggregate_v<kvc::position_components>);
static_assert(std::is_trivially_copyable_v<kvc::position_components>);
static_assert(kvc::position_components{3}.value == 3);
// A strong type: no integer converts to it, so an output length or a token count cannot be passed.
static_assert(!std::is_convertible_v<size_t, kvc::position_components>);
static_assert(!std::is_convertible_v<int, kvc::position_components>);

// --- The interface ---------------------------------------------------------------------------------

using offsets_fn = decltype(kvc::offsets_from_positions);
using length_fn = decltype(kvc::max_sequence_length_from_positions);

static_assert(std::is_nothrow_invocable_r_v<std::errc, offsets_fn, std::span<const i64>,
                                            std::span<std::int32_t>>);
static_assert(std::same_as<std::invoke_result_t<offsets_fn, std::span<const i64>,
                                                kvc::position_components, std::span<std::int32_t>>,
                           std::errc>);
static_assert(std::is_nothrow_invocable_v<offsets_fn, std::span<const i64>,
                                          kvc::position_components, std::span<std::int32_t>>);
static_assert(std::same_as<std::invoke_result_t<length_fn, const std::vector<int>&>, size_t>);
static_assert(std::same_as<std::invoke_result_t<length_fn, std::span<const i64>,
                                                kvc::position_components>,
                           size_t>);
static_assert(std::is_nothrow_invocable_v<length_fn, std::span<const i64>>);
static_assert(std::is_nothrow_invocable_v<length_fn, std::span<const i64>, kvc::position_components>);
// The compile-time form: a list of at most N + 1 offsets.
static_assert(std::same_as<decltype(kvc::offsets_from_positions(std::array<i64, 5>{})),
                           kvc::bounded_list<size_t, 6>>);
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
  run.status = kvc::offsets_from_positions(positions, kvc::position_components{components},
                                           std::span<P>(run.out));
  return run;
}

template <class T, size_t N>
constexpr bool all_equal(const std::array<T, N>& values, T expected) {
  for (const auto& value : values)
    if (value != expected) return false;
  return true;
}

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
constexpr std::array<std::uint8_t, 4> unsigned_positions{0, 1, 255, 0};
static_assert(kvc::offsets_from_positions(unsigned_positions) == std::array<size_t, 3>{0, 3, 4});
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
static_assert(component_offsets<int, 7>(mrope_padded, 3, -9).out ==
              std::array{0, 3, -9, -9, -9, -9, -9});
static_assert(kvc::max_sequence_length_from_positions(mrope_padded, kvc::position_components{3}) ==
              3);
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
static_assert(kvc::max_sequence_length_from_positions(std::array<i64, 3>{0, 1, 2},
                                                      kvc::position_components{0}) == 0);
static_assert(kvc::max_sequence_length_from_positions(std::array<i64, 4>{0, 1, 2, 3},
                                                      kvc::position_components{3}) == 0);
// An empty input is whole rows for any C, 0 included: the single offset 0.
static_assert(component_offsets<int, 2>(std::array<i64, 0>{}, 0, -9).out == std::array{0, -9});
static_assert(kvc::max_sequence_length_from_positions(std::array<i64, 0>{},
                                                      kvc::position_components{0}) == 0);

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
constexpr auto too_many = offsets<std::int8_t, 2>(kvc::fixtures::filled<128>(i64{7}), std::int8_t{-9});
static_assert(too_many.status == std::errc::result_out_of_range && all_equal(too_many.out, std::int8_t{-9}));
// Both: value_too_large first.
constexpr auto both = offsets<std::int8_t, 1>(kvc::fixtures::filled<128>(i64{7}), std::int8_t{-9});
static_assert(both.status == std::errc::value_too_large);

// --- The suites' call shapes -----------------------------------------------------------------------

using offsets_suite = decltype(kvc::suites::offsets_from_positions);
using length_suite = decltype(kvc::suites::max_sequence_length_from_positions);

// An engine's one-row form, int32 offsets as flash-attn takes them: the 3-row fixtures are skipped.
constexpr std::errc one_row(std::span<const i64> positions, std::span<std::int32_t> out) noexcept {
  return kvc::offsets_from_positions(positions, out);
}
static_assert(kvc::verify(kvc::suites::offsets_from_positions, one_row));
static_assert(kvc::outcomes(kvc::suites::offsets_from_positions, one_row) ==
              kvc::outcomes(kvc::suites::offsets_from_positions, kvc::offsets_from_positions));
// An engine's 3-row form alone, the count as a std::size_t: the one-row fixtures are skipped.
constexpr std::errc three_rows(std::span<const std::int32_t> positions, size_t components,
                               std::span<std::int32_t> out) noexcept {
  return kvc::offsets_from_positions(positions, kvc::position_components{components}, out);
}
static_assert(kvc::verify(kvc::suites::offsets_from_positions, three_rows));
// The same, flattening the rows (the count taken and ignored): rejected.
constexpr std::errc flattened(std::span<const std::int32_t> positions, size_t,
                              std::span<std::int32_t> out) noexcept {
  return kvc::offsets_from_positions(positions, out);
}
static_assert(!kvc::conforms(kvc::suites::offsets_from_positions, flattened));
// Offsets returned as a range, and the count as a kvc::position_components.
constexpr auto returned = [](std::span<const long long> positions, kvc::position_components c) {
  std::array<size_t, 32> out{};
  const bool ok = kvc::offsets_from_positions(positions, c, out) == std::errc{};
  kvc::bounded_list<size_t, 32> list;
  for (size_t i = 0; ok && (i == 0 || out[i] != 0); ++i) list.push_back(out[i]);
  return list;
};
static_assert(kvc::conforms(kvc::suites::offsets_from_positions, returned));
// An implementation taking no form of the suite is refused by the suite's one static_assert.
constexpr auto unrelated = [](double) { return 0; };
static_assert(!kvc::detail::suite_can_call<decltype(unrelated), offsets_suite>);
static_assert(kvc::detail::suite_can_call<decltype(one_row), offsets_suite>);
static_assert(kvc::detail::suite_can_call<decltype(flattened), offsets_suite>);

// The longest sequence: one row as an engine writes it, and 3 rows alone.
constexpr size_t longest(std::span<const i64> positions) noexcept {
  return kvc::max_sequence_length_from_positions(positions);
}
static_assert(kvc::verify(kvc::suites::max_sequence_length_from_positions, longest));
constexpr size_t longest_of_rows(std::span<const i64> positions, size_t components) noexcept {
  return kvc::max_sequence_length_from_positions(positions, kvc::position_components{components});
}
static_assert(kvc::verify(kvc::suites::max_sequence_length_from_positions, longest_of_rows));
static_assert(kvc::detail::suite_can_call<decltype(longest), length_suite>);

// Positions are refused, never narrowed, where they do not fit the implementation's type.
static_assert(!kvc::detail::representable<kvc::detail::sequence_as_span_of<unsigned>>(
    std::array<i64, 2>{0, -1}));

// --- What rejects each known-bad implementation ----------------------------------------------------
// (descriptors/ proves every one rejected; these show by which fixtures. A one-row implementation
// skips the 3-row fixtures, which count as not failed.)
namespace bad = kvc::mutants::offsets_from_positions;
using kvc::outcomes;
constexpr bool X = false;
constexpr bool o = true;

// cu_seqlens: the fixtures in the suite's order -- two packed, one sequence, one-token sequences, a
// one-token sequence last, empty, repeated positions, not starting at 0, no position 0, padding at
// the tail, at the head, before a row not starting at 0, between sequences, padding marked -5,
// positions stepping back, padding inside a sequence, positions past 16 bits, all padding, 300
// tokens, 300 sequences; 3 rows of M-RoPE, 3 rows not starting at 0, 3 rows empty, one component.
static_assert(outcomes(kvc::suites::offsets_from_positions, bad::no_leading_zero) ==
              std::array{o, o, o, o, o, o, X, X, o, o, X, o, o, o, o, X, o, o, o, o, o, o, o});
static_assert(outcomes(kvc::suites::offsets_from_positions, bad::padding_as_position_zero) ==
              std::array{o, o, o, o, o, o, o, o, X, X, X, X, X, o, X, o, X, o, o, o, o, o, o});
static_assert(outcomes(kvc::suites::offsets_from_positions, bad::offsets_index_padded_row) ==
              std::array{o, o, o, o, o, o, o, o, o, X, X, X, X, o, X, o, o, o, o, o, o, o, o});
static_assert(outcomes(kvc::suites::offsets_from_positions, bad::restarts_where_not_consecutive) ==
              std::array{o, o, o, o, o, X, o, o, o, o, o, o, o, X, o, o, o, o, o, o, o, o, o});
static_assert(outcomes(kvc::suites::offsets_from_positions, bad::offsets_in_uint8) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, X, X, o, o, o, o});
static_assert(outcomes(kvc::suites::offsets_from_positions, bad::flattens_components) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, X, X, o, o});

static_assert(outcomes(kvc::suites::offsets_from_positions, bad::restarts_where_positions_fall) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, X, o, o, o, o, o, o, o, o, o});
static_assert(outcomes(kvc::suites::offsets_from_positions, bad::padding_is_minus_one_only) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, X, o, o, o, o, o, o, o, o, o, o});

static_assert(outcomes(kvc::suites::offsets_from_positions, bad::padding_ends_a_sequence) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, o, X, o, o, o, o, o, o, o, o});
static_assert(outcomes(kvc::suites::offsets_from_positions, bad::position_zero_in_16_bits) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, o, o, X, o, o, o, o, o, o, o});

// max_seqlen: two packed, repeated positions, the longest last, one-token sequences, empty, not
// starting at 0, no position 0, padding at the tail, at the head, between sequences, all padding,
// 300 tokens; 3 rows of M-RoPE, 3 rows not starting at 0, 3 rows empty, one component.
static_assert(outcomes(kvc::suites::max_sequence_length_from_positions, bad::max_position_plus_one) ==
              std::array{o, X, o, o, o, X, X, o, o, o, o, o, o, o, o, o});
static_assert(outcomes(kvc::suites::max_sequence_length_from_positions,
                       bad::length_without_leading_zero) ==
              std::array{o, o, o, o, o, X, X, o, o, o, o, o, o, o, o, o});
static_assert(outcomes(kvc::suites::max_sequence_length_from_positions,
                       bad::length_counts_padding) ==
              std::array{o, o, o, o, o, o, o, X, X, X, X, o, o, o, o, o});
static_assert(outcomes(kvc::suites::max_sequence_length_from_positions,
                       bad::length_with_padding_as_zero) ==
              std::array{o, o, o, o, o, o, o, o, o, o, X, o, o, o, o, o});
static_assert(outcomes(kvc::suites::max_sequence_length_from_positions,
                       bad::length_flattens_components) ==
              std::array{o, o, o, o, o, o, o, o, o, o, o, o, o, X, o, o});

}  // namespace
