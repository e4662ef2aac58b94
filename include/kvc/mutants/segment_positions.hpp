// kvc/mutants/segment_positions.hpp - known-bad implementations of the segment-positions contract.
//
// Each is a plausible way to get FA-98576 wrong; kvc's static checks prove the positions suite
// rejects every one. All use the span shape of `kvc::positions_call`: `impl(segments, out)`.
#pragma once

#include <cstddef>
#include <type_traits>

namespace kvc::mutants::segment_positions {

/// The record's failure: numbers the flattened row.
inline constexpr auto seed_failure = [](auto segments, auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i) out[i] = i;
};

/// The record's unsuccessful fix: counts per id, so runs that reuse an id continue each other.
inline constexpr auto seed_unsuccessful_fix = [](auto segments, auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i) {
    std::size_t seen = 0;
    for (std::size_t j = 0; j < i; ++j)
      if (segments[j] == segments[i]) ++seen;
    out[i] = seen;
  }
};

/// Counts from 1 instead of 0.
inline constexpr auto one_based = [](auto segments, auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i)
    out[i] = i > 0 && segments[i] == segments[i - 1] ? out[i - 1] + 1 : 1;
};

/// Restarts only when the id grows, as if ids were sorted.
inline constexpr auto resets_on_increase_only = [](auto segments, auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i)
    out[i] = i > 0 && !(segments[i - 1] < segments[i]) ? out[i - 1] + 1 : 0;
};

/// Treats the default id (0, '\0') as the only separator, as padding-delimited packing does.
inline constexpr auto resets_at_default_id_only = [](auto segments, auto out) {
  using id = std::remove_cvref_t<decltype(segments[0])>;
  for (std::size_t i = 0; i < segments.size(); ++i)
    out[i] = i == 0 || segments[i] == id{} ? 0 : out[i - 1] + 1;
};

/// Skips the last token (a loop bound off by one), leaving it unwritten.
inline constexpr auto skips_last_token = [](auto segments, auto out) {
  for (std::size_t i = 0; i + 1 < segments.size(); ++i)
    out[i] = i > 0 && segments[i] == segments[i - 1] ? out[i - 1] + 1 : 0;
};

/// Restarts on a change of id but carries the previous run's length into a run of a reused id.
inline constexpr auto resumes_reused_id = [](auto segments, auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (i > 0 && segments[i] == segments[i - 1]) {
      out[i] = out[i - 1] + 1;
      continue;
    }
    out[i] = 0;
    for (std::size_t j = i; j-- > 0;)
      if (segments[j] == segments[i]) {
        out[i] = out[j] + 1;
        break;
      }
  }
};

}  // namespace kvc::mutants::segment_positions
