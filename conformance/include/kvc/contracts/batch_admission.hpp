// kvc/contracts/batch_admission.hpp - the verification of all-or-nothing batch admission: known-bad
// implementations and the contract's descriptor.
//
// The known-bad implementations are plausible ways to get the contract wrong; the descriptor at
// the end ties them to the suites that must reject them (kvc/verification/descriptor.hpp).
#pragma once

#include <cstdint>
#include <utility>

#include <kvc/contracts/append_admission.hpp>

#include <kvc/batch_admission.hpp>
#include <kvc/verification/descriptor.hpp>
#include <kvc/suites/batch_admission.hpp>
#include <kvc/suites/batch_admission_extremes.hpp>

namespace kvc::mutants::batch_admission {

namespace detail {
using kvc::mutants::append_admission::detail::wide;
}  // namespace detail

/// Admits requests one by one while they fit and returns what it admitted: a partial batch.
inline constexpr auto greedy_partial = [](auto capacity, auto used, const auto& requests) {
  auto free_slots = detail::wide(capacity) - detail::wide(used);
  std::intmax_t admitted = 0;
  for (const auto request : requests) {
    if (request < 0 || detail::wide(request) > free_slots) break;
    free_slots -= request;
    admitted += request;
  }
  return admitted;
};

/// Sums first, then checks the sum: a negative request makes room for the others.
inline constexpr auto checks_sum_only = [](auto capacity, auto used, const auto& requests) {
  std::intmax_t total = 0;
  for (const auto request : requests) total += request;
  const auto free_slots = detail::wide(capacity) - detail::wide(used);
  return used >= 0 && total >= 0 && total <= free_slots ? total : std::intmax_t{0};
};

/// Checks every request against the free slots alone, not their sum.
inline constexpr auto checks_each_alone = [](auto capacity, auto used, const auto& requests) {
  std::intmax_t total = 0;
  const auto free_slots = detail::wide(capacity) - detail::wide(used);
  for (const auto request : requests) {
    if (request < 0 || detail::wide(request) > free_slots) return std::intmax_t{0};
    total += request;
  }
  return used >= 0 ? total : std::intmax_t{0};
};

/// Never checks the state: a negative `used` counts as free slots.
inline constexpr auto trusts_used = [](auto capacity, auto used, const auto& requests) {
  std::intmax_t total = 0;
  for (const auto request : requests) {
    if (request < 0) return std::intmax_t{0};
    total += request;
  }
  return total <= detail::wide(capacity) - detail::wide(used) ? total : std::intmax_t{0};
};

/// Sums in unsigned arithmetic, which wraps.
inline constexpr auto wrapping_sum = [](auto capacity, auto used, const auto& requests) {
  if (std::cmp_less(used, 0) || std::cmp_greater(used, capacity)) return std::uintmax_t{0};
  std::uintmax_t total = 0;
  for (const auto request : requests) {
    if (std::cmp_less(request, 0)) return std::uintmax_t{0};
    total += static_cast<std::uintmax_t>(request);
  }
  const auto free_slots = static_cast<std::uintmax_t>(capacity) - static_cast<std::uintmax_t>(used);
  return total <= free_slots ? total : std::uintmax_t{0};
};

}  // namespace kvc::mutants::batch_admission

namespace kvc::verification {

/// Batch admission: small requests, and requests at the integer extremes (the sum must be exact).
inline constexpr auto batch_admission_contract = describe_contract<"batch_admission">(
    check_suite<"batch_admission", "fuzz_batch_admission">(
        suites::batch_admission, kvc::admitted_batch,
        named<"greedy_partial">(mutants::batch_admission::greedy_partial),
        named<"checks_sum_only">(mutants::batch_admission::checks_sum_only),
        named<"checks_each_alone">(mutants::batch_admission::checks_each_alone),
        named<"trusts_used">(mutants::batch_admission::trusts_used)),
    check_suite<"batch_admission_extremes", "fuzz_batch_admission">(
        suites::batch_admission_extremes, kvc::admitted_batch,
        named<"wrapping_sum">(mutants::batch_admission::wrapping_sum)));

}  // namespace kvc::verification
