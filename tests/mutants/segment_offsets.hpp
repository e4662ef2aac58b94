// tests/mutants/segment_offsets.hpp - known-bad implementations of run offsets (`cu_seqlens`), of
// one row and of `[B, L]` batches, of the run count and of the longest run (`max_seqlen`):
// plausible ways to get the contracts wrong, each with the mistake it makes.
// static_checks/segment_offsets_suites.cpp proves every one rejected by the fixtures of the suite
// it belongs to, and tests/segment_offsets_conformance.cpp by kvc::check and by kvc::explore. Test
// material: not installed.
//
// The offsets take the span forms of the suites' shapes (kvc/specs/output_shapes.hpp):
// `impl(segment_ids, out)`, and for batches `impl(segment_ids, L, out)` with a `std::size_t` L;
// the counts `impl(segment_ids)`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <kvc/segment_offsets.hpp>

namespace kvc::mutants::segment_offsets {

namespace detail {
constexpr bool starts_run(const auto& segments, std::size_t i) noexcept {
  return i == 0 || !(segments[i] == segments[i - 1]);
}

/// Writes the start of every run among the first `size` ids to `out`, in order; returns how many.
constexpr std::size_t write_run_starts(const auto& segments, std::size_t size, auto out) noexcept {
  std::size_t n = 0;
  for (std::size_t i = 0; i < size; ++i)
    if (starts_run(segments, i)) out[n++] = i;
  return n;
}

/// The index itself: `write_row_run_starts`'s default offset.
struct run_start_index {
  [[nodiscard]] constexpr std::size_t operator()(std::size_t i) const noexcept { return i; }
};

/// Writes `offset(i)` for every index i that starts a run in rows of `row_length` (a row start or
/// an id change) to `out`, in order; returns how many.
template <class Offset = run_start_index>
constexpr std::size_t write_row_run_starts(const auto& segments, std::size_t row_length, auto out,
                                           Offset offset = {}) noexcept {
  std::size_t n = 0;
  for (std::size_t i = 0; i < segments.size(); ++i)
    if (i % row_length == 0 || starts_run(segments, i)) out[n++] = offset(i);
  return n;
}
}  // namespace detail

/// Writes the run starts but not the closing total.
inline constexpr auto no_total = [](auto segments, auto out) {
  detail::write_run_starts(segments, segments.size(), out);
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
  const std::size_t n = detail::write_run_starts(segments, segments.size(), out);
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

/// Counts tokens in a `std::uint8_t` (an 8-bit offset buffer): offsets wrap to 0 at 256.
inline constexpr auto offsets_in_uint8 = [](auto segments, auto out) {
  std::size_t n = 0;
  std::uint8_t offset = 0;
  for (std::size_t i = 0; i < segments.size(); ++i, ++offset)
    if (detail::starts_run(segments, i)) out[n++] = offset;
  out[n] = offset;
};
namespace detail {
/// Run starts of ids narrowed to `Narrow`, then the total.
template <class Narrow>
struct offsets_of_ids_narrowed {
  template <class Segments, class Out>
  constexpr void operator()(Segments segments, Out out) const {
    std::size_t n = 0;
    for (std::size_t i = 0; i < segments.size(); ++i)
      if (i == 0 || static_cast<Narrow>(segments[i]) != static_cast<Narrow>(segments[i - 1]))
        out[n++] = i;
    out[n] = segments.size();
  }
};
template <class Narrow>
inline constexpr offsets_of_ids_narrowed<Narrow> offsets_of_ids_narrowed_to{};
}  // namespace detail

/// Compares ids narrowed to `std::uint8_t` (a byte-wide id store): ids 1 and 257 are one run.
inline constexpr auto offsets_of_ids_as_uint8 = detail::offsets_of_ids_narrowed_to<std::uint8_t>;
/// Compares ids narrowed to `std::int16_t`: ids 1 and 65537 are one run.
inline constexpr auto offsets_of_ids_as_int16 = detail::offsets_of_ids_narrowed_to<std::int16_t>;

/// Takes id 0 for padding (as unpadding helpers built on attention masks do): its tokens are
/// dropped, and the offsets count only the others.
inline constexpr auto zero_id_is_padding = [](auto segments, auto out) {
  using id = std::remove_cvref_t<decltype(segments[0])>;
  std::size_t n = 0, kept = 0;
  out[n++] = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (segments[i] == id{}) continue;
    ++kept;
    if (i + 1 == segments.size() || !(segments[i + 1] == segments[i])) out[n++] = kept;
  }
};
/// Takes a trailing one-token run for a padding token and leaves it out, total included.
inline constexpr auto drops_trailing_singleton = [](auto segments, auto out) {
  std::size_t size = segments.size();
  if (size >= 2 && !(segments[size - 1] == segments[size - 2])) --size;
  const std::size_t n = detail::write_run_starts(segments, size, out);
  out[n] = size;
};
/// Run count kept in a `std::uint8_t`: wraps to 0 at 256 runs.
inline constexpr auto run_count_in_uint8 = [](const auto& segments) {
  std::uint8_t runs = 0;
  for (std::size_t i = 0; i < segments.size(); ++i)
    if (detail::starts_run(segments, i)) ++runs;
  return runs;
};
/// Compares ids after narrowing them to `std::int32_t` (an int32 segment-id tensor): int64 ids
/// 2^32 + 1 and 1 become one run.
inline constexpr auto ids_as_int32 = [](const auto& segments) {
  std::size_t runs = 0;
  for (std::size_t i = 0; i < segments.size(); ++i)
    if (i == 0 ||
        static_cast<std::int32_t>(segments[i]) != static_cast<std::int32_t>(segments[i - 1]))
      ++runs;
  return runs;
};
/// Longest run kept in a `std::uint8_t`: a run of 256 tokens has length 0.
inline constexpr auto max_length_in_uint8 = [](const auto& segments) {
  std::uint8_t longest = 0, length = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    length = detail::starts_run(segments, i) ? std::uint8_t{1} : static_cast<std::uint8_t>(length + 1);
    longest = length > longest ? length : longest;
  }
  return longest;
};

