// tests/mutants/offsets_from_positions.hpp - known-bad implementations of `cu_seqlens` and
// `max_seqlen` derived from position ids, modelled on the engine bugs: each is kvc's contract with
// one rule broken, the way an engine broke it. static_checks/offsets_from_positions_suites.cpp
// proves every one rejected by the fixtures of the suite it belongs to, and
// tests/offsets_from_positions_conformance.cpp by kvc::check and by kvc::explore. Test material:
// not installed.
//
// The offsets take the span forms of the suites' shapes (kvc/specs/output_shapes.hpp):
// `impl(position_ids, out)` and `impl(position_ids, C, out)` with a `std::size_t` C; the lengths
// `impl(position_ids)` and `impl(position_ids, C)`.
#pragma once

#include <cstddef>
#include <cstdint>

#include <kvc/offsets_from_positions.hpp>
#include <kvc/position_components.hpp>

namespace kvc::mutants::offsets_from_positions {

namespace detail {

/// The rules of the contract a known-bad implementation may break.
struct rules {
  bool remove_padding = true;    ///< false: a negative position is a token like any other
  bool padding_is_zero = false;  ///< with padding kept: a negative position reads as 0
  bool first_starts = true;      ///< false: only a position 0 starts a sequence
  bool consecutive = false;      ///< true: a sequence also ends where a position is not the last + 1
  bool falls_start = false;      ///< true: a sequence also ends where a position is below the last
  bool minus_one_only = false;   ///< true: only -1 is padding; other negatives are positions
  bool after_padding_starts = false;  ///< true: the first token after padding starts a sequence
  bool zero_in_int16 = false;    ///< true: "position 0" is tested on the position narrowed to 16 bits
};

/// Walks `count` tokens of `positions`, the k-th at index `first + k * stride`, under `r`, and calls
/// `on_start(kept, index)` at every sequence start with the number of tokens kept before it and its
/// index in `positions`; returns the number of tokens kept.
template <class OnStart>
constexpr std::size_t walk(const auto& positions, std::size_t first, std::size_t stride,
                           std::size_t count, rules r, OnStart on_start) {
  std::size_t kept = 0;
  std::int64_t last = 0;
  bool after_padding = false;
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t index = first + k * stride;
    auto position = static_cast<std::int64_t>(positions[index]);
    if (position < 0 && !(r.minus_one_only && position != -1)) {
      after_padding = true;
      if (r.remove_padding) continue;
      if (r.padding_is_zero) position = 0;
    }
    const bool zero = r.zero_in_int16 ? static_cast<std::int16_t>(position) == 0 : position == 0;
    const bool resumes = r.after_padding_starts && after_padding;
    after_padding = false;
    if ((r.first_starts && kept == 0) || zero || resumes ||
        (r.consecutive && kept != 0 && position != last + 1) ||
        (r.falls_start && kept != 0 && position < last))
      on_start(kept, index);
    last = position;
    ++kept;
  }
  return kept;
}

/// Writes `value` to `out[n++]`, cut at the output's end: a wrong implementation may find more
/// sequences than the output has room for.
constexpr void put(auto& out, std::size_t& n, std::size_t value) {
  if (n < out.size()) out[n++] = value;
}

/// `cu_seqlens` of the one-row form under `r`: every start, then the total.
constexpr void offsets_under(const auto& positions, auto out, rules r) {
  std::size_t n = 0;
  const std::size_t total = walk(positions, 0, 1, positions.size(), r,
                                 [&](std::size_t kept, std::size_t) { put(out, n, kept); });
  put(out, n, total);
}

/// The longest sequence of `count` tokens (every `stride`-th value from `first`) under `r`: the
/// longest difference of its `cu_seqlens`, so tokens before the first start belong to none.
constexpr std::size_t longest_under(const auto& positions, std::size_t first, std::size_t stride,
                                    std::size_t count, rules r) {
  std::size_t longest = 0, start = 0;
  bool started = false;
  const auto measure = [&longest, &start, &started](std::size_t end) {
    if (started && end - start > longest) longest = end - start;
  };
  const std::size_t total =
      walk(positions, first, stride, count, r, [&](std::size_t kept, std::size_t) {
        measure(kept);
        start = kept;
        started = true;
      });
  measure(total);
  return longest;
}

/// An implementation with the contract's one-row form and a wrong 3-row form.
template <class OneRow, class ThreeRows>
struct with_rows : OneRow, ThreeRows {
  using OneRow::operator();
  using ThreeRows::operator();
};
template <class OneRow, class ThreeRows>
with_rows(OneRow, ThreeRows) -> with_rows<OneRow, ThreeRows>;

inline constexpr auto contract_offsets = [](auto positions, auto out) {
  static_cast<void>(kvc::offsets_from_positions(positions, out));
};
inline constexpr auto contract_length = [](auto positions) {
  return kvc::max_sequence_length_from_positions(positions);
};

}  // namespace detail

// --- cu_seqlens ------------------------------------------------------------------------------------

