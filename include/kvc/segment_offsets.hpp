// kvc/segment_offsets.hpp - the varlen-attention view of packed segments: run start offsets plus
// the total (flash-attn's `cu_seqlens`), the number of runs, and the longest run (`max_seqlen`).
//
// Same notion of a run as kvc::segment_positions: a contiguous stretch of equal ids; a later run
// reusing an earlier id is a new run. In a `[B, L]` batch (`kvc::row_length{L}`) every row start
// starts a run too, so `cu_seqlens` over the flattened batch breaks at every row start.
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <utility>

#include "bounded_list.hpp"
#include "concepts.hpp"
#include "host_device.hpp"
#include "row_length.hpp"
#include "detail/errc.hpp"
#include "detail/ranges.hpp"
#include "detail/runs.hpp"

namespace kvc {

/// Function object type of `kvc::segment_run_count`.
struct segment_run_count_fn {
  /// The number of contiguous runs of equal ids (0 for an empty sequence).
  template <segment_sequence R>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(const R& segments) const noexcept {
    return detail::summarize_runs(segments).runs;
  }
};
/// How many runs a segment sequence holds; see `segment_run_count_fn::operator()`.
KVC_INLINE_VARIABLE constexpr segment_run_count_fn segment_run_count{};

/// Function object type of `kvc::max_segment_length`.
struct max_segment_length_fn {
  /// The length of the longest run (0 for an empty sequence): varlen attention's `max_seqlen`.
  template <segment_sequence R>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(const R& segments) const noexcept {
    return detail::summarize_runs(segments).longest;
  }
};
/// The longest run of a segment sequence (`max_seqlen`); see `max_segment_length_fn::operator()`.
KVC_INLINE_VARIABLE constexpr max_segment_length_fn max_segment_length{};

/// The compile-time result of `kvc::segment_offsets` for N ids: runs + 1 <= N + 1 offsets.
template <std::size_t N>
using segment_offset_list = bounded_list<std::size_t, N + 1>;

/// Function object type of `kvc::segment_offsets`.
struct segment_offsets_fn {
  /// Compile-time form: the start offset of every run, then the total, as a list of runs + 1.
  template <class S, std::size_t N>
    requires comparable_with<S, S>
  [[nodiscard]] KVC_HOST_DEVICE constexpr segment_offset_list<N> operator()(
      const std::array<S, N>& segments) const noexcept {
    segment_offset_list<N> list;
    std::size_t* const first = list.storage.data();
    list.count = static_cast<std::size_t>(detail::write_run_starts(segments, first) - first);
    list.push_back(N);
    return list;
  }

  /// Span form: writes the start offset of every run followed by the total token count -- runs + 1
  /// entries, the `cu_seqlens` layout; an empty input writes the single entry 0.
  ///
  /// Returns `std::errc{}` on success, `std::errc::value_too_large` when `out` has fewer than
  /// runs + 1 elements, and `std::errc::result_out_of_range` when the total does not fit in `out`'s
  /// element type (every offset is at most the total). On error `out` is untouched; on success its
  /// elements past runs + 1 are. `out` must not overlap `segments`.
  template <segment_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& segments,
                                                               O&& out) const noexcept {
    using P = std::ranges::range_value_t<O>;
    const auto total = static_cast<std::size_t>(detail::range_distance(segments));
    // runs + 1 <= total + 1: only count runs when the output might be too short.
    if (detail::range_size(out) <= total &&
        detail::range_size(out) < detail::summarize_runs(segments).runs + 1)
      return std::errc::value_too_large;
    if (std::cmp_greater(total, std::numeric_limits<P>::max())) return std::errc::result_out_of_range;
    *detail::write_run_starts(segments, detail::range_data(out)) = static_cast<P>(total);
    return std::errc{};
  }

  /// Row-aware span form, for a flattened `[B, L]` batch with `rows.value` = L: the `cu_seqlens`
  /// layout over the flattened batch -- the start offset of every run, a run breaking at every run
  /// of equal ids and at every row start (every multiple of L), then the total token count.
  ///
  /// Returns `std::errc::invalid_argument` when `segments` is not whole rows (L is 0 with a
  /// non-empty input, or `size(segments)` is not a multiple of L); otherwise what the one-row form
  /// returns: `std::errc{}`, `value_too_large` when `out` has fewer than runs + 1 elements (before
  /// `result_out_of_range`), `result_out_of_range` when the total does not fit `out`'s element
  /// type. An empty batch writes the single entry 0, for any L. On error `out` is untouched; on
  /// success its elements past runs + 1 are. `out` must not overlap `segments`.
  template <segment_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& segments, row_length rows,
                                                               O&& out) const noexcept {
    using P = std::ranges::range_value_t<O>;
    const auto total = static_cast<std::size_t>(detail::range_distance(segments));
    if (!detail::whole_rows(total, rows.value)) return std::errc::invalid_argument;
    // runs + 1 <= total + 1: only count runs when the output might be too short.
    if (detail::range_size(out) <= total &&
        detail::range_size(out) < detail::summarize_row_runs(segments, rows.value).runs + 1)
      return std::errc::value_too_large;
    if (std::cmp_greater(total, std::numeric_limits<P>::max())) return std::errc::result_out_of_range;
    *detail::write_row_run_starts(segments, rows.value, detail::range_data(out)) =
        static_cast<P>(total);
    return std::errc{};
  }
};

/// Run start offsets plus the total (`cu_seqlens`); see `segment_offsets_fn`.
KVC_INLINE_VARIABLE constexpr segment_offsets_fn segment_offsets{};

}  // namespace kvc
