// kvc/detail/positions.hpp - writing segment positions: the one place that chooses between the
// definition (the run-position loop of runs.hpp) and the AVX2 kernel (positions_avx2.hpp), for one
// row or for each row of a `[B, L]` batch.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "../host_device.hpp"
#include "positions_avx2.hpp"
#include "ranges.hpp"
#include "runs.hpp"

namespace kvc::detail {

/// Whether the bytes of `a` (a_bytes long) and `b` (b_bytes long) overlap.
inline bool bytes_overlap(const void* a, std::size_t a_bytes, const void* b,
                          std::size_t b_bytes) noexcept {
  const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
  return x < y + b_bytes && y < x + a_bytes;
}

/// Run-relative positions of `count` contiguous integer ids, at run time: the AVX2 kernel when the
/// types, the size and the CPU allow it (and `out` does not overlap `ids`), otherwise the run loop.
template <class Id, class P>
void positions_at_run_time(const Id* ids, std::size_t count, P* out) noexcept {
#if KVC_DETAIL_POSITIONS_AVX2
  if constexpr (avx2_positions_types<Id, P>) {
    if (count > 1 && count <= avx2_positions_max_count && cpu_has_avx2() &&
        !bytes_overlap(ids, count * sizeof(Id), out, count * sizeof(P))) {
      if (count * sizeof(P) > positions_stream_threshold())
        positions_avx2<true>(ids, count, out);
      else
        positions_avx2<false>(ids, count, out);
      return;
    }
  }
#endif
  run_positions(ids, ids, ids + count, 0, 0, out);
}

/// Segment ids the run-time path takes: a contiguous range of integers.
template <class R>
concept contiguous_integer_ids =
    std::ranges::contiguous_range<const R> && std::ranges::sized_range<const R> &&
    std::integral<std::remove_cv_t<std::ranges::range_value_t<const R>>>;

/// Writes the position of every id of `segments` to out[0..size): the run loop during constant
/// evaluation and for every other sequence; `positions_at_run_time` for contiguous integers at run
/// time.
template <class R, class P>
KVC_HOST_DEVICE constexpr void write_positions(const R& segments, P* out) noexcept {
#if !defined(__CUDA_ARCH__)  // the AVX2 kernel is host code; device code takes the run loop
  if constexpr (contiguous_integer_ids<R>) {
    if (!std::is_constant_evaluated()) {
      positions_at_run_time(detail::range_data(segments), detail::range_size(segments), out);
      return;
    }
  }
#endif
  walk_runs(segments, out);
}

/// Writes the row-relative position of every id of a flattened `[B, L]` batch (L = `row_length`)
/// to out[0..size): `walk_row_runs` during constant evaluation and for every other sequence;
/// `positions_at_run_time` once per row for contiguous integers at run time. Precondition:
/// `row_length` divides the size of `segments` and is not 0 unless `segments` is empty.
template <class R, class P>
KVC_HOST_DEVICE constexpr void write_row_positions(const R& segments, std::size_t row_length,
                                                   P* out) noexcept {
#if !defined(__CUDA_ARCH__)  // as in write_positions
  if constexpr (contiguous_integer_ids<R>) {
    if (!std::is_constant_evaluated()) {
      const auto* const ids = detail::range_data(segments);
      const std::size_t count = detail::range_size(segments);
      for (std::size_t row = 0; row != count; row += row_length)
        positions_at_run_time(ids + row, row_length, out + row);
      return;
    }
  }
#endif
  walk_row_runs(segments, row_length, out);
}

}  // namespace kvc::detail
