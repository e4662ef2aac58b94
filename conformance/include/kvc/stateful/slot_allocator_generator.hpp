// kvc/stateful/slot_allocator_generator.hpp - the operation sequences kvc's stateful checks call
// slot allocators with: seeded, and biased towards the capacity edge and the release paths.
//
// The generator reads the reference model's state, so it can ask for exactly the slots that are
// available and one more, release a request the model knows holds slots, release it again, and
// release requests that never reserved anything. It never asks for n <= 0 slots: that edge is the
// append-admission suites' (kvc::suites::append_admission), where it is checked call by call.
#pragma once

#include <cstddef>
#include <cstdint>

#include <kvc/model/slot_allocator.hpp>

#include "operations.hpp"
#include "seeded_random.hpp"

namespace kvc::detail {

/// Generates one sequence of slot-allocator operations, one operation per `next(model)`.
class slot_allocator_generator {
 public:
  /// A request id beyond 32 bits: an allocator that narrows ids aliases it.
  static constexpr std::uint64_t large_request = std::uint64_t{1} << 40;

  /// The sequence of `seed`.
  constexpr explicit slot_allocator_generator(std::uint64_t seed) noexcept : random_(seed) {}

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
    } else if (roll < 45) {
      request = 7 + random_.below(3);  // never reserved
    } else {
      request = pooled_request();
      if (model.held(request) == 0 && last_reserved_ != 0) request = last_reserved_;
    }
    last_released_ = request;
    return release_operation(request);
  }

  /// Mostly one of 1..6, sometimes the large id.
  constexpr std::uint64_t pooled_request() noexcept {
    return random_.percent(8) ? large_request : 1 + random_.below(6);
  }

  seeded_random random_;
  std::uint64_t last_reserved_ = 0;
  std::uint64_t last_released_ = 0;
};

}  // namespace kvc::detail
