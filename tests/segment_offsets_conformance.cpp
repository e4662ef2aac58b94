// tests/segment_offsets_conformance.cpp - the segment-offsets suites at run time (run offsets of
// one row and of `[B, L]` batches, the run count, the longest run): kvc's contracts and correct
// implementations in other styles pass the fixtures and exploration (two seeds, within the CPU
// budget); every known-bad implementation fails both, the same report for one seed; wrong
// implementations the fixtures miss fail exploration; an engine profile without empty batches
// leaves them out.
#include <doctest/doctest.h>

#include <kvc/explore.hpp>
#include <kvc/row_length.hpp>
#include <kvc/segment_offsets.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/specs/segment_offsets.hpp>
#include <kvc/verification/report.hpp>

#include "mutants/segment_offsets.hpp"
#include "span_output_checks.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace {

namespace checks = kvc_test::span_output;
namespace suites = kvc::suites;
namespace bad = kvc::mutants::segment_offsets;

// --- Wrong implementations beyond the mutants -------------------------------------------------------
// Each says whether the fixtures (kvc::conforms) catch it; the tests below check both claims.

/// Takes negative ids for padding (the position-id convention), dropping their tokens from the
/// offsets. The offsets' fixtures hold no negative id: they miss it.
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
    length = i == 0 || !(segments[i] == segments[i - 1]) ? std::uint16_t{1} : static_cast<std::uint16_t>(length + 1);
    longest = length > longest ? length : longest;
  }
  return longest;
};

/// Keeps a token's column (its index within the row) in a `std::uint8_t`: in rows longer than 256
/// a run breaks at column 256. The fixtures' rows are at most 6 tokens: they miss it.
inline constexpr auto row_offsets_column_in_uint8 = [](auto segments, std::size_t row_length, auto out) {
  if (segments.size() != 0 && (row_length == 0 || segments.size() % row_length != 0)) return;
  std::size_t n = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const auto column = static_cast<std::uint8_t>(i % row_length);
    if (column == 0 || !(segments[i] == segments[i - 1])) out[n++] = i;
  }
  out[n] = segments.size();
};

// --- Correct implementations in other styles --------------------------------------------------------

