// tests/mutants/batch_admission.hpp - known-bad implementations of all-or-nothing batch admission:
// plausible ways to get the contract wrong, each with the mistake it makes.
// static_checks/batch_admission_suites.cpp proves every one rejected by the fixtures of the suite
// it belongs to, and tests/batch_admission_conformance.cpp by kvc::check and by kvc::explore.
// Test material: not installed.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include <kvc/detail/ranges.hpp>

#include "append_admission.hpp"

namespace kvc::mutants::batch_admission {

namespace detail {
using kvc::mutants::append_admission::detail::wide;
}  // namespace detail

// --- The suite kvc::suites::batch_admission ------------------------------------------------------

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

/// Treats a zero-size request as invalid (`<= 0` where `< 0` is meant) and refuses the whole step,
/// though a sequence with no new tokens this step is an ordinary member of it.
inline constexpr auto refuses_zero_requests = [](auto capacity, auto used, const auto& requests) {
  std::intmax_t total = 0;
  for (const auto request : requests) {
    if (detail::wide(request) <= 0) return std::intmax_t{0};
    total += detail::wide(request);
  }
  const auto u = detail::wide(used);
  return u >= 0 && total <= detail::wide(capacity) - u ? total : std::intmax_t{0};
};

// --- The suite kvc::suites::batch_admission_extremes ---------------------------------------------

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

// The next mutant is written as engines write it, with no cast: their builds do not enable
// -Wsign-compare or -Wsign-conversion, so neither may stop it compiling here.
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wtype-limits"
#endif

/// The batch form of the README's my_engine::admit as it first was: raw `<`, `>` and `-` in the
/// arguments' own types, so an int capacity of -1 with unsigned used leaves 4294967295 free slots.
/// (Each request is checked against what is left, so the sum is exact; unsigned wrap only.)
inline constexpr auto compares_raw = [](auto capacity, auto used, const auto& requests) {
  using result = std::common_type_t<decltype(capacity), std::ranges::range_value_t<decltype(requests)>>;
  if (used < 0 || used > capacity) return result{0};
  auto free_slots = capacity - used;
  result total = 0;
  for (const auto request : requests) {
    if (request < 0 || request > free_slots) return result{0};
    free_slots -= request;
    total += request;
  }
  return total;
};

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

/// Keeps the used count in a `std::uint32_t` (a 32-bit per-sequence token counter), after checking
/// signs by value: 2^32 used slots read as 0.
inline constexpr auto narrows_to_uint32 = [](auto capacity, auto used, const auto& requests) {
  if (std::cmp_less(used, 0)) return std::uintmax_t{0};
  const std::uint32_t used_slots = static_cast<std::uint32_t>(used);
  if (std::cmp_greater(used_slots, capacity)) return std::uintmax_t{0};
  std::uintmax_t free_slots = static_cast<std::uintmax_t>(capacity) - used_slots;
  std::uintmax_t total = 0;
  for (const auto request : requests) {
    if (std::cmp_less(request, 0) || std::cmp_greater(request, free_slots)) return std::uintmax_t{0};
    free_slots -= static_cast<std::uintmax_t>(request);
    total += static_cast<std::uintmax_t>(request);
  }
  return total;
};

}  // namespace kvc::mutants::batch_admission
