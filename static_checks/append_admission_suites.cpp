// Static checks of the append-admission suites (FA-98626): kvc's contract passes every suite; the
// record's published outcome rows reproduce; every known-bad implementation of
// tests/mutants/append_admission.hpp is rejected by the suite it belongs to, and the fixtures that
// do it are named; a scheduler whose state is always consistent passes under its profile; and the
// contract's own guarantees at the extremes. Compiled, never run.
#include <kvc/append_admission.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/specs/append_admission.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "mutants/append_admission.hpp"

namespace {

namespace bad = kvc::mutants::append_admission;
namespace suites = kvc::suites;

template <class T>
using lim = std::numeric_limits<T>;

// --- kvc's contract passes every suite -------------------------------------------------------------
// The record's fixtures for N = 0..8 and large N.

template <int... N>
constexpr bool seed_family_holds =
    (kvc::verify(suites::seed_append_admission<N>, kvc::admitted_append) && ...);
static_assert(seed_family_holds<0, 1, 2, 3, 4, 5, 6, 7, 8>);
static_assert(seed_family_holds<64, 1000>);
static_assert(kvc::verify(suites::append_admission, kvc::admitted_append));
static_assert(kvc::verify(suites::extra_append_admission, kvc::admitted_append));
static_assert(kvc::verify(suites::append_admission_extremes, kvc::admitted_append));

// --- The record: its two published implementations and their outcome rows --------------------------
// Fits exactly, one free short, partial would fit, empty append, empty cache, full cache, negative
// request.

static_assert(kvc::outcomes(suites::seed_append_admission<1>, bad::seed_failure) ==
              std::array{true, false, false, true, true, true, false});
static_assert(kvc::outcomes(suites::seed_append_admission<1>, bad::seed_unsuccessful_fix) ==
              std::array{true, false, false, true, true, false, false});
static_assert(!kvc::conforms(suites::append_admission, bad::seed_failure));
static_assert(!kvc::conforms(suites::append_admission, bad::seed_unsuccessful_fix));

// --- Every known-bad implementation rejected by its suite ------------------------------------------

static_assert(!kvc::conforms(suites::append_admission, bad::strict_fit));
static_assert(!kvc::conforms(suites::append_admission, bad::admits_negative));
static_assert(!kvc::conforms(suites::append_admission, bad::returns_free_slots));
static_assert(!kvc::conforms(suites::append_admission, bad::returns_flag));
static_assert(!kvc::conforms(suites::append_admission, bad::trusts_negative_used));
static_assert(!kvc::conforms(suites::append_admission, bad::clamps_negative_used));
static_assert(!kvc::conforms(suites::append_admission, bad::ring_keeps_a_slot_free));

static_assert(!kvc::conforms(suites::append_admission_extremes, bad::wrapping_sum));
static_assert(!kvc::conforms(suites::append_admission_extremes, bad::narrows_to_signed));
static_assert(!kvc::conforms(suites::append_admission_extremes, bad::compares_raw));
static_assert(!kvc::conforms(suites::append_admission_extremes, bad::narrows_to_uint32));
static_assert(!kvc::conforms(suites::append_admission_extremes, bad::wraps_to_negative_sum));
static_assert(!kvc::conforms(suites::append_admission_extremes, bad::compares_in_double));
static_assert(!kvc::conforms(suites::append_admission_extremes, bad::unsigned_sum_unchecked_used));

// --- What each suite misses, and which fixtures reject what it misses -------------------------------

// Wrong only at the extremes: the small-int suite cannot see them, the extremes suite does.
static_assert(kvc::conforms(suites::append_admission, bad::wrapping_sum));
static_assert(kvc::conforms(suites::append_admission, bad::narrows_to_signed));

// The extremes suite's tables, in order (one per type signature of capacity, used and request):
// size_t size_t int64 (1), size_t x3 (2), int64 int64 uint64 (1), int64 x3 (6), int8 int8 uint64
// (1), uint8 x3 (1), uint8 int8 uint8 (1), int64 uint64 int64 (2), int unsigned int (1), int
// unsigned unsigned (1), unsigned int int (2), unsigned int unsigned (1), unsigned unsigned int (1),
// int int unsigned (2), uint64 x3 (4), uint64 int64 uint64 (1).
static_assert(kvc::conforms(suites::append_admission, bad::compares_raw));
static_assert(kvc::outcomes(suites::append_admission_extremes, bad::compares_raw) ==
              std::array{true,                                // size_t capacity, int64 request
                         true, true,                          // size_t x3
                         true,                                // int64 int64 uint64
                         true, true, true, true, true, true,  // int64 x3
                         true, true, true,                    // int8 and uint8 capacities
                         true, false,   // int64 capacity -1 with uint64 used
                         false, false,  // int capacity -1 with unsigned used (and request)
                         true, true, true, true, true, true,  // the other mixed signedness
                         true, true, true, true,              // past 32 bits
                         true});                              // used -2, uint64 capacity
static_assert(kvc::conforms(suites::append_admission, bad::narrows_to_uint32));
static_assert(kvc::outcomes(suites::append_admission_extremes, bad::narrows_to_uint32) ==
              std::array{true, true, true, true,
                         true, true, false,  // int64 x3: used 2^62 reads as 0
                         true, true, true,   // int64 x3: 2^53 and near INT64_MAX
                         true, true, true,   // int8 and uint8 capacities
                         true, true,         // int64 capacity with uint64 used
                         true, true, true, true, true, true, true, true,  // mixed signedness
                         true, true,    // capacity past 32 bits; used 2^32 with one slot left
                         false, false,  // used 2^32: two requested, one slot left; above capacity
                         true});
// Wrong only where a 64-bit implementation is called with every argument (all int64, all
// non-negative): a sum wrapped back to int64, and a comparison in double.
static_assert(kvc::conforms(suites::append_admission, bad::wraps_to_negative_sum));
static_assert(kvc::conforms(suites::append_admission, bad::compares_in_double));
// Wrong only for a negative used count read in uint64 arithmetic below a full uint64 capacity.
static_assert(kvc::conforms(suites::append_admission, bad::unsigned_sum_unchecked_used));

// A ring that keeps a slot free is wrong only at a power-of-two capacity of 1,024 or more: the
// suite's last fixture.
constexpr std::size_t append_fixtures =
    std::remove_cvref_t<decltype(suites::append_admission)>::size;
static_assert(kvc::outcomes(suites::append_admission, bad::ring_keeps_a_slot_free) ==
              [] {
                std::array<bool, append_fixtures> passed{};
                passed.fill(true);
                passed[append_fixtures - 1] = false;
                return passed;
              }());

// The record's own fixtures miss these.
static_assert(kvc::conforms(suites::seed_append_admission<1>, bad::trusts_negative_used));
static_assert(kvc::conforms(suites::seed_append_admission<1>, bad::clamps_negative_used));

// --- A scheduler whose state is always consistent, under its profile -------------------------------
// It computes the free slots without checking the state first (unsigned arithmetic that would wrap
// on an inconsistent state): it fails the suite as it is, and passes once those fixtures are out
// of its domain.
constexpr auto consistent_state_admission = [](int capacity, int used, int requested) -> int {
  const auto free_slots = static_cast<unsigned>(capacity) - static_cast<unsigned>(used);
  return requested >= 0 && static_cast<unsigned>(requested) <= free_slots ? requested : 0;
};
static_assert(!kvc::conforms(suites::append_admission, consistent_state_admission));
static_assert(kvc::verify(kvc::restrict_to<kvc::profiles::consistent_scheduler>(suites::append_admission),
                          consistent_state_admission));

// --- A function object with members is verified as the object passed ------------------------------
// Its default-constructed state admits every append; the object passed is configured to admit
// atomically. verify (which checks a stateless implementation where its template is instantiated)
// must check this one as it is, not a default-constructed stand-in: tests/append_admission_conformance.cpp
// has the converse, a correct default and a wrong object, failed at run time.
struct configured_admission {
  bool atomic = false;
  constexpr int operator()(int capacity, int used, int requested) const {
    if (!atomic) return requested;
    if (capacity < 0 || used < 0 || used > capacity || requested < 0) return 0;
    return requested <= capacity - used ? requested : 0;
  }
};
inline constexpr configured_admission atomic_admission{.atomic = true};
static_assert(kvc::verify(suites::append_admission, atomic_admission));
static_assert(!kvc::conforms(suites::append_admission, configured_admission{}));

// --- The contract at the integer extremes: decided by value, never by wrapped arithmetic ------------

static_assert(kvc::admitted_append(lim<std::size_t>::max(), 0U, lim<std::int64_t>::min()) == 0);
static_assert(kvc::admitted_append(lim<std::size_t>::max(), std::size_t{0},
                                   lim<std::int64_t>::max()) == lim<std::int64_t>::max());
static_assert(kvc::admitted_append(lim<std::uint64_t>::max(), lim<std::uint64_t>::max() - 1,
                                   std::uint8_t{1}) == 1);
static_assert(kvc::admitted_append(lim<std::uint64_t>::max(), lim<std::uint64_t>::max() - 1,
                                   std::uint8_t{2}) == 0);
static_assert(kvc::admitted_append(lim<std::int64_t>::min(), lim<std::int64_t>::min(), 0) == 0);
static_assert(kvc::admitted_append(lim<std::int64_t>::max(), -1, 1) == 0);  // used < 0
static_assert(kvc::admitted_append(std::int8_t{-1}, std::uint64_t{0}, std::uint64_t{0}) == 0);
static_assert(kvc::admitted_append(std::int8_t{127}, std::int8_t{127}, std::int8_t{0}) == 0);
static_assert(kvc::admitted_append(std::int8_t{127}, std::int8_t{0}, std::int8_t{127}) == 127);
static_assert(kvc::admitted_append(std::uint8_t{255}, std::int64_t{0}, lim<std::uint64_t>::max()) == 0);
static_assert(kvc::admitted_append(lim<std::uint64_t>::max(), lim<std::int64_t>::max(),
                                   std::uint64_t{1} << 63U) == std::uint64_t{1} << 63U);

// Never partial: for any state, the result is the request or nothing.
constexpr bool never_partial() {
  for (int capacity = -4; capacity <= 12; ++capacity)
    for (int used = -4; used <= 12; ++used)
      for (int requested = -4; requested <= 12; ++requested) {
        const int admitted = kvc::admitted_append(capacity, used, requested);
        if (admitted != 0 && admitted != requested) return false;
        if (admitted < 0) return false;
      }
  return true;
}
static_assert(never_partial());

// The result has the request's type, whatever the other two are; non-integers are refused.
using admit_fn = decltype(kvc::admitted_append);
static_assert(std::same_as<std::invoke_result_t<admit_fn, std::size_t, int, std::int8_t>, std::int8_t>);
static_assert(std::same_as<std::invoke_result_t<admit_fn, std::int8_t, std::int8_t, std::uint64_t>,
                           std::uint64_t>);
static_assert(std::is_nothrow_invocable_v<admit_fn, long, short, unsigned>);
static_assert(!std::invocable<admit_fn, double, int, int>);
static_assert(!std::invocable<admit_fn, int, int, float>);
static_assert(!std::invocable<admit_fn, bool, int, int>);
static_assert(!std::invocable<admit_fn, int, int, char>);
static_assert(!std::invocable<admit_fn, int, int, int*>);
static_assert(kvc::integer<std::int8_t> && kvc::integer<std::uint64_t> && !kvc::integer<char8_t>);

}  // namespace
