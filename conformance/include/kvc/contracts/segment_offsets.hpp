// kvc/contracts/segment_offsets.hpp - the verification of run offsets (`cu_seqlens`), run count and
// longest run (`max_seqlen`): known-bad implementations and the contract's descriptor.
//
// The known-bad implementations are plausible ways to get the contract wrong; the descriptor at
// the end ties them to the suites that must reject them (kvc/verification/descriptor.hpp).
#pragma once

#include <cstddef>

#include <kvc/segment_offsets.hpp>
#include <kvc/verification/descriptor.hpp>
#include <kvc/suites/segment_offsets.hpp>
#include <kvc/suites/segment_run_count.hpp>
#include <kvc/suites/max_segment_length.hpp>

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

namespace kvc::verification {

/// The varlen-attention view of packed segments: offsets, run count and longest run.
inline constexpr auto segment_offsets_contract = describe_contract<"segment_offsets">(
    check_suite<"segment_offsets", "fuzz_segment_offsets">(
        suites::segment_offsets, kvc::segment_offsets,
        named<"no_total">(mutants::segment_offsets::no_total),
        named<"merges_reused_ids">(mutants::segment_offsets::merges_reused_ids),
        named<"empty_writes_nothing">(mutants::segment_offsets::empty_writes_nothing),
        named<"lengths_not_offsets">(mutants::segment_offsets::lengths_not_offsets)),
    check_suite<"segment_run_count", "">(
        suites::segment_run_count, kvc::segment_run_count,
        named<"counts_distinct_ids">(mutants::segment_offsets::counts_distinct_ids),
        named<"counts_changes">(mutants::segment_offsets::counts_changes)),
    check_suite<"max_segment_length", "">(
        suites::max_segment_length, kvc::max_segment_length,
        named<"longest_per_id">(mutants::segment_offsets::longest_per_id),
        named<"largest_position">(mutants::segment_offsets::largest_position)));

}  // namespace kvc::verification
