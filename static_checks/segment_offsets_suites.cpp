// static_checks/segment_offsets_suites.cpp - run offsets (`cu_seqlens`) of one row and of
// `[B, L]` batches, the run count and the longest run: kvc's contracts pass every suite, in every
// form the shapes offer; each suite rejects the known-bad implementations it exists for; which
// fixtures reject which mistake; the span forms' results and errors. Compiled, never run.
#include <kvc/row_length.hpp>
#include <kvc/segment_offsets.hpp>
#include <kvc/segment_positions.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/specs/segment_offsets.hpp>

#include <mutants/segment_offsets.hpp>

#include "span_run.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <system_error>
#include <type_traits>
#include <vector>

namespace {

using std::size_t;
using kvc::suites::max_segment_length;
using kvc::suites::segment_offsets;
using kvc::suites::segment_offsets_rows;
using kvc::suites::segment_run_count;
namespace bad = kvc::mutants::segment_offsets;
using kvc::outcomes;

// --- kvc's contracts pass every suite -------------------------------------------------------------

static_assert(kvc::verify(segment_offsets, kvc::segment_offsets));
static_assert(kvc::verify(segment_offsets_rows, kvc::segment_offsets));
static_assert(kvc::verify(segment_run_count, kvc::segment_run_count));
static_assert(kvc::verify(max_segment_length, kvc::max_segment_length));

// The forms an engine writes: a generic span form, a typed batch form taking a kvc::row_length,
// the offsets returned as a range, the counts from a span of 64-bit ids.
constexpr auto span_form = [](auto segments, auto out) { return kvc::segment_offsets(segments, out); };
static_assert(kvc::verify(segment_offsets, span_form));
constexpr auto typed_offsets = [](std::span<const int> segments, kvc::row_length rows,
                                  std::span<std::size_t> out) {
  return kvc::segment_offsets(segments, rows, out);
};
static_assert(kvc::verify(segment_offsets_rows, typed_offsets));
constexpr auto returned = [](std::span<const int> segments) {
  kvc::bounded_list<std::size_t, 512> offsets;
  for (size_t i = 0; i < segments.size(); ++i)
    if (i == 0 || segments[i] != segments[i - 1]) offsets.push_back(i);
  offsets.push_back(segments.size());
  return offsets;
};
static_assert(kvc::verify(segment_offsets, returned));
constexpr auto run_count_of_int64 = [](std::span<const std::int64_t> segments) {
  return kvc::segment_run_count(segments);
};
static_assert(kvc::verify(segment_run_count, run_count_of_int64));

using batch_in = kvc::specs::row_offsets_call::inputs<kvc::specs::id_list>;
static_assert(kvc::specs::row_offsets_call::takes<decltype(typed_offsets), batch_in>());
static_assert(kvc::specs::row_offsets_call::takes<decltype(kvc::segment_offsets), batch_in>());
static_assert(!kvc::specs::row_offsets_call::takes<decltype(span_form), batch_in>());

// --- The known-bad implementations, each rejected by its suite --------------------------------------

static_assert(!kvc::conforms(segment_offsets, bad::no_total));
static_assert(!kvc::conforms(segment_offsets, bad::merges_reused_ids));
static_assert(!kvc::conforms(segment_offsets, bad::empty_writes_nothing));
static_assert(!kvc::conforms(segment_offsets, bad::lengths_not_offsets));
static_assert(!kvc::conforms(segment_offsets, bad::offsets_in_uint8));
static_assert(!kvc::conforms(segment_offsets, bad::zero_id_is_padding));
static_assert(!kvc::conforms(segment_offsets, bad::drops_trailing_singleton));
static_assert(!kvc::conforms(segment_offsets, bad::offsets_of_ids_as_uint8));
static_assert(!kvc::conforms(segment_offsets, bad::offsets_of_ids_as_int16));
static_assert(!kvc::conforms(segment_offsets_rows, bad::ignores_row_boundaries));
static_assert(!kvc::conforms(segment_offsets_rows, bad::restarts_only_at_row_starts));
static_assert(!kvc::conforms(segment_offsets_rows, bad::continues_id_across_rows));
static_assert(!kvc::conforms(segment_offsets_rows, bad::row_boundary_off_by_one));
static_assert(!kvc::conforms(segment_offsets_rows, bad::no_total_in_rows));
static_assert(!kvc::conforms(segment_offsets_rows, bad::total_per_row));
static_assert(!kvc::conforms(segment_offsets_rows, bad::row_local_offsets));
static_assert(!kvc::conforms(segment_offsets_rows, bad::zero_id_is_padding_in_rows));
static_assert(!kvc::conforms(segment_run_count, bad::counts_distinct_ids));
static_assert(!kvc::conforms(segment_run_count, bad::counts_changes));
static_assert(!kvc::conforms(segment_run_count, bad::run_count_in_uint8));
static_assert(!kvc::conforms(segment_run_count, bad::ids_as_int32));
static_assert(!kvc::conforms(max_segment_length, bad::longest_per_id));
static_assert(!kvc::conforms(max_segment_length, bad::largest_position));
static_assert(!kvc::conforms(max_segment_length, bad::max_length_in_uint8));

// --- Which fixtures reject which mistake ----------------------------------------------------------

// Offsets: the first seven fixtures (all the suite had before) pass; then one run of 300 tokens,
// 300 runs of one token, one run of id 0, a run of id 0 after another, adjacent ids 256 and 65536
// apart.
static_assert(outcomes(segment_offsets, bad::offsets_in_uint8) ==
              std::array{true, true, true, true, true, true, true, false, false, true, true, true, true});
static_assert(outcomes(segment_offsets, bad::zero_id_is_padding) ==
              std::array{true, true, true, true, true, true, true, true, false, false, false, true, true});
static_assert(outcomes(segment_offsets, bad::offsets_of_ids_as_uint8) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, false, false});
static_assert(outcomes(segment_offsets, bad::offsets_of_ids_as_int16) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true, false});
// A trailing singleton taken for padding is rejected by "alternating runs", "repeated after
// intervening segment" and "long run then a singleton" already; the suite keeps it as a mutant.
static_assert(outcomes(segment_offsets, bad::drops_trailing_singleton) ==
              std::array{true, false, true, true, true, false, false, true, false, true, true, true, true});
