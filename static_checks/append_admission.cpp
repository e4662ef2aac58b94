// Static checks of kvc::admitted_append (FA-98626). Compiled, never run.
#include <kvc/append_admission.hpp>
#include <kvc/suites/append_admission.hpp>
#include <kvc/suites/append_admission_extremes.hpp>
#include <kvc/verification/checks.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace {

template <class T>
using lim = std::numeric_limits<T>;

// --- The record's fixtures, for N = 0..8 and large N ---------------------------------------------

template <int... N>
constexpr bool seed_family_holds =
    (kvc::verify(kvc::suites::seed_append_admission<N>, kvc::admitted_append) && ...);
static_assert(seed_family_holds<0, 1, 2, 3, 4, 5, 6, 7, 8>);
static_assert(seed_family_holds<64, 1000>);


// --- The result has the request's type, whatever the other two are ------------------------------

using admit_fn = decltype(kvc::admitted_append);
static_assert(std::same_as<std::invoke_result_t<admit_fn, std::size_t, int, std::int8_t>, std::int8_t>);
static_assert(std::same_as<std::invoke_result_t<admit_fn, std::int8_t, std::int8_t, std::uint64_t>,
                           std::uint64_t>);
static_assert(std::is_nothrow_invocable_v<admit_fn, long, short, unsigned>);

// --- Integer extremes: decided by value, never by wrapped arithmetic ----------------------------

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

// --- Readable rejections of non-integers ---------------------------------------------------------

static_assert(!std::invocable<admit_fn, double, int, int>);
static_assert(!std::invocable<admit_fn, int, int, float>);
static_assert(!std::invocable<admit_fn, bool, int, int>);
static_assert(!std::invocable<admit_fn, int, int, char>);
static_assert(!std::invocable<admit_fn, int, int, int*>);
static_assert(kvc::integer<std::int8_t> && kvc::integer<std::uint64_t> && !kvc::integer<char8_t>);

}  // namespace

// --- What each suite misses ----------------------------------------------------------------------
// (descriptors/ proves every mutant rejected by its suite; these show which fixtures do it.)
#include <kvc/contracts/append_admission.hpp>

namespace {

namespace bad = kvc::mutants::append_admission;
using kvc::suites::append_admission;
using kvc::suites::seed_append_admission;

// Wrong only at the extremes: the small-int suite cannot see them, the extremes suite does.
static_assert(kvc::conforms(append_admission, bad::wrapping_sum));
static_assert(kvc::conforms(append_admission, bad::narrows_to_signed));

// The extremes suite's first nine fixtures, all the suite had before the mixed-signedness and
// past-32-bit fixtures, accept these two: the fixtures marked false below are what reject them.
using kvc::suites::append_admission_extremes;
static_assert(kvc::conforms(append_admission, bad::compares_raw));
static_assert(kvc::outcomes(append_admission_extremes, bad::compares_raw) ==
              std::array{true, true, true, true, true, true, true, true, true,  // the nine before
                         false, false, false,  // int and int64 capacity -1 with unsigned used
                         true, true, true, true, true, true,  // the other mixed signedness
                         true, true, true, true,              // past 32 bits
                         true, true, true, true, true,        // int64 past 2^53 and near its max
                         true});                              // used -2, uint64 capacity
static_assert(kvc::conforms(append_admission, bad::narrows_to_uint32));
static_assert(kvc::outcomes(append_admission_extremes, bad::narrows_to_uint32) ==
              std::array{true, true, true, true, true, true, true, true, true,  // the nine before
                         true, true, true, true, true, true, true, true, true,  // mixed signedness
                         true, true,     // capacity past 32 bits; used 2^32 with one slot left
                         false, false,    // used 2^32: two requested, one slot left; above capacity
                         true, false,     // int64 sum wraps; used 2^62 reads as 0
                         true, true, true, true});
// Wrong only where a 64-bit implementation is called with every argument (all int64, all
// non-negative): a sum wrapped back to int64, and a comparison in double.
static_assert(kvc::conforms(append_admission, bad::wraps_to_negative_sum));
static_assert(kvc::conforms(append_admission, bad::compares_in_double));
static_assert(!kvc::conforms(append_admission_extremes, bad::wraps_to_negative_sum));
static_assert(!kvc::conforms(append_admission_extremes, bad::compares_in_double));
// Wrong only for a negative used count read in uint64 arithmetic below a full uint64 capacity.
static_assert(kvc::conforms(append_admission, bad::unsigned_sum_unchecked_used));
static_assert(!kvc::conforms(append_admission_extremes, bad::unsigned_sum_unchecked_used));

// A ring that keeps a slot free is wrong only at a power-of-two capacity of 1,024 or more.
static_assert(!kvc::conforms(append_admission, bad::ring_keeps_a_slot_free));
static_assert(!kvc::outcomes(append_admission, bad::ring_keeps_a_slot_free)
                   [kvc::suite_size<decltype(append_admission)> - 1]);  // the 1,024 one, last

// The record's own fixtures miss these.
static_assert(kvc::conforms(seed_append_admission<1>, bad::trusts_negative_used));
static_assert(kvc::conforms(seed_append_admission<1>, bad::clamps_negative_used));

}  // namespace
