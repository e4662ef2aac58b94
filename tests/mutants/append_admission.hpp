// tests/mutants/append_admission.hpp - known-bad implementations of append admission (FA-98626):
// the record's two published implementations and plausible ways to get the contract wrong, each
// with the mistake it makes. static_checks/append_admission_suites.cpp proves every one rejected
// by the fixtures of the suite it belongs to, and tests/append_admission_conformance.cpp by
// kvc::check and by kvc::explore. Test material: not installed.
//
// The mutants compute in `std::intmax_t` (or, where the bug is wrap-around, in `std::uintmax_t`) so
// that they are wrong by design rather than by undefined behaviour.
#pragma once

#include <cstdint>
#include <utility>

namespace kvc::mutants::append_admission {

namespace detail {
constexpr std::intmax_t wide(auto value) noexcept { return static_cast<std::intmax_t>(value); }
}  // namespace detail

// --- The suite kvc::suites::append_admission ----------------------------------------------------

/// The record's failure: admits as many tokens as are free, one by one.
inline constexpr auto seed_failure = [](auto capacity, auto used, auto requested) {
  const auto free_slots = detail::wide(capacity) - detail::wide(used);
  return detail::wide(requested) < free_slots ? detail::wide(requested) : free_slots;
};

/// The record's unsuccessful fix: compares the request with the total capacity.
inline constexpr auto seed_unsuccessful_fix = [](auto capacity, auto, auto requested) {
  return detail::wide(requested) <= detail::wide(capacity) ? detail::wide(requested)
                                                           : std::intmax_t{0};
};

/// Demands a slot to spare: `<` where `<=` is meant.
inline constexpr auto strict_fit = [](auto capacity, auto used, auto requested) {
  const auto r = detail::wide(requested);
  return r >= 0 && r < detail::wide(capacity) - detail::wide(used) ? r : std::intmax_t{0};
};

/// Forgets that a request can be negative.
inline constexpr auto admits_negative = [](auto capacity, auto used, auto requested) {
  const auto r = detail::wide(requested);
  return r <= detail::wide(capacity) - detail::wide(used) ? r : std::intmax_t{0};
};

/// Returns how many slots are free instead of how many were requested.
inline constexpr auto returns_free_slots = [](auto capacity, auto used, auto requested) {
  const auto r = detail::wide(requested);
  const auto free_slots = detail::wide(capacity) - detail::wide(used);
  return r >= 0 && r <= free_slots ? free_slots : std::intmax_t{0};
};

/// Returns 1 ("admitted") instead of the count.
inline constexpr auto returns_flag = [](auto capacity, auto used, auto requested) {
  const auto r = detail::wide(requested);
  return r >= 0 && r <= detail::wide(capacity) - detail::wide(used) ? std::intmax_t{1}
                                                                    : std::intmax_t{0};
};

/// Trusts the state: never checks that `used` is non-negative.
inline constexpr auto trusts_negative_used = [](auto capacity, auto used, auto requested) {
  const auto r = detail::wide(requested);
  const auto c = detail::wide(capacity);
  return r >= 0 && c >= 0 && r <= c - detail::wide(used) ? r : std::intmax_t{0};
};

/// Clamps a negative `used` to 0 instead of refusing the inconsistent state.
inline constexpr auto clamps_negative_used = [](auto capacity, auto used, auto requested) {
  const auto r = detail::wide(requested);
  const auto u = detail::wide(used) < 0 ? std::intmax_t{0} : detail::wide(used);
  return r >= 0 && r <= detail::wide(capacity) - u ? r : std::intmax_t{0};
};

/// A ring buffer of a power-of-two size (1,024 or more) that keeps one slot free to tell full from
/// empty: a capacity of 1,024 holds 1,023.
inline constexpr auto ring_keeps_a_slot_free = [](auto capacity, auto used, auto requested) {
  const auto c = detail::wide(capacity);
  const bool ring = c >= 1024 && (c & (c - 1)) == 0;
  const auto usable = ring ? c - 1 : c;
  const auto r = detail::wide(requested);
  const auto u = detail::wide(used);
  return r >= 0 && u >= 0 && u <= usable && r <= usable - u ? r : std::intmax_t{0};
};

// --- The suite kvc::suites::append_admission_extremes --------------------------------------------

/// Compares `used + requested <= capacity` in unsigned arithmetic, which wraps.
inline constexpr auto wrapping_sum = [](auto capacity, auto used, auto requested) {
  if (std::cmp_less(requested, 0) || std::cmp_less(used, 0)) return std::uintmax_t{0};
  const auto sum = static_cast<std::uintmax_t>(used) + static_cast<std::uintmax_t>(requested);
  return sum <= static_cast<std::uintmax_t>(capacity) ? static_cast<std::uintmax_t>(requested)
                                                      : std::uintmax_t{0};
};

/// Narrows everything to `std::intmax_t` first, so a `std::size_t` above its range turns negative.
inline constexpr auto narrows_to_signed = [](auto capacity, auto used, auto requested) {
  const auto r = detail::wide(requested);
  const auto c = detail::wide(capacity);
  const auto u = detail::wide(used);
  return r >= 0 && u >= 0 && u <= c && r <= c - u ? r : std::intmax_t{0};
};

// The next mutant is written as engines write it, with no cast: their builds do not enable
// -Wsign-compare or -Wsign-conversion, so neither may stop it compiling here.
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#pragma GCC diagnostic ignored "-Wtype-limits"
#endif

/// Compares raw with `<`, `<=` and `-` in the arguments' own types (the README's my_engine::admit
/// as it first was): with an int capacity of -1 and unsigned used, capacity - used wraps to
/// 4294967295 free slots. (Unsigned wrap only: a signed subtraction is reached with 0 <= used <=
/// capacity.)
inline constexpr auto compares_raw = [](auto capacity, auto used, auto requested) {
  if (requested < 0 || used < 0 || used > capacity) return decltype(requested){0};
  return requested <= capacity - used ? requested : decltype(requested){0};
};

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

/// Keeps the used count in a `std::uint32_t` (a 32-bit per-sequence token counter), after checking
/// signs by value: 2^32 used slots read as 0.
inline constexpr auto narrows_to_uint32 = [](auto capacity, auto used, auto requested) {
  if (std::cmp_less(requested, 0) || std::cmp_less(used, 0)) return decltype(requested){0};
  const std::uint32_t used_slots = static_cast<std::uint32_t>(used);
  return std::cmp_less_equal(used_slots, capacity) &&
                 std::cmp_less_equal(requested, static_cast<std::uintmax_t>(capacity) - used_slots)
             ? requested
             : decltype(requested){0};
};

/// Adds used and requested in `std::uint64_t` and reads the sum back as `std::int64_t` (a checked
/// sign, an unchecked sum): INT64_MAX + 1 wraps negative and "fits".
inline constexpr auto wraps_to_negative_sum = [](auto capacity, auto used, auto requested) {
  if (std::cmp_less(requested, 0) || std::cmp_less(used, 0)) return std::intmax_t{0};
  const auto sum = static_cast<std::intmax_t>(static_cast<std::uint64_t>(used) +
                                              static_cast<std::uint64_t>(requested));
  return std::cmp_less_equal(sum, capacity) ? static_cast<std::intmax_t>(requested)
                                            : std::intmax_t{0};
};

/// Checks the request's and the capacity's signs but not the used count's, then adds in
/// `std::uint64_t` with a wrap check: a used count of -2 reads as 2^64 - 2, and one more slot
/// "fits" a capacity of 2^64 - 1.
inline constexpr auto unsigned_sum_unchecked_used = [](auto capacity, auto used, auto requested) {
  if (std::cmp_less(requested, 0) || std::cmp_less(capacity, 0)) return decltype(requested){0};
  const auto u = static_cast<std::uint64_t>(used);
  const auto r = static_cast<std::uint64_t>(requested);
  const std::uint64_t sum = u + r;
  return sum >= r && sum <= static_cast<std::uint64_t>(capacity) ? requested
                                                                 : decltype(requested){0};
};

/// Compares in `double` after checking signs by value: past 2^53 one slot rounds away.
inline constexpr auto compares_in_double = [](auto capacity, auto used, auto requested) {
  if (std::cmp_less(requested, 0) || std::cmp_less(used, 0) || std::cmp_greater(used, capacity))
    return decltype(requested){0};
  return static_cast<double>(used) + static_cast<double>(requested) <= static_cast<double>(capacity)
             ? requested
             : decltype(requested){0};
};

}  // namespace kvc::mutants::append_admission
