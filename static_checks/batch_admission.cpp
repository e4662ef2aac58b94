// Static checks of kvc::admitted_batch. Compiled, never run.
#include <kvc/batch_admission.hpp>
#include <kvc/contracts/batch_admission.hpp>
#include <kvc/suites/batch_admission.hpp>
#include <kvc/suites/batch_admission_extremes.hpp>
#include <kvc/verification/checks.hpp>

#include <array>
#include <concepts>
#include <cstdint>
#include <limits>
#include <span>

namespace {


namespace bad = kvc::mutants::batch_admission;
// Wrong only at the extremes: exact on small ints (descriptors/ proves the extremes reject it).
static_assert(kvc::conforms(kvc::suites::batch_admission, bad::wrapping_sum));

// Each suite accepted these before the fixtures marked false below: those are what reject them.
static_assert(kvc::outcomes(kvc::suites::batch_admission, bad::refuses_zero_requests) ==
              std::array{true, true, true, true, true, true, true, true, true, true, true, true,
                         true,            // the thirteen before
                         false, false,    // zero-size request among others; first fills the cache
                         true});          // zero-size request alone: 0 either way
static_assert(kvc::conforms(kvc::suites::batch_admission, bad::compares_raw));
static_assert(kvc::outcomes(kvc::suites::batch_admission_extremes, bad::compares_raw) ==
              std::array{true, true, true, true,       // the four before
                         false, false,                 // int capacity -1 with unsigned used
                         true, true, true,             // the other mixed signedness
                         true, true, true});           // past 32 bits
static_assert(kvc::conforms(kvc::suites::batch_admission, bad::narrows_to_uint32));
static_assert(kvc::outcomes(kvc::suites::batch_admission_extremes, bad::narrows_to_uint32) ==
              std::array{true, true, true, true,       // the four before
                         true, true, true, true, true,  // mixed signedness
                         true,                          // capacity past 32 bits
                         false, false});  // used 2^32 with one slot left; above a small capacity

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
