// kvc/request_admission.hpp - a queue of requests is admitted in order, each whole, up to the first
// that does not fit.
//
// Contract: with `capacity` slots, `used` of them taken, the requests are admitted front to back,
// each all-or-nothing, while the next one fits in the slots still free (`0 <= request <= capacity -
// used - the requests admitted before it`); admission stops at the first that does not. The result
// is how many were admitted. This is the per-step rule of vLLM's and SGLang's schedulers: they walk
// the waiting queue in order and stop at the first request whose blocks cannot be allocated, never
// skipping ahead to a smaller one behind it (which would starve the large request) and never
// granting part of one. A request of 0 slots fits and admission goes on past it; a negative request
// is malformed and stops admission; an inconsistent state admits nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "batch_admission.hpp"
#include "concepts.hpp"
#include "host_device.hpp"
#include "detail/ranges.hpp"

namespace kvc {

/// Function object type of `kvc::admitted_requests`.
struct admitted_requests_fn {
  /// How many leading `requests` are admitted in order when `0 <= used <= capacity`: each request
  /// is admitted when `0 <= request <= capacity - used - (the sum of those admitted before it)`,
  /// and admission stops at the first that is not. 0 for an inconsistent state (negative
  /// `capacity` or `used`, `used` above `capacity`). Every bound is decided by mathematical value,
  /// for any mix of integer types: no overflow, no wrap, no narrowing. `requests` must be finite.
  template <integer Capacity, integer Used, request_sequence R>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(Capacity capacity, Used used,
                                                                 const R& requests) const noexcept {
    if (std::cmp_less(used, 0) || std::cmp_greater(used, capacity)) return 0;
    // 0 <= used <= capacity, so both are non-negative and their difference fits in uintmax_t.
    const auto free_slots =
        static_cast<std::uintmax_t>(capacity) - static_cast<std::uintmax_t>(used);
    std::uintmax_t total = 0;  // invariant: total <= free_slots, so it never overflows
    std::size_t admitted = 0;
    for (const auto request : requests) {
      if (std::cmp_less(request, 0) || std::cmp_greater(request, free_slots - total)) break;
      total += static_cast<std::uintmax_t>(request);
      ++admitted;
    }
    return admitted;
  }
};

/// In-order, all-or-nothing admission of a request queue; see `admitted_requests_fn::operator()`.
KVC_INLINE_VARIABLE constexpr admitted_requests_fn admitted_requests{};

}  // namespace kvc
