// conformance/src/specs/segments.hpp - the generators of the segment shapes (positions and offsets
// of one row or of a `[B, L]` batch, the run count and the longest run), shared by the
// segment_positions and segment_offsets contracts.
//
// The ids are laid out as runs, since a run is what every segment contract counts: runs of every
// length (1, a few, around block edges and 256, and past 2^16 rarely), one run of the whole
// sequence, every token a run of its own; each run's id a small one, an id of an earlier run that
// is not adjacent (a packing restarts at every run, not at every distinct id), one that agrees with
// the previous run's id in its low bits (256 + k, 2^32 + k), its neighbour (ids a lossy comparison
// cannot tell apart), any negative id, or any id at all. Batches have rows of lengths that divide
// the ids or not (the contract refuses those: the output is left unwritten), rows of one token,
// empty batches of any row length, and runs that cross a row boundary, the ids continuing into the
// next row. A row length of 0 with ids is refused by the contract too, but never drawn (a choice
// of 0 included): an implementation that divides by it traps, and the process ends without a
// counterexample. The number of rows and the row length are choices of their own, so that a
// shrunk batch stays whole rows.
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include <kvc/specs/segment_offsets.hpp>
#include <kvc/specs/segment_positions.hpp>

#include "../generators.hpp"
#include "../value_text.hpp"

namespace kvc::library {

// --- Drawing ids -----------------------------------------------------------------------------------

/// A negative id of S (an unsigned S has none: any id): -1, a small one, one at a width's limit, or
/// S's minimum. Segment ids have no padding; a negative id is an id like any other.
template <class S>
S negative_id(gen::domain& g) {
  if constexpr (!std::is_signed_v<S>)
    return g.integer<S>();
  else
    return g.negative<S>(25);
}

/// The id of the next run, after runs with `run_ids`: a small id, an earlier run's id that is not
/// the previous one's, the previous id's low bits with other high bits, its neighbour, a negative
/// id or any id. (It may equal the previous id: the two runs are then one.)
template <class S>
S next_run_id(gen::domain& g, const std::vector<S>& run_ids) {
  if (run_ids.empty()) return g.percent(60) ? static_cast<S>(g.below(4)) : g.integer<S>();
  const S previous = run_ids.back();
  switch (g.below(10)) {
    case 0:
    case 1:
    case 2:
      if (run_ids.size() >= 2) return run_ids[g.below(run_ids.size() - 1)];
      return static_cast<S>(g.below(4));
    case 3:
    case 4: return static_cast<S>(g.below(4));
    case 5: return g.colliding(previous);
    case 6: return g.near<S>(static_cast<gen::wide_integer>(kvc::detail::integer_value(previous)));
    case 7: return negative_id<S>(g);
    default: return g.integer<S>();
  }
}

/// An id other than `previous`, for a run that must not merge with the one before it.
template <class S>
S other_id(const S previous) noexcept {
  return previous == S{0} ? S{1} : S{0};
}

/// The length of a run: 1 most often, a few, around the edges of 8 to 64 and of 256 (where 8-bit
/// counters wrap), anything up to `left`, or around 2^16 when `long_runs`.
inline std::size_t run_length(gen::domain& g, std::size_t left, bool long_runs) {
  if (long_runs && g.percent(50)) return (std::size_t{1} << 16) + g.below(3) - 1;
  switch (g.below(10)) {
    case 0:
    case 1:
    case 2:
    case 3: return 1;
    case 4:
    case 5: return 2 + g.below(3);
    case 6: {
      static constexpr std::array<std::size_t, 4> blocks{8, 16, 32, 64};
      return g.one_of(blocks) * (1 + g.below(2)) + g.below(3) - 1;
    }
    case 7: return 255 + g.below(3);
    default: return 1 + g.below(left);
  }
}

/// Draws `count` ids laid out as runs: one run of them all, every token a run of its own (ids
/// reused apart), or runs of drawn lengths (`run_length`).
template <class S>
void draw_segment_runs(gen::domain& g, std::vector<S>& ids, std::size_t count) {
  ids.clear();
  ids.reserve(count);
  const bool long_runs = count > (std::size_t{1} << 16);
  const std::size_t layout = g.below(20);
  const bool one_run = layout < (long_runs ? 8U : 3U);
  const bool singletons = !one_run && layout < (long_runs ? 10U : 6U);
  std::vector<S> run_ids;
  while (ids.size() < count) {
    const std::size_t left = count - ids.size();
    std::size_t length = one_run ? left : singletons ? 1 : run_length(g, left, long_runs);
    if (length > left) length = left;
    S id = next_run_id(g, run_ids);
    if (singletons && !run_ids.empty() && id == run_ids.back()) id = other_id(run_ids.back());
    run_ids.push_back(id);
    ids.insert(ids.end(), length, id);
  }
}

/// How many ids a one-row case has: around multiples of 1, 8, 16, 64 and 256 (up to about 1,000),
/// a few, none, or past 2^16 once in `long_one_in` cases.
inline std::size_t segment_count(gen::domain& g, std::size_t long_one_in) {
  static constexpr std::array<std::size_t, 5> blocks{1, 8, 16, 64, 256};
  return g.length(blocks, long_one_in);
}

/// A row length that does not divide `count` (> 0): past it (at most 2 count + 1), or between 2
/// and `count` when one there does not divide it.
inline std::size_t non_dividing_row_length(gen::domain& g, std::size_t count) {
  if (count > 2 && g.percent(50)) {
    for (int attempt = 0; attempt < 8; ++attempt) {
      const std::size_t length = 2 + g.below(count - 2);
      if (count % length != 0) return length;
    }
  }
  return count + 1 + g.below(count + 1);
}

/// Draws a `[B, L]` batch: an empty batch of any row length (0 included: the simplest case);
/// ids that are not whole rows; or whole rows (of 1 token, a few, around block edges and 256; past
/// 2^16 in one case out of 1,500) with runs crossing row boundaries and ids continuing into the
/// next row.
template <class S>
void draw_segment_batch(gen::domain& g, std::vector<S>& ids, std::size_t& row_length,
                        bool long_sequences) {
  const std::size_t shape = g.below(20);
  if (shape < 2) {
    static constexpr std::array<std::size_t, 6> lengths{0, 1, 4, 7, 256,
                                                        std::numeric_limits<std::size_t>::max()};
    ids.clear();
    row_length = g.one_of(lengths);
    return;
  }
  if (shape < 5) {
    std::size_t count = segment_count(g, 0);
    if (count == 0) count = 1 + g.below(9);
    row_length = non_dividing_row_length(g, count);
    draw_segment_runs(g, ids, count);
    return;
  }
  std::size_t rows = 1 + g.below(5);
  if (long_sequences && g.rare(1500)) {
    row_length = (std::size_t{1} << 16) + g.below(3) - 1;
    rows = 1 + g.below(2);
  } else {
    static constexpr std::array<std::size_t, 14> lengths{1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 32, 64, 255, 257};
    row_length = g.one_of(lengths);
    if (row_length <= 4 && g.percent(50)) rows = 1 + g.below(40);
  }
  draw_segment_runs(g, ids, rows * row_length);
  // Ids that continue across row boundaries: a row's first id is the previous row's last.
  if (g.percent(40))
    for (std::size_t start = row_length; start < ids.size(); start += row_length)
      if (g.percent(60)) ids[start] = ids[start - 1];
}

// --- A span form's counterexample as a test case ------------------------------------------------------

/// The body of a test case calling `impl(ids[, L], out)` as `Shape` does: `out` of std::size_t
/// pre-filled with `SIZE_MAX`, read whole or up to its first unwritten element, then compared.
template <class Shape, class In>
std::string span_test_case(const In& in, const std::vector<std::size_t>& expected) {
  std::string body;
  Shape::visit(in, [&](const auto& ids, const auto&... between) {
    std::string call = "impl(";
    text::append_argument(call, ids);
    ((call += ", " + std::to_string(between)), ...);
    body = "  std::vector<std::size_t> out(" + std::to_string(Shape::room(ids.size())) +
           ", SIZE_MAX);  // `out` as the suite offers it (of the element type `impl` takes)\n  " +
           call + ", std::span<std::size_t>(out));\n";
  });
  if (!Shape::whole)
    body += "  out.erase(std::find(out.begin(), out.end(), SIZE_MAX), out.end());  // up to the first unwritten\n";
  std::string values = "{";
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (i) values += ", ";
    text::append_integer_literal(values, expected[i]);
  }
  return body + "  CHECK(out == std::vector<std::size_t>" + values + "});\n";
}

