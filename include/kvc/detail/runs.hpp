// kvc/detail/runs.hpp - the run-position loop: the definition of a segment position, written once.
//
// Every contract about segment runs is this loop with a different output: positions (every form
// of kvc::segment_positions, the scalar run-time path, the AVX2 kernel's head and tail), run start
// offsets (kvc::segment_offsets), and the run count and longest run (kvc::segment_run_count,
// kvc::max_segment_length, the positions overflow check). The row-aware forms of a `[B, L]` batch
// run the same loop once per row (`walk_row_runs`).
#pragma once

#include <cstddef>

#include "../host_device.hpp"
#include "equal.hpp"
#include "ranges.hpp"

namespace kvc::detail {

/// Where a walk stopped: the start index of the last id's run, and the output past the last
/// position written.
template <class Out>
struct run_walk {
  std::size_t start;
  Out out;
};

/// The run-position loop. Walks the ids [it, last), the first of them at index `index`, and writes
/// the position of each within its run, `index - start`, to `*out++`. A run starts wherever an id
/// differs from its predecessor, so a later run reusing an earlier id starts again at 0:
///
///     start = equal_ids(*previous, *it) ? start : index;   // a select, not a branch
///     position = index - start;
///
/// `previous` is the id before `it` and `start` the start of its run. To walk a sequence from its
/// beginning, pass its first id as both `previous` and `it` and 0 as `index` and `start`: index 0
/// gives position 0 whatever an id compares to itself.
///
/// `out` is a pointer to positions, or one of the small output iterators below that fold the
/// positions instead. Constant evaluation counts every statement (clang allows 1,048,576 by
/// default), so the body is one statement and the comparison the only call: three steps a token.
template <class It, class S, class Out>
KVC_HOST_DEVICE constexpr run_walk<Out> run_positions(It previous, It it, const S last,
                                                      std::size_t index, std::size_t start,
                                                      Out out) noexcept {
  using P = std::iter_value_t<Out>;
  for (; it != last; previous = it, ++it, ++index, ++out)
    *out = static_cast<P>(index - (start = equal_ids(*previous, *it) ? start : index));
  return {start, out};
}

/// `run_positions` over a whole sequence: through pointers when it is contiguous (no call per id in
/// constant evaluation), through its iterators otherwise.
template <class R, class Out>
KVC_HOST_DEVICE constexpr run_walk<Out> walk_runs(const R& ids, Out out) noexcept {
  if constexpr (std::ranges::contiguous_range<const R>) {
    const auto* const first = detail::range_data(ids);
    return run_positions(first, first, first + detail::range_size(ids), 0, 0, out);
  } else {
    const auto first = detail::range_begin(ids);
    return run_positions(first, first, detail::range_end(ids), 0, 0, out);
  }
}

/// `run_positions` over each row of a flattened `[B, L]` batch in turn (L = `row_length`): a run
/// also starts at every row start, whatever the ids, and positions count from there. The rows share
/// `out`, so an output iterator that counts tokens (`run_start_writer`) counts them across the
/// batch. Precondition: `row_length` divides the size of `ids` and is not 0 unless `ids` is empty.
template <class R, class Out>
KVC_HOST_DEVICE constexpr Out walk_row_runs(const R& ids, std::size_t row_length,
                                            Out out) noexcept {
  if constexpr (std::ranges::contiguous_range<const R>) {
    const auto* row = detail::range_data(ids);
    const auto* const last = row + detail::range_size(ids);
    for (; row != last; row += row_length)
      out = run_positions(row, row, row + row_length, 0, 0, out).out;
  } else {
    auto row = detail::range_begin(ids);
    const auto last = detail::range_end(ids);
    while (row != last) {
      auto row_end = row;
      for (std::size_t i = 0; i < row_length; ++i) ++row_end;
      out = run_positions(row, row, row_end, 0, 0, out).out;
      row = row_end;
    }
  }
  return out;
}

/// Number of contiguous runs and length of the longest one; also an output iterator of positions
/// that folds them in.
struct run_summary {
  using value_type = std::size_t;
  using difference_type = std::ptrdiff_t;

  std::size_t runs = 0;
  std::size_t longest = 0;

  KVC_HOST_DEVICE constexpr run_summary& operator*() noexcept { return *this; }
  KVC_HOST_DEVICE constexpr run_summary& operator++() noexcept { return *this; }
  KVC_HOST_DEVICE constexpr run_summary& operator=(std::size_t position) noexcept {
    runs += position == 0 ? 1 : 0;
    longest = position + 1 > longest ? position + 1 : longest;
    return *this;
  }
};

template <class R>
[[nodiscard]] KVC_HOST_DEVICE constexpr run_summary summarize_runs(const R& ids) noexcept {
  return walk_runs(ids, run_summary{}).out;
}

/// Whether `count` ids are whole rows of `row_length` ids, as the row-aware forms require: an
/// empty input is, for any length; a non-empty one needs a length that divides its size.
[[nodiscard]] KVC_HOST_DEVICE constexpr bool whole_rows(std::size_t count,
                                                        std::size_t row_length) noexcept {
  return count == 0 || (row_length != 0 && count % row_length == 0);
}

/// `summarize_runs` over the rows of a `[B, L]` batch: every row start starts a run.
template <class R>
[[nodiscard]] KVC_HOST_DEVICE constexpr run_summary summarize_row_runs(
    const R& ids, std::size_t row_length) noexcept {
  return walk_row_runs(ids, row_length, run_summary{});
}

/// An output iterator of positions that writes the index of every run start (position 0) to
/// `*next++`.
template <class Out>
struct run_start_writer {
  using value_type = std::size_t;
  using difference_type = std::ptrdiff_t;

  Out next;
  std::size_t index = 0;

  KVC_HOST_DEVICE constexpr run_start_writer& operator*() noexcept { return *this; }
  KVC_HOST_DEVICE constexpr run_start_writer& operator++() noexcept {
    ++index;
    return *this;
  }
  KVC_HOST_DEVICE constexpr run_start_writer& operator=(std::size_t position) noexcept {
    if (position == 0) *next++ = static_cast<std::iter_value_t<Out>>(index);
    return *this;
  }
};

/// Writes the start offset of every run of `ids` to `*out++`; returns `out` past the last one.
template <class R, class Out>
KVC_HOST_DEVICE constexpr Out write_run_starts(const R& ids, Out out) noexcept {
  return walk_runs(ids, run_start_writer<Out>{out}).out.next;
}

/// `write_run_starts` over the rows of a `[B, L]` batch: the start offset, in the flattened batch, of
/// every run, a row start always being one.
template <class R, class Out>
KVC_HOST_DEVICE constexpr Out write_row_run_starts(const R& ids, std::size_t row_length,
                                                   Out out) noexcept {
  return walk_row_runs(ids, row_length, run_start_writer<Out>{out}).next;
}

}  // namespace kvc::detail
