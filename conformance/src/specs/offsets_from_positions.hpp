// conformance/src/specs/offsets_from_positions.hpp - the generators of the position-id shapes
// (`cu_seqlens` and the longest sequence, of one row and of C rows).
//
// A row is written as pieces: sequences counting from 0 of every length (1, a few, around block
// edges and 256, past 2^16 rarely), sequences that do not start at 0 (a row continuing an earlier
// chunk, restarts at 1, starts at a width's limit, where a narrowed position reads as 0), M-RoPE
// runs that repeat a position, decreasing and equal neighbours, single zeros, and padding anywhere
// (head, tail, between and inside sequences) with every negative value, not only -1. The 3-row
// form has C rows of N tokens (C = 3 mostly, 1, 2, 4) whose other rows copy row 0, differ from it
// (zeros and negatives where row 0 has none), or are drawn on their own; sometimes the values are
// not whole rows (the contract refuses them: no offsets, a length of 0), and an empty input comes
// with any C, 0 included. A component count of 0 with positions is refused by the contract too,
// but never drawn (a choice of 0 included): an implementation that divides by it traps. Most
// values fit in 32 bits, so that an implementation taking `int` positions is run on most cases.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <kvc/specs/offsets_from_positions.hpp>

#include "../generators.hpp"
#include "segments.hpp"

