// tests/exploration_segments.cpp - kvc::explore on the segment suites (segment_positions,
// segment_positions_long, segment_positions_rows, segment_offsets, segment_offsets_rows,
// segment_run_count, max_segment_length): kvc's contracts pass (three seeds, within a second,
// deterministically); every known-bad implementation of the descriptors that takes run-time
// lengths is rejected; wrong implementations the fixtures miss are rejected; correct ones written
// in other styles pass both the fixtures and exploration.
#include <doctest/doctest.h>

#include <kvc/descriptors/segment_offsets.hpp>
#include <kvc/descriptors/segment_positions.hpp>
#include <kvc/explore.hpp>
#include <kvc/row_length.hpp>
#include <kvc/segment_offsets.hpp>
#include <kvc/segment_positions.hpp>

#include "exploration_checks.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace {

namespace checks = kvc_test::exploration_checks;
namespace suites = kvc::suites;

// --- Wrong implementations beyond the descriptors' ---------------------------------------------
// Each says whether the fixtures (kvc::conforms) catch it; the tests below check both claims.

/// Compares ids narrowed to 8 bits (an int8 id tensor): ids 1 and 257 are one run. The fixtures'
/// ids all differ in their low byte: they miss it.
inline constexpr auto positions_ids_as_int8 = [](auto segments, auto out) {
  const auto low = [](auto id) { return static_cast<std::int8_t>(id); };
  for (std::size_t i = 0; i < segments.size(); ++i)
    out[i] = i > 0 && low(segments[i]) == low(segments[i - 1]) ? out[i - 1] + 1 : 0;
};

/// The position counter in a `std::uint16_t`, in the span form (the descriptor's is array-only):
/// wraps at 65,536. segment_positions' fixtures stop at 300 tokens and miss it;
/// segment_positions_long's 65,537-token fixture catches it.
inline constexpr auto positions_counter_16_bits = [](auto segments, auto out) {
  std::uint16_t position = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    position = i > 0 && segments[i] == segments[i - 1] ? static_cast<std::uint16_t>(position + 1)
                                                       : std::uint16_t{0};
    out[i] = position;
  }
};

/// Restarts only at an id not seen before (the brief's "new distinct id"): a reused id continues
/// the count of the run before it. The fixtures catch it ("repeated after intervening segment").
inline constexpr auto positions_restart_at_new_id_only = [](auto segments, auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i) {
    bool seen = false;
    for (std::size_t j = 0; j < i; ++j) seen = seen || segments[j] == segments[i];
    out[i] = i > 0 && (segments[i] == segments[i - 1] || seen) ? out[i - 1] + 1 : 0;
  }
};

/// Takes negative ids for padding (the position-id convention), dropping their tokens from the
/// offsets. segment_offsets' fixtures hold no negative id: they miss it.
inline constexpr auto offsets_drop_negative_ids = [](auto segments, auto out) {
  using id = std::remove_cvref_t<decltype(segments[0])>;
  std::size_t n = 0, kept = 0;
  id last{};
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (segments[i] < 0) continue;
    if (kept == 0 || !(segments[i] == last)) out[n++] = kept;
    last = segments[i];
    ++kept;
  }
  out[n] = kept;
};

/// Counts runs comparing ids as `double`s (a float id tensor): ids 2^53 and 2^53 + 1 are one run.
/// The fixtures' ids (2^32 + 1 and 1 the largest) are exact in a double: they miss it.
inline constexpr auto run_count_ids_as_double = [](const auto& segments) {
  std::size_t runs = 0;
  for (std::size_t i = 0; i < segments.size(); ++i)
    if (i == 0 || static_cast<double>(segments[i]) != static_cast<double>(segments[i - 1])) ++runs;
  return runs;
};

/// The longest run kept in a `std::uint16_t`: a run of 65,536 tokens has length 0. The fixtures
/// stop at 300 tokens: they miss it.
inline constexpr auto longest_run_in_uint16 = [](const auto& segments) {
  std::uint16_t longest = 0, length = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    length = i == 0 || !(segments[i] == segments[i - 1]) ? std::uint16_t{1}
                                                         : static_cast<std::uint16_t>(length + 1);
    longest = length > longest ? length : longest;
  }
  return longest;
};

