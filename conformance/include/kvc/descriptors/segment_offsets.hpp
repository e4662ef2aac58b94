// kvc/descriptors/segment_offsets.hpp - the descriptor of segment offsets: which suites kvc's
// reference must pass, and which known-bad implementations (kvc/contracts/segment_offsets.hpp) each
// suite must reject.
//
// A descriptor is a constant, evaluated where it is defined, so it is costly to include: only kvc's
// own proofs and the tools that loop over every contract (kvc-report, the fuzz seeds, the Python
// package) need it, through kvc/verification/contracts.hpp. kvc/conformance.hpp does not include
// it.
#pragma once

#include <kvc/contracts/segment_offsets.hpp>
#include <kvc/verification/descriptor.hpp>

namespace kvc::verification {

/// The varlen-attention view of packed segments: offsets (of one row and of `[B, L]` batches), run
/// count and longest run.
inline constexpr auto segment_offsets_contract = describe_contract<"segment_offsets">(
    check_suite<"segment_offsets", "fuzz_segment_offsets">(
        suites::segment_offsets, kvc::segment_offsets,
        named<"no_total">(mutants::segment_offsets::no_total),
        named<"merges_reused_ids">(mutants::segment_offsets::merges_reused_ids),
        named<"empty_writes_nothing">(mutants::segment_offsets::empty_writes_nothing),
        named<"lengths_not_offsets">(mutants::segment_offsets::lengths_not_offsets),
        named<"offsets_in_uint8">(mutants::segment_offsets::offsets_in_uint8),
        named<"zero_id_is_padding">(mutants::segment_offsets::zero_id_is_padding),
        named<"drops_trailing_singleton">(mutants::segment_offsets::drops_trailing_singleton),
        named<"offsets_of_ids_as_uint8">(mutants::segment_offsets::offsets_of_ids_as_uint8),
        named<"offsets_of_ids_as_int16">(mutants::segment_offsets::offsets_of_ids_as_int16)),
    // [B, L] batches: the row-aware form.
    check_suite<"segment_offsets_rows", "">(
        suites::segment_offsets_rows, kvc::segment_offsets,
        named<"ignores_row_boundaries">(mutants::segment_offsets::ignores_row_boundaries),
        named<"restarts_only_at_row_starts">(mutants::segment_offsets::restarts_only_at_row_starts),
        named<"continues_id_across_rows">(mutants::segment_offsets::continues_id_across_rows),
        named<"row_boundary_off_by_one">(mutants::segment_offsets::row_boundary_off_by_one),
        named<"no_total_in_rows">(mutants::segment_offsets::no_total_in_rows),
        named<"total_per_row">(mutants::segment_offsets::total_per_row),
        named<"row_local_offsets">(mutants::segment_offsets::row_local_offsets),
        named<"zero_id_is_padding_in_rows">(mutants::segment_offsets::zero_id_is_padding_in_rows)),
    check_suite<"segment_run_count", "">(
        suites::segment_run_count, kvc::segment_run_count,
        named<"counts_distinct_ids">(mutants::segment_offsets::counts_distinct_ids),
        named<"counts_changes">(mutants::segment_offsets::counts_changes),
        named<"run_count_in_uint8">(mutants::segment_offsets::run_count_in_uint8),
        named<"ids_as_int32">(mutants::segment_offsets::ids_as_int32)),
    check_suite<"max_segment_length", "">(
        suites::max_segment_length, kvc::max_segment_length,
        named<"longest_per_id">(mutants::segment_offsets::longest_per_id),
        named<"largest_position">(mutants::segment_offsets::largest_position),
        named<"max_length_in_uint8">(mutants::segment_offsets::max_length_in_uint8)));

}  // namespace kvc::verification
