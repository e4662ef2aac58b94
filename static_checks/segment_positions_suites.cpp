// static_checks/segment_positions_suites.cpp - segment positions (FA-98576), of one row and of
// `[B, L]` batches: kvc's contract passes every suite, in every form the shapes offer; each suite
// rejects the known-bad implementations it exists for, and the record's published outcomes
// reproduce; which fixtures reject which mistake; the span forms' results and errors. Compiled,
// never run.
#include <kvc/row_length.hpp>
#include <kvc/segment_positions.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/specs/segment_positions.hpp>

#include <mutants/segment_positions.hpp>

#include "span_run.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

namespace {

using std::size_t;
using kvc::suites::segment_positions;
using kvc::suites::segment_positions_long;
using kvc::suites::segment_positions_rows;
namespace bad = kvc::mutants::segment_positions;

// --- kvc's contract passes every suite ------------------------------------------------------------

template <size_t... N>
constexpr bool seed_family_holds =
    (kvc::verify(kvc::suites::seed_segment_positions<N>, kvc::segment_positions) && ...);
static_assert(seed_family_holds<0, 1, 2, 3, 4, 5, 6, 7, 8>);
static_assert(seed_family_holds<64, 1000>);
static_assert(kvc::verify(segment_positions, kvc::segment_positions));
static_assert(kvc::verify(kvc::suites::extra_segment_positions, kvc::segment_positions));
// One run of 65,537 tokens, within the compilers' default constant-evaluation limits.
static_assert(kvc::verify(segment_positions_long, kvc::segment_positions));
static_assert(kvc::verify(segment_positions_rows, kvc::segment_positions));

// The forms an engine writes: a generic span form, typed spans of other id types, a typed `out`,
// an `int` row length, a `kvc::row_length`.
constexpr auto span_form = [](auto segments, auto out) { return kvc::segment_positions(segments, out); };
static_assert(kvc::verify(segment_positions, span_form));
constexpr auto int64_ids = [](std::span<const std::int64_t> segments, std::span<std::size_t> out) {
  return kvc::segment_positions(segments, out);
};
static_assert(kvc::verify(segment_positions, int64_ids));
// An engine's batch form takes a plain integer; a generic one gets a std::size_t (tried first).
constexpr auto engine_positions = [](std::span<const int> segments, std::size_t row_length,
                                     std::span<std::size_t> out) {
  for (size_t i = 0; i < segments.size(); ++i)
    out[i] = i % row_length != 0 && segments[i] == segments[i - 1] ? out[i - 1] + 1 : 0;
};
constexpr auto generic_positions = [](auto segments, auto row_length, auto out) {
  for (size_t i = 0; i < segments.size(); ++i)
    out[i] = i % row_length != 0 && segments[i] == segments[i - 1] ? out[i - 1] + 1 : 0;
};
static_assert(kvc::verify(segment_positions_rows, engine_positions));
static_assert(kvc::verify(segment_positions_rows, generic_positions));

// --- The shapes' forms ----------------------------------------------------------------------------

using one_row_in = kvc::specs::positions_call::inputs<kvc::specs::id_list>;
using batch_in = kvc::specs::row_positions_call::inputs<kvc::specs::id_list>;
static_assert(kvc::specs::positions_call::takes<decltype(kvc::segment_positions), one_row_in>());
static_assert(kvc::specs::row_positions_call::takes<decltype(kvc::segment_positions), batch_in>());
static_assert(kvc::specs::row_positions_call::takes<decltype(engine_positions), batch_in>());
// A one-row implementation does not fit the batch shape, nor a batch one the one-row shape.
constexpr auto one_row = [](std::span<const int> segments, std::span<std::size_t> out) {
  return kvc::segment_positions(segments, out);
};
static_assert(!kvc::specs::row_positions_call::takes<decltype(one_row), batch_in>());
static_assert(!kvc::specs::positions_call::takes<decltype(engine_positions), one_row_in>());
// The positions returned as a range: `impl(segment_ids)`.
constexpr auto returned = [](std::span<const int> segments) {
  kvc::bounded_list<std::size_t, 512> positions;
  for (size_t i = 0; i < segments.size(); ++i)
    positions.push_back(i > 0 && segments[i] == segments[i - 1] ? positions[i - 1] + 1 : 0);
  return positions;
};
static_assert(kvc::verify(segment_positions, returned));
// What an implementation wrote, as the fixture compares it.
static_assert(kvc::observe(kvc::specs::segment_positions_rows[1], kvc::segment_positions).size() == 12);
// `out` of a span form is what is compared, whole: an element left unwritten fails.
static_assert(kvc::outcomes(kvc::suites::seed_segment_positions<1>, bad::skips_last_token) ==
              std::array{false, false, false, true, false, false});
// Ids are never narrowed: an implementation whose ids cannot hold a fixture's (257, 65537, -1)
// fails it, as the one that narrows them does.
constexpr auto byte_ids = [](std::span<const std::uint8_t> segments, std::span<std::size_t> out) {
  return kvc::segment_positions(segments, out);
};
static_assert(!kvc::conforms(segment_positions, byte_ids));

// --- Ids of every kind ----------------------------------------------------------------------------

struct id_kinds_suite {
  [[maybe_unused]] static constexpr std::string_view name = "id kinds";
};
constexpr kvc::fixture_row<kvc::specs::positions_call::inputs<kvc::sequence<std::int64_t>>, kvc::specs::sizes>
    int64_extremes[] = {{"int64 extreme ids",
                         {{std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::min(),
                           std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min()}},
                         {0, 1, 0, 0}}};
constexpr kvc::fixture_row<kvc::specs::positions_call::inputs<kvc::sequence<std::uint8_t>>, kvc::specs::sizes>
    uint8_ids[] = {{"uint8 ids", {{255, 255, 0, 255}}, {0, 1, 0, 0}}};
constexpr kvc::fixture_row<kvc::specs::positions_call::inputs<kvc::specs::id_list>, kvc::specs::sizes>
    negative_ids[] = {{"negative ids", {{-3, -3, -3, 3}}, {0, 1, 2, 0}}};
constexpr kvc::suite<id_kinds_suite, int64_extremes, uint8_ids, negative_ids> id_kinds{};
static_assert(kvc::verify(id_kinds, kvc::segment_positions));
static_assert(kvc::verify(id_kinds, span_form));
// Ids of any comparable type, through the contract itself.
static_assert(kvc::segment_positions(std::array<std::string_view, 5>{"sys", "sys", "user", "sys", "sys"}) ==
              std::array<size_t, 5>{0, 1, 0, 0, 1});

// --- The known-bad implementations, each rejected by its suite --------------------------------------

static_assert(!kvc::conforms(segment_positions, bad::one_based));
static_assert(!kvc::conforms(segment_positions, bad::resets_on_increase_only));
static_assert(!kvc::conforms(segment_positions, bad::resets_at_default_id_only));
static_assert(!kvc::conforms(segment_positions, bad::skips_last_token));
static_assert(!kvc::conforms(segment_positions, bad::resumes_reused_id));
static_assert(!kvc::conforms(segment_positions, bad::position_counter_8_bits));
static_assert(!kvc::conforms(segment_positions, bad::ids_as_uint8));
static_assert(!kvc::conforms(segment_positions, bad::ids_as_int16));
static_assert(!kvc::conforms(segment_positions, bad::chunk_start_continues_run));
static_assert(!kvc::conforms(segment_positions_long, bad::position_counter_16_bits));
static_assert(!kvc::conforms(segment_positions_rows, bad::ignores_row_boundaries));
static_assert(!kvc::conforms(segment_positions_rows, bad::restarts_only_at_row_starts));
static_assert(!kvc::conforms(segment_positions_rows, bad::continues_id_across_rows));
static_assert(!kvc::conforms(segment_positions_rows, bad::row_boundary_off_by_one));
static_assert(!kvc::conforms(segment_positions_rows, bad::zero_id_is_padding_in_rows));

// FA-98576's published table: two segments, alternating runs, same run, empty, single segment,
// repeated after intervening segment.
static_assert(kvc::outcomes(kvc::suites::seed_segment_positions<1>, bad::seed_failure) ==
              std::array{false, false, true, true, true, false});
static_assert(kvc::outcomes(kvc::suites::seed_segment_positions<1>, bad::seed_unsuccessful_fix) ==
              std::array{true, false, true, true, true, false});

// --- Which fixtures reject which mistake ----------------------------------------------------------

// An 8-bit counter passes the thirteen fixtures the suite had before "one run of 300 tokens".
static_assert(kvc::outcomes(segment_positions, bad::position_counter_8_bits) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true,
                         true, false, true, true, true});