namespace kvc::library {

/// The position of a padding token: -1 most often, else any negative value of T (a small one, one
/// at a width's limit, T's minimum). The contract treats every negative position alike. (An
/// unsigned T has no padding: 0.)
template <class T>
T padding_position(gen::domain& g) {
  if constexpr (!std::is_signed_v<T>)
    return T{0};
  else
    return g.negative<T>(50);
}

/// A position a sequence may start at other than 0: 1 most often, a few, or one at or next to a
/// width's limit (2^16, 2^32: a position narrowed to that width reads as 0).
template <class T>
T start_position(gen::domain& g) {
  if (!g.percent(60)) return static_cast<T>(1);
  if (g.percent(50)) return static_cast<T>(2 + g.below(8));
  for (int attempt = 0; attempt < 8; ++attempt) {
    gen::wide_integer v = g.width_limit();
    v = v < 0 ? -v : v;
    if (gen::holds<T>(v)) return static_cast<T>(v);
  }
  return static_cast<T>(3);
}

/// The length of one piece of a row: 1, a few, around block edges and 256, or anything up to
/// `left`.
inline std::size_t sequence_length(gen::domain& g, std::size_t left) {
  switch (g.below(8)) {
    case 0: return 1;
    case 1:
    case 2: return 2 + g.below(4);
    case 3: {
      static constexpr std::array<std::size_t, 5> blocks{8, 16, 32, 64, 128};
      return g.one_of(blocks) + g.below(3) - 1;
    }
    case 4: return 255 + g.below(3);
    default: return 1 + g.below(left);
  }
}

/// Appends `length` positions counting up from `start` (clamped so as to stay within T).
template <class T>
void append_counting(std::vector<T>& row, T start, std::size_t length) {
  constexpr auto top = static_cast<gen::wide_integer>(std::numeric_limits<T>::max());
  gen::wide_integer first = static_cast<gen::wide_integer>(start);
  if (first + static_cast<gen::wide_integer>(length) > top) first = top - static_cast<gen::wide_integer>(length);
  for (std::size_t k = 0; k < length; ++k) row.push_back(static_cast<T>(first + static_cast<gen::wide_integer>(k)));
}

/// Draws one row of `tokens` position ids as pieces (see the top of this file); padding only when
/// `padding` (and T is signed).
template <class T>
void draw_position_row(gen::domain& g, std::vector<T>& row, std::size_t tokens, bool padding) {
  row.clear();
  row.reserve(tokens);
  if (tokens > (std::size_t{1} << 16) && g.percent(60)) {
    // One sequence past 2^16 tokens: a 16-bit length or offset wraps.
    append_counting(row, T{0}, tokens);
    return;
  }
  while (row.size() < tokens) {
    const std::size_t left = tokens - row.size();
    std::size_t length = sequence_length(g, left);
    if (length > left) length = left;
    switch (g.below(10)) {
      case 0:
      case 1:
      case 2:
      case 3: append_counting(row, T{0}, length); break;
      case 4: append_counting(row, start_position<T>(g), length); break;
      case 5: {
        // M-RoPE: an image's tokens share a position; the text after it goes on past them.
        T position = g.percent(30) ? start_position<T>(g) : T{0};
        for (std::size_t k = 0; k < length; ++k) {
          row.push_back(position);
          static constexpr std::array<int, 5> steps{0, 0, 1, 1, 2};
          const int step = g.one_of(steps);
          if (position < std::numeric_limits<T>::max() - 2) position = static_cast<T>(position + step);
        }
        break;
      }
      case 6:
        // Small values in any order: decreasing and equal neighbours, many zeros.
        for (std::size_t k = 0; k < length; ++k) row.push_back(static_cast<T>(g.below(5)));
        break;
      case 7: row.push_back(T{0}); break;
      default:
        if (padding && std::is_signed_v<T>) {
          // Padding: at the tail, or a run of a few anywhere; one value or every value its own.
          const std::size_t count = g.percent(30) ? left : 1 + g.below(length < 6 ? length : 6);
          const bool one_value = g.percent(50);
          const T value = padding_position<T>(g);
          for (std::size_t k = 0; k < count; ++k) row.push_back(one_value ? value : padding_position<T>(g));
        } else {
          append_counting(row, T{0}, length);
        }
        break;
    }
  }
  row.resize(tokens);
}

/// How many tokens a row has: around multiples of 1, 4, 16, 64 and 256, a few, none, or past 2^16
/// in one case out of 1,000.
inline std::size_t position_count(gen::domain& g, bool long_sequences) {
  static constexpr std::array<std::size_t, 5> blocks{1, 4, 16, 64, 256};
  return g.length(blocks, long_sequences ? 1000 : 0);
}

/// Draws C rows of N position ids, component-major, into `values`: row 0 as `draw_position_row`
/// draws one, each other row a copy of it, a variation of it or a row of its own; sometimes values
/// that are not whole rows, or none with any C.
template <class T>
void draw_position_components(gen::domain& g, std::vector<T>& values, std::size_t& components,
                              bool long_sequences) {
  static constexpr std::array<std::size_t, 10> counts{3, 3, 3, 3, 3, 1, 2, 4, 3, 2};
  components = g.one_of(counts);
  const std::size_t tokens = position_count(g, long_sequences);
  draw_position_row(g, values, tokens, g.percent(60));
  values.reserve(tokens * components + components);
  std::vector<T> other;
  for (std::size_t c = 1; c < components; ++c) {
    switch (g.below(5)) {
      case 0:
      case 1:  // a text-only sequence: every component the same
        values.resize(values.size() + tokens);
        std::copy_n(values.begin(), tokens, values.end() - static_cast<std::ptrdiff_t>(tokens));
        break;
      case 2:
      case 3:
        // Height and width differ from the temporal row: zeros and negatives where it has none.
        for (std::size_t k = 0; k < tokens; ++k) {
          T p = values[k];
          if (g.percent(30)) {
            switch (g.below(4)) {
              case 0: p = T{0}; break;
              case 1: p = padding_position<T>(g); break;
              case 2: p = p < std::numeric_limits<T>::max() ? static_cast<T>(p + 1) : p; break;
              default: p = static_cast<T>(g.below(5)); break;
            }
          }
          values.push_back(p);
        }
        break;
      default:
        draw_position_row(g, other, tokens, g.percent(50));
        values.insert(values.end(), other.begin(), other.end());
        break;
    }
  }
  if (values.empty() && g.percent(25)) {
    static constexpr std::array<std::size_t, 4> any{0, 1, 3, 7};
    components = g.one_of(any);
  } else if (components > 1 && g.percent(10)) {
    // Not whole rows: a few values more.
    const std::size_t extra = 1 + g.below(components - 1);
    for (std::size_t k = 0; k < extra; ++k) values.push_back(static_cast<T>(g.below(3)));
  }
}

/// One row of position ids.
template <class Shape>
struct position_row_generator {
  template <class In>
  static In draw(gen::source& s, const detail::exploration_context& context) {
    gen::domain g(s);
    In in{};
    const std::size_t tokens = position_count(g, context.options.long_sequences);
    draw_position_row(g, in.position_ids, tokens, g.percent(60));
    return in;
  }
};

/// C rows of position ids.
template <class Shape>
struct position_rows_generator {
  template <class In>
  static In draw(gen::source& s, const detail::exploration_context& context) {
    gen::domain g(s);
    In in{};
    draw_position_components(g, in.position_ids, in.components, context.options.long_sequences);
    return in;
  }
};

/// The test case of the 3-row length's counterexample: `impl(position_ids, C) == expected`.
struct component_length_test_cases {
  template <class In>
  static std::string test_case_body(const In& in, std::size_t expected) {
    std::string call = "impl(";
    text::append_argument(call, in.position_ids);
    return "  CHECK(" + call + ", " + std::to_string(in.components) + ") == " +
           std::to_string(expected) + ");\n";
  }
};

template <>
struct generator<specs::position_offsets_call> : position_row_generator<specs::position_offsets_call>,
                                                 span_test_cases<specs::position_offsets_call> {};
template <>
struct generator<specs::component_offsets_call>
    : position_rows_generator<specs::component_offsets_call>,
      span_test_cases<specs::component_offsets_call> {};
template <>
struct generator<specs::position_length_call> : position_row_generator<specs::position_length_call> {};
template <>
struct generator<specs::component_length_call>
    : position_rows_generator<specs::component_length_call>, component_length_test_cases {};

}  // namespace kvc::library
