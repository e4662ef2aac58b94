// Exhaustive bounded proof of kvc::admitted_append:
//  - every (capacity, used, requested) in [-3, 8]^3 (1,728 triples) for four type mixes, against a
//    specification that counts free slots one by one instead of subtracting;
//  - the extremes (min, min+1, -1, 0, 1, max-1, max) of every mix of int8/uint8/int64/uint64
//    (64 type triples, up to 343 triples each), against a sign-and-magnitude specification.
#include <kvc/append_admission.hpp>
#include <kvc/batch_admission.hpp>

#include <array>
#include <cstdint>
#include <limits>
#include <utility>

namespace {

// --- Small domain: a cache of slots, counted ------------------------------------------------------

/// Specification: lay out `capacity` slots, mark the first `used` taken, count the free ones; the
/// request is granted whole if it is not negative and that many are free.
constexpr long long spec_small(int capacity, int used, int requested) {
  if (capacity < 0 || used < 0 || used > capacity || requested < 0) return 0;
  int free_slots = 0;
  for (int slot = 0; slot < capacity; ++slot)
    if (slot >= used) ++free_slots;
  return requested <= free_slots ? requested : 0;
}

template <class C, class U, class R>
constexpr bool small_domain() {
  for (int c = -3; c <= 8; ++c)
    for (int u = -3; u <= 8; ++u)
      for (int r = -3; r <= 8; ++r) {
        if (!std::in_range<C>(c) || !std::in_range<U>(u) || !std::in_range<R>(r)) continue;
        const R admitted = kvc::admitted_append(static_cast<C>(c), static_cast<U>(u),
                                                static_cast<R>(r));
        if (!std::cmp_equal(admitted, spec_small(c, u, r))) return false;
        // A batch of one is the same contract.
        if (!std::cmp_equal(kvc::admitted_batch(static_cast<C>(c), static_cast<U>(u),
                                                std::array{static_cast<R>(r)}),
                            admitted))
          return false;
      }
  return true;
}
static_assert(small_domain<int, int, int>());
static_assert(small_domain<std::int8_t, std::uint8_t, std::int64_t>());
static_assert(small_domain<std::uint64_t, std::int8_t, std::uint16_t>());
static_assert(small_domain<std::size_t, std::int64_t, std::int8_t>());

// --- Extremes: sign and magnitude ---------------------------------------------------------------

struct signed_magnitude {
  bool negative;
  std::uint64_t magnitude;
};

template <class T>
constexpr signed_magnitude split(T value) {
  if constexpr (std::numeric_limits<T>::is_signed) {
    if (value < 0) return {true, static_cast<std::uint64_t>(-(value + 1)) + 1};  // no overflow at min
  }
  return {false, static_cast<std::uint64_t>(value)};
}

/// Specification on sign and magnitude: no arithmetic that can overflow.
template <class C, class U, class R>
constexpr bool spec_admits(C capacity, U used, R requested) {
  const auto c = split(capacity), u = split(used), r = split(requested);
  if (c.negative || u.negative || r.negative) return false;
  return u.magnitude <= c.magnitude && r.magnitude <= c.magnitude - u.magnitude;
}

template <class T>
constexpr std::array<T, 7> extremes() {
  using lim = std::numeric_limits<T>;
  const T mid = lim::is_signed ? T(-1) : T(2);
  return {lim::min(), static_cast<T>(lim::min() + 1), mid, T(0), T(1),
          static_cast<T>(lim::max() - 1), lim::max()};
}

template <class C, class U, class R>
constexpr bool extremes_of() {
  for (const C c : extremes<C>())
    for (const U u : extremes<U>())
      for (const R r : extremes<R>()) {
        const R admitted = kvc::admitted_append(c, u, r);
        if (admitted != (spec_admits(c, u, r) ? r : R(0))) return false;
      }
  return true;
}

template <class C, class U, class... Rs>
constexpr bool for_requests = (extremes_of<C, U, Rs>() && ...);
template <class C, class... Us>
constexpr bool for_used = (for_requests<C, Us, std::int8_t, std::uint8_t, std::int64_t, std::uint64_t> && ...);

// One constant evaluation per capacity type keeps each within the default step limits.
static_assert(for_used<std::int8_t, std::int8_t, std::uint8_t, std::int64_t, std::uint64_t>);
static_assert(for_used<std::uint8_t, std::int8_t, std::uint8_t, std::int64_t, std::uint64_t>);
static_assert(for_used<std::int64_t, std::int8_t, std::uint8_t, std::int64_t, std::uint64_t>);
static_assert(for_used<std::uint64_t, std::int8_t, std::uint8_t, std::int64_t, std::uint64_t>);

}  // namespace