// --- [B, L] batches: a run breaks at every row start ----------------------------------------------
// (Each writes at most N + 1 offsets, the size of the suite's output.)

/// Ignores row boundaries: the one-row form over the flattened batch, so a sequence ending a row
/// and the next row's first one are one run when their ids are equal.
inline constexpr auto ignores_row_boundaries = [](auto segments, std::size_t, auto out) {
  static_cast<void>(kvc::segment_offsets(segments, out));
};

/// Breaks only at row starts, as if every row held one sequence: the row starts, then the total.
inline constexpr auto restarts_only_at_row_starts = [](auto segments, std::size_t row_length,
                                                       auto out) {
  std::size_t n = 0;
  for (std::size_t row = 0; row < segments.size(); row += row_length) out[n++] = row;
  out[n] = segments.size();
};

/// Walks the rows but compares each row's first id with the previous row's last: breaks at a row
/// start only when the id changes, so an id continues across rows.
inline constexpr auto continues_id_across_rows = [](auto segments, std::size_t row_length,
                                                    auto out) {
  std::size_t n = 0;
  for (std::size_t row = 0; row < segments.size(); row += row_length)
    for (std::size_t j = 0; j < row_length && row + j < segments.size(); ++j)
      if (detail::starts_run(segments, row + j)) out[n++] = row + j;
  out[n] = segments.size();
};

/// Places the row boundaries one token too far apart (rows of L + 1).
inline constexpr auto row_boundary_off_by_one = [](auto segments, std::size_t row_length,
                                                   auto out) {
  const std::size_t n = detail::write_row_run_starts(segments, row_length + 1, out);
  out[n] = segments.size();
};

/// Breaks runs at row starts but writes no closing total.
inline constexpr auto no_total_in_rows = [](auto segments, std::size_t row_length, auto out) {
  detail::write_row_run_starts(segments, row_length, out);
};

/// Concatenates each row's own `cu_seqlens` (its run starts and its end): every row boundary
/// appears twice. (Writes are cut at the output's end, where a batch of many rows overruns it.)
inline constexpr auto total_per_row = [](auto segments, std::size_t row_length, auto out) {
  std::size_t n = 0;
  const auto put = [&n, &out](std::size_t offset) {
    if (n < out.size()) out[n++] = offset;
  };
  if (segments.size() == 0) put(0);
  for (std::size_t row = 0; row < segments.size(); row += row_length) {
    for (std::size_t j = 0; j < row_length && row + j < segments.size(); ++j)
      if (j == 0 || detail::starts_run(segments, row + j)) put(row + j);
    put(row + row_length);
  }
};

/// Writes each run's start counted from its row's start, not from the batch's.
inline constexpr auto row_local_offsets = [](auto segments, std::size_t row_length, auto out) {
  const std::size_t n = detail::write_row_run_starts(
      segments, row_length, out, [row_length](std::size_t i) { return i % row_length; });
  out[n] = segments.size();
};

/// Breaks runs at row starts but takes id 0 for padding: its tokens are dropped, and the offsets
/// count only the others.
inline constexpr auto zero_id_is_padding_in_rows = [](auto segments, std::size_t row_length,
                                                      auto out) {
  using id = std::remove_cvref_t<decltype(segments[0])>;
  std::size_t n = 0, kept = 0;
  out[n++] = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    if (segments[i] == id{}) continue;
    ++kept;
    if ((i + 1) % row_length == 0 || i + 1 == segments.size() || !(segments[i + 1] == segments[i]))
      out[n++] = kept;
  }
};

}  // namespace kvc::mutants::segment_offsets
