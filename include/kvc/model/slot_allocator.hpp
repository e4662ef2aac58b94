// kvc/model/slot_allocator.hpp - the reference model of a per-request KV slot allocator: whole
// reservations or nothing, and a release that frees exactly what its request holds.
//
// Why a model: an allocator keeps, per request, the slots it granted; the bugs live in that state
// (a partial grant, a release counted twice, a release of an unknown request that frees someone
// else's slots). The model is `kvc::slot_budget`, itself defined by `kvc::admitted_append`, plus a
// table of holdings; kvc's stateful runner (kvc/stateful/slot_allocator_check.hpp) compares an
// engine's allocator with it after every step.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "../concepts.hpp"
#include "../slot_budget.hpp"
#include "integer_key.hpp"

namespace kvc::model {

/// An allocator of `capacity` KV slots to at most `MaxRequests` requests holding slots at once,
/// usable in constant expressions. Requests are named by any integer.
template <std::size_t MaxRequests>
class basic_slot_allocator {
 public:
  /// The most requests that hold slots at once.
  static constexpr std::size_t max_requests = MaxRequests;

  /// An allocator of `capacity` slots, none reserved. A negative capacity makes an empty one.
  template <integer Capacity>
  constexpr explicit basic_slot_allocator(Capacity capacity) noexcept : budget_(capacity) {}

  /// Reserves `n` more slots for `request` and returns true, or reserves nothing and returns false:
  /// when `n <= 0`, when `n` slots are not available (never a part of them), and when `request`
  /// holds nothing yet and `max_requests` requests already hold slots. A request may reserve many
  /// times; it then holds the sum.
  template <integer Request, integer N>
  constexpr bool try_reserve(Request request, N n) noexcept {
    const request_id id = request_id::of(request);
    std::size_t at = find(id);
    if (at == size_ && size_ == MaxRequests) return false;
    const N granted = budget_.try_reserve(n);  // kvc::admitted_append: all of n, or 0
    if (granted == 0) return false;
    if (at == size_) holdings_[size_++] = holding{id, 0};
    holdings_[at].slots += static_cast<std::size_t>(granted);
    return true;
  }

  /// Frees every slot `request` holds and returns how many that was; 0, changing nothing, for a
  /// request that holds none (never reserved, or already released).
  template <integer Request>
  constexpr std::size_t release(Request request) noexcept {
    const std::size_t at = find(request_id::of(request));
    if (at == size_) return 0;
    const std::size_t freed = holdings_[at].slots;
    (void)budget_.release(freed);  // freed <= used(): every held slot was reserved from it
    holdings_[at] = holdings_[--size_];
    return freed;
  }

  /// The slots `request` holds.
  template <integer Request>
  [[nodiscard]] constexpr std::size_t held(Request request) const noexcept {
    const std::size_t at = find(request_id::of(request));
    return at == size_ ? 0 : holdings_[at].slots;
  }

  /// The slots that can still be reserved: `capacity() - used()`.
  [[nodiscard]] constexpr std::size_t available() const noexcept { return budget_.available(); }
  /// The slots held by all requests.
  [[nodiscard]] constexpr std::size_t used() const noexcept { return budget_.used(); }
  /// The allocator's size, fixed at construction.
  [[nodiscard]] constexpr std::size_t capacity() const noexcept { return budget_.capacity(); }
  /// How many requests hold slots.
  [[nodiscard]] constexpr std::size_t requests() const noexcept { return size_; }

 private:
  /// A request id of any integer type, compared by value: -1 and 2^64 - 1 are different requests.
  using request_id = integer_key;
  struct holding {
    request_id id{};
    std::size_t slots = 0;
  };

  [[nodiscard]] constexpr std::size_t find(const request_id& id) const noexcept {
    for (std::size_t i = 0; i < size_; ++i)
      if (holdings_[i].id == id) return i;
    return size_;
  }

  slot_budget budget_;
  std::array<holding, MaxRequests> holdings_{};
  std::size_t size_ = 0;
};

/// The reference slot allocator: up to 64 requests holding slots at once.
using slot_allocator = basic_slot_allocator<64>;

}  // namespace kvc::model
