// kvc/stateful/slot_allocator_generator.hpp - the operation sequences kvc's stateful checks call
// slot allocators with: seeded, and biased towards the capacity edge and the release paths.
//
// The generator reads the reference model's state, so it can ask for exactly the slots that are
// available and one more, release a request the model knows holds slots, release it again, and
// release requests that never reserved anything. It never asks for n <= 0 slots: that edge is the
// append-admission suites' (kvc::suites::append_admission), where it is checked call by call.
//
// Request ids include 0 (a valid id, not "no request") and aliases of the small ids: 2^8 + k and
// 2^32 + k, which an allocator that keys holdings by the id's low 8 or 32 bits confuses with k.
// An alias is only generated when the allocator's parameter type holds it: an allocator taking
// `int` ids cannot be given 2^32 + 1, and is not wrong for narrowing what it was never given.
#pragma once

#include <cstddef>
#include <cstdint>

#include <kvc/model/slot_allocator.hpp>

#include "operations.hpp"
#include "seeded_random.hpp"

namespace kvc::detail {

/// Generates one sequence of slot-allocator operations, one operation per `next(model)`.
/// (A template only so that a translation unit that never uses it does not compile it: the
/// alias `kvc::detail::slot_allocator_generator` names it.)
template <class Deferred = void>
class basic_slot_allocator_generator {
 public:
  /// A request id beyond 32 bits.
  static constexpr std::uint64_t large_request = std::uint64_t{1} << 40;

  /// The sequence of `seed`, with request ids up to `largest_request`.
  constexpr explicit basic_slot_allocator_generator(
      std::uint64_t seed, std::uint64_t largest_request = ~std::uint64_t{0}) noexcept
      : random_(seed), largest_request_(largest_request) {}

  /// The next operation, given the model's state before it.
  constexpr allocator_operation next(const model::slot_allocator& model) noexcept {
    const std::size_t roll = random_.below(100);
    if (roll < 50) return reserve(model);
    if (roll < 78) return release(model);
    return available_operation();
  }

 private:
  constexpr allocator_operation reserve(const model::slot_allocator& model) noexcept {
    // The same request again: a request holds the sum of its reservations.
    const std::uint64_t request =
        last_reserved_ != 0 && random_.percent(30) ? last_reserved_ : pooled_request();
    last_reserved_ = request;
    const std::size_t available = model.available();
    const std::size_t roll = random_.below(100);
    std::size_t slots = 0;
    if (roll < 30)
      slots = available == 0 ? 1 : available;  // exactly what is left
    else if (roll < 50)
      slots = available + 1;  // one more than is left
    else
      slots = random_.between(1, model.capacity() + 1);
    return reserve_operation(request, slots);
  }

  constexpr allocator_operation release(const model::slot_allocator& model) noexcept {
    const std::size_t roll = random_.below(100);
    std::uint64_t request = 0;
    if (roll < 25 && last_released_ != 0) {
      request = last_released_;  // released twice
    } else if (roll < 35) {
      request = 7 + random_.below(3);  // never reserved
    } else if (roll < 45) {
      request = alias_of(last_reserved_);  // never reserved, but equal to it in its low bits
    } else {
      request = pooled_request();
      if (model.held(request) == 0 && last_reserved_ != 0) request = last_reserved_;
    }
    last_released_ = request;
    return release_operation(request);
  }

  /// Mostly one of 0..6, sometimes an alias of one of them or the large id.
  constexpr std::uint64_t pooled_request() noexcept {
    const std::uint64_t small = random_.below(7);
    if (!random_.percent(12)) return small;
    if (random_.percent(33)) return large_request <= largest_request_ ? large_request : small;
    return alias_of(small);
  }

  /// `request` plus 2^8 or 2^32, when the allocator's parameters hold it; else `request`.
  constexpr std::uint64_t alias_of(std::uint64_t request) noexcept {
    const std::uint64_t offset = std::uint64_t{1} << (random_.percent(50) ? 8 : 32);
    if (offset > largest_request_ || request > largest_request_ - offset) return request;
    return request + offset;
  }

  seeded_random random_;
  std::uint64_t largest_request_;
  std::uint64_t last_reserved_ = 0;
  std::uint64_t last_released_ = 0;
};

/// kvc's slot allocator generator (see basic_slot_allocator_generator).
using slot_allocator_generator = basic_slot_allocator_generator<>;

}  // namespace kvc::detail
