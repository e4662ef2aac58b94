// conformance/src/stateful/slot_allocator_machine.hpp - kvc::check_slot_allocator as a machine
// (machine.hpp): `available`, `try_reserve` and `release`, each drawn, run against
// kvc::model::slot_allocator and printed in one place.
//
// The commands read the model's state, so they ask for exactly the slots that are available and
// one more, release a request the model knows holds slots, release it again, and release requests
// that never reserved anything. They never ask for n <= 0 slots: that edge is the append-admission
// suites' (kvc::suites::append_admission), where it is checked call by call.
//
// Request ids include 0 (a valid id, not "no request") and aliases of the small ids: 2^8 + k and
// 2^32 + k, which an allocator that keys holdings by the id's low 8 or 32 bits confuses with k.
// An alias is only drawn when the allocator's parameter type holds it: an allocator taking `int`
// ids cannot be given 2^32 + 1, and is not wrong for narrowing what it was never given.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <kvc/model/slot_allocator.hpp>
#include <kvc/stateful/check_options.hpp>
#include <kvc/stateful/operations.hpp>
#include <kvc/stateful/slot_allocator_check.hpp>

#include "../gen/source.hpp"
#include "machine.hpp"
#include "operation_text.hpp"

namespace kvc::library::stateful {

/// A request id beyond 32 bits.
inline constexpr std::uint64_t large_request = std::uint64_t{1} << 40;

/// A slot-allocator sequence's state: the model, and what the generator remembers (the request
/// reserved last and released last, the largest id the allocator takes).
struct slot_allocator_state {
  model::slot_allocator model{0};
  std::uint64_t last_reserved = 0;
  std::uint64_t last_released = 0;
  std::uint64_t largest_request = ~std::uint64_t{0};
};

/// The allocator's generator: the request ids every command draws.
struct slot_allocator_draws {
  /// `request` plus 2^32 or 2^8, when the allocator's parameters hold it; else `request`.
  static std::uint64_t alias_of(gen::source& s, const slot_allocator_state& state,
                                std::uint64_t request) {
    const std::uint64_t offset = std::uint64_t{1} << (s.chance(50) ? 8 : 32);
    if (offset > state.largest_request || request > state.largest_request - offset) return request;
    return request + offset;
  }

  /// Mostly one of 0..6 (0 for choice 0), sometimes an alias of one of them or the large id.
  static std::uint64_t pooled_request(gen::source& s, const slot_allocator_state& state) {
    const std::uint64_t small = s.below(7);
    if (!s.chance(12)) return small;
    if (s.chance(33)) return large_request <= state.largest_request ? large_request : small;
    return alias_of(s, state, small);
  }
};

/// `allocator.available()`: observed, and equal to the model's. The first command, so that
/// shrinking turns a reservation into it: a lost or doubled slot count is often first seen by a
/// reservation at the capacity edge, which needs other reservations to fill the allocator up to
/// it; looking at `available()` there shows the same bug without them, so they can then go.
struct available_command : slot_allocator_draws {
  static constexpr unsigned weight = 22;
  static bool enabled(const slot_allocator_state&) { return true; }

  static allocator_operation draw(gen::source&, slot_allocator_state&, const check_options&) {
    return available_operation();
  }

  template <class Session>
  static step_outcome run(Session& allocator, slot_allocator_state& state,
                          const allocator_operation& op, const check_options&) {
    step_outcome out;
    out.actual = allocator.apply(op);
    out.expected = apply_operation(state.model, op);
    out.failed = !agrees(out.actual, out.expected, true);
    return out;
  }

  static std::string call(const allocator_operation& op) { return call_code(op); }
};

/// `allocator.try_reserve(request, n)`: observed (1 granted, 0 refused), and equal to the model's.
/// Exactly the slots available, one more, or any count up to one past the capacity; the same
/// request again sometimes (a request holds the sum of its reservations).
struct reserve_command : slot_allocator_draws {
  static constexpr unsigned weight = 50;
  static bool enabled(const slot_allocator_state&) { return true; }

  static allocator_operation draw(gen::source& s, slot_allocator_state& state,
                                  const check_options&) {
    const bool again = s.chance(30);  // drawn whatever the state: an operation deleted before this
                                      // one leaves its choices where they were
    const std::uint64_t request =
        state.last_reserved != 0 && again ? state.last_reserved : pooled_request(s, state);
    state.last_reserved = request;
    const std::size_t available = state.model.available();
    const std::size_t roll = s.below(100);
    std::size_t slots = 0;
    if (roll < 30)
      slots = available == 0 ? 1 : available;  // exactly what is left
    else if (roll < 50)
      slots = available + 1;  // one more than is left
    else
      slots = 1 + s.below(state.model.capacity() + 1);
    return reserve_operation(request, slots);
  }

  template <class Session>
  static step_outcome run(Session& allocator, slot_allocator_state& state,
                          const allocator_operation& op, const check_options&) {
    step_outcome out;
    out.actual = allocator.apply(op);
    out.expected = apply_operation(state.model, op);
    out.failed = !agrees(out.actual, out.expected, true);
    return out;
  }

  static std::string call(const allocator_operation& op) { return call_code(op); }
};

/// `allocator.release(request)`: not observed; the model frees what the request holds. A request
/// that holds slots mostly, else one released already, one never reserved, or one equal to the
/// last reserved in its low bits.
struct release_command : slot_allocator_draws {
  static constexpr unsigned weight = 28;
  static bool enabled(const slot_allocator_state&) { return true; }

  static allocator_operation draw(gen::source& s, slot_allocator_state& state,
                                  const check_options&) {
    const std::size_t roll = s.below(100);
    std::uint64_t request = 0;
    if (roll < 55) {
      request = pooled_request(s, state);
      if (state.model.held(request) == 0 && state.last_reserved != 0) request = state.last_reserved;
    } else if (roll < 65) {
      request = alias_of(s, state, state.last_reserved);  // never reserved, but equal in low bits
    } else if (roll >= 75 && state.last_released != 0) {
      request = state.last_released;  // released twice
    } else {
      request = 7 + s.below(3);  // never reserved
    }
    state.last_released = request;
    return release_operation(request);
  }

  template <class Session>
  static step_outcome run(Session& allocator, slot_allocator_state& state,
                          const allocator_operation& op, const check_options&) {
    static_cast<void>(allocator.apply(op));
    static_cast<void>(apply_operation(state.model, op));
    return {};
  }

  static std::string call(const allocator_operation& op) { return call_code(op); }
};

/// The machine of kvc::check_slot_allocator. The model's capacity is the allocator's
/// `available()` before the first operation.
struct slot_allocator_machine {
  using operation = allocator_operation;
  using engine = detail::erased_slot_allocator;
  struct setup {
    std::size_t capacity = 0;
  };
  using state = slot_allocator_state;
  using commands = command_list<available_command, reserve_command, release_command>;

  static setup draw_setup(gen::source&, const engine&, const check_options& options) {
    return {options.capacity};
  }
  static std::vector<std::size_t> arguments(const setup& s) { return {s.capacity}; }
  static state start(engine_session<slot_allocator_machine>& allocator, const setup&,
                     const check_options&) {
    const observation capacity = allocator.apply(available_operation());
    state s{model::slot_allocator(capacity.value), 0, 0, allocator.engine().facts.largest_request};
    return s;
  }
  static std::size_t most_steps(const check_options& options) {
    return options.max_steps < max_sequence_steps ? options.max_steps : max_sequence_steps;
  }
};

}  // namespace kvc::library::stateful
