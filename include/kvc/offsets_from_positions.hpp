// kvc/offsets_from_positions.hpp - `cu_seqlens` and `max_seqlen` of a packed row derived from its
// position ids, as packing trainers hand them to varlen attention.
//
// The flattening convention: a sequence starts at the first token and at every position equal to
// 0. `cu_seqlens` is the start of every sequence, then the total; `max_seqlen` is the longest
// sequence counted in tokens. The bugs this prevents:
//  - `max_seqlen = max(position) + 1` (transformers PR #39341): M-RoPE repeats a temporal position
//    for every token of an image, so a sequence holds more tokens than its largest position + 1.
//  - No leading 0 when the row does not start at position 0 (transformers #39814: a row that
//    continues a sequence, or starts after padding), so the first sequence is lost.
//  - 3-row M-RoPE position ids flattened (transformers #44911, #47342): `cu_seqlens` covered three
//    times the tokens. With `kvc::position_components{C}` the ids are C rows of N tokens
//    (component-major, the `[3, N]` / `[3, 1, N]` tensor flattened); row 0 (temporal) decides the
//    sequences and the offsets count the N tokens.
//  - Padding left at position 0 (LLaMA-Factory #10452) reads as thousands of one-token sequences,
//    and nothing can tell it from real ones. So padding is marked negative: with a signed position
//    type, any negative position (-1, say) is a padding token. Padding is removed and forms no
//    sequence: offsets index the tokens that remain (flash-attn's `unpad_input` layout), the total
//    is the number of tokens that are not padding, and the first of those always starts a sequence.
//    Unsigned position types have no padding.
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <utility>

#include "bounded_list.hpp"
#include "concepts.hpp"
#include "host_device.hpp"
#include "position_components.hpp"
#include "detail/errc.hpp"
#include "detail/position_runs.hpp"
#include "detail/ranges.hpp"
#include "detail/runs.hpp"

namespace kvc {

namespace detail {
/// The span forms' body over the first `tokens` position ids (row 0 when there are components):
/// the checks, in order, then one pass that writes.
template <class R, class O>
KVC_HOST_DEVICE constexpr std::errc write_position_offsets(const R& positions, std::size_t tokens,
                                                           O& out) noexcept {
  using P = std::ranges::range_value_t<O>;
  const std::size_t room = detail::range_size(out);
  // sequences + 1 <= tokens + 1 and the total <= tokens: count them only when `out` might be too
  // short or too narrow.
  if (room <= tokens || std::cmp_greater(tokens, std::numeric_limits<P>::max())) {
    const sequence_summary summary = summarize_sequences(positions, tokens);
    if (room < summary.sequences + 1) return std::errc::value_too_large;
    if (std::cmp_greater(summary.tokens, std::numeric_limits<P>::max()))
      return std::errc::result_out_of_range;
  }
  const sequence_starts<P> starts = write_sequence_starts(positions, tokens, detail::range_data(out));
  *starts.end = static_cast<P>(starts.tokens);
  return std::errc{};
}
}  // namespace detail

/// Function object type of `kvc::offsets_from_positions`.
struct offsets_from_positions_fn {
  /// Compile-time form: the start of every sequence, then the total, as a list of sequences + 1.
  template <integer T, std::size_t N>
  [[nodiscard]] KVC_HOST_DEVICE constexpr bounded_list<std::size_t, N + 1> operator()(
      const std::array<T, N>& positions) const noexcept {
    bounded_list<std::size_t, N + 1> list;
    std::size_t* const first = list.storage.data();
    const detail::sequence_starts<std::size_t> starts =
        detail::write_sequence_starts(positions, N, first);
    list.count = static_cast<std::size_t>(starts.end - first);
    list.push_back(starts.tokens);
    return list;
  }

  /// Span form: writes `cu_seqlens` -- the start of every sequence, as an index into the row with
  /// its padding removed, then the number of tokens that are not padding: sequences + 1 entries. A
  /// row that is empty or all padding writes the single entry 0.
  ///
  /// Returns `std::errc{}` on success, `std::errc::value_too_large` when `out` has fewer than
  /// sequences + 1 elements, and `std::errc::result_out_of_range` when the total does not fit in
  /// `out`'s element type (every offset is at most the total). On error `out` is untouched; on
  /// success its elements past sequences + 1 are. `out` must not overlap `positions`.
  template <position_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& positions,
                                                               O&& out) const noexcept {
    return detail::write_position_offsets(
        positions, static_cast<std::size_t>(detail::range_distance(positions)), out);
  }

  /// Multimodal form: `positions` holds C = `components.value` rows of N position ids each
  /// (component-major: M-RoPE's temporal, height and width rows), `size(positions)` = C * N. Row 0
  /// decides the sequences and the padding; the offsets count the N tokens, never C * N values.
  /// C = 1 is the one-row form.
  ///
  /// Returns `std::errc::invalid_argument` when `positions` is not whole rows (C is 0 with a
  /// non-empty input, or the size is not a multiple of C), before any other check; otherwise what
  /// the one-row form returns for row 0. An empty input writes the single entry 0, for any C.
  template <position_sequence R, position_output O>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::errc operator()(const R& positions,
                                                               position_components components,
                                                               O&& out) const noexcept {
    const auto values = static_cast<std::size_t>(detail::range_distance(positions));
    if (!detail::whole_rows(values, components.value)) return std::errc::invalid_argument;
    return detail::write_position_offsets(positions, values == 0 ? 0 : values / components.value,
                                          out);
  }
};

/// `cu_seqlens` from position ids; see `offsets_from_positions_fn`.
KVC_INLINE_VARIABLE constexpr offsets_from_positions_fn offsets_from_positions{};

/// Function object type of `kvc::max_sequence_length_from_positions`.
struct max_sequence_length_from_positions_fn {
  /// The longest sequence counted in tokens (`max_seqlen`), padding excluded: 0 for an empty row or
  /// one of padding only. Never `max(position) + 1`, which repeated positions make too small.
  template <position_sequence R>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const R& positions) const noexcept {
    return detail::summarize_sequences(positions,
                                       static_cast<std::size_t>(detail::range_distance(positions)))
        .longest;
  }

  /// The same for C = `components.value` rows of N position ids, row 0 deciding: the longest
  /// sequence in tokens. 0 when `positions` is not whole rows (C is 0 with a non-empty input, or
  /// the size is not a multiple of C).
  template <position_sequence R>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const R& positions, position_components components) const noexcept {
    const auto values = static_cast<std::size_t>(detail::range_distance(positions));
    if (values == 0 || !detail::whole_rows(values, components.value)) return 0;
    return detail::summarize_sequences(positions, values / components.value).longest;
  }
};

/// `max_seqlen` from position ids; see `max_sequence_length_from_positions_fn`.
KVC_INLINE_VARIABLE constexpr max_sequence_length_from_positions_fn
    max_sequence_length_from_positions{};

}  // namespace kvc