// Run count: the first six pass; then 300 runs of one token, adjacent ids 2^32 apart.
static_assert(outcomes(segment_run_count, bad::run_count_in_uint8) ==
              std::array{true, true, true, true, true, true, false, true});
static_assert(outcomes(segment_run_count, bad::ids_as_int32) ==
              std::array{true, true, true, true, true, true, true, false});
// Longest run: the first seven pass; then one run of 300 tokens.
static_assert(outcomes(max_segment_length, bad::max_length_in_uint8) ==
              std::array{true, true, true, true, true, true, true, false});
// Rows: restarting at row starts only passes an id continued across a boundary, and every fixture
// whose rows each hold one run.
static_assert(outcomes(segment_offsets_rows, bad::restarts_only_at_row_starts) ==
              std::array{true, false, false, false, false, true, true, true, false, false});

// --- The contracts' results and errors ------------------------------------------------------------

// Offsets agree with positions: a run starts exactly where a position is 0.
constexpr std::array packed{5, 5, 9, 9, 9, 5, 2};
constexpr auto offsets = kvc::segment_offsets(packed);
static_assert(offsets == std::array<size_t, 5>{0, 2, 5, 6, 7});
static_assert(offsets.size() == kvc::segment_run_count(packed) + 1);
static_assert(kvc::max_segment_length(packed) == 3);
static_assert(kvc::segment_run_count(std::array<int, 0>{}) == 0);
static_assert(kvc::max_segment_length(std::array<int, 0>{}) == 0);

template <class P, size_t OutSize, class Segments>
constexpr auto run_span(const Segments& segments, P fill) {
  return kvc_static::run_span<P, OutSize>(kvc::segment_offsets, segments, fill);
}
template <class P, size_t OutSize, class Segments>
constexpr auto rows(const Segments& segments, size_t row_length, P fill) {
  return kvc_static::run_rows<P, OutSize>(kvc::segment_offsets, segments, row_length, fill);
}
using kvc_static::all_equal;
using kvc_static::filled;

