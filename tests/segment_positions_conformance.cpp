// tests/segment_positions_conformance.cpp - the segment-positions suites at run time (one row, one
// run of 65,537 tokens, `[B, L]` batches): kvc's contract and correct implementations in other
// styles pass the fixtures and exploration (two seeds, within the CPU budget); every
// known-bad implementation fails both (kvc::check names the fixture, kvc::explore shrinks a
// counterexample); wrong implementations the fixtures miss fail exploration; a report's values,
// fixture line and test case are as a user pastes them.
#include <doctest/doctest.h>

#include <kvc/explore.hpp>
#include <kvc/row_length.hpp>
#include <kvc/segment_positions.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/specs/segment_positions.hpp>
#include <kvc/verification/report.hpp>

#include "mutants/segment_positions.hpp"
#include "span_output_checks.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace {

namespace checks = kvc_test::span_output;
namespace suites = kvc::suites;
namespace bad = kvc::mutants::segment_positions;

// --- Wrong implementations beyond the mutants -------------------------------------------------------
// Each says whether the fixtures (kvc::conforms) catch it; the tests below check both claims.

/// Compares ids narrowed to 8 bits (an int8 id tensor): ids 1 and 257 are one run. The fixture
/// "adjacent ids 256 apart" catches it; exploration does on its own.
inline constexpr auto positions_ids_as_int8 = [](auto segments, auto out) {
  const auto low = [](auto id) { return static_cast<std::int8_t>(id); };
  for (std::size_t i = 0; i < segments.size(); ++i)
    out[i] = i > 0 && low(segments[i]) == low(segments[i - 1]) ? out[i - 1] + 1 : 0;
};

/// Restarts only at an id not seen before: a reused id continues the count of the run before it.
/// The fixtures catch it ("repeated after intervening segment").
inline constexpr auto positions_restart_at_new_id_only = [](auto segments, auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i) {
    bool seen = false;
    for (std::size_t j = 0; j < i; ++j) seen = seen || segments[j] == segments[i];
    out[i] = i > 0 && (segments[i] == segments[i - 1] || seen) ? out[i - 1] + 1 : 0;
  }
};

/// Restarts at every row start but never refuses ids that are not whole rows (it writes the
/// positions of a partial last row). The fixtures are all whole rows: they miss it.
inline constexpr auto rows_not_validated = [](auto segments, std::size_t row_length, auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i)
    out[i] = row_length != 0 && i % row_length != 0 && segments[i] == segments[i - 1] ? out[i - 1] + 1 : 0;
};

// --- Correct implementations in other styles --------------------------------------------------------

/// transformers-style: `cu_seqlens` first (a std::vector of run starts), then every token's
/// position as its index minus its run's start, returned as a std::vector (the range form).
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

/// An index loop per row, the row length as a `std::size_t`, refusing partial rows by writing
/// nothing, as the contract does.
inline constexpr auto positions_rows_by_index = [](auto segments, std::size_t row_length, auto out) {
  const std::size_t n = segments.size();
  if (n != 0 && (row_length == 0 || n % row_length != 0)) return;
  for (std::size_t row = 0; row < n; row += row_length)
    for (std::size_t j = 0; j < row_length; ++j)
      out[row + j] = j > 0 && segments[row + j] == segments[row + j - 1] ? out[row + j - 1] + 1 : 0;
};

/// An engine's own signature: int64 ids in a `const std::vector&`, a `kvc::row_length`.
struct positions_of_vectors {
  void operator()(const std::vector<std::int64_t>& segments, kvc::row_length rows,
                  std::span<std::size_t> out) const {
    static_cast<void>(kvc::segment_positions(segments, rows, out));
  }
};

}  // namespace

TEST_CASE("segment_positions: kvc's contract passes the fixtures and exploration") {
  checks::passes("kvc::segment_positions", suites::segment_positions, kvc::segment_positions);
  checks::passes("kvc::segment_positions", suites::segment_positions_long, kvc::segment_positions);
  checks::passes("kvc::segment_positions", suites::segment_positions_rows, kvc::segment_positions);
}

TEST_CASE("segment_positions: correct implementations in other styles pass both halves") {
  CHECK(kvc::conforms(suites::segment_positions, positions_from_cu_seqlens));
  checks::passes("positions_from_cu_seqlens", suites::segment_positions, positions_from_cu_seqlens);
  CHECK(kvc::conforms(suites::segment_positions_long, positions_from_cu_seqlens));
  checks::passes("positions_from_cu_seqlens", suites::segment_positions_long, positions_from_cu_seqlens);
  CHECK(kvc::conforms(suites::segment_positions_rows, positions_rows_by_index));
  checks::passes("positions_rows_by_index", suites::segment_positions_rows, positions_rows_by_index);
  checks::passes("positions_of_vectors", suites::segment_positions_rows, positions_of_vectors{});
}

