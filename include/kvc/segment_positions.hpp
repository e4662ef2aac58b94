// kvc/segment_positions.hpp - FA-98576: packed sequences restart positions at every segment run.
//
// Contract: given one segment id per token, a token's position is its offset within its contiguous
// run of equal ids. Numbering the flattened row (the recorded failure) lets a packed sequence inherit
// its predecessor's positions; counting per id (the recorded unsuccessful fix) merges two runs that
// reuse an id with another run in between.
//
// In a `[B, L]` batch (B rows of L tokens, flattened row-major; `kvc::row_length{L}`) a run also
// ends at every row end: the last token of a row and the first of the next belong to different
// sequences even when their ids are equal.
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <utility>

#include "concepts.hpp"
#include "host_device.hpp"
#include "row_length.hpp"
#include "detail/errc.hpp"
#include "detail/positions.hpp"
#include "detail/ranges.hpp"
#include "detail/runs.hpp"

namespace kvc {

/// Function object type of `kvc::segment_positions`.
struct segment_positions_fn {
  /// Compile-time form: the position of every token, as a new array of the same length.
  template <class S, std::size_t N>
    requires comparable_with<S, S>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::array<std::size_t, N> operator()(
      const std::array<S, N>& segments) const noexcept {
    std::array<std::size_t, N> positions{};
    detail::walk_runs(segments, positions.data());
    return positions;
  }

  /// Span form: writes the position of every token to the first `size(segments)` elements of `out`.
  ///
  /// Returns `std::errc{}` on success, `std::errc::value_too_large` when `out` is shorter than
  /// `segments`, and `std::errc::result_out_of_range` when a position does not fit in `out`'s
  /// element type. On error `out` is untouched; on success its elements past `size(segments)` are.
  /// `out` must not overlap `segments`.
  template <segment_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& segments,
                                                               O&& out) const noexcept {
    using P = std::ranges::range_value_t<O>;
    const auto count = static_cast<std::size_t>(detail::range_distance(segments));
    if (detail::range_size(out) < count) return std::errc::value_too_large;
    // A position is below the length of its run, so only a sequence longer than P's range can
    // overflow, and only then is the extra pass over the runs needed.
    constexpr auto p_max = std::numeric_limits<P>::max();
    if (count > 0 && std::cmp_greater(count - 1, p_max) &&
        std::cmp_greater(detail::summarize_runs(segments).longest - 1, p_max))
      return std::errc::result_out_of_range;
    detail::write_positions(segments, detail::range_data(out));
    return std::errc{};
  }

  /// Row-aware span form, for a flattened `[B, L]` batch with `rows.value` = L: writes the
  /// position of every token to the first `size(segments)` elements of `out`, restarting at every
  /// run of equal ids and at every row start (every multiple of L), even when the id continues.
  ///
  /// Returns `std::errc::invalid_argument` when `segments` is not whole rows (L is 0 with a
  /// non-empty input, or `size(segments)` is not a multiple of L); otherwise what the one-row form
  /// returns: `std::errc{}`, `value_too_large` for an `out` shorter than `segments` (before
  /// `result_out_of_range`), `result_out_of_range` for a position that does not fit `out`'s element
  /// type. An empty batch succeeds for any L and writes nothing. On error `out` is untouched; on
  /// success its elements past `size(segments)` are. `out` must not overlap `segments`.
  template <segment_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& segments, row_length rows,
                                                               O&& out) const noexcept {
    using P = std::ranges::range_value_t<O>;
    const auto count = static_cast<std::size_t>(detail::range_distance(segments));
    if (!detail::whole_rows(count, rows.value)) return std::errc::invalid_argument;
    if (detail::range_size(out) < count) return std::errc::value_too_large;
    // A position is below both L and the length of its run: the pass over the runs is needed only
    // when L - 1 does not fit P.
    constexpr auto p_max = std::numeric_limits<P>::max();
    if (count > 0 && std::cmp_greater(rows.value - 1, p_max) &&
        std::cmp_greater(detail::summarize_row_runs(segments, rows.value).longest - 1, p_max))
      return std::errc::result_out_of_range;
    detail::write_row_positions(segments, rows.value, detail::range_data(out));
    return std::errc{};
  }
};

/// Run-relative positions of packed segments; see `segment_positions_fn`.
KVC_INLINE_VARIABLE constexpr segment_positions_fn segment_positions{};

}  // namespace kvc