// Exactly runs + 1 entries written; the rest untouched.
constexpr auto exact = run_span<int, 6>(packed, -1);
static_assert(exact.status == std::errc{} && exact.out == std::array{0, 2, 5, 6, 7, -1});
// Empty input writes the single entry 0 and needs room for it.
static_assert(run_span<int, 2>(std::array<int, 0>{}, -1).out == std::array{0, -1});
static_assert(run_span<int, 0>(std::array<int, 0>{}, -1).status == std::errc::value_too_large);
// One entry short: nothing written.
constexpr auto short_out = run_span<int, 4>(packed, -1);
static_assert(short_out.status == std::errc::value_too_large && short_out.out == std::array{-1, -1, -1, -1});
// A total above the element type's range: nothing written.
constexpr auto overflow = run_span<std::int8_t, 2>(filled<128>(0), std::int8_t{-1});
static_assert(overflow.status == std::errc::result_out_of_range);
static_assert(overflow.out == std::array<std::int8_t, 2>{-1, -1});
static_assert(run_span<std::int8_t, 2>(filled<127>(0), std::int8_t{-1}).out == std::array<std::int8_t, 2>{0, 127});

// Batches: an id continuing across a row boundary is two sequences; B = 1 is the one-row form;
// L = 1 makes every token its own sequence; the empty batch writes the single 0 for any L.
constexpr std::array continued{1, 1, 1, 1};
static_assert(rows<int, 5>(continued, 2, -7).out == std::array{0, 2, 4, -7, -7});
static_assert(rows<size_t, 5>(packed, 7, 0).out == std::array<size_t, 5>{0, 2, 5, 6, 7});
static_assert(rows<int, 4>(std::array{4, 4, 4}, 1, -7).out == std::array{0, 1, 2, 3});
constexpr std::array<int, 0> none{};
static_assert(rows<int, 2>(none, 0, -7).status == std::errc{});
static_assert(rows<int, 2>(none, 0, -7).out == std::array{0, -7});
static_assert(rows<int, 2>(none, 5, -7).out == std::array{0, -7});
static_assert(rows<int, 0>(none, 5, -7).status == std::errc::value_too_large);
// Not whole rows: invalid_argument, before a short output or an overflow, nothing written.
constexpr std::array five{1, 1, 2, 2, 2};
static_assert(rows<int, 6>(five, 2, -7).status == std::errc::invalid_argument);
static_assert(all_equal(rows<int, 6>(five, 2, -7).out, -7));
static_assert(rows<int, 6>(five, 0, -7).status == std::errc::invalid_argument);
static_assert(all_equal(rows<int, 6>(five, 0, -7).out, -7));
static_assert(rows<int, 0>(five, 3, -7).status == std::errc::invalid_argument);
static_assert(rows<std::int8_t, 2>(filled<129>(1), 2, std::int8_t{-1}).status == std::errc::invalid_argument);
// Out shorter than runs + 1 (runs counted per row: 2 here, not 1): value_too_large.
static_assert(rows<int, 2>(continued, 2, -7).status == std::errc::value_too_large);
static_assert(all_equal(rows<int, 2>(continued, 2, -7).out, -7));
// The total is the largest offset, whatever L; both errors at once: value_too_large.
constexpr auto total_128 = rows<std::int8_t, 130>(filled<128>(0), 1, std::int8_t{-1});
static_assert(total_128.status == std::errc::result_out_of_range);
static_assert(all_equal(total_128.out, std::int8_t{-1}));
constexpr auto total_127 = rows<std::int8_t, 3>(filled<127>(0), 127, std::int8_t{-1});
static_assert(total_127.status == std::errc{} && total_127.out == std::array<std::int8_t, 3>{0, 127, -1});
static_assert(rows<std::int8_t, 2>(filled<128>(0), 1, std::int8_t{-1}).status == std::errc::value_too_large);

// --- The interface --------------------------------------------------------------------------------

struct opaque {};
using offsets_fn = decltype(kvc::segment_offsets);
static_assert(std::is_nothrow_invocable_r_v<std::errc, offsets_fn, std::span<const int>, kvc::row_length,
                                            std::span<long>>);
static_assert(!std::invocable<offsets_fn, std::span<const int>, int, std::span<long>>);
static_assert(std::invocable<offsets_fn, const char (&)[4], kvc::row_length, std::array<int, 5>&>);
static_assert(!std::invocable<offsets_fn, std::span<const int>, std::span<const int>>);
static_assert(!std::invocable<offsets_fn, std::span<const opaque>, std::span<int>>);
static_assert(!std::invocable<offsets_fn, std::span<const int>, kvc::row_length, std::span<const int>>);
static_assert(!std::invocable<decltype(kvc::segment_run_count), int>);

}  // namespace
