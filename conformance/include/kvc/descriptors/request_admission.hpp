// kvc/descriptors/request_admission.hpp - the descriptor of request admission: which suites kvc's
// reference must pass, and which known-bad implementations (kvc/contracts/request_admission.hpp)
// each suite must reject.
//
// A descriptor is a constant, evaluated where it is defined, so it is costly to include: only kvc's
// own proofs and the tools that loop over every contract (kvc-report, the fuzz seeds, the Python
// package) need it, through kvc/verification/contracts.hpp. kvc/conformance.hpp does not include
// it.
#pragma once

#include <kvc/contracts/request_admission.hpp>
#include <kvc/descriptors/append_admission.hpp>
#include <kvc/verification/descriptor.hpp>

namespace kvc::verification {

/// Request admission: the in-order rule on small queues, and the running sum, mixed types and the
/// count at the extremes.
inline constexpr auto request_admission_contract = describe_contract<"request_admission">(
    check_suite<"request_admission", "fuzz_request_admission">(
        suites::request_admission, kvc::admitted_requests,
        named<"skips_non_fitting">(mutants::request_admission::skips_non_fitting),
        named<"refuses_zero_size">(mutants::request_admission::refuses_zero_size),
        named<"negative_as_zero">(mutants::request_admission::negative_as_zero),
        named<"returns_slot_total">(mutants::request_admission::returns_slot_total),
        named<"admits_partial">(mutants::request_admission::admits_partial),
        named<"trusts_state">(mutants::request_admission::trusts_state),
        named<"strict_fit">(mutants::request_admission::strict_fit)),
    check_suite<"request_admission_extremes", "fuzz_request_admission">(
        suites::request_admission_extremes, kvc::admitted_requests,
        named<"wrapping_sum">(mutants::request_admission::wrapping_sum),
        named<"narrows_to_int">(mutants::request_admission::narrows_to_int),
        named<"compares_raw">(mutants::request_admission::compares_raw),
        named<"narrow_count">(mutants::request_admission::narrow_count)));

}  // namespace kvc::verification