/// Restarts at every row start but never refuses ids that are not whole rows (it writes the
/// positions of a partial last row). The fixtures are all whole rows: they miss it.
inline constexpr auto rows_not_validated = [](auto segments, std::size_t row_length, auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i)
    out[i] = row_length != 0 && i % row_length != 0 && segments[i] == segments[i - 1]
                 ? out[i - 1] + 1
                 : 0;
};

/// Keeps a token's column (its index within the row) in a `std::uint8_t`: in rows longer than 256
/// a run breaks at column 256. The fixtures' rows are at most 6 tokens: they miss it.
inline constexpr auto row_offsets_column_in_uint8 = [](auto segments, std::size_t row_length,
                                                       auto out) {
  if (segments.size() != 0 && (row_length == 0 || segments.size() % row_length != 0)) return;
  std::size_t n = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const auto column = static_cast<std::uint8_t>(i % row_length);
    if (column == 0 || !(segments[i] == segments[i - 1])) out[n++] = i;
  }
  out[n] = segments.size();
};

// --- Correct implementations in other styles --------------------------------------------------

/// transformers-style: `cu_seqlens` first (a std::vector of run starts), then every token's
/// position as its index minus its run's start. One-argument form returning a std::vector, for
/// `int` ids (char ids reach it converted).
inline constexpr auto positions_from_cu_seqlens = [](std::span<const int> segments) {
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < segments.size(); ++i)
    if (i == 0 || segments[i] != segments[i - 1]) starts.push_back(i);
  starts.push_back(segments.size());
  std::vector<std::size_t> positions(segments.size());
  for (std::size_t run = 0; run + 1 < starts.size(); ++run)
    for (std::size_t i = starts[run]; i < starts[run + 1]; ++i) positions[i] = i - starts[run];
  return positions;
};

/// An index loop per row, `kvc::row_length` taken as `std::size_t`, refusing partial rows by
/// writing nothing, as the contract does.
inline constexpr auto positions_rows_by_index = [](auto segments, std::size_t row_length,
                                                   auto out) {
  const std::size_t n = segments.size();
  if (n != 0 && (row_length == 0 || n % row_length != 0)) return;
  for (std::size_t row = 0; row < n; row += row_length)
    for (std::size_t j = 0; j < row_length; ++j)
      out[row + j] = j > 0 && segments[row + j] == segments[row + j - 1] ? out[row + j - 1] + 1 : 0;
};

/// Offsets with iterators, accumulated in a std::vector and returned (the one-argument form).
inline constexpr auto offsets_with_iterators = [](const auto& segments) {
  std::vector<std::size_t> offsets;
  auto previous = std::begin(segments);
  for (auto it = std::begin(segments); it != std::end(segments); previous = it++)
    if (it == std::begin(segments) || !(*it == *previous))
      offsets.push_back(static_cast<std::size_t>(it - std::begin(segments)));
  offsets.push_back(static_cast<std::size_t>(std::end(segments) - std::begin(segments)));
  return offsets;
};

/// Batch offsets taking `kvc::row_length` and `int` ids: every row walked with a pointer.
inline constexpr auto offsets_rows_by_pointer =
    [](std::span<const int> segments, kvc::row_length rows, std::span<std::size_t> out) {
      const std::size_t n = segments.size();
      if (n != 0 && (rows.value == 0 || n % rows.value != 0)) return;
      std::size_t* next = out.data();
      for (std::size_t row = 0; row < n; row += rows.value) {
        const int* ids = segments.data() + row;
        for (std::size_t j = 0; j < rows.value; ++j)
          if (j == 0 || ids[j] != ids[j - 1]) *next++ = row + j;
      }
      *next = n;
    };