/// Offsets with iterators, accumulated in a std::vector and returned (the range form).
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
inline constexpr auto offsets_rows_by_pointer = [](std::span<const int> segments, kvc::row_length rows,
                                                   std::span<std::size_t> out) {
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

TEST_CASE("segment_offsets: kvc's contracts pass the fixtures and exploration") {
  checks::passes("kvc::segment_offsets", suites::segment_offsets, kvc::segment_offsets);
  checks::passes("kvc::segment_offsets", suites::segment_offsets_rows, kvc::segment_offsets);
  checks::passes("kvc::segment_run_count", suites::segment_run_count, kvc::segment_run_count);
  checks::passes("kvc::max_segment_length", suites::max_segment_length, kvc::max_segment_length);
}

TEST_CASE("segment_offsets: an engine without empty batches leaves them out") {
  constexpr kvc::engine_profile never_empty{.empty_inputs = false};
  const kvc::exploration_report restricted =
      kvc::explore(kvc::restrict_to<never_empty>(suites::segment_offsets_rows), kvc::segment_offsets);
  CHECK(restricted.passed());
  CHECK(restricted.not_covered > 0);
  CHECK(restricted.suite == "segment_offsets_rows restricted to an engine profile");
  const kvc::conformance_report report =
      kvc::check(kvc::restrict_to<never_empty>(suites::segment_offsets_rows), kvc::segment_offsets);
  CHECK(report.passed());
  CHECK(report.not_covered() == 2);  // the two empty batches
}

TEST_CASE("segment_offsets: correct implementations in other styles pass both halves") {
  CHECK(kvc::conforms(suites::segment_offsets, offsets_with_iterators));
  checks::passes("offsets_with_iterators", suites::segment_offsets, offsets_with_iterators);
  CHECK(kvc::conforms(suites::segment_offsets_rows, offsets_rows_by_pointer));
  checks::passes("offsets_rows_by_pointer", suites::segment_offsets_rows, offsets_rows_by_pointer);
  CHECK(kvc::conforms(suites::segment_run_count, run_count_from_changes));
  checks::passes("run_count_from_changes", suites::segment_run_count, run_count_from_changes);
  CHECK(kvc::conforms(suites::max_segment_length, longest_run_by_scanning));
  checks::passes("longest_run_by_scanning", suites::max_segment_length, longest_run_by_scanning);
}

TEST_CASE("segment_offsets: every known-bad implementation fails the fixtures and exploration") {
  checks::check_rejected("no_total", suites::segment_offsets, bad::no_total);
  checks::check_rejected("merges_reused_ids", suites::segment_offsets, bad::merges_reused_ids);
  checks::check_rejected("empty_writes_nothing", suites::segment_offsets, bad::empty_writes_nothing);
  checks::check_rejected("lengths_not_offsets", suites::segment_offsets, bad::lengths_not_offsets);
  checks::check_rejected("offsets_in_uint8", suites::segment_offsets, bad::offsets_in_uint8);
  checks::check_rejected("zero_id_is_padding", suites::segment_offsets, bad::zero_id_is_padding);
  checks::check_rejected("drops_trailing_singleton", suites::segment_offsets, bad::drops_trailing_singleton);
  checks::check_rejected("offsets_of_ids_as_uint8", suites::segment_offsets, bad::offsets_of_ids_as_uint8);
  checks::check_rejected("offsets_of_ids_as_int16", suites::segment_offsets, bad::offsets_of_ids_as_int16);
  checks::check_rejected("ignores_row_boundaries", suites::segment_offsets_rows, bad::ignores_row_boundaries);
  checks::check_rejected("restarts_only_at_row_starts", suites::segment_offsets_rows,
                         bad::restarts_only_at_row_starts);
  checks::check_rejected("continues_id_across_rows", suites::segment_offsets_rows, bad::continues_id_across_rows);
  checks::check_rejected("row_boundary_off_by_one", suites::segment_offsets_rows, bad::row_boundary_off_by_one);
  checks::check_rejected("no_total_in_rows", suites::segment_offsets_rows, bad::no_total_in_rows);
  checks::check_rejected("total_per_row", suites::segment_offsets_rows, bad::total_per_row);
  checks::check_rejected("row_local_offsets", suites::segment_offsets_rows, bad::row_local_offsets);
  checks::check_rejected("zero_id_is_padding_in_rows", suites::segment_offsets_rows,
                         bad::zero_id_is_padding_in_rows);
  checks::check_rejected("counts_distinct_ids", suites::segment_run_count, bad::counts_distinct_ids);
  checks::check_rejected("counts_changes", suites::segment_run_count, bad::counts_changes);
  checks::check_rejected("run_count_in_uint8", suites::segment_run_count, bad::run_count_in_uint8);
  checks::check_rejected("ids_as_int32", suites::segment_run_count, bad::ids_as_int32);
  checks::check_rejected("longest_per_id", suites::max_segment_length, bad::longest_per_id);
  checks::check_rejected("largest_position", suites::max_segment_length, bad::largest_position);
  checks::check_rejected("max_length_in_uint8", suites::max_segment_length, bad::max_length_in_uint8);
}

TEST_CASE("segment_offsets: exploration rejects what the fixtures miss") {
  CHECK(kvc::conforms(suites::segment_offsets, offsets_drop_negative_ids));
  CHECK(checks::check_fails("offsets_drop_negative_ids", suites::segment_offsets, offsets_drop_negative_ids));
  CHECK(kvc::conforms(suites::segment_run_count, run_count_ids_as_double));
  CHECK(checks::check_fails("run_count_ids_as_double", suites::segment_run_count, run_count_ids_as_double));
  CHECK(kvc::conforms(suites::max_segment_length, longest_run_in_uint16));
  CHECK(checks::check_fails("longest_run_in_uint16", suites::max_segment_length, longest_run_in_uint16));
  CHECK(kvc::conforms(suites::segment_offsets_rows, row_offsets_column_in_uint8));
  CHECK(checks::check_fails("row_offsets_column_in_uint8", suites::segment_offsets_rows,
                            row_offsets_column_in_uint8));
}

TEST_CASE("segment_offsets: a failing exploration reports the same counterexample for the same seed") {
  checks::check_deterministic_failure("run_count_ids_as_double", suites::segment_run_count, run_count_ids_as_double);
  checks::check_deterministic_failure("offsets_drop_negative_ids", suites::segment_offsets, offsets_drop_negative_ids);
}

TEST_CASE("segment_offsets: a report shows `out` up to its first unwritten element") {
  const kvc::conformance_report report = kvc::check(suites::segment_offsets, bad::no_total);
  REQUIRE_FALSE(report.passed());
  CHECK(report.failures().front().label == "two segments");
  CHECK(report.failures().front().actual == "[0, 1]");
  CHECK(report.failures().front().expected == "[0, 1, 3]");
  const kvc::exploration_report explored = kvc::explore(suites::segment_offsets, bad::no_total);
  REQUIRE_FALSE(explored.passed());
  CHECK(explored.test_case.find("out.erase(std::find(out.begin(), out.end(), SIZE_MAX), out.end());") !=
        std::string::npos);
}

// The fixture lines the reports below print, pasted as rows of the suites' tables: they compile,
// and kvc's contracts pass them.
static_assert(kvc::passes(kvc::specs::segment_tables::offsets_row{"explored", {{0, 1, 0}}, {0, 1, 2, 3}},
                          kvc::segment_offsets));
static_assert(kvc::passes(kvc::specs::segment_tables::row_offsets_row{"explored", {{0}, 2}, {}},
                          kvc::segment_offsets));
static_assert(kvc::passes(kvc::specs::segment_tables::wide_run_count_row{"explored", {{0, 4294967296}}, 2},
                          kvc::segment_run_count));

TEST_CASE("segment_offsets: a report's fixture line is a row of the suite's table, as pasted above") {
  CHECK(kvc::explore(suites::segment_offsets, bad::merges_reused_ids).fixture ==
        "{\"explored\", {{0, 1, 0}}, {0, 1, 2, 3}},");
  // Not whole rows: the contract writes no offsets.
  CHECK(kvc::explore(suites::segment_offsets_rows, bad::continues_id_across_rows).fixture ==
        "{\"explored\", {{0}, 2}, {}},");
  CHECK(kvc::explore(suites::segment_run_count, bad::ids_as_int32).fixture ==
        "{\"explored\", {{0, 4294967296}}, 2},");
}
