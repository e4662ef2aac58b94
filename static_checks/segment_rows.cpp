// Static checks of the row-aware forms of kvc::segment_positions and kvc::segment_offsets, over a
// flattened [B, L] batch: the interface, the results, every error code and what is written on
// error, and the row call shape. Compiled, never run.
#include <kvc/row_length.hpp>
#include <kvc/segment_offsets.hpp>
#include <kvc/segment_positions.hpp>
#include <kvc/suites/segment_offsets_rows.hpp>
#include <kvc/suites/segment_positions_rows.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/checks.hpp>

#include "span_run.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

namespace {

using std::size_t;

// --- kvc::row_length --------------------------------------------------------------------------------

static_assert(std::is_aggregate_v<kvc::row_length>);
static_assert(std::is_trivially_copyable_v<kvc::row_length>);
static_assert(kvc::row_length{7}.value == 7);
// A strong type: no integer converts to it, so a size meaning something else cannot be passed.
static_assert(!std::is_convertible_v<size_t, kvc::row_length>);
static_assert(!std::is_convertible_v<int, kvc::row_length>);

// --- The interface ---------------------------------------------------------------------------------

using positions_fn = decltype(kvc::segment_positions);
using offsets_fn = decltype(kvc::segment_offsets);
template <class Fn, class Rows>
constexpr bool takes_rows =
    std::is_nothrow_invocable_r_v<std::errc, Fn, std::span<const int>, Rows, std::span<long>> &&
    std::same_as<std::invoke_result_t<Fn, std::span<const int>, Rows, std::span<long>>, std::errc>;
static_assert(takes_rows<positions_fn, kvc::row_length> && takes_rows<offsets_fn, kvc::row_length>);
// The row length is a kvc::row_length, never a bare integer.
static_assert(!std::invocable<positions_fn, std::span<const int>, size_t, std::span<long>>);
static_assert(!std::invocable<offsets_fn, std::span<const int>, int, std::span<long>>);
// Any sized range of comparable ids, any writable contiguous range of integers.
static_assert(std::invocable<positions_fn, const std::vector<std::string_view>&, kvc::row_length,
                             std::vector<std::uint8_t>&>);
static_assert(std::invocable<offsets_fn, const char (&)[4], kvc::row_length, std::array<int, 5>&>);
struct opaque {};
static_assert(!std::invocable<positions_fn, std::span<const opaque>, kvc::row_length, std::span<int>>);
static_assert(!std::invocable<offsets_fn, std::span<const int>, kvc::row_length, std::span<const int>>);
static_assert(!std::invocable<positions_fn, std::span<const int>, kvc::row_length, std::span<double>>);

template <class P, size_t OutSize, class Segments>
constexpr auto positions(const Segments& segments, size_t row_length, P fill) {
  return kvc_static::run_rows<P, OutSize>(kvc::segment_positions, segments, row_length, fill);
}
template <class P, size_t OutSize, class Segments>
constexpr auto offsets(const Segments& segments, size_t row_length, P fill) {
  return kvc_static::run_rows<P, OutSize>(kvc::segment_offsets, segments, row_length, fill);
}

template <class T, size_t N>
constexpr bool all_equal(const std::array<T, N>& values, T expected) {
  for (const auto& value : values)
    if (value != expected) return false;
  return true;
}

// --- Results ---------------------------------------------------------------------------------------

// An id continuing across a row boundary: two sequences. Elements past the result are untouched.
constexpr std::array continued{1, 1, 1, 1};
static_assert(positions<int, 6>(continued, 2, -7).out == std::array{0, 1, 0, 1, -7, -7});
static_assert(offsets<int, 5>(continued, 2, -7).out == std::array{0, 2, 4, -7, -7});
// B = 1 is the one-row form.
constexpr std::array packed{5, 5, 9, 9, 9, 5, 2};
static_assert(positions<size_t, 7>(packed, 7, 0).out == kvc::segment_positions(packed));
static_assert(offsets<size_t, 5>(packed, 7, 0).out == std::array<size_t, 5>{0, 2, 5, 6, 7});
// L = 1: every token is its own sequence.
static_assert(positions<int, 3>(std::array{4, 4, 4}, 1, -7).out == std::array{0, 0, 0});
static_assert(offsets<int, 4>(std::array{4, 4, 4}, 1, -7).out == std::array{0, 1, 2, 3});
// Ids of any comparable type.
constexpr std::array<std::string_view, 4> names{"sys", "sys", "sys", "user"};
static_assert(positions<int, 4>(names, 2, -7).out == std::array{0, 1, 0, 0});

// --- The empty batch: success for any L ----------------------------------------------------------

constexpr std::array<int, 0> none{};
static_assert(positions<int, 2>(none, 0, -7).status == std::errc{});
static_assert(positions<int, 2>(none, 0, -7).out == std::array{-7, -7});
static_assert(positions<int, 0>(none, 3, -7).status == std::errc{});
static_assert(offsets<int, 2>(none, 0, -7).status == std::errc{});
static_assert(offsets<int, 2>(none, 0, -7).out == std::array{0, -7});
static_assert(offsets<int, 2>(none, 5, -7).out == std::array{0, -7});
// ... but offsets still need room for the 0.
static_assert(offsets<int, 0>(none, 5, -7).status == std::errc::value_too_large);

// --- invalid_argument: not whole rows, nothing written --------------------------------------------

constexpr std::array five{1, 1, 2, 2, 2};
static_assert(positions<int, 5>(five, 2, -7).status == std::errc::invalid_argument);
static_assert(all_equal(positions<int, 5>(five, 2, -7).out, -7));
static_assert(offsets<int, 6>(five, 2, -7).status == std::errc::invalid_argument);
static_assert(all_equal(offsets<int, 6>(five, 2, -7).out, -7));
static_assert(positions<int, 5>(five, 0, -7).status == std::errc::invalid_argument);
static_assert(offsets<int, 6>(five, 0, -7).status == std::errc::invalid_argument);
static_assert(all_equal(offsets<int, 6>(five, 0, -7).out, -7));
// L longer than the batch: not a whole row either.
static_assert(positions<int, 5>(five, 10, -7).status == std::errc::invalid_argument);
// The shape is checked first: before a short output and before an overflow.
static_assert(positions<int, 2>(five, 2, -7).status == std::errc::invalid_argument);
static_assert(offsets<int, 0>(five, 3, -7).status == std::errc::invalid_argument);
static_assert(positions<std::int8_t, 129>(kvc::fixtures::filled<129>(1), 2, std::int8_t{-1}).status ==
              std::errc::invalid_argument);
static_assert(offsets<std::int8_t, 2>(kvc::fixtures::filled<129>(1), 2, std::int8_t{-1}).status ==
              std::errc::invalid_argument);

// --- value_too_large and result_out_of_range: as the one-row form ---------------------------------

// Positions: out shorter than the batch.
static_assert(positions<int, 3>(continued, 2, -7).status == std::errc::value_too_large);
static_assert(all_equal(positions<int, 3>(continued, 2, -7).out, -7));
// Offsets: out shorter than runs + 1 (runs counted per row: 2 here, not 1).
static_assert(offsets<int, 2>(continued, 2, -7).status == std::errc::value_too_large);
static_assert(all_equal(offsets<int, 2>(continued, 2, -7).out, -7));

// Two rows of 128 equal ids: positions up to 127 fit int8_t, where the one-row form, counting 256
// tokens as one run, does not.
constexpr auto two_rows_128 = positions<std::int8_t, 256>(kvc::fixtures::filled<256>(3), 128,
                                                           std::int8_t{-1});
static_assert(two_rows_128.status == std::errc{});
static_assert(two_rows_128.out[127] == 127 && two_rows_128.out[128] == 0 &&
              two_rows_128.out[255] == 127);
static_assert(kvc_static::run_span<std::int8_t, 256>(kvc::segment_positions,
                                                     kvc::fixtures::filled<256>(3),
                                                     std::int8_t{-1})
                  .status == std::errc::result_out_of_range);
// One row of 129 equal ids does not fit int8_t, and nothing is written.
constexpr auto row_129 = positions<std::int8_t, 258>(kvc::fixtures::filled<258>(3), 129,
                                                      std::int8_t{-1});
static_assert(row_129.status == std::errc::result_out_of_range);
static_assert(all_equal(row_129.out, std::int8_t{-1}));
// Rows of 200 (L - 1 above int8_t's maximum) whose runs are short fit: only runs matter.
constexpr auto short_runs = [] {
  std::array<int, 400> ids{};
  for (size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<int>(i / 100);
  return ids;
}();
static_assert(positions<std::int8_t, 400>(short_runs, 200, std::int8_t{-1}).status == std::errc{});
// Both errors at once: value_too_large, as the one-row form.
static_assert(positions<std::int8_t, 200>(kvc::fixtures::filled<258>(3), 129, std::int8_t{-1})
                  .status == std::errc::value_too_large);

// Offsets: the total is the largest offset, whatever L.
constexpr auto total_128 = offsets<std::int8_t, 130>(kvc::fixtures::filled<128>(0), 1,
                                                      std::int8_t{-1});
static_assert(total_128.status == std::errc::result_out_of_range);
static_assert(all_equal(total_128.out, std::int8_t{-1}));
constexpr auto total_127 = offsets<std::int8_t, 3>(kvc::fixtures::filled<127>(0), 127,
                                                    std::int8_t{-1});
static_assert(total_127.status == std::errc{} && total_127.out == std::array<std::int8_t, 3>{0, 127, -1});
// Both errors at once: value_too_large.
static_assert(offsets<std::int8_t, 2>(kvc::fixtures::filled<128>(0), 1, std::int8_t{-1}).status ==
              std::errc::value_too_large);

// --- The row call shape ------------------------------------------------------------------------------

// kvc's own function objects take a kvc::row_length; engines' take a plain integer, and a generic
// lambda gets a std::size_t (the shape tries it first).
constexpr auto engine_positions = [](std::span<const int> segments, std::size_t row_length,
                                     std::span<std::size_t> out) {
  for (size_t i = 0; i < segments.size(); ++i)
    out[i] = i % row_length != 0 && segments[i] == segments[i - 1] ? out[i - 1] + 1 : 0;
};
constexpr auto generic_positions = [](auto segments, auto row_length, auto out) {
  for (size_t i = 0; i < segments.size(); ++i)
    out[i] = i % row_length != 0 && segments[i] == segments[i - 1] ? out[i - 1] + 1 : 0;
};
constexpr auto typed_offsets = [](std::span<const int> segments, kvc::row_length rows,
                                  std::span<std::size_t> out) {
  return kvc::segment_offsets(segments, rows, out);
};
static_assert(kvc::verify(kvc::suites::segment_positions_rows, kvc::segment_positions));
static_assert(kvc::verify(kvc::suites::segment_positions_rows, engine_positions));  // char ids as int
static_assert(kvc::verify(kvc::suites::segment_positions_rows, generic_positions));
static_assert(kvc::verify(kvc::suites::segment_offsets_rows, kvc::segment_offsets));
static_assert(kvc::verify(kvc::suites::segment_offsets_rows, typed_offsets));

using args = boost::hana::tuple<std::array<char, 2>, size_t>;
static_assert(kvc::row_positions_call::accepts<positions_fn, args>);
static_assert(kvc::row_positions_call::accepts<decltype(engine_positions), args>);
static_assert(kvc::row_offsets_call::accepts<decltype(typed_offsets), args>);
// A one-row implementation does not fit the row shape.
constexpr auto one_row = [](std::span<const int> segments, std::span<std::size_t> out) {
  return kvc::segment_positions(segments, out);
};
static_assert(!kvc::row_positions_call::accepts<decltype(one_row), args>);

}  // namespace

// --- Which fixtures reject which mutants ------------------------------------------------------------
// (descriptors/ proves every mutant rejected; these show that the first fixture is not enough.)
#include <kvc/contracts/segment_offsets.hpp>
#include <kvc/contracts/segment_positions.hpp>

namespace {

// Restarting at row starts only passes an id continued across a boundary, and every fixture whose
// rows each hold one run.
static_assert(kvc::outcomes(kvc::suites::segment_positions_rows,
                            kvc::mutants::segment_positions::restarts_only_at_row_starts) ==
              std::array{true, false, false, false, false, true, true, true, false, false});
static_assert(kvc::outcomes(kvc::suites::segment_offsets_rows,
                            kvc::mutants::segment_offsets::restarts_only_at_row_starts) ==
              std::array{true, false, false, false, false, true, true, true, false, false});
// Id 0 taken for padding passes every fixture without id 0.
static_assert(kvc::outcomes(kvc::suites::segment_positions_rows,
                            kvc::mutants::segment_positions::zero_id_is_padding_in_rows) ==
              std::array{true, true, true, false, true, true, true, true, true, true});

}  // namespace