/// The run count as 1 + the number of id changes, over a `const std::vector<long long>&`.
inline constexpr auto run_count_from_changes = [](const std::vector<long long>& ids) {
  if (ids.empty()) return std::size_t{0};
  std::size_t changes = 0;
  for (std::size_t i = 1; i < ids.size(); ++i)
    if (ids[i] != ids[i - 1]) ++changes;
  return changes + 1;
};

/// The longest run by scanning each run to its end.
inline constexpr auto longest_run_by_scanning = [](const auto& segments) {
  std::size_t longest = 0;
  for (std::size_t start = 0; start < segments.size();) {
    std::size_t end = start + 1;
    while (end < segments.size() && segments[end] == segments[start]) ++end;
    longest = end - start > longest ? end - start : longest;
    start = end;
  }
  return longest;
};

}  // namespace

TEST_CASE("kvc's segment contracts pass exploration, within a second, deterministically") {
  checks::check_passes("kvc::segment_positions", suites::segment_positions, kvc::segment_positions);
  checks::check_passes("kvc::segment_positions", suites::segment_positions_long,
                       kvc::segment_positions);
  checks::check_passes("kvc::segment_positions", suites::segment_positions_rows,
                       kvc::segment_positions);
  checks::check_passes("kvc::segment_offsets", suites::segment_offsets, kvc::segment_offsets);
  checks::check_passes("kvc::segment_offsets", suites::segment_offsets_rows, kvc::segment_offsets);
  checks::check_passes("kvc::segment_run_count", suites::segment_run_count, kvc::segment_run_count);
  checks::check_passes("kvc::max_segment_length", suites::max_segment_length,
                       kvc::max_segment_length);
  // An engine whose batches are never empty: empty cases are not run, the others pass.
  constexpr kvc::engine_profile never_empty{.empty_inputs = false};
  const auto restricted = kvc::explore(kvc::restrict_to<never_empty>(suites::segment_offsets_rows),
                                       kvc::segment_offsets);
  CHECK(restricted.passed());
  CHECK(restricted.not_covered > 0);
  CHECK(restricted.suite == "segment_offsets_rows restricted to an engine profile");
}

TEST_CASE("exploration rejects every known-bad segment implementation of the descriptors") {
  const auto positions = checks::explore_known_bad(kvc::verification::segment_positions_contract);
  const auto offsets = checks::explore_known_bad(kvc::verification::segment_offsets_contract);
  MESSAGE("segment_positions descriptor: " << positions.rejected << " rejected, "
                                           << positions.missed << " missed, "
                                           << positions.array_only << " array-only");
  MESSAGE("segment_offsets descriptor: " << offsets.rejected << " rejected, " << offsets.missed
                                         << " missed, " << offsets.array_only << " array-only");
  CHECK(positions.missed == 0);
  CHECK(offsets.missed == 0);
  CHECK(positions.rejected >= 13);
  CHECK(offsets.rejected >= 22);
  // position_counter_16_bits takes a std::array only; positions_counter_16_bits below is its span
  // form.
  CHECK(positions.array_only == 1);
  CHECK(offsets.array_only == 0);
}

