// Static checks of the request-admission suites: kvc's contract passes every suite; every known-bad
// implementation of tests/mutants/request_admission.hpp is rejected by the suite it belongs to, and
// the fixtures that do it are named where one suite misses it; a scheduler whose state is always
// consistent passes under its profile; and the contract's own interface and guarantees beyond its
// suites. Compiled, never run.
#include <kvc/append_admission.hpp>
#include <kvc/batch_admission.hpp>
#include <kvc/request_admission.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/specs/request_admission.hpp>

#include <array>
#include <climits>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "mutants/request_admission.hpp"

namespace {

namespace bad = kvc::mutants::request_admission;
namespace suites = kvc::suites;

// --- kvc's contract passes every suite -------------------------------------------------------------

static_assert(kvc::verify(suites::request_admission, kvc::admitted_requests));
static_assert(kvc::verify(suites::request_admission_extremes, kvc::admitted_requests));

// --- Every known-bad implementation rejected by its suite ------------------------------------------

static_assert(!kvc::conforms(suites::request_admission, bad::skips_non_fitting));
static_assert(!kvc::conforms(suites::request_admission, bad::refuses_zero_size));
static_assert(!kvc::conforms(suites::request_admission, bad::negative_as_zero));
static_assert(!kvc::conforms(suites::request_admission, bad::returns_slot_total));
static_assert(!kvc::conforms(suites::request_admission, bad::admits_partial));
static_assert(!kvc::conforms(suites::request_admission, bad::trusts_state));
static_assert(!kvc::conforms(suites::request_admission, bad::strict_fit));

static_assert(!kvc::conforms(suites::request_admission_extremes, bad::wrapping_sum));
static_assert(!kvc::conforms(suites::request_admission_extremes, bad::narrows_to_int));
static_assert(!kvc::conforms(suites::request_admission_extremes, bad::compares_raw));
static_assert(!kvc::conforms(suites::request_admission_extremes, bad::narrow_count));

// --- What each suite misses, and which fixtures reject what it misses -------------------------------

// Wrong only at the extremes: exact on small ints.
static_assert(kvc::conforms(suites::request_admission, bad::wrapping_sum));
static_assert(kvc::conforms(suites::request_admission, bad::narrows_to_int));
static_assert(kvc::conforms(suites::request_admission, bad::compares_raw));
static_assert(kvc::conforms(suites::request_admission, bad::narrow_count));

// The extremes suite's tables, in order (one per type signature of capacity, used and requests):
// uint64 uint64 int64 (3), int64 x3 (1), size_t size_t int8 (4), uint64 uint64 int (1), int8 int8
// uint64 (1), int int uint64 (1), int64 uint64 uint64 (1), uint64 x3 (1), int64 uint64 int64 (1),
// uint16 uint16 uint8 (1).
// An 8-bit count is seen only past 255 requests: the two fixtures of 300.
static_assert(kvc::outcomes(suites::request_admission_extremes, bad::narrow_count) ==
              std::array{true, true, true, true, true, true, true,
                         false,  // 300 zero-size requests
                         true, true, true, true, true, true,
                         false});  // 300 one-slot requests
// Raw mixed-type comparisons are seen where a negative value meets an unsigned one.
static_assert(kvc::outcomes(suites::request_admission_extremes, bad::compares_raw) ==
              std::array{true, true, true, true, true, true,
                         false,  // negative int8 request into size_t max
                         true, true, true, true,
                         false,  // int64 capacity -1 with uint64 used 0
                         true, true, true});

// --- A scheduler whose state is always consistent, under its profile -------------------------------
// It never checks the state (bad::trusts_state): it fails the suite as it is, and passes once the
// inconsistent states are out of its domain.
static_assert(kvc::verify(kvc::restrict_to<kvc::profiles::consistent_scheduler>(suites::request_admission),
                          bad::trusts_state));

// --- The contract's interface -----------------------------------------------------------------------

using requests_fn = decltype(kvc::admitted_requests);

// The result is a count: std::size_t whatever the argument types.
static_assert(
    std::same_as<std::invoke_result_t<requests_fn, int, int, std::array<int, 2>>, std::size_t>);
static_assert(std::same_as<std::invoke_result_t<requests_fn, std::int8_t, std::uint64_t,
                                                std::span<const std::int64_t>>,
                           std::size_t>);
static_assert(std::same_as<std::invoke_result_t<requests_fn, std::uint64_t, long,
                                                const std::vector<std::int8_t>&>,
                           std::size_t>);
static_assert(
    std::same_as<std::invoke_result_t<requests_fn, short, short, const int (&)[3]>, std::size_t>);
static_assert(noexcept(kvc::admitted_requests(10, 0, std::array{1, 2})));
static_assert(std::is_nothrow_invocable_v<requests_fn, std::uint64_t, int, std::vector<int>>);
static_assert(std::is_empty_v<kvc::admitted_requests_fn>);

// Counts are integers: no floating-point, bool or character capacity, used or requests.
struct opaque {};
static_assert(!std::invocable<requests_fn, double, int, std::array<int, 2>>);
static_assert(!std::invocable<requests_fn, int, double, std::array<int, 2>>);
static_assert(!std::invocable<requests_fn, bool, int, std::array<int, 2>>);
static_assert(!std::invocable<requests_fn, int, bool, std::array<int, 2>>);
static_assert(!std::invocable<requests_fn, char, int, std::array<int, 2>>);
static_assert(!std::invocable<requests_fn, int, int, std::array<double, 2>>);
static_assert(!std::invocable<requests_fn, int, int, std::array<bool, 2>>);
static_assert(!std::invocable<requests_fn, int, int, std::array<char, 2>>);
static_assert(!std::invocable<requests_fn, int, int, std::array<char8_t, 2>>);
static_assert(!std::invocable<requests_fn, int, int, std::array<opaque, 2>>);
static_assert(!std::invocable<requests_fn, int, int, int>);
static_assert(!std::invocable<requests_fn, int, int, const char*>);
static_assert(!std::invocable<requests_fn, int, int>);

// --- The contract beyond its suites -----------------------------------------------------------------

constexpr std::int64_t i64_max = INT64_MAX;
static_assert(kvc::admitted_requests(0, 0, std::array<int, 0>{}) == 0);
static_assert(kvc::admitted_requests(0, 0, std::array{0, 0, 0}) == 3);
static_assert(kvc::admitted_requests(0, 0, std::array{0, 1, 0}) == 1);
static_assert(kvc::admitted_requests(-1, -1, std::array{0}) == 0);  // negative state, even for 0
static_assert(kvc::admitted_requests(5, 6, std::array{0}) == 0);
static_assert(kvc::admitted_requests(INT_MIN, INT_MIN, std::array{0}) == 0);
static_assert(kvc::admitted_requests(10, 0, std::array{INT_MIN, 1}) == 0);
static_assert(kvc::admitted_requests(UINT64_MAX, UINT64_MAX, std::array{0, 0, 1}) == 2);
static_assert(kvc::admitted_requests(UINT64_MAX, 0, std::array{i64_max, i64_max, i64_max}) == 2);
static_assert(kvc::admitted_requests(UINT64_MAX, 0, std::array<std::uint64_t, 2>{UINT64_MAX, 0}) ==
              2);
static_assert(kvc::admitted_requests(UINT64_MAX, 1, std::array<std::uint64_t, 2>{UINT64_MAX, 0}) ==
              0);
static_assert(kvc::admitted_requests(i64_max, 0, std::array<std::uint64_t, 1>{UINT64_MAX}) == 0);
static_assert(kvc::admitted_requests(std::int8_t{-1}, std::uint64_t{0}, std::array{0}) == 0);
static_assert(kvc::admitted_requests(std::uint8_t{255}, std::int8_t{-1}, std::array{0}) == 0);
static_assert(kvc::admitted_requests(std::uint8_t{255}, std::int8_t{0},
                                     std::array<std::int8_t, 3>{127, 127, 1}) == 3);
constexpr int c_array[] = {4, 0, 3, 2};
static_assert(kvc::admitted_requests(8, 1, c_array) == 3);
static_assert(kvc::admitted_requests(8, 1, std::span{c_array}.first(2)) == 2);

// The admitted prefix is a batch kvc::admitted_batch admits whole; with the next request it is not.
constexpr bool prefix_is_an_admitted_batch() {
  constexpr std::array queue{3, 0, 4, 2, 5};
  for (int capacity = 0; capacity <= 16; ++capacity)
    for (int used = 0; used <= capacity; ++used) {
      const std::size_t admitted = kvc::admitted_requests(capacity, used, queue);
      const std::span<const int> all(queue);
      int sum = 0;
      for (std::size_t i = 0; i < admitted; ++i) sum += queue[i];
      if (kvc::admitted_batch(capacity, used, all.first(admitted)) != sum) return false;
      if (admitted < queue.size() &&
          kvc::admitted_batch(capacity, used, all.first(admitted + 1)) != 0)
        return false;
    }
  return true;
}
static_assert(prefix_is_an_admitted_batch());

// A queue of one admits 1 exactly when kvc::admitted_append grants the request (or it is 0 in a
// consistent state).
constexpr bool queue_of_one_is_append() {
  for (int capacity = -3; capacity <= 8; ++capacity)
    for (int used = -3; used <= 8; ++used)
      for (int requested = -3; requested <= 8; ++requested) {
        const bool consistent = used >= 0 && used <= capacity;
        const bool granted = kvc::admitted_append(capacity, used, requested) == requested &&
                             requested >= 0 && consistent;
        if (kvc::admitted_requests(capacity, used, std::array{requested}) != (granted ? 1U : 0U))
          return false;
      }
  return true;
}
static_assert(queue_of_one_is_append());

}  // namespace
