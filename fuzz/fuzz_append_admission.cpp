// fuzz/fuzz_append_admission.cpp - kvc::admitted_append, kvc::slot_budget and
// kvc::concurrent_slot_budget against an exact-arithmetic oracle.
//
// Input: kvc_fuzz::admission_case (codec.hpp). Capacity, used and requested each get a type among
// int8..uint64 and a value that is often an extreme of that type, because mixed-type extremes are
// where subtracting or adding in the arguments' own types wraps. The trailing operations drive the
// two budgets in lockstep against a model of their state.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include <kvc/append_admission.hpp>
#include <kvc/slot_budget.hpp>

#include "codec.hpp"

using kvc_fuzz::check;

namespace {

using kvc_fuzz::i128;

// Oracle: the contract's sentence in __int128, which holds every operand and difference exactly.
i128 admitted(i128 capacity, i128 used, i128 requested) {
  if (used < 0 || used > capacity || requested < 0) return 0;
  return requested <= capacity - used ? requested : 0;
}

// A budget's capacity: negative is empty, and (on a 32-bit size_t) too large is clamped.
i128 budget_capacity(i128 capacity) {
  constexpr auto size_max = static_cast<i128>(std::numeric_limits<std::size_t>::max());
  return capacity < 0 ? 0 : capacity > size_max ? size_max : capacity;
}

template <class Budget>
void check_state(const Budget& budget, i128 capacity, i128 used) {
  check(static_cast<i128>(budget.capacity()) == capacity);
  check(static_cast<i128>(budget.used()) == used);
  check(static_cast<i128>(budget.available()) == capacity - used);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const kvc_fuzz::admission_case input = kvc_fuzz::decode_admission(data, size);

  input.visit([](auto capacity, auto used, auto requested) {
    const auto got = kvc::admitted_append(capacity, used, requested);
    // The grant has the request's type: it is either the request or 0.
    static_assert(std::is_same_v<decltype(got), const decltype(requested)>);
    check(static_cast<i128>(got) == admitted(capacity, used, requested));
  });

  input.capacity.visit([&](auto initial) {
    kvc::slot_budget budget(initial);
    kvc::concurrent_slot_budget shared(initial);
    const i128 capacity = budget_capacity(initial);
    i128 used = 0;  // the model
    check_state(budget, capacity, used);
    check_state(shared, capacity, used);
    for (const kvc_fuzz::budget_op& op : input.ops) {
      op.n.visit([&](auto n) {
        if (op.release) {
          // Release fails, changing nothing, iff n < 0 or n > used.
          const bool ok = !(static_cast<i128>(n) < 0 || static_cast<i128>(n) > used);
          check(budget.release(n) == ok);
          check(shared.release(n) == ok);
          if (ok) used -= static_cast<i128>(n);
        } else {
          // try_reserve grants exactly admitted_append on the budget's own state.
          const auto expected = kvc::admitted_append(budget.capacity(), budget.used(), n);
          check(static_cast<i128>(expected) == admitted(capacity, used, n));
          const auto granted = budget.try_reserve(n);
          static_assert(std::is_same_v<decltype(granted), const decltype(n)>);
          check(granted == expected);
          check(shared.try_reserve(n) == expected);
          used += static_cast<i128>(expected);
        }
        check_state(budget, capacity, used);
        check_state(shared, capacity, used);
      });
    }
  });
  return 0;
}
