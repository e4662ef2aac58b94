// kvc/detail/runs.hpp - walking the contiguous runs of equal ids in a segment sequence.
#pragma once

#include <cstddef>
#include <iterator>
#include <ranges>

#include "equal.hpp"

namespace kvc::detail {

/// Calls `emit(position)` for every element of `segments` in order, where `position` counts from 0
/// within each contiguous run of equal ids. A run starts wherever an id differs from its
/// predecessor, so a later run reusing an earlier id starts again at 0.
template <class R, class Emit>
constexpr void for_each_position(const R& segments, Emit&& emit) noexcept {
  auto it = std::ranges::begin(segments);
  const auto end = std::ranges::end(segments);
  if (it == end) return;
  std::size_t position = 0;
  emit(position);
  for (auto prev = it++; it != end; prev = it++) {
    position = equal_ids(*prev, *it) ? position + 1 : 0;
    emit(position);
  }
}

/// Number of contiguous runs and length of the longest one.
struct run_summary {
  std::size_t runs = 0;
  std::size_t longest = 0;
};

template <class R>
[[nodiscard]] constexpr run_summary summarize_runs(const R& segments) noexcept {
  run_summary summary;
  for_each_position(segments, [&summary](std::size_t position) {
    if (position == 0) ++summary.runs;
    if (position + 1 > summary.longest) summary.longest = position + 1;
  });
  return summary;
}

}  // namespace kvc::detail