// Ids narrowed to 8 bits merge ids 256 (and 65536) apart, narrowed to 16 bits ids 65536 apart; a
// chunked loop that carries runs across chunks misses the change at token 64.
static_assert(kvc::outcomes(segment_positions, bad::ids_as_uint8) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true,
                         true, true, false, false, true});
static_assert(kvc::outcomes(segment_positions, bad::ids_as_int16) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true,
                         true, true, true, false, true});
static_assert(kvc::outcomes(segment_positions, bad::chunk_start_continues_run) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true,
                         true, true, true, true, false});
// A 16-bit counter passes the whole regular suite; only the run of 65,537 tokens rejects it.
static_assert(kvc::conforms(segment_positions, bad::position_counter_16_bits));
static_assert(kvc::outcomes(segment_positions_long, bad::position_counter_16_bits) == std::array{false});

// Id 0 taken for padding (its tokens at position 0) is rejected by "negative ids" and "zero ids
// after a run".
constexpr auto zero_id_is_padding = [](auto segments, auto out) {
  using id = std::remove_cvref_t<decltype(segments[0])>;
  for (size_t i = 0; i < segments.size(); ++i)
    out[i] = segments[i] == id{} || i == 0 || !(segments[i] == segments[i - 1]) ? 0 : out[i - 1] + 1;
};
static_assert(kvc::outcomes(segment_positions, zero_id_is_padding) ==
              std::array{true, true, true, true, true, true, true, true, false, false, true, true,
                         true, true, true, true, true});

