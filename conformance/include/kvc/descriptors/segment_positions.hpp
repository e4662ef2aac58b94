// kvc/descriptors/segment_positions.hpp - the descriptor of segment positions: which suites kvc's
// reference must pass, and which known-bad implementations (kvc/contracts/segment_positions.hpp)
// each suite must reject.
//
// A descriptor is a constant, evaluated where it is defined, so it is costly to include: only kvc's
// own proofs and the tools that loop over every contract (kvc-report, the fuzz seeds, the Python
// package) need it, through kvc/verification/contracts.hpp. kvc/conformance.hpp does not include
// it.
#pragma once

#include <kvc/contracts/segment_positions.hpp>
#include <kvc/verification/descriptor.hpp>

namespace kvc::verification {

/// Segment positions: the record's suite with its two published implementations, one run past 16
/// bits, and `[B, L]` batches.
inline constexpr auto segment_positions_contract = describe_contract<"segment_positions">(
    with_record(
        check_suite<"segment_positions", "fuzz_segment_positions">(
            suites::segment_positions, kvc::segment_positions,
            named<"one_based">(mutants::segment_positions::one_based),
            named<"resets_on_increase_only">(mutants::segment_positions::resets_on_increase_only),
            named<"resets_at_default_id_only">(mutants::segment_positions::resets_at_default_id_only),
            named<"skips_last_token">(mutants::segment_positions::skips_last_token),
            named<"resumes_reused_id">(mutants::segment_positions::resumes_reused_id),
            named<"position_counter_8_bits">(mutants::segment_positions::position_counter_8_bits),
            named<"ids_as_uint8">(mutants::segment_positions::ids_as_uint8),
            named<"ids_as_int16">(mutants::segment_positions::ids_as_int16),
            named<"chunk_start_continues_run">(mutants::segment_positions::chunk_start_continues_run)),
        // The record's table: two segments, alternating runs, same run, empty, single segment,
        // repeated after intervening segment.
        record(suites::seed_segment_positions<1>,
               published<"seed_failure">(mutants::segment_positions::seed_failure,
                                         std::array{false, false, true, true, true, false}),
               published<"seed_unsuccessful_fix">(mutants::segment_positions::seed_unsuccessful_fix,
                                                  std::array{true, false, true, true, true, false}))),
    // One run of 65,537 tokens: only one-pass mutants, within the constant-evaluation limits.
    check_suite<"segment_positions_long", "">(
        suites::segment_positions_long, kvc::segment_positions,
        named<"position_counter_16_bits">(mutants::segment_positions::position_counter_16_bits)),
    // [B, L] batches: the row-aware form.
    check_suite<"segment_positions_rows", "">(
        suites::segment_positions_rows, kvc::segment_positions,
        named<"ignores_row_boundaries">(mutants::segment_positions::ignores_row_boundaries),
        named<"restarts_only_at_row_starts">(mutants::segment_positions::restarts_only_at_row_starts),
        named<"continues_id_across_rows">(mutants::segment_positions::continues_id_across_rows),
        named<"row_boundary_off_by_one">(mutants::segment_positions::row_boundary_off_by_one),
        named<"zero_id_is_padding_in_rows">(
            mutants::segment_positions::zero_id_is_padding_in_rows)));

}  // namespace kvc::verification