TEST_CASE("exploration rejects wrong segment implementations the fixtures miss") {
  // Missed by the fixtures, rejected by exploration. (Ids narrowed to 8 bits were among these
  // until the fixture "adjacent ids 256 apart"; exploration still rejects them on its own.)
  CHECK_FALSE(kvc::conforms(suites::segment_positions, positions_ids_as_int8));
  CHECK(checks::check_fails("positions_ids_as_int8", suites::segment_positions,
                            positions_ids_as_int8));
  CHECK(kvc::conforms(suites::segment_positions, positions_counter_16_bits));
  CHECK(checks::check_fails("positions_counter_16_bits", suites::segment_positions,
                            positions_counter_16_bits));
  CHECK(kvc::conforms(suites::segment_offsets, offsets_drop_negative_ids));
  CHECK(checks::check_fails("offsets_drop_negative_ids", suites::segment_offsets,
                            offsets_drop_negative_ids));
  CHECK(kvc::conforms(suites::segment_run_count, run_count_ids_as_double));
  CHECK(checks::check_fails("run_count_ids_as_double", suites::segment_run_count,
                            run_count_ids_as_double));
  CHECK(kvc::conforms(suites::max_segment_length, longest_run_in_uint16));
  CHECK(checks::check_fails("longest_run_in_uint16", suites::max_segment_length,
                            longest_run_in_uint16));
  CHECK(kvc::conforms(suites::segment_positions_rows, rows_not_validated));
  CHECK(checks::check_fails("rows_not_validated", suites::segment_positions_rows,
                            rows_not_validated));
  CHECK(kvc::conforms(suites::segment_offsets_rows, row_offsets_column_in_uint8));
  CHECK(checks::check_fails("row_offsets_column_in_uint8", suites::segment_offsets_rows,
                            row_offsets_column_in_uint8));
  // Caught by the fixtures too.
  CHECK_FALSE(kvc::conforms(suites::segment_positions_long, positions_counter_16_bits));
  CHECK(checks::check_fails("positions_counter_16_bits (long)", suites::segment_positions_long,
                            positions_counter_16_bits));
  CHECK_FALSE(kvc::conforms(suites::segment_positions, positions_restart_at_new_id_only));
  CHECK(checks::check_fails("positions_restart_at_new_id_only", suites::segment_positions,
                            positions_restart_at_new_id_only));
}

TEST_CASE("a failing segment exploration reports the same counterexample for the same seed") {
  checks::check_deterministic_failure("positions_ids_as_int8", suites::segment_positions,
                                      positions_ids_as_int8);
  checks::check_deterministic_failure("rows_not_validated", suites::segment_positions_rows,
                                      rows_not_validated);
  checks::check_deterministic_failure("run_count_ids_as_double", suites::segment_run_count,
                                      run_count_ids_as_double);
}

// The fixture lines a report prints for each of the segment suites' fixture makers, pasted: they
// compile, and kvc's contract passes them.
static_assert(kvc::passes(kvc::make_positions_fixture(kvc::label<"explored">,
                                                      std::array<char, 3>{char(97), char(98),
                                                                          char(97)},
                                                      std::array<std::size_t, 3>{0U, 0U, 0U}),
                          kvc::segment_positions));
static_assert(kvc::passes(kvc::make_output_fixture<kvc::offsets_call>(
                              kvc::label<"explored">, std::array<int, 3>{1, 257, 257},
                              std::array<std::size_t, 3>{0U, 1U, 3U}),
                          kvc::segment_offsets));
static_assert(kvc::passes(kvc::make_rows_fixture<kvc::row_positions_call>(
                              kvc::label<"explored">, std::array<int, 3>{7, 7, 7}, std::size_t{2U},
                              std::array<std::size_t, 3>{18446744073709551615ULL,
                                                         18446744073709551615ULL,
                                                         18446744073709551615ULL}),
                          kvc::segment_positions));
static_assert(kvc::passes(kvc::make_rows_fixture<kvc::row_offsets_call>(
                              kvc::label<"explored">, std::array<int, 4>{-1, -1, -1, 0},
                              std::size_t{2U}, std::array<std::size_t, 4>{0U, 2U, 3U, 4U}),
                          kvc::segment_offsets));
static_assert(kvc::passes(kvc::make_fixture(kvc::label<"explored">,
                                            kvc::inputs(std::array<long, 2>{long(4294967297LL),
                                                                            long(1)}),
                                            std::size_t{2U}),
                          kvc::segment_run_count));