// Rows: restarting at row starts only passes an id continued across a boundary, and every fixture
// whose rows each hold one run; id 0 taken for padding passes every fixture without id 0.
static_assert(kvc::outcomes(segment_positions_rows, bad::restarts_only_at_row_starts) ==
              std::array{true, false, false, false, false, true, true, true, false, false});
static_assert(kvc::outcomes(segment_positions_rows, bad::zero_id_is_padding_in_rows) ==
              std::array{true, true, true, false, true, true, true, true, true, true});

// --- The span form's results and errors -----------------------------------------------------------

template <class P, size_t OutSize, class Segments>
constexpr auto run_span(const Segments& segments, P fill) {
  return kvc_static::run_span<P, OutSize>(kvc::segment_positions, segments, fill);
}
template <class P, size_t OutSize, class Segments>
constexpr auto positions(const Segments& segments, size_t row_length, P fill) {
  return kvc_static::run_rows<P, OutSize>(kvc::segment_positions, segments, row_length, fill);
}
using kvc_static::all_equal;
using kvc_static::filled;

// Success writes the first size(segments) elements and leaves the rest alone.
constexpr auto tail = run_span<int, 6>(std::array{4, 4, 9, 4}, -7);
static_assert(tail.status == std::errc{});
static_assert(tail.out == std::array{0, 1, 0, 0, -7, -7});
// Output too short: value_too_large, nothing written.
constexpr auto short_out = run_span<int, 3>(std::array{4, 4, 9, 4}, -7);
static_assert(short_out.status == std::errc::value_too_large);
static_assert(all_equal(short_out.out, -7));
// Empty input, empty output.
static_assert(run_span<int, 0>(std::array<int, 0>{}, 0).status == std::errc{});
// A run of 128 fits int8_t (last position 127); a run of 129 does not, and nothing is written.
constexpr auto fits_int8 = run_span<std::int8_t, 128>(filled<128>(1), std::int8_t{-1});
static_assert(fits_int8.status == std::errc{} && fits_int8.out[127] == 127);
constexpr auto overflows_int8 = run_span<std::int8_t, 129>(filled<129>(1), std::int8_t{-1});
static_assert(overflows_int8.status == std::errc::result_out_of_range);
static_assert(all_equal(overflows_int8.out, std::int8_t{-1}));
// Only runs matter: 300 tokens in runs of 2 fit uint8_t.
constexpr auto pairs = [] {
  std::array<int, 300> ids{};
  for (size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<int>(i / 2);
  return ids;
}();
constexpr auto short_runs = run_span<std::uint8_t, 300>(pairs, std::uint8_t{9});
static_assert(short_runs.status == std::errc{} && short_runs.out[298] == 0 && short_runs.out[299] == 1);
// A too-short output is reported before an overflow.
static_assert(run_span<std::int8_t, 100>(filled<129>(1), std::int8_t{0}).status ==
              std::errc::value_too_large);

// kvc::row_length is a strong type: no integer converts to it.
static_assert(std::is_aggregate_v<kvc::row_length>);
static_assert(std::is_trivially_copyable_v<kvc::row_length>);
static_assert(kvc::row_length{7}.value == 7);
static_assert(!std::is_convertible_v<size_t, kvc::row_length>);
static_assert(!std::is_convertible_v<int, kvc::row_length>);

// Batches: an id continuing across a row boundary is two sequences; elements past the result are
// untouched; B = 1 is the one-row form; L = 1 makes every token its own sequence.
constexpr std::array continued{1, 1, 1, 1};
static_assert(positions<int, 6>(continued, 2, -7).out == std::array{0, 1, 0, 1, -7, -7});
constexpr std::array packed{5, 5, 9, 9, 9, 5, 2};
static_assert(positions<size_t, 7>(packed, 7, 0).out == kvc::segment_positions(packed));
static_assert(positions<int, 3>(std::array{4, 4, 4}, 1, -7).out == std::array{0, 0, 0});
constexpr std::array<std::string_view, 4> names{"sys", "sys", "sys", "user"};
static_assert(positions<int, 4>(names, 2, -7).out == std::array{0, 1, 0, 0});
// The empty batch: success for any L, nothing written.
constexpr std::array<int, 0> none{};
static_assert(positions<int, 2>(none, 0, -7).status == std::errc{});
static_assert(positions<int, 2>(none, 0, -7).out == std::array{-7, -7});
static_assert(positions<int, 0>(none, 3, -7).status == std::errc{});
// Not whole rows: invalid_argument, before a short output or an overflow, nothing written.
constexpr std::array five{1, 1, 2, 2, 2};
static_assert(positions<int, 5>(five, 2, -7).status == std::errc::invalid_argument);
static_assert(all_equal(positions<int, 5>(five, 2, -7).out, -7));
static_assert(positions<int, 5>(five, 0, -7).status == std::errc::invalid_argument);
static_assert(positions<int, 5>(five, 10, -7).status == std::errc::invalid_argument);
static_assert(positions<int, 2>(five, 2, -7).status == std::errc::invalid_argument);
static_assert(positions<std::int8_t, 129>(filled<129>(1), 2, std::int8_t{-1}).status ==
              std::errc::invalid_argument);
// Out shorter than the batch: value_too_large, nothing written.
static_assert(positions<int, 3>(continued, 2, -7).status == std::errc::value_too_large);
static_assert(all_equal(positions<int, 3>(continued, 2, -7).out, -7));
// Two rows of 128 equal ids: positions up to 127 fit int8_t, where the one-row form, counting 256
// tokens as one run, does not.
constexpr auto two_rows_128 = positions<std::int8_t, 256>(filled<256>(3), 128, std::int8_t{-1});
static_assert(two_rows_128.status == std::errc{});
static_assert(two_rows_128.out[127] == 127 && two_rows_128.out[128] == 0 && two_rows_128.out[255] == 127);
static_assert(run_span<std::int8_t, 256>(filled<256>(3), std::int8_t{-1}).status ==
              std::errc::result_out_of_range);
// One row of 129 equal ids does not fit int8_t, and nothing is written.
constexpr auto row_129 = positions<std::int8_t, 258>(filled<258>(3), 129, std::int8_t{-1});
static_assert(row_129.status == std::errc::result_out_of_range);
static_assert(all_equal(row_129.out, std::int8_t{-1}));
// Rows of 200 (L - 1 above int8_t's maximum) whose runs are short fit: only runs matter.
constexpr auto hundreds = [] {
  std::array<int, 400> ids{};
  for (size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<int>(i / 100);
  return ids;
}();
static_assert(positions<std::int8_t, 400>(hundreds, 200, std::int8_t{-1}).status == std::errc{});
// Both errors at once: value_too_large, as the one-row form.
static_assert(positions<std::int8_t, 200>(filled<258>(3), 129, std::int8_t{-1}).status ==
              std::errc::value_too_large);

// --- The interface --------------------------------------------------------------------------------

using positions_fn = decltype(kvc::segment_positions);
static_assert(std::same_as<std::invoke_result_t<positions_fn, std::array<char, 3>>, std::array<size_t, 3>>);
static_assert(std::same_as<std::invoke_result_t<positions_fn, std::span<const int>, std::span<long>>, std::errc>);
static_assert(std::is_nothrow_invocable_v<positions_fn, std::span<const int>, std::span<long>>);
static_assert(std::is_nothrow_invocable_r_v<std::errc, positions_fn, std::span<const int>, kvc::row_length,
                                            std::span<long>>);
// The row length is a kvc::row_length, never a bare integer.
static_assert(!std::invocable<positions_fn, std::span<const int>, size_t, std::span<long>>);
// Any sized range of comparable ids, any writable contiguous range of integers.
static_assert(std::invocable<positions_fn, const std::vector<std::string_view>&, kvc::row_length,
                             std::vector<std::uint8_t>&>);
// Readable rejections: an output that is not writable integers, ids that cannot be compared.
struct opaque {};
static_assert(!std::invocable<positions_fn, std::span<const int>, std::span<const int>>);
static_assert(!std::invocable<positions_fn, std::span<const int>, std::span<double>>);
static_assert(!std::invocable<positions_fn, std::span<const int>, std::span<bool>>);
static_assert(!std::invocable<positions_fn, std::array<opaque, 2>>);
static_assert(!std::invocable<positions_fn, std::span<const opaque>, std::span<int>>);
static_assert(!std::invocable<positions_fn, std::span<const opaque>, kvc::row_length, std::span<int>>);
static_assert(!std::invocable<positions_fn, std::span<const int>, kvc::row_length, std::span<double>>);
static_assert(!kvc::position_output<std::span<const int>>);

}  // namespace
