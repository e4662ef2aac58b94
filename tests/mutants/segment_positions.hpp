// tests/mutants/segment_positions.hpp - known-bad implementations of segment positions (FA-98576),
// of one row and of `[B, L]` batches: plausible ways to get the contract wrong, each with the
// mistake it makes. static_checks/segment_positions_suites.cpp proves every one rejected by the
// fixtures of the suite it belongs to, and tests/segment_positions_conformance.cpp by kvc::check
// and by kvc::explore. Test material: not installed.
//
// They take the span forms of the suites' shapes (kvc/specs/output_shapes.hpp):
// `impl(segment_ids, out)`, and for batches `impl(segment_ids, L, out)` with a `std::size_t` L.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <kvc/segment_positions.hpp>

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

/// Keeps the position counter in a `std::uint8_t`: positions wrap to 0 at 256.
inline constexpr auto position_counter_8_bits = [](auto segments, auto out) {
  std::uint8_t position = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    position = i > 0 && segments[i] == segments[i - 1] ? static_cast<std::uint8_t>(position + 1)
                                                       : std::uint8_t{0};
    out[i] = position;
  }
};

namespace detail {
/// Compares ids narrowed to `Narrow` (an id store narrower than the ids).
template <class Narrow>
struct ids_narrowed {
  template <class Segments, class Out>
  constexpr void operator()(Segments segments, Out out) const {
    for (std::size_t i = 0; i < segments.size(); ++i)
      out[i] = i > 0 && static_cast<Narrow>(segments[i]) == static_cast<Narrow>(segments[i - 1])
                   ? out[i - 1] + 1
                   : 0;
  }
};
template <class Narrow>
inline constexpr ids_narrowed<Narrow> ids_narrowed_to{};
}  // namespace detail

/// Compares ids narrowed to `std::uint8_t` (a byte-wide id store): ids 1 and 257 are one run.
inline constexpr auto ids_as_uint8 = detail::ids_narrowed_to<std::uint8_t>;
/// Compares ids narrowed to `std::int16_t`: ids 1 and 65537 are one run.
inline constexpr auto ids_as_int16 = detail::ids_narrowed_to<std::int16_t>;

/// Takes every 64-token chunk's first token for the continuation of the run before it (a chunked
/// loop that carries the run across chunks without comparing): an id change at token 64 is missed.
inline constexpr auto chunk_start_continues_run = [](auto segments, auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i)
    out[i] = i > 0 && (i % 64 == 0 || segments[i] == segments[i - 1]) ? out[i - 1] + 1 : 0;
};

/// Keeps the position counter in a `std::uint16_t`: positions wrap to 0 at 65,536. A hot loop over
/// raw pointers, one pass: cheap enough to run on 65,537 tokens at compile time.
inline constexpr auto position_counter_16_bits = [](auto segments, auto out) {
  const auto* ids = segments.data();
  std::size_t* next = out.data();
  std::uint16_t position = 0;
  if (segments.size() != 0) *next++ = 0;
  for (std::size_t i = 1; i < segments.size(); ++i)
    *next++ = position = ids[i - 1] == ids[i] ? static_cast<std::uint16_t>(position + 1) : std::uint16_t{0};
};

// --- [B, L] batches: positions restart at every run and every row start -------------------------

/// Ignores row boundaries: the one-row form over the flattened batch, so a sequence ending a row
/// continues into the next row's first sequence when their ids are equal.
inline constexpr auto ignores_row_boundaries = [](auto segments, std::size_t, auto out) {
  static_cast<void>(kvc::segment_positions(segments, out));
};

/// Restarts only at row starts, as if every row held one sequence: the index within the row.
inline constexpr auto restarts_only_at_row_starts = [](auto segments, std::size_t row_length,
                                                       auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i) out[i] = i % row_length;
};

/// Walks the rows but compares each row's first id with the previous row's last: restarts at a row
/// start only when the id changes, so an id continues across rows.
inline constexpr auto continues_id_across_rows = [](auto segments, std::size_t row_length,
                                                    auto out) {
  for (std::size_t row = 0; row < segments.size(); row += row_length)
    for (std::size_t j = 0; j < row_length && row + j < segments.size(); ++j) {
      const std::size_t i = row + j;
      out[i] = i > 0 && segments[i] == segments[i - 1] ? out[i - 1] + 1 : 0;
    }
};

/// Places the row boundaries one token too far apart (rows of L + 1).
inline constexpr auto row_boundary_off_by_one = [](auto segments, std::size_t row_length,
                                                   auto out) {
  for (std::size_t i = 0; i < segments.size(); ++i)
    out[i] = i % (row_length + 1) != 0 && segments[i] == segments[i - 1] ? out[i - 1] + 1 : 0;
};

/// Respects rows but takes id 0 for padding (as unpadding helpers built on attention masks do):
/// its tokens are all at position 0.
inline constexpr auto zero_id_is_padding_in_rows = [](auto segments, std::size_t row_length,
                                                      auto out) {
  using id = std::remove_cvref_t<decltype(segments[0])>;
  for (std::size_t i = 0; i < segments.size(); ++i)
    out[i] = segments[i] == id{} || i % row_length == 0 || !(segments[i] == segments[i - 1])
                 ? 0
                 : out[i - 1] + 1;
};

}  // namespace kvc::mutants::segment_positions
