// kvc/contracts/slot_allocator_scenarios.hpp - known-bad slot allocators that the scenarios of
// kvc/suites/slot_allocator_scenarios.hpp reject: grants, releases and request tables gotten wrong.
//
// Every mutant is the same small allocator with one decision made wrong (`flawed_allocator<flaw>`),
// so that each differs from a correct allocator in exactly the way its name says. They are usable
// in constant expressions on every supported compiler: fixed arrays, no allocation. They count in
// signed 64 bits, so that a flaw that frees more than was reserved shows as more slots available
// than the capacity instead of wrapping.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace kvc::mutants::slot_allocator_scenarios {

/// The one wrong decision of a `flawed_allocator`.
enum class allocator_flaw : unsigned char {
  none,                        ///< no flaw: the correct allocator the others are variations of
  partial_grant,               ///< grants what is free of a larger request
  refuses_exact_fit,           ///< refuses a request of exactly the free slots
  grants_nothing_asked,        ///< grants a request of 0 slots
  overwrite_instead_of_add,    ///< a request's second reservation replaces its first
  release_lost,                ///< a release forgets the request but frees no slot
  double_release_frees_again,  ///< a second release of a request frees its slots again
  unknown_release_frees,       ///< a release of an unknown request frees the first request's slots
  refusal_records_request,     ///< a refused request is recorded as holding what it asked
  ids_truncated_to_32_bits,    ///< requests told apart by their low 32 bits
  grants_one_over_free,        ///< grants a request of one slot more than is free
  ids_truncated_to_8_bits,     ///< requests told apart by their low 8 bits
  zero_is_no_request,          ///< request 0 means "none": granted without taking slots
  release_keeps_holding,       ///< a release frees the slots but keeps the holding's count
  holds_one_less,              ///< a grant takes n slots but records n - 1 held
  refusal_adds_to_holding,     ///< a refused reservation of a known request adds to its holding
  refusal_records_nothing_held,  ///< a refused request is recorded, holding 0 slots
};

/// A slot allocator for at most 4 requests holding slots at once (enough for every scenario),
/// correct but for `Flaw`.
template <allocator_flaw Flaw>
class flawed_allocator {
 public:
  /// An allocator of `capacity` slots, none reserved.
  constexpr explicit flawed_allocator(std::size_t capacity) noexcept
      : capacity_(static_cast<std::int64_t>(capacity)) {}

  /// Reserves `n` more slots for `request`: all of them and true, or none and false.
  constexpr bool try_reserve(std::uint64_t request, std::size_t n) noexcept {
    const std::uint64_t id = key(request);
    std::size_t at = find(id);
    const auto asked = static_cast<std::int64_t>(n);
    std::int64_t granted = asked;
    if constexpr (Flaw == allocator_flaw::zero_is_no_request)
      if (request == 0) return n > 0;
    const bool fits = Flaw == allocator_flaw::refuses_exact_fit      ? asked < available()
                      : Flaw == allocator_flaw::grants_one_over_free ? asked <= available() + 1
                                                                     : asked <= available();
    if (!fits) {
      if constexpr (Flaw == allocator_flaw::partial_grant) {
        granted = available();
      } else {
        if constexpr (Flaw == allocator_flaw::refusal_records_request)
          if (at == size_ && size_ < max_requests) holdings_[size_++] = holding{id, asked};
        if constexpr (Flaw == allocator_flaw::refusal_records_nothing_held)
          if (at == size_ && size_ < max_requests) holdings_[size_++] = holding{id, 0};
        if constexpr (Flaw == allocator_flaw::refusal_adds_to_holding)
          if (at != size_) holdings_[at].slots += asked;
        return false;
      }
    }
    if (granted <= 0 && Flaw != allocator_flaw::grants_nothing_asked) return false;
    if (at == size_) {
      if (size_ == max_requests) return false;
      holdings_[size_++] = holding{id, 0};
    }
    holdings_[at].released = false;
    if constexpr (Flaw == allocator_flaw::overwrite_instead_of_add)
      holdings_[at].slots = granted;
    else if constexpr (Flaw == allocator_flaw::holds_one_less)
      holdings_[at].slots += granted - 1;
    else
      holdings_[at].slots += granted;
    used_ += granted;
    return true;
  }

  /// Frees every slot `request` holds and returns how many that was.
  constexpr std::int64_t release(std::uint64_t request) noexcept {
    std::size_t at = find(key(request));
    if (at == size_) {
      if (Flaw != allocator_flaw::unknown_release_frees || size_ == 0) return 0;
      at = 0;  // a lookup that answers "the first slot" on a miss
    }
    if (holdings_[at].released) return 0;
    const std::int64_t freed = holdings_[at].slots;
    if (Flaw != allocator_flaw::release_lost) used_ -= freed;
    if constexpr (Flaw == allocator_flaw::release_keeps_holding)
      holdings_[at].released = true;  // the count stays, and a later grant adds to it
    else if constexpr (Flaw != allocator_flaw::double_release_frees_again)
      holdings_[at] = holdings_[--size_];
    return freed;
  }

