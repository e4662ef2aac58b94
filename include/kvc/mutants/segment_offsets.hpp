// kvc/mutants/segment_offsets.hpp - known-bad implementations of run offsets, run count and
// longest run; kvc's static checks prove the suites reject every one.
#pragma once

#include <cstddef>

namespace kvc::mutants::segment_offsets {

namespace detail {
constexpr bool starts_run(const auto& segments, std::size_t i) noexcept {
  return i == 0 || !(segments[i] == segments[i - 1]);
}
}  // namespace detail

/// Writes the run starts but not the closing total.
inline constexpr auto no_total = [](auto segments, auto out) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < segments.size(); ++i)
    if (detail::starts_run(segments, i)) out[n++] = i;
};

/// Starts a run only at an id's first occurrence, merging runs that reuse an id.
inline constexpr auto merges_reused_ids = [](auto segments, auto out) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    bool seen = false;
    for (std::size_t j = 0; j < i; ++j) seen = seen || segments[j] == segments[i];
    if (!seen) out[n++] = i;
  }
  out[n] = segments.size();
};

/// Writes nothing for an empty input instead of the single offset 0.
inline constexpr auto empty_writes_nothing = [](auto segments, auto out) {
  if (segments.size() == 0) return;
  std::size_t n = 0;
  for (std::size_t i = 0; i < segments.size(); ++i)
    if (detail::starts_run(segments, i)) out[n++] = i;
  out[n] = segments.size();
};

/// Writes run lengths where offsets are meant.
inline constexpr auto lengths_not_offsets = [](auto segments, auto out) {
  std::size_t n = 0, start = 0;
  out[0] = 0;
  for (std::size_t i = 1; i <= segments.size(); ++i)
    if (i == segments.size() || detail::starts_run(segments, i)) {
      out[++n] = i - start;
      start = i;
    }
};

/// Run count as the number of distinct ids.
inline constexpr auto counts_distinct_ids = [](const auto& segments) {
  std::size_t distinct = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    bool seen = false;
    for (std::size_t j = 0; j < i; ++j) seen = seen || segments[j] == segments[i];
    if (!seen) ++distinct;
  }
  return distinct;
};

/// Run count as the number of id changes (one short for any non-empty input).
inline constexpr auto counts_changes = [](const auto& segments) {
  std::size_t changes = 0;
  for (std::size_t i = 1; i < segments.size(); ++i)
    if (!(segments[i] == segments[i - 1])) ++changes;
  return changes;
};

/// Longest run as the most tokens any one id has, across runs.
inline constexpr auto longest_per_id = [](const auto& segments) {
  std::size_t longest = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    std::size_t count = 0;
    for (std::size_t j = 0; j < segments.size(); ++j) if (segments[j] == segments[i]) ++count;
    longest = count > longest ? count : longest;
  }
  return longest;
};

/// Longest run as the largest position (one short).
inline constexpr auto largest_position = [](const auto& segments) {
  std::size_t longest = 0, position = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    position = detail::starts_run(segments, i) ? 0 : position + 1;
    longest = position > longest ? position : longest;
  }
  return longest;
};

}  // namespace kvc::mutants::segment_offsets