/// transformers before the fix of #39814: a sequence starts only at a position 0, so a row that
/// does not start at 0 loses its first sequence (no leading 0 offset).
inline constexpr auto no_leading_zero = [](auto positions, auto out) {
  detail::offsets_under(positions, out, {.first_starts = false});
};

/// A naive fix of #39814: 0 put before the offsets unconditionally, so a row that starts at 0 has
/// it twice.
inline constexpr auto always_leading_zero = [](auto positions, auto out) {
  std::size_t n = 0;
  detail::put(out, n, 0);
  const std::size_t total =
      detail::walk(positions, 0, 1, positions.size(), {.first_starts = false},
                   [&](std::size_t kept, std::size_t) { detail::put(out, n, kept); });
  detail::put(out, n, total);
};

/// LLaMA-Factory #10452: padding left at position 0, so every padding token is a one-token
/// sequence.
inline constexpr auto padding_as_position_zero = [](auto positions, auto out) {
  detail::offsets_under(positions, out, {.remove_padding = false, .padding_is_zero = true});
};

/// The flattening convention on the padded row: padding tokens counted as tokens of the sequence
/// before them.
inline constexpr auto padding_counted_as_tokens = [](auto positions, auto out) {
  detail::offsets_under(positions, out, {.remove_padding = false});
};

/// Padding removed from the offsets but not from the total, which is the row's length
/// (`cu_seqlens[-1] = len(position_ids)`).
inline constexpr auto total_counts_padding = [](auto positions, auto out) {
  std::size_t n = 0;
  detail::walk(positions, 0, 1, positions.size(), {},
               [&](std::size_t kept, std::size_t) { detail::put(out, n, kept); });
  detail::put(out, n, positions.size());
};

/// Offsets that index the padded row while the kernel reads the unpadded tokens: each start is its
/// index among all tokens, and the total is one past the last token that is not padding.
inline constexpr auto offsets_index_padded_row = [](auto positions, auto out) {
  std::size_t n = 0, end = 0;
  detail::walk(positions, 0, 1, positions.size(), {},
               [&](std::size_t, std::size_t index) { detail::put(out, n, index); });
  for (std::size_t i = 0; i < positions.size(); ++i)
    if (positions[i] >= 0) end = i + 1;
  detail::put(out, n, end);
};

/// A sequence also ends wherever a position is not the last one + 1 (boundaries from
/// `diff(position_ids) != 1`): M-RoPE's repeated positions split a sequence.
inline constexpr auto restarts_where_not_consecutive = [](auto positions, auto out) {
  detail::offsets_under(positions, out, {.consecutive = true});
};

/// A sequence also ends wherever a position falls below the last one (boundaries from
/// `diff(position_ids) < 0`): a sequence whose positions step back is split.
inline constexpr auto restarts_where_positions_fall = [](auto positions, auto out) {
  detail::offsets_under(positions, out, {.falls_start = true});
};

/// Only -1 is padding: -5 is read as a position, so its tokens are counted.
inline constexpr auto padding_is_minus_one_only = [](auto positions, auto out) {
  detail::offsets_under(positions, out, {.minus_one_only = true});
};

/// The first token after padding starts a sequence (padding taken for a sequence boundary): a
/// sequence with padding inside it is split.
inline constexpr auto padding_ends_a_sequence = [](auto positions, auto out) {
  detail::offsets_under(positions, out, {.after_padding_starts = true});
};

/// "Position 0" tested on the position narrowed to `std::int16_t`: 65536 reads as 0.
inline constexpr auto position_zero_in_16_bits = [](auto positions, auto out) {
  detail::offsets_under(positions, out, {.zero_in_int16 = true});
};

/// The starts without the closing total.
inline constexpr auto no_total = [](auto positions, auto out) {
  std::size_t n = 0;
  detail::walk(positions, 0, 1, positions.size(), {},
               [&](std::size_t kept, std::size_t) { detail::put(out, n, kept); });
};

/// The last token's index as the total, one short.
inline constexpr auto total_one_short = [](auto positions, auto out) {
  std::size_t n = 0;
  const std::size_t total =
      detail::walk(positions, 0, 1, positions.size(), {},
                   [&](std::size_t kept, std::size_t) { detail::put(out, n, kept); });
  detail::put(out, n, total == 0 ? 0 : total - 1);
};

/// The last sequence dropped: its start is written as the total (offsets from the starts alone).
inline constexpr auto drops_last_sequence = [](auto positions, auto out) {
  std::size_t n = 0;
  detail::walk(positions, 0, 1, positions.size(), {},
               [&](std::size_t kept, std::size_t) { detail::put(out, n, kept); });
  if (n == 0) detail::put(out, n, 0);
};

/// Nothing written for a row without tokens instead of the single offset 0.
inline constexpr auto empty_writes_nothing = [](auto positions, auto out) {
  std::size_t n = 0;
  const std::size_t total =
      detail::walk(positions, 0, 1, positions.size(), {},
                   [&](std::size_t kept, std::size_t) { detail::put(out, n, kept); });
  if (total != 0) detail::put(out, n, total);
};