TEST_CASE("a report's fixture line is the suite's fixture maker, as pasted above") {
  namespace x = kvc::exploration;
  namespace hana = boost::hana;
  using positions = x::family_of<std::remove_cvref_t<decltype(suites::segment_positions)>>::type;
  using offsets = x::family_of<std::remove_cvref_t<decltype(suites::segment_offsets)>>::type;
  using position_rows =
      x::family_of<std::remove_cvref_t<decltype(suites::segment_positions_rows)>>::type;
  using offset_rows =
      x::family_of<std::remove_cvref_t<decltype(suites::segment_offsets_rows)>>::type;
  using run_count = x::family_of<std::remove_cvref_t<decltype(suites::segment_run_count)>>::type;
  const auto line = [](auto family, auto call, const auto& inputs) {
    using F = decltype(family);
    using C = decltype(call);
    return F::template fixture_line<C>(inputs, F::template expected<C>(inputs));
  };
  CHECK(line(positions{}, kvc::positions_call{},
             hana::make_tuple(std::vector<char>{'a', 'b', 'a'})) ==
        "kvc::make_positions_fixture(kvc::label<\"explored\">, std::array<char, 3>{char(97), "
        "char(98), "
        "char(97)}, std::array<std::size_t, 3>{0U, 0U, 0U})");
  CHECK(
      line(offsets{}, kvc::offsets_call{}, hana::make_tuple(std::vector<int>{1, 257, 257})) ==
      "kvc::make_output_fixture<kvc::offsets_call>(kvc::label<\"explored\">, std::array<int, 3>{1, "
      "257, 257}, std::array<std::size_t, 3>{0U, 1U, 3U})");
  CHECK(line(position_rows{}, kvc::row_positions_call{},
             hana::make_tuple(std::vector<int>{7, 7, 7}, std::size_t{2})) ==
        "kvc::make_rows_fixture<kvc::row_positions_call>(kvc::label<\"explored\">, std::array<int, "
        "3>{7, 7, 7}, std::size_t{2U}, std::array<std::size_t, 3>{18446744073709551615ULL, "
        "18446744073709551615ULL, 18446744073709551615ULL})");
  CHECK(line(offset_rows{}, kvc::row_offsets_call{},
             hana::make_tuple(std::vector<int>{-1, -1, -1, 0}, std::size_t{2})) ==
        "kvc::make_rows_fixture<kvc::row_offsets_call>(kvc::label<\"explored\">, std::array<int, "
        "4>{-1, -1, -1, 0}, std::size_t{2U}, std::array<std::size_t, 4>{0U, 2U, 3U, 4U})");
  CHECK(line(run_count{}, kvc::direct_call{},
             hana::make_tuple(std::vector<std::int64_t>{0x1'0000'0001, 1})) ==
        "kvc::make_fixture(kvc::label<\"explored\">, kvc::inputs(std::array<long, "
        "2>{long(4294967297LL), "
        "long(1)}), std::size_t{2U})");
}

TEST_CASE("correct segment implementations in other styles pass the fixtures and exploration") {
  CHECK(kvc::conforms(suites::segment_positions, positions_from_cu_seqlens));
  checks::check_passes("positions_from_cu_seqlens", suites::segment_positions,
                       positions_from_cu_seqlens);
  CHECK(kvc::conforms(suites::segment_positions_long, positions_from_cu_seqlens));
  checks::check_passes("positions_from_cu_seqlens", suites::segment_positions_long,
                       positions_from_cu_seqlens);
  CHECK(kvc::conforms(suites::segment_positions_rows, positions_rows_by_index));
  checks::check_passes("positions_rows_by_index", suites::segment_positions_rows,
                       positions_rows_by_index);
  CHECK(kvc::conforms(suites::segment_offsets, offsets_with_iterators));
  checks::check_passes("offsets_with_iterators", suites::segment_offsets, offsets_with_iterators);
  CHECK(kvc::conforms(suites::segment_offsets_rows, offsets_rows_by_pointer));
  checks::check_passes("offsets_rows_by_pointer", suites::segment_offsets_rows,
                       offsets_rows_by_pointer);
  CHECK(kvc::conforms(suites::segment_run_count, run_count_from_changes));
  checks::check_passes("run_count_from_changes", suites::segment_run_count, run_count_from_changes);
  CHECK(kvc::conforms(suites::max_segment_length, longest_run_by_scanning));
  checks::check_passes("longest_run_by_scanning", suites::max_segment_length,
                       longest_run_by_scanning);
}
