// kvc/detail/position_runs.hpp - the sequence loop of packed position ids: where a sequence starts
// when the boundaries come from position ids rather than segment ids, written once.
//
// The flattening convention: a sequence starts at the first token and at every position 0. A
// negative position marks padding, which is removed first (flash-attn's `unpad_input` layout), so
// the first token after padding is the first token of the unpadded row and indices count the
// tokens that remain. The loop hands the index of every remaining token within its sequence to the
// output folds of runs.hpp (`run_summary`, `run_start_writer`), the same ones kvc::segment_offsets
// uses: offsets, the sequence count and the longest sequence are this loop with a different output.
//
// The run-time paths for contiguous integers compute the same thing without a branch per token (a
// data-dependent branch on padding and on position 0 mispredicts on real packed rows); they are
// chosen in `summarize_sequences` and `write_sequence_starts`, the only callers of
// `std::is_constant_evaluated()` here.
#pragma once

#include <cstddef>
#include <limits>
#include <type_traits>

#include "../host_device.hpp"
#include "ranges.hpp"
#include "runs.hpp"

namespace kvc::detail {

/// Whether a position id marks a padding token: any negative position. Unsigned positions have no
/// padding.
template <class T>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool is_padding(const T position) noexcept {
  if constexpr (std::is_signed_v<T>)
    return position < 0;
  else
    return false;
}

/// Where a sequence walk stopped: the number of tokens that are not padding, and the output past the
/// last index written.
template <class Out>
struct sequence_walk {
  std::size_t tokens;
  Out out;
};

/// The sequence loop. Walks `count` position ids from `it`, skips padding, and writes the index of
/// every other token within its sequence, `kept - start`, to `*out++`, where `kept` counts the
/// tokens kept before it and `start` is that count at its sequence's first token:
///
///     start = position == 0 || kept == 0 ? kept : start;
///
/// A repeated position (M-RoPE gives an image's tokens one temporal position) continues its
/// sequence; only a 0 starts one, and the first kept token whatever its position.
template <class It, class Out>
KVC_HOST_DEVICE constexpr sequence_walk<Out> sequence_positions(It it, std::size_t count,
                                                                Out out) noexcept {
  std::size_t kept = 0;
  std::size_t start = 0;
  for (; count != 0; --count, ++it) {
    const auto position = *it;
    if (is_padding(position)) continue;
    start = position == 0 || kept == 0 ? kept : start;
    *out = kept++ - start;
    ++out;
  }
  return {kept, out};
}

/// `sequence_positions` over the first `count` position ids of `positions`: through pointers when
/// they are contiguous (fewer steps in constant evaluation), through iterators otherwise.
template <class R, class Out>
KVC_HOST_DEVICE constexpr sequence_walk<Out> walk_sequences(const R& positions, std::size_t count,
                                                            Out out) noexcept {
  if constexpr (std::ranges::contiguous_range<const R>)
    return sequence_positions(detail::range_data(positions), count, out);
  else
    return sequence_positions(detail::range_begin(positions), count, out);
}

/// Position ids the run-time paths take: a contiguous range of (non-volatile) integers.
template <class R>
concept contiguous_positions =
    std::ranges::contiguous_range<const R> &&
    std::is_integral_v<std::ranges::range_value_t<const R>> &&
    !std::is_volatile_v<std::remove_reference_t<std::ranges::range_reference_t<const R>>>;

// 1 or 0 as integers, added rather than branched on: a data-dependent branch per token mispredicts
// on rows of short sequences.
template <class T>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t kept_flag(const T position) noexcept {
  if constexpr (std::is_signed_v<T>) {  // 1 - the sign bit
    using U = std::make_unsigned_t<T>;
    return static_cast<std::size_t>(static_cast<U>(position) >> (std::numeric_limits<U>::digits - 1)) ^
           1U;
  } else {
    return 1;
  }
}
template <class T>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t zero_flag(const T position) noexcept {
  return position == 0 ? 1 : 0;
}

/// The number of sequences, of tokens that are not padding, and the length of the longest sequence.
struct sequence_summary {
  std::size_t sequences = 0;
  std::size_t tokens = 0;
  std::size_t longest = 0;
};

/// How many position ids the run-time paths look at together. A block with neither padding nor a 0
/// only lengthens the current sequence, and a block of padding changes nothing: both are taken
/// whole, and packed rows are mostly such blocks. Other blocks are stepped token by token.
inline constexpr std::size_t position_block = 16;

/// The index of the first position id that is not padding (`count` if none): the token that
/// starts the first sequence, whatever its position. After it, a sequence starts exactly at a 0.
template <class T>
[[nodiscard]] KVC_HOST_DEVICE std::size_t first_kept(const T* positions,
                                                     std::size_t count) noexcept {
  std::size_t i = 0;
  while (i != count && is_padding(positions[i])) ++i;
  return i;
}

/// Hands the position ids [i, count) to `state`: `state.lengthen(position_block)` for a block with
/// neither padding nor a 0, nothing for a block of padding, `state.step(position)` for every id of
/// any other block and of the tail. The state is a value, so that it stays in registers.
template <class T, class State>
[[nodiscard]] KVC_HOST_DEVICE State scan_blocks(const T* positions, std::size_t i,
                                                std::size_t count, State state) noexcept {
  for (; count - i >= position_block; i += position_block) {
    const T* const block = positions + i;
    bool special = false;  // a 0 or padding
    for (std::size_t j = 0; j != position_block; ++j) special |= !(block[j] > 0);
    if (!special) {
      state.lengthen(position_block);
      continue;
    }
    bool kept = false;  // a token that is not padding
    for (std::size_t j = 0; j != position_block; ++j) kept |= !is_padding(block[j]);
    if (kept)
      for (std::size_t j = 0; j != position_block; ++j) state.step(block[j]);
  }
  for (; i != count; ++i) state.step(positions[i]);
  return state;
}

/// The run-time summary after the first token: a 0 starts a sequence, and a select, not a branch,
/// moves the current sequence's start.
struct summary_scan {
  sequence_summary summary{1, 1, 1};
  std::size_t start = 0;

