// kvc/batch_admission.hpp - a batch of appends is admitted whole or not at all.
//
// The batch form of kvc::admitted_append: a scheduler that admits a step's requests one by one and
// then fails part-way has already handed out slots it must roll back (kvcached leaked blocks that
// way); vLLM's allocate_slots checks the whole step first and returns before allocating anything.
#pragma once

#include <cstdint>
#include <type_traits>
#include <utility>

#include "concepts.hpp"
#include "host_device.hpp"
#include "detail/ranges.hpp"

namespace kvc {

/// A range of slot requests: a sized range of integers (`std::vector<int>`, `std::span<const
/// std::int64_t>`, `std::array<std::size_t, N>`, a C array...).
template <class R>
concept request_sequence =
    std::ranges::input_range<const R> && integer<std::ranges::range_value_t<const R>>;

/// Function object type of `kvc::admitted_batch`.
struct admitted_batch_fn {
  /// The total of `requests` when `0 <= used <= capacity`, every request is `>= 0` and the total
  /// fits in `capacity - used`; otherwise 0. The sum is exact: no overflow, even for requests of
  /// `INT64_MAX`. The result has the common type of `capacity` and the requests, which always holds
  /// an admitted total (it is at most `capacity`).
  template <integer Capacity, integer Used, request_sequence R>
  [[nodiscard]] constexpr std::common_type_t<Capacity, std::ranges::range_value_t<const R>>
  operator()(Capacity capacity, Used used, const R& requests) const noexcept {
    using result = std::common_type_t<Capacity, std::ranges::range_value_t<const R>>;
    if (std::cmp_less(used, 0) || std::cmp_greater(used, capacity)) return result{0};
    const auto free_slots = static_cast<std::uintmax_t>(capacity) - static_cast<std::uintmax_t>(used);
    std::uintmax_t total = 0;  // invariant: total <= free_slots, so it never overflows
    for (const auto request : requests) {
      if (std::cmp_less(request, 0) || std::cmp_greater(request, free_slots - total))
        return result{0};
      total += static_cast<std::uintmax_t>(request);
    }
    return static_cast<result>(total);
  }
};

/// All-or-nothing admission of a batch of appends; see `admitted_batch_fn::operator()`.
KVC_INLINE_VARIABLE constexpr admitted_batch_fn admitted_batch{};

}  // namespace kvc
