// Static checks of kvc::admitted_requests: its interface (result type, noexcept, the types it
// refuses) and edge cases beyond its suites. Compiled, never run.
#include <kvc/append_admission.hpp>
#include <kvc/batch_admission.hpp>
#include <kvc/contracts/request_admission.hpp>
#include <kvc/request_admission.hpp>
#include <kvc/suites/request_admission.hpp>
#include <kvc/verification/checks.hpp>

#include <array>
#include <climits>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

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

// Edge cases beyond the suites.
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

// Wrong only at the extremes: exact on small ints (descriptors/ proves the extremes reject them).
namespace bad = kvc::mutants::request_admission;
static_assert(kvc::conforms(kvc::suites::request_admission, bad::wrapping_sum));
static_assert(kvc::conforms(kvc::suites::request_admission, bad::narrows_to_int));
static_assert(kvc::conforms(kvc::suites::request_admission, bad::compares_raw));
static_assert(kvc::conforms(kvc::suites::request_admission, bad::narrow_count));

}  // namespace