  /// The slots that can still be reserved.
  [[nodiscard]] constexpr std::int64_t available() const noexcept { return capacity_ - used_; }

 private:
  static constexpr std::size_t max_requests = 4;

  struct holding {
    std::uint64_t id = 0;
    std::int64_t slots = 0;
    bool released = false;  // set only by release_keeps_holding
  };

  [[nodiscard]] static constexpr std::uint64_t key(std::uint64_t request) noexcept {
    if constexpr (Flaw == allocator_flaw::ids_truncated_to_32_bits)
      return static_cast<std::uint32_t>(request);
    else if constexpr (Flaw == allocator_flaw::ids_truncated_to_8_bits)
      return static_cast<std::uint8_t>(request);
    else
      return request;
  }

  [[nodiscard]] constexpr std::size_t find(std::uint64_t id) const noexcept {
    for (std::size_t i = 0; i < size_; ++i)
      if (holdings_[i].id == id) return i;
    return size_;
  }

  std::int64_t capacity_ = 0;
  std::int64_t used_ = 0;
  std::array<holding, max_requests> holdings_{};
  std::size_t size_ = 0;
};

/// A correct allocator built like the mutants: the scenarios accept it, so each mutant's
/// rejection is its flaw's doing.
using correct = flawed_allocator<allocator_flaw::none>;
/// Grants the free slots of a request that asks for more: a request runs short of KV mid-decode.
using partial_grant = flawed_allocator<allocator_flaw::partial_grant>;
/// Compares with `<` where `<=` is meant: the last free slots are never granted.
using refuses_exact_fit = flawed_allocator<allocator_flaw::refuses_exact_fit>;
/// Grants a request of 0 slots, which then holds nothing but counts as admitted.
using grants_nothing_asked = flawed_allocator<allocator_flaw::grants_nothing_asked>;
/// Records a request's latest reservation instead of the sum: a release frees too few slots.
using overwrite_instead_of_add = flawed_allocator<allocator_flaw::overwrite_instead_of_add>;
/// A release drops the request's record without returning its slots: capacity leaks.
using release_lost = flawed_allocator<allocator_flaw::release_lost>;
/// Keeps the request's record after a release, so a second release frees its slots again.
using double_release_frees_again = flawed_allocator<allocator_flaw::double_release_frees_again>;
/// A release of a request that holds nothing frees the first recorded request's slots.
using unknown_release_frees = flawed_allocator<allocator_flaw::unknown_release_frees>;
/// Records a request before the budget refuses it, with the slots it asked: releasing it frees
/// slots it never held.
using refusal_records_request = flawed_allocator<allocator_flaw::refusal_records_request>;
/// A request table of 32-bit ids: requests 2^32 apart are one request.
using ids_truncated_to_32_bits = flawed_allocator<allocator_flaw::ids_truncated_to_32_bits>;

/// Compares with `<=` against one more than is free: the budget is overdrawn by a slot.
using grants_one_over_free = flawed_allocator<allocator_flaw::grants_one_over_free>;
/// Requests told apart by their low 8 bits (a bucket index taken for the id).
using ids_truncated_to_8_bits = flawed_allocator<allocator_flaw::ids_truncated_to_8_bits>;
/// Request 0 taken for "no request": its reservations succeed and take nothing.
using zero_is_no_request = flawed_allocator<allocator_flaw::zero_is_no_request>;
/// A release frees the slots but keeps the holding's count: the request's next grant adds to the
/// stale count, and its next release frees both.
using release_keeps_holding = flawed_allocator<allocator_flaw::release_keeps_holding>;
/// A grant takes n slots from the budget but records n - 1: each release leaks a slot.
using holds_one_less = flawed_allocator<allocator_flaw::holds_one_less>;
/// A refused reservation of a request that already holds slots still adds to its holding: its
/// release frees slots it never held.
using refusal_adds_to_holding = flawed_allocator<allocator_flaw::refusal_adds_to_holding>;
/// A refused request is recorded as holding nothing. No scenario rejects it, and none should: it
/// observes like a correct allocator until its fixed request table fills.
using refusal_records_nothing_held = flawed_allocator<allocator_flaw::refusal_records_nothing_held>;

/// A factory of `Allocator`, as the scenario suites take it: `kvc::verify(suite,
/// factory<Allocator>)`.
template <class Allocator>
inline constexpr auto factory = [](std::size_t capacity) { return Allocator(capacity); };

}  // namespace kvc::mutants::slot_allocator_scenarios