  KVC_HOST_DEVICE void lengthen(std::size_t tokens) noexcept {
    summary.tokens += tokens;
    const std::size_t length = summary.tokens - start;
    summary.longest = length > summary.longest ? length : summary.longest;
  }
  template <class T>
  KVC_HOST_DEVICE void step(const T position) noexcept {
    const std::size_t starts = zero_flag(position);
    const std::size_t mask = 0 - starts;  // all ones at a sequence start
    start = (summary.tokens & mask) | (start & ~mask);
    summary.sequences += starts;
    lengthen(kept_flag(position));
  }
};

/// `sequence_summary` of `count` contiguous position ids, at run time.
template <class T>
[[nodiscard]] KVC_HOST_DEVICE sequence_summary
summarize_sequences_at_run_time(const T* positions, std::size_t count) noexcept {
  const std::size_t first = first_kept(positions, count);
  if (first == count) return {};
  return scan_blocks(positions, first + 1, count, summary_scan{}).summary;
}

/// The sequences of the first `count` position ids of `positions`.
template <class R>
[[nodiscard]] KVC_HOST_DEVICE constexpr sequence_summary summarize_sequences(
    const R& positions, std::size_t count) noexcept {
  if constexpr (contiguous_positions<R>) {
    if (!std::is_constant_evaluated())
      return summarize_sequences_at_run_time(detail::range_data(positions), count);
  }
  const auto walk = walk_sequences(positions, count, run_summary{});
  return {walk.out.runs, walk.tokens, walk.out.longest};
}

/// Where `write_sequence_starts` stopped: past the last start written, and the number of tokens
/// that are not padding (the total that closes `cu_seqlens`).
template <class P>
struct sequence_starts {
  P* end;
  std::size_t tokens;
};

/// The run-time writer of sequence starts after the first token: every token stores its kept
/// index at `next` and only a 0 advances `next`, so no branch decides a store. The stores stay
/// within the sequences + 1 elements the caller guarantees (the one past the last start is the
/// total's, written last).
template <class P>
struct start_scan {
  P* next;
  std::size_t kept = 1;

  KVC_HOST_DEVICE void lengthen(std::size_t tokens) noexcept { kept += tokens; }
  template <class T>
  KVC_HOST_DEVICE void step(const T position) noexcept {
    *next = static_cast<P>(kept);
    next += zero_flag(position);
    kept += kept_flag(position);
  }
};

/// `write_sequence_starts` at run time for contiguous position ids.
template <class T, class P>
KVC_HOST_DEVICE sequence_starts<P> write_sequence_starts_at_run_time(const T* positions,
                                                                     std::size_t count,
                                                                     P* out) noexcept {
  const std::size_t first = first_kept(positions, count);
  if (first == count) return {out, 0};
  *out = 0;
  const start_scan<P> scan = scan_blocks(positions, first + 1, count, start_scan<P>{out + 1});
  return {scan.next, scan.kept};
}

/// Writes the start of every sequence of the first `count` position ids, as an index into the
/// unpadded row, to `out[0..sequences)`. Precondition: `out` has room for sequences + 1 elements and
/// P holds the number of tokens that are not padding.
template <class R, class P>
KVC_HOST_DEVICE constexpr sequence_starts<P> write_sequence_starts(const R& positions,
                                                                   std::size_t count,
                                                                   P* out) noexcept {
  if constexpr (contiguous_positions<R>) {
    if (!std::is_constant_evaluated())
      return write_sequence_starts_at_run_time(detail::range_data(positions), count, out);
  }
  const auto walk = walk_sequences(positions, count, run_start_writer<P*>{out});
  return {walk.out.next, walk.tokens};
}

}  // namespace kvc::detail