/// Tokens counted in a `std::uint8_t`: offsets wrap to 0 at 256.
inline constexpr auto offsets_in_uint8 = [](auto positions, auto out) {
  std::size_t n = 0;
  const std::size_t total = detail::walk(
      positions, 0, 1, positions.size(), {},
      [&](std::size_t kept, std::size_t) { detail::put(out, n, static_cast<std::uint8_t>(kept)); });
  detail::put(out, n, static_cast<std::uint8_t>(total));
};

// --- cu_seqlens of 3 rows (the one-row form is the contract's) ---------------------------------

/// transformers #44911, #47342: the C rows flattened into one, so `cu_seqlens` covers C times the
/// tokens.
inline constexpr auto flattens_components = detail::with_rows{
    detail::contract_offsets, [](auto positions, std::size_t, auto out) {
      detail::offsets_under(positions, out, {});
    }};

/// The rows read token-major (`[N, C]`, every token's C ids together) while they are component-major.
inline constexpr auto reads_token_major = detail::with_rows{
    detail::contract_offsets, [](auto positions, std::size_t components, auto out) {
      const std::size_t tokens = components == 0 ? 0 : positions.size() / components;
      std::size_t n = 0;
      const std::size_t total =
          detail::walk(positions, 0, components, tokens, {},
                       [&](std::size_t kept, std::size_t) { detail::put(out, n, kept); });
      detail::put(out, n, total);
    }};

/// Row 0 decides, but the offsets count the C * N values rather than the N tokens.
inline constexpr auto offsets_count_values = detail::with_rows{
    detail::contract_offsets, [](auto positions, std::size_t components, auto out) {
      const std::size_t tokens = components == 0 ? 0 : positions.size() / components;
      std::size_t n = 0;
      const std::size_t total = detail::walk(
          positions, 0, 1, tokens, {},
          [&](std::size_t kept, std::size_t) { detail::put(out, n, kept * components); });
      detail::put(out, n, total * components);
    }};

// --- max_seqlen ------------------------------------------------------------------------------------

/// transformers before PR #39341: `max_length = position_ids.max() + 1`, too small where M-RoPE
/// repeats positions, too large where a row does not start at 0.
inline constexpr auto max_position_plus_one = [](auto positions) {
  std::size_t longest = 0;
  for (std::size_t i = 0; i < positions.size(); ++i)
    if (positions[i] >= 0 && static_cast<std::size_t>(positions[i]) + 1 > longest)
      longest = static_cast<std::size_t>(positions[i]) + 1;
  return longest;
};

/// After #39341, before #39814: the longest difference of `cu_seqlens` built without a leading 0,
/// so the tokens before the first position 0 are no sequence.
inline constexpr auto length_without_leading_zero = [](auto positions) {
  return detail::longest_under(positions, 0, 1, positions.size(), {.first_starts = false});
};

/// LLaMA-Factory #10452: padding reads as position 0, so a row of padding has one-token sequences.
inline constexpr auto length_with_padding_as_zero = [](auto positions) {
  return detail::longest_under(positions, 0, 1, positions.size(),
                               {.remove_padding = false, .padding_is_zero = true});
};

/// Padding counted as tokens of the sequence before it.
inline constexpr auto length_counts_padding = [](auto positions) {
  return detail::longest_under(positions, 0, 1, positions.size(), {.remove_padding = false});
};

/// The longest difference of the starts alone: the last sequence is not measured.
inline constexpr auto length_drops_last_sequence = [](auto positions) {
  std::size_t longest = 0, previous = 0;
  detail::walk(positions, 0, 1, positions.size(), {}, [&](std::size_t kept, std::size_t) {
    longest = kept - previous > longest ? kept - previous : longest;
    previous = kept;
  });
  return longest;
};

/// The largest index within a sequence: one short.
inline constexpr auto length_one_short = [](auto positions) {
  const std::size_t longest = detail::longest_under(positions, 0, 1, positions.size(), {});
  return longest == 0 ? longest : longest - 1;
};

/// The length kept in a `std::uint8_t`: a sequence of 256 tokens has length 0.
inline constexpr auto length_in_uint8 = [](auto positions) {
  return static_cast<std::uint8_t>(detail::longest_under(positions, 0, 1, positions.size(), {}));
};

/// transformers #44911, #47342: the C rows flattened into one.
inline constexpr auto length_flattens_components = detail::with_rows{
    detail::contract_length, [](auto positions, std::size_t) {
      return detail::longest_under(positions, 0, 1, positions.size(), {});
    }};

/// The rows read token-major while they are component-major.
inline constexpr auto length_reads_token_major = detail::with_rows{
    detail::contract_length, [](auto positions, std::size_t components) {
      const std::size_t tokens = components == 0 ? 0 : positions.size() / components;
      return detail::longest_under(positions, 0, components, tokens, {});
    }};

/// Row 0 decides, but the length counts the C values of every token.
inline constexpr auto length_counts_values = detail::with_rows{
    detail::contract_length, [](auto positions, std::size_t components) {
      const std::size_t tokens = components == 0 ? 0 : positions.size() / components;
      return detail::longest_under(positions, 0, 1, tokens, {}) * components;
    }};

}  // namespace kvc::mutants::offsets_from_positions
