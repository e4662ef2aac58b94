// tests/mutants/request_admission.hpp - known-bad implementations of in-order request admission:
// plausible ways to get the contract wrong, each with the mistake it makes.
// static_checks/request_admission_suites.cpp proves every one rejected by the fixtures of the suite
// it belongs to, and tests/request_admission_conformance.cpp by kvc::check and by kvc::explore.
// Test material: not installed.
//
// The mutants compute in `std::intmax_t` (or, where the bug is wrap-around or raw mixed-type
// arithmetic, in an unsigned type) so that they are wrong by design rather than by undefined
// behaviour. Each returns how many requests it admitted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <kvc/detail/ranges.hpp>

#include "append_admission.hpp"

namespace kvc::mutants::request_admission {

namespace detail {
using kvc::mutants::append_admission::detail::wide;

/// What a mutant does with one request, given its slots and the free slots left.
enum class verdict { admit, pass_over, stop, count_and_stop };

/// A request's slots as the correct rule reads them: its value, in `std::intmax_t`.
struct slots_by_value {
  constexpr std::intmax_t operator()(auto request) const noexcept { return wide(request); }
};

/// The in-order loop of the mutants that check the state right: nothing is admitted unless
/// `0 <= used <= capacity`; then each request in turn gets `decide(request, slots(request),
/// free_slots)`: an admitted one is counted and its slots taken from the free slots, one passed
/// over is not counted, `stop` ends the loop and `count_and_stop` counts the request and ends it.
/// Returns the count.
template <class C, class U, class R, class Decide, class Slots = slots_by_value>
constexpr std::size_t admit_in_order(C capacity, U used, const R& requests, Decide decide,
                                     Slots slots = {}) {
  std::size_t admitted = 0;
  if (wide(used) < 0 || wide(used) > wide(capacity)) return admitted;
  auto free_slots = wide(capacity) - wide(used);
  for (const auto request : requests) {
    const std::intmax_t r = slots(request);
    const verdict v = decide(request, r, free_slots);
    if (v == verdict::pass_over) continue;
    if (v == verdict::stop) break;
    ++admitted;
    if (v == verdict::count_and_stop) break;
    free_slots -= r;
  }
  return admitted;
}

/// `admit_in_order` with a rule that admits each request for which `fits(request, r,
/// free_slots)` holds and stops at the first for which it does not.
template <class C, class U, class R, class Fits, class Slots = slots_by_value>
constexpr std::size_t admit_while(C capacity, U used, const R& requests, Fits fits,
                                  Slots slots = {}) {
  return admit_in_order(
      capacity, used, requests,
      [fits](auto request, std::intmax_t r, std::intmax_t free_slots) {
        return fits(request, r, free_slots) ? verdict::admit : verdict::stop;
      },
      slots);
}

/// The in-order loop in unsigned arithmetic, with no check of the state: counts, in a `Count`, the
/// requests admitted while each is non-negative and fits in `free_slots` less those before it.
template <class Count, class R>
constexpr Count count_unsigned(std::uintmax_t free_slots, const R& requests) {
  Count admitted = 0;
  std::uintmax_t total = 0;
  for (const auto request : requests) {
    if (std::cmp_less(request, 0) || std::cmp_greater(request, free_slots - total)) break;
    total += static_cast<std::uintmax_t>(request);
    ++admitted;
  }
  return admitted;
}
}  // namespace detail

// --- The suite kvc::suites::request_admission ----------------------------------------------------

/// Skip-ahead scheduling: passes over a request that does not fit and keeps admitting later ones.
inline constexpr auto skips_non_fitting = [](auto capacity, auto used, const auto& requests) {
  return detail::admit_in_order(capacity, used, requests,
                                [](auto request, std::intmax_t r, std::intmax_t free_slots) {
                                  return std::cmp_less(request, 0) || r > free_slots
                                             ? detail::verdict::pass_over
                                             : detail::verdict::admit;
                                });
};

/// Treats a request of 0 slots as the end of the queue.
inline constexpr auto refuses_zero_size = [](auto capacity, auto used, const auto& requests) {
  return detail::admit_while(capacity, used, requests,
                             [](auto request, std::intmax_t r, std::intmax_t free_slots) {
                               return std::cmp_greater(request, 0) && r <= free_slots;
                             });
};

/// Clamps a negative request to 0, admits it and goes on.
inline constexpr auto negative_as_zero = [](auto capacity, auto used, const auto& requests) {
  return detail::admit_while(
      capacity, used, requests,
      [](auto, std::intmax_t r, std::intmax_t free_slots) { return r <= free_slots; },
      [](auto request) {
        return std::cmp_less(request, 0) ? std::intmax_t{0} : detail::wide(request);
      });
};

/// Returns the slots it admitted instead of how many requests.
inline constexpr auto returns_slot_total = [](auto capacity, auto used, const auto& requests) {
  std::intmax_t total = 0;
  if (detail::wide(used) < 0 || detail::wide(used) > detail::wide(capacity)) return total;
  const auto free_slots = detail::wide(capacity) - detail::wide(used);
  for (const auto request : requests) {
    if (std::cmp_less(request, 0) || detail::wide(request) > free_slots - total) break;
    total += detail::wide(request);
  }
  return total;
};

/// Grants the first request that does not fit whatever slots are left, and counts it.
inline constexpr auto admits_partial = [](auto capacity, auto used, const auto& requests) {
  return detail::admit_in_order(capacity, used, requests,
                                [](auto request, std::intmax_t r, std::intmax_t free_slots) {
                                  if (std::cmp_less(request, 0)) return detail::verdict::stop;
                                  if (r > free_slots)  // counts the part that fits
                                    return free_slots > 0 ? detail::verdict::count_and_stop
                                                          : detail::verdict::stop;
                                  return detail::verdict::admit;
                                });
};

/// Trusts the state: no check that `0 <= used <= capacity`, so `capacity - used` wraps to a huge
/// number of free slots when `used` is above `capacity` or negative.
inline constexpr auto trusts_state = [](auto capacity, auto used, const auto& requests) {
  return detail::count_unsigned<std::size_t>(
      static_cast<std::uintmax_t>(capacity) - static_cast<std::uintmax_t>(used), requests);
};

/// Demands a slot to spare: `<` where `<=` is meant.
inline constexpr auto strict_fit = [](auto capacity, auto used, const auto& requests) {
  return detail::admit_while(capacity, used, requests,
                             [](auto request, std::intmax_t r, std::intmax_t free_slots) {
                               return std::cmp_greater_equal(request, 0) && r < free_slots;
                             });
};

// --- The suite kvc::suites::request_admission_extremes -------------------------------------------

/// Checks `used + total + request <= capacity` in unsigned arithmetic, which wraps.
inline constexpr auto wrapping_sum = [](auto capacity, auto used, const auto& requests) {
  std::size_t admitted = 0;
  if (std::cmp_less(used, 0) || std::cmp_greater(used, capacity)) return admitted;
  std::uintmax_t total = static_cast<std::uintmax_t>(used);
  for (const auto request : requests) {
    if (std::cmp_less(request, 0)) break;
    const std::uintmax_t next = total + static_cast<std::uintmax_t>(request);
    if (next > static_cast<std::uintmax_t>(capacity)) break;
    total = next;
    ++admitted;
  }
  return admitted;
};

/// Narrows capacity, used and every request to `int` first: a `std::uint64_t` above `INT_MAX`
/// changes value (and may turn negative).
inline constexpr auto narrows_to_int = [](auto capacity, auto used, const auto& requests) {
  std::size_t admitted = 0;
  const std::intmax_t c = static_cast<int>(capacity);
  const std::intmax_t u = static_cast<int>(used);
  if (u < 0 || u > c) return admitted;
  auto free_slots = c - u;
  for (const auto request : requests) {
    const std::intmax_t r = static_cast<int>(request);
    if (r < 0 || r > free_slots) break;
    free_slots -= r;
    ++admitted;
  }
  return admitted;
};

/// Compares in the arguments' own common type, as `request <= capacity - used` would: a negative
/// request beside an unsigned capacity reads as a huge one, and fits a huge capacity.
inline constexpr auto compares_raw = [](auto capacity, auto used, const auto& requests) {
  using request_t = std::ranges::range_value_t<std::remove_cvref_t<decltype(requests)>>;
  using common = std::common_type_t<decltype(capacity), decltype(used), request_t>;
  std::size_t admitted = 0;
  const auto c = static_cast<common>(capacity);
  const auto u = static_cast<common>(used);
  constexpr auto negative = [](common value) {
    if constexpr (std::is_signed_v<common>) return value < 0;
    return false;
  };
  if (negative(u) || u > c) return admitted;
  auto free_slots = static_cast<common>(c - u);
  for (const auto request : requests) {
    const auto r = static_cast<common>(request);
    if (negative(r) || r > free_slots) break;
    free_slots = static_cast<common>(free_slots - r);
    ++admitted;
  }
  return admitted;
};

/// Counts the admitted requests in a `std::uint8_t`, which wraps after 255.
inline constexpr auto narrow_count = [](auto capacity, auto used, const auto& requests) {
  if (std::cmp_less(used, 0) || std::cmp_greater(used, capacity)) return std::uint8_t{0};
  return detail::count_unsigned<std::uint8_t>(
      static_cast<std::uintmax_t>(capacity) - static_cast<std::uintmax_t>(used), requests);
};

}  // namespace kvc::mutants::request_admission
