// Static checks of kvc::segment_offsets, kvc::segment_run_count and kvc::max_segment_length.
// Compiled, never run.
#include <kvc/segment_offsets.hpp>
#include <kvc/suites/max_segment_length.hpp>
#include <kvc/suites/segment_offsets.hpp>
#include <kvc/suites/segment_run_count.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/checks.hpp>

#include "span_run.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <system_error>

namespace {

using std::size_t;

constexpr auto span_form = [](auto segments, auto out) { return kvc::segment_offsets(segments, out); };
static_assert(kvc::verify(kvc::suites::segment_offsets, span_form));

// Offsets agree with positions: a run starts exactly where a position is 0.
constexpr std::array packed{5, 5, 9, 9, 9, 5, 2};
constexpr auto offsets = kvc::segment_offsets(packed);
static_assert(offsets == std::array<size_t, 5>{0, 2, 5, 6, 7});
static_assert(offsets.size() == kvc::segment_run_count(packed) + 1);
static_assert(kvc::max_segment_length(packed) == 3);
static_assert(kvc::segment_run_count(std::array<int, 0>{}) == 0);
static_assert(kvc::max_segment_length(std::array<int, 0>{}) == 0);

// --- The span form's results and errors ----------------------------------------------------------

/// Runs the span form into an output of `OutSize` elements of type P, pre-filled with `fill`.
template <class P, size_t OutSize, class Segments>
constexpr auto run_span(const Segments& segments, P fill) {
  return kvc_static::run_span<P, OutSize>(kvc::segment_offsets, segments, fill);
}

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
constexpr auto overflow = run_span<std::int8_t, 2>(kvc::fixtures::filled<128>(0), std::int8_t{-1});
static_assert(overflow.status == std::errc::result_out_of_range);
static_assert(overflow.out == std::array<std::int8_t, 2>{-1, -1});
static_assert(run_span<std::int8_t, 2>(kvc::fixtures::filled<127>(0), std::int8_t{-1}).out ==
              std::array<std::int8_t, 2>{0, 127});

// Readable rejections.
struct opaque {};
using offsets_fn = decltype(kvc::segment_offsets);
static_assert(!std::invocable<offsets_fn, std::span<const int>, std::span<const int>>);
static_assert(!std::invocable<offsets_fn, std::span<const opaque>, std::span<int>>);
static_assert(!std::invocable<decltype(kvc::segment_run_count), int>);

}  // namespace

// --- What the suites missed before their new fixtures ---------------------------------------------
// (descriptors/ proves every mutant rejected; these show which fixtures do it.)
#include <kvc/contracts/segment_offsets.hpp>

namespace {

namespace bad = kvc::mutants::segment_offsets;
using kvc::outcomes;

// Offsets: the first seven fixtures (all the suite had before) pass; then one run of 300 tokens,
// 300 runs of one token, one run of id 0, a run of id 0 after another, adjacent ids 256 and 65536 apart.
static_assert(outcomes(kvc::suites::segment_offsets, bad::offsets_in_uint8) ==
              std::array{true, true, true, true, true, true, true, false, false, true, true, true,
                         true});
static_assert(outcomes(kvc::suites::segment_offsets, bad::zero_id_is_padding) ==
              std::array{true, true, true, true, true, true, true, true, false, false, false, true,
                         true});
static_assert(outcomes(kvc::suites::segment_offsets, bad::offsets_of_ids_as_uint8) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, false,
                         false});
static_assert(outcomes(kvc::suites::segment_offsets, bad::offsets_of_ids_as_int16) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true,
                         false});
// A trailing singleton taken for padding was already rejected, by "alternating runs", "repeated
// after intervening segment" and "long run then a singleton"; the suite keeps it as a mutant.
static_assert(outcomes(kvc::suites::segment_offsets, bad::drops_trailing_singleton) ==
              std::array{true, false, true, true, true, false, false, true, false, true, true, true,
                         true});

// Run count: the first six pass; then 300 runs of one token, adjacent ids 2^32 apart.
static_assert(outcomes(kvc::suites::segment_run_count, bad::run_count_in_uint8) ==
              std::array{true, true, true, true, true, true, false, true});
static_assert(outcomes(kvc::suites::segment_run_count, bad::ids_as_int32) ==
              std::array{true, true, true, true, true, true, true, false});

// Longest run: the first seven pass; then one run of 300 tokens.
static_assert(outcomes(kvc::suites::max_segment_length, bad::max_length_in_uint8) ==
              std::array{true, true, true, true, true, true, true, false});

}  // namespace