TEST_CASE("segment_positions: every known-bad implementation fails the fixtures and exploration") {
  checks::check_rejected("one_based", suites::segment_positions, bad::one_based);
  checks::check_rejected("resets_on_increase_only", suites::segment_positions, bad::resets_on_increase_only);
  checks::check_rejected("resets_at_default_id_only", suites::segment_positions, bad::resets_at_default_id_only);
  checks::check_rejected("skips_last_token", suites::segment_positions, bad::skips_last_token);
  checks::check_rejected("resumes_reused_id", suites::segment_positions, bad::resumes_reused_id);
  checks::check_rejected("position_counter_8_bits", suites::segment_positions, bad::position_counter_8_bits);
  checks::check_rejected("ids_as_uint8", suites::segment_positions, bad::ids_as_uint8);
  checks::check_rejected("ids_as_int16", suites::segment_positions, bad::ids_as_int16);
  checks::check_rejected("chunk_start_continues_run", suites::segment_positions, bad::chunk_start_continues_run);
  checks::check_rejected("seed_failure", suites::seed_segment_positions<1>, bad::seed_failure);
  checks::check_rejected("seed_unsuccessful_fix", suites::seed_segment_positions<1>, bad::seed_unsuccessful_fix);
  checks::check_rejected("position_counter_16_bits", suites::segment_positions_long, bad::position_counter_16_bits);
  checks::check_rejected("ignores_row_boundaries", suites::segment_positions_rows, bad::ignores_row_boundaries);
  checks::check_rejected("restarts_only_at_row_starts", suites::segment_positions_rows,
                         bad::restarts_only_at_row_starts);
  checks::check_rejected("continues_id_across_rows", suites::segment_positions_rows, bad::continues_id_across_rows);
  checks::check_rejected("row_boundary_off_by_one", suites::segment_positions_rows, bad::row_boundary_off_by_one);
  checks::check_rejected("zero_id_is_padding_in_rows", suites::segment_positions_rows,
                         bad::zero_id_is_padding_in_rows);
}

TEST_CASE("segment_positions: exploration rejects what the fixtures miss") {
  // A 16-bit counter passes the regular suite; its exploration (past 2^16 tokens now and then)
  // rejects it, as the one run of 65,537 tokens does.
  CHECK(kvc::conforms(suites::segment_positions, bad::position_counter_16_bits));
  CHECK(checks::check_fails("position_counter_16_bits", suites::segment_positions, bad::position_counter_16_bits));
  CHECK(kvc::conforms(suites::segment_positions_rows, rows_not_validated));
  CHECK(checks::check_fails("rows_not_validated", suites::segment_positions_rows, rows_not_validated));
  // Caught by the fixtures too.
  CHECK_FALSE(kvc::conforms(suites::segment_positions, positions_ids_as_int8));
  CHECK(checks::check_fails("positions_ids_as_int8", suites::segment_positions, positions_ids_as_int8));
  CHECK_FALSE(kvc::conforms(suites::segment_positions, positions_restart_at_new_id_only));
  CHECK(checks::check_fails("positions_restart_at_new_id_only", suites::segment_positions,
                            positions_restart_at_new_id_only));
}

TEST_CASE("segment_positions: a failing exploration reports the same counterexample for the same seed") {
  checks::check_deterministic_failure("positions_ids_as_int8", suites::segment_positions, positions_ids_as_int8);
  checks::check_deterministic_failure("rows_not_validated", suites::segment_positions_rows, rows_not_validated);
}

TEST_CASE("segment_positions: a report shows `out` as written, and a counterexample as a user pastes it") {
  // `out` whole: the element a wrong implementation leaves unwritten keeps SIZE_MAX.
  const kvc::conformance_report report = kvc::check(suites::seed_segment_positions<1>, bad::skips_last_token);
  REQUIRE_FALSE(report.passed());
  CHECK(report.failures().front().label == "two segments");
  CHECK(report.failures().front().inputs == "[97, 98, 98]");
  CHECK(report.failures().front().actual == "[0, 0, 18446744073709551615]");
  CHECK(report.failures().front().expected == "[0, 0, 1]");
  // The counterexample as a table row and as a test case filling `out`.
  const kvc::exploration_report explored = kvc::explore(suites::segment_positions_rows, rows_not_validated);
  REQUIRE_FALSE(explored.passed());
  CHECK(explored.fixture.starts_with("{\"explored\", {{"));
  CHECK(explored.test_case.find("std::vector<std::size_t> out(") != std::string::npos);
  CHECK(explored.test_case.find(", std::span<std::size_t>(out));") != std::string::npos);
  CHECK(explored.test_case.find("CHECK(out == std::vector<std::size_t>{") != std::string::npos);
  MESSAGE(explored);
}

// The fixture lines the reports above print, pasted as rows of the suites' tables: they compile,
// and kvc's contract passes them.
static_assert(kvc::passes(kvc::specs::segment_tables::positions_row{"explored", {{0, 256}}, {0, 0}},
                          kvc::segment_positions));
static_assert(kvc::passes(kvc::specs::segment_tables::row_positions_row{"explored", {{0}, 2},
                                                                        {18446744073709551615ULL}},
                          kvc::segment_positions));

TEST_CASE("segment_positions: a report's fixture line is a row of the suite's table, as pasted above") {
  CHECK(kvc::explore(suites::segment_positions, bad::ids_as_uint8).fixture ==
        "{\"explored\", {{0, 256}}, {0, 0}},");
  CHECK(kvc::explore(suites::segment_positions_rows, rows_not_validated).fixture ==
        "{\"explored\", {{0}, 2}, {18446744073709551615ULL}},");
}
