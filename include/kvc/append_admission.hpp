// kvc/append_admission.hpp - FA-98626: a multi-token append is admitted atomically.
//
// Contract: a request for `requested` slots in a cache of `capacity` slots, `used` of them taken, is
// granted whole (`requested`) when it fits in `capacity - used`, and otherwise refused (0). Admitting
// token by token (the recorded failure) grants a partial count; comparing against the total capacity
// (the recorded unsuccessful fix) ignores the slots already taken.
#pragma once

#include <cstdint>
#include <utility>

#include "concepts.hpp"
#include "host_device.hpp"

namespace kvc {

/// Function object type of `kvc::admitted_append`.
struct admitted_append_fn {
  /// `requested` when `0 <= used <= capacity` and `0 <= requested <= capacity - used`, else 0.
  ///
  /// The three integers may have any mix of types and signedness; the bounds are decided by
  /// mathematical value, so no combination overflows or wraps. An inconsistent state (negative
  /// capacity or used, used above capacity) admits nothing.
  template <integer Capacity, integer Used, integer Requested>
  [[nodiscard]] KVC_HOST_DEVICE constexpr Requested operator()(Capacity capacity, Used used,
                                                               Requested requested) const noexcept {
    if (std::cmp_less(used, 0) || std::cmp_greater(used, capacity) || std::cmp_less(requested, 0))
      return Requested{0};
    // 0 <= used <= capacity, so both are non-negative and their difference fits in uintmax_t.
    const auto free_slots = static_cast<std::uintmax_t>(capacity) - static_cast<std::uintmax_t>(used);
    return std::cmp_less_equal(requested, free_slots) ? requested : Requested{0};
  }
};

/// All-or-nothing admission of a multi-slot append; see `admitted_append_fn::operator()`.
KVC_INLINE_VARIABLE constexpr admitted_append_fn admitted_append{};

}  // namespace kvc
