// Static checks of the batch-admission suites: kvc's contract passes every suite; every known-bad
// implementation of tests/mutants/batch_admission.hpp is rejected by the suite it belongs to, and
// the fixtures that do it are named; a scheduler whose state is always consistent passes under its
// profile; and the contract's own guarantees beyond its suites. Compiled, never run.
#include <kvc/append_admission.hpp>
#include <kvc/batch_admission.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/specs/batch_admission.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "mutants/batch_admission.hpp"

namespace {

namespace bad = kvc::mutants::batch_admission;
namespace suites = kvc::suites;

// --- kvc's contract passes every suite -------------------------------------------------------------

static_assert(kvc::verify(suites::batch_admission, kvc::admitted_batch));
static_assert(kvc::verify(suites::batch_admission_extremes, kvc::admitted_batch));

// --- Every known-bad implementation rejected by its suite ------------------------------------------

static_assert(!kvc::conforms(suites::batch_admission, bad::greedy_partial));
static_assert(!kvc::conforms(suites::batch_admission, bad::checks_sum_only));
static_assert(!kvc::conforms(suites::batch_admission, bad::checks_each_alone));
static_assert(!kvc::conforms(suites::batch_admission, bad::trusts_used));
static_assert(!kvc::conforms(suites::batch_admission, bad::refuses_zero_requests));

static_assert(!kvc::conforms(suites::batch_admission_extremes, bad::wrapping_sum));
static_assert(!kvc::conforms(suites::batch_admission_extremes, bad::compares_raw));
static_assert(!kvc::conforms(suites::batch_admission_extremes, bad::narrows_to_uint32));

// --- What each suite misses, and which fixtures reject what it misses -------------------------------

// Wrong only at the extremes: exact on small ints.
static_assert(kvc::conforms(suites::batch_admission, bad::wrapping_sum));

// Each suite accepted these before the fixtures marked false below: those are what reject them.
static_assert(kvc::outcomes(suites::batch_admission, bad::refuses_zero_requests) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true,
                         true,          // the thirteen before
                         false, false,  // zero-size request among others; first fills the cache
                         true});        // zero-size request alone: 0 either way
// The extremes suite's tables, in order (one per type signature of capacity, used and requests):
// uint64 uint64 int64 (2), int64 x3 (1), size_t size_t int64 (1), int unsigned int (1), int
// uint64 uint64 (1), unsigned int int (1), unsigned unsigned int (1), int int unsigned (1), uint64
// x3 (3).
static_assert(kvc::conforms(suites::batch_admission, bad::compares_raw));
static_assert(kvc::outcomes(suites::batch_admission_extremes, bad::compares_raw) ==
              std::array{true, true, true, true,  // requests at the integer extremes
                         false, false,            // int capacity -1 with unsigned used
                         true, true, true,        // the other mixed signedness
                         true, true, true});      // past 32 bits
static_assert(kvc::conforms(suites::batch_admission, bad::narrows_to_uint32));
static_assert(kvc::outcomes(suites::batch_admission_extremes, bad::narrows_to_uint32) ==
              std::array{true, true, true, true,        // requests at the integer extremes
                         true, true, true, true, true,  // mixed signedness
                         true,                          // capacity past 32 bits
                         false, false});  // used 2^32 with one slot left; above a small capacity

// --- A scheduler whose state is always consistent, under its profile -------------------------------
// It never checks the state (bad::trusts_used): it fails the suite as it is, and passes once the
// inconsistent states are out of its domain.
static_assert(kvc::verify(kvc::restrict_to<kvc::profiles::consistent_scheduler>(suites::batch_admission),
                          bad::trusts_used));

// --- The contract beyond its suites -----------------------------------------------------------------

// A batch of one is kvc::admitted_append.
constexpr bool batch_of_one_is_append() {
  for (int capacity = -3; capacity <= 8; ++capacity)
    for (int used = -3; used <= 8; ++used)
      for (int requested = -3; requested <= 8; ++requested)
        if (kvc::admitted_batch(capacity, used, std::array{requested}) !=
            kvc::admitted_append(capacity, used, requested))
          return false;
  return true;
}
static_assert(batch_of_one_is_append());

// The result type holds any admitted total.
using batch_fn = decltype(kvc::admitted_batch);
static_assert(std::same_as<std::invoke_result_t<batch_fn, int, int, std::array<std::int8_t, 2>>, int>);
static_assert(std::same_as<std::invoke_result_t<batch_fn, std::uint64_t, int, std::span<const std::int64_t>>,
                           std::uint64_t>);
static_assert(kvc::admitted_batch(1000, 0, std::array<std::int8_t, 3>{100, 100, 100}) == 300);
constexpr std::int64_t big[] = {INT64_MAX, INT64_MAX, INT64_MAX};
static_assert(kvc::admitted_batch(UINT64_MAX, 0, big) == 0);
static_assert(kvc::admitted_batch(UINT64_MAX, 0, std::span{big}.first(2)) == UINT64_MAX - 1);

struct opaque {};
static_assert(!std::invocable<batch_fn, int, int, std::array<double, 2>>);
static_assert(!std::invocable<batch_fn, int, int, std::array<opaque, 2>>);
static_assert(!std::invocable<batch_fn, int, int, int>);

}  // namespace
