// Static checks of kvc::slot_budget and kvc::concurrent_slot_budget. Compiled, never run.
#include <kvc/slot_budget.hpp>

#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace {

static_assert(std::atomic<std::size_t>::is_always_lock_free);

// A budget is usable in constant expressions: a whole scenario, checked at compile time.
constexpr bool scenario() {
  kvc::slot_budget budget(10);
  bool ok = budget.capacity() == 10 && budget.used() == 0 && budget.available() == 10;
  ok = ok && budget.try_reserve(4) == 4 && budget.used() == 4;
  ok = ok && budget.try_reserve(7) == 0 && budget.used() == 4;         // never partial
  ok = ok && budget.try_reserve(-1) == 0 && budget.used() == 4;        // never negative
  ok = ok && budget.try_reserve(std::uint8_t{6}) == 6 && budget.available() == 0;
  ok = ok && !budget.release(11) && budget.used() == 10;               // more than used
  ok = ok && !budget.release(-3) && budget.used() == 10;               // negative
  ok = ok && budget.release(0) && budget.used() == 10;
  ok = ok && budget.release(std::int64_t{10}) && budget.used() == 0;
  return ok;
}
static_assert(scenario());

// try_reserve is admitted_append on the budget's state, for every small state and request.
constexpr bool defined_by_admitted_append() {
  for (int capacity = 0; capacity <= 8; ++capacity)
    for (int used = 0; used <= capacity; ++used)
      for (int n = -3; n <= 10; ++n) {
        kvc::slot_budget budget(capacity);
        if (budget.try_reserve(used) != used) return false;
        const int granted = budget.try_reserve(n);
        if (granted != kvc::admitted_append(capacity, used, n)) return false;
        if (budget.used() != static_cast<std::size_t>(used + granted)) return false;
      }
  return true;
}
static_assert(defined_by_admitted_append());

// A negative capacity is an empty budget; huge ones are kept whole.
static_assert(kvc::slot_budget(-5).capacity() == 0);
static_assert(kvc::slot_budget(UINT64_MAX).capacity() == SIZE_MAX);
static_assert([] {
  kvc::slot_budget budget(UINT64_MAX);
  return budget.try_reserve(UINT64_MAX) == UINT64_MAX && budget.try_reserve(1) == 0;
}());

// The grant has the request's type; the API rejects non-integers.
static_assert(std::same_as<decltype(std::declval<kvc::slot_budget&>().try_reserve(std::int8_t{1})),
                           std::int8_t>);
template <class Budget, class T>
concept can_reserve = requires(Budget& budget, T n) { budget.try_reserve(n); };
template <class Budget, class T>
concept can_release = requires(Budget& budget, T n) { budget.release(n); };
static_assert(can_reserve<kvc::slot_budget, long> && can_release<kvc::slot_budget, unsigned>);
static_assert(!can_reserve<kvc::slot_budget, double> && !can_release<kvc::slot_budget, bool>);
static_assert(!can_reserve<kvc::concurrent_slot_budget, double>);
static_assert(!can_release<kvc::concurrent_slot_budget, char>);
static_assert(!std::is_copy_constructible_v<kvc::concurrent_slot_budget>);
static_assert(noexcept(std::declval<kvc::concurrent_slot_budget&>().try_reserve(1)));

}  // namespace
