// kvc/descriptors/offsets_from_positions.hpp - the descriptor of offsets from position ids: which
// suites kvc's reference must pass, and which known-bad implementations
// (kvc/contracts/offsets_from_positions.hpp) each suite must reject.
//
// A descriptor is a constant, evaluated where it is defined, so it is costly to include: only kvc's
// own proofs and the tools that loop over every contract (kvc-report, the fuzz seeds, the Python
// package) need it, through kvc/verification/contracts.hpp. kvc/conformance.hpp does not include
// it.
#pragma once

#include <kvc/contracts/offsets_from_positions.hpp>
#include <kvc/verification/descriptor.hpp>

namespace kvc::verification {

/// `cu_seqlens` and `max_seqlen` derived from position ids, one row or M-RoPE's 3.
inline constexpr auto offsets_from_positions_contract = describe_contract<"offsets_from_positions">(
    check_suite<"offsets_from_positions", "fuzz_offsets_from_positions">(
        suites::offsets_from_positions, kvc::offsets_from_positions,
        named<"no_leading_zero">(mutants::offsets_from_positions::no_leading_zero),
        named<"always_leading_zero">(mutants::offsets_from_positions::always_leading_zero),
        named<"padding_as_position_zero">(mutants::offsets_from_positions::padding_as_position_zero),
        named<"padding_counted_as_tokens">(mutants::offsets_from_positions::padding_counted_as_tokens),
        named<"total_counts_padding">(mutants::offsets_from_positions::total_counts_padding),
        named<"offsets_index_padded_row">(mutants::offsets_from_positions::offsets_index_padded_row),
        named<"restarts_where_not_consecutive">(
            mutants::offsets_from_positions::restarts_where_not_consecutive),
        named<"no_total">(mutants::offsets_from_positions::no_total),
        named<"total_one_short">(mutants::offsets_from_positions::total_one_short),
        named<"drops_last_sequence">(mutants::offsets_from_positions::drops_last_sequence),
        named<"empty_writes_nothing">(mutants::offsets_from_positions::empty_writes_nothing),
        named<"offsets_in_uint8">(mutants::offsets_from_positions::offsets_in_uint8),
        named<"restarts_where_positions_fall">(
            mutants::offsets_from_positions::restarts_where_positions_fall),
        named<"padding_is_minus_one_only">(mutants::offsets_from_positions::padding_is_minus_one_only),
        named<"padding_ends_a_sequence">(mutants::offsets_from_positions::padding_ends_a_sequence),
        named<"position_zero_in_16_bits">(mutants::offsets_from_positions::position_zero_in_16_bits),
        named<"flattens_components">(mutants::offsets_from_positions::flattens_components),
        named<"reads_token_major">(mutants::offsets_from_positions::reads_token_major),
        named<"offsets_count_values">(mutants::offsets_from_positions::offsets_count_values)),
    check_suite<"max_sequence_length_from_positions", "fuzz_offsets_from_positions">(
        suites::max_sequence_length_from_positions, kvc::max_sequence_length_from_positions,
        named<"max_position_plus_one">(mutants::offsets_from_positions::max_position_plus_one),
        named<"length_without_leading_zero">(
            mutants::offsets_from_positions::length_without_leading_zero),
        named<"length_with_padding_as_zero">(
            mutants::offsets_from_positions::length_with_padding_as_zero),
        named<"length_counts_padding">(mutants::offsets_from_positions::length_counts_padding),
        named<"length_drops_last_sequence">(
            mutants::offsets_from_positions::length_drops_last_sequence),
        named<"length_one_short">(mutants::offsets_from_positions::length_one_short),
        named<"length_in_uint8">(mutants::offsets_from_positions::length_in_uint8),
        named<"length_flattens_components">(
            mutants::offsets_from_positions::length_flattens_components),
        named<"length_reads_token_major">(mutants::offsets_from_positions::length_reads_token_major),
        named<"length_counts_values">(mutants::offsets_from_positions::length_counts_values)));

}  // namespace kvc::verification
