// kvc/descriptors/batch_admission.hpp - the descriptor of batch admission: which suites kvc's
// reference must pass, and which known-bad implementations (kvc/contracts/batch_admission.hpp) each
// suite must reject.
//
// A descriptor is a constant, evaluated where it is defined, so it is costly to include: only kvc's
// own proofs and the tools that loop over every contract (kvc-report, the fuzz seeds, the Python
// package) need it, through kvc/verification/contracts.hpp. kvc/conformance.hpp does not include
// it.
#pragma once

#include <kvc/contracts/batch_admission.hpp>
#include <kvc/descriptors/append_admission.hpp>
#include <kvc/verification/descriptor.hpp>

namespace kvc::verification {

/// Batch admission: small requests, and requests at the integer extremes (the sum must be exact).
inline constexpr auto batch_admission_contract = describe_contract<"batch_admission">(
    check_suite<"batch_admission", "fuzz_batch_admission">(
        suites::batch_admission, kvc::admitted_batch,
        named<"greedy_partial">(mutants::batch_admission::greedy_partial),
        named<"checks_sum_only">(mutants::batch_admission::checks_sum_only),
        named<"checks_each_alone">(mutants::batch_admission::checks_each_alone),
        named<"trusts_used">(mutants::batch_admission::trusts_used),
        named<"refuses_zero_requests">(mutants::batch_admission::refuses_zero_requests)),
    check_suite<"batch_admission_extremes", "fuzz_batch_admission">(
        suites::batch_admission_extremes, kvc::admitted_batch,
        named<"wrapping_sum">(mutants::batch_admission::wrapping_sum),
        named<"compares_raw">(mutants::batch_admission::compares_raw),
        named<"narrows_to_uint32">(mutants::batch_admission::narrows_to_uint32)));

}  // namespace kvc::verification
