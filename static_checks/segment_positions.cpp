// Static checks of kvc::segment_positions (FA-98576). Compiled, never run.
#include <kvc/segment_positions.hpp>
#include <kvc/suites/segment_positions.hpp>
#include <kvc/suites/segment_positions_long.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>

#include "span_run.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace {

using std::size_t;

// --- The record's fixtures, for N = 0..8 and large N ---------------------------------------------

template <size_t... N>
constexpr bool seed_family_holds =
    (kvc::verify(kvc::suites::seed_segment_positions<N>, kvc::segment_positions) && ...);
static_assert(seed_family_holds<0, 1, 2, 3, 4, 5, 6, 7, 8>);
static_assert(seed_family_holds<64, 1000>);

// The span form through the same suite: an adapter with the suite's span shape.
constexpr auto span_form = [](auto segments, auto out) {
  return kvc::segment_positions(segments, out);
};
static_assert(kvc::verify(kvc::suites::segment_positions, span_form));

// --- Ids of every kind ------------------------------------------------------------------------------

using kvc::label;
using kvc::make_positions_fixture;
constexpr auto id_kinds = boost::hana::make_tuple(
    make_positions_fixture(label<"string view ids">,
                           std::array<std::string_view, 5>{"sys", "sys", "user", "sys", "sys"},
                           std::array<size_t, 5>{0, 1, 0, 0, 1}),
    make_positions_fixture(label<"int64 extreme ids">,
                           std::array{INT64_MIN, INT64_MIN, INT64_MAX, INT64_MIN},
                           std::array<size_t, 4>{0, 1, 0, 0}),
    make_positions_fixture(label<"uint8 ids">, std::array<std::uint8_t, 4>{255, 255, 0, 255},
                           std::array<size_t, 4>{0, 1, 0, 0}),
    make_positions_fixture(label<"negative ids">, std::array{-3, -3, -3, 3},
                           std::array<size_t, 4>{0, 1, 2, 0}));
static_assert(kvc::verify(id_kinds, kvc::segment_positions));
static_assert(kvc::verify(id_kinds, span_form));

// --- The span form's results and errors ----------------------------------------------------------

/// Runs the span form into an output of `OutSize` elements of type P, pre-filled with `fill`.
template <class P, size_t OutSize, class Segments>
constexpr auto run_span(const Segments& segments, P fill) {
  return kvc_static::run_span<P, OutSize>(kvc::segment_positions, segments, fill);
}

template <class T, size_t N>
constexpr bool all_equal(const std::array<T, N>& values, T expected) {
  for (const auto& value : values)
    if (value != expected) return false;
  return true;
}

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
constexpr auto fits_int8 = run_span<std::int8_t, 128>(kvc::fixtures::filled<128>(1), std::int8_t{-1});
static_assert(fits_int8.status == std::errc{} && fits_int8.out[127] == 127);
constexpr auto overflows_int8 =
    run_span<std::int8_t, 129>(kvc::fixtures::filled<129>(1), std::int8_t{-1});
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
static_assert(run_span<std::int8_t, 100>(kvc::fixtures::filled<129>(1), std::int8_t{0}).status ==
              std::errc::value_too_large);

// --- The interface ---------------------------------------------------------------------------------

using positions_fn = decltype(kvc::segment_positions);
static_assert(std::same_as<std::invoke_result_t<positions_fn, std::array<char, 3>>,
                           std::array<size_t, 3>>);
static_assert(std::same_as<std::invoke_result_t<positions_fn, std::span<const int>, std::span<long>>,
                           std::errc>);
static_assert(std::is_nothrow_invocable_v<positions_fn, std::span<const int>, std::span<long>>);

// Readable rejections: an output that is not writable integers, ids that cannot be compared.
struct opaque {};
static_assert(!std::invocable<positions_fn, std::span<const int>, std::span<const int>>);
static_assert(!std::invocable<positions_fn, std::span<const int>, std::span<double>>);
static_assert(!std::invocable<positions_fn, std::span<const int>, std::span<bool>>);
static_assert(!std::invocable<positions_fn, std::array<opaque, 2>>);
static_assert(!std::invocable<positions_fn, std::span<const opaque>, std::span<int>>);
static_assert(!kvc::position_output<std::span<const int>>);

}  // namespace

// --- What the suites missed before their new fixtures ---------------------------------------------
// (descriptors/ proves every mutant rejected; these show which fixtures do it.)
#include <kvc/contracts/segment_positions.hpp>

namespace {

namespace bad = kvc::mutants::segment_positions;

// An 8-bit counter passes the thirteen fixtures the suite had before "one run of 300 tokens".
static_assert(kvc::outcomes(kvc::suites::segment_positions, bad::position_counter_8_bits) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true,
                         true, false, true, true, true});
// Ids narrowed to 8 bits merge ids 256 (and 65536) apart, narrowed to 16 bits ids 65536 apart; a
// chunked loop that carries runs across chunks misses the change at token 64.
static_assert(kvc::outcomes(kvc::suites::segment_positions, bad::ids_as_uint8) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true,
                         true, true, false, false, true});
static_assert(kvc::outcomes(kvc::suites::segment_positions, bad::ids_as_int16) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true,
                         true, true, true, false, true});
static_assert(kvc::outcomes(kvc::suites::segment_positions, bad::chunk_start_continues_run) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true,
                         true, true, true, true, false});
// A 16-bit counter passes the whole regular suite; only the run of 65,537 tokens rejects it.
static_assert(kvc::conforms(kvc::suites::segment_positions, bad::position_counter_16_bits));
static_assert(kvc::outcomes(kvc::suites::segment_positions_long, bad::position_counter_16_bits) ==
              std::array{false});

// Id 0 taken for padding (its tokens at position 0) was already rejected, by "negative ids" and
// "zero ids after a run".
constexpr auto zero_id_is_padding = [](auto segments, auto out) {
  using id = std::remove_cvref_t<decltype(segments[0])>;
  for (size_t i = 0; i < segments.size(); ++i)
    out[i] = segments[i] == id{} || i == 0 || !(segments[i] == segments[i - 1]) ? 0 : out[i - 1] + 1;
};
static_assert(kvc::outcomes(kvc::suites::segment_positions, zero_id_is_padding) ==
              std::array{true, true, true, true, true, true, true, true, false, false, true, true,
                         true, true, true, true, true});

}  // namespace