// --- The generators -----------------------------------------------------------------------------------

/// One row of ids (positions, offsets, and their counts): past 2^16 ids once in 400 cases.
template <class Shape>
struct segment_row_generator {
  template <class In>
  static In draw(gen::source& s, const detail::exploration_context& context) {
    gen::domain g(s);
    In in{};
    draw_segment_runs(g, in.segment_ids, segment_count(g, context.options.long_sequences ? 400 : 0));
    return in;
  }
};

/// A `[B, L]` batch of ids.
template <class Shape>
struct segment_batch_generator {
  template <class In>
  static In draw(gen::source& s, const detail::exploration_context& context) {
    gen::domain g(s);
    In in{};
    draw_segment_batch(g, in.segment_ids, in.row_length, context.options.long_sequences);
    return in;
  }
};

/// The test case of a span-output shape's counterexample.
template <class Shape>
struct span_test_cases {
  template <class In>
  static std::string test_case_body(const In& in, const std::vector<std::size_t>& expected) {
    return span_test_case<Shape>(in, expected);
  }
};

template <>
struct generator<specs::positions_call> : segment_row_generator<specs::positions_call>,
                                          span_test_cases<specs::positions_call> {};
template <>
struct generator<specs::offsets_call> : segment_row_generator<specs::offsets_call>,
                                        span_test_cases<specs::offsets_call> {};
template <>
struct generator<specs::row_positions_call> : segment_batch_generator<specs::row_positions_call>,
                                              span_test_cases<specs::row_positions_call> {};
template <>
struct generator<specs::row_offsets_call> : segment_batch_generator<specs::row_offsets_call>,
                                            span_test_cases<specs::row_offsets_call> {};
template <specs::run_summary Kind>
struct generator<specs::segment_summary_call<Kind>>
    : segment_row_generator<specs::segment_summary_call<Kind>> {};

}  // namespace kvc::library
