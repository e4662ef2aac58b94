// kvc/descriptors/append_admission.hpp - the descriptor of append admission: which suites kvc's
// reference must pass, and which known-bad implementations (kvc/contracts/append_admission.hpp)
// each suite must reject.
//
// A descriptor is a constant, evaluated where it is defined, so it is costly to include: only kvc's
// own proofs and the tools that loop over every contract (kvc-report, the fuzz seeds, the Python
// package) need it, through kvc/verification/contracts.hpp. kvc/conformance.hpp does not include
// it.
#pragma once

#include <kvc/contracts/append_admission.hpp>
#include <kvc/verification/descriptor.hpp>

namespace kvc::verification {

/// Append admission: the record's suite (with its two published implementations) and the integer
/// extremes, which alone reject the implementations that wrap or narrow.
inline constexpr auto append_admission_contract = describe_contract<"append_admission">(
    with_record(
        check_suite<"append_admission", "fuzz_append_admission">(
            suites::append_admission, kvc::admitted_append,
            named<"strict_fit">(mutants::append_admission::strict_fit),
            named<"admits_negative">(mutants::append_admission::admits_negative),
            named<"returns_free_slots">(mutants::append_admission::returns_free_slots),
            named<"returns_flag">(mutants::append_admission::returns_flag),
            named<"trusts_negative_used">(mutants::append_admission::trusts_negative_used),
            named<"clamps_negative_used">(mutants::append_admission::clamps_negative_used),
            named<"ring_keeps_a_slot_free">(mutants::append_admission::ring_keeps_a_slot_free)),
        // The record's table: fits exactly, one free short, partial would fit, empty append,
        // empty cache, full cache, negative request.
        record(suites::seed_append_admission<1>,
               published<"seed_failure">(mutants::append_admission::seed_failure,
                                         std::array{true, false, false, true, true, true, false}),
               published<"seed_unsuccessful_fix">(
                   mutants::append_admission::seed_unsuccessful_fix,
                   std::array{true, false, false, true, true, false, false}))),
    check_suite<"append_admission_extremes", "fuzz_append_admission">(
        suites::append_admission_extremes, kvc::admitted_append,
        named<"wrapping_sum">(mutants::append_admission::wrapping_sum),
        named<"narrows_to_signed">(mutants::append_admission::narrows_to_signed),
        named<"compares_raw">(mutants::append_admission::compares_raw),
        named<"narrows_to_uint32">(mutants::append_admission::narrows_to_uint32),
        named<"wraps_to_negative_sum">(mutants::append_admission::wraps_to_negative_sum),
        named<"compares_in_double">(mutants::append_admission::compares_in_double),
        named<"unsigned_sum_unchecked_used">(mutants::append_admission::unsigned_sum_unchecked_used)));

}  // namespace kvc::verification
