// kvc/exploration/segment_exploration.hpp - exploring the segment suites: segment_positions,
// segment_positions_long, segment_positions_rows, segment_offsets, segment_offsets_rows,
// segment_run_count and max_segment_length.
//
// A case is one call in one of the suite's input forms: `impl(segments)` returning a range or
// `impl(segments, out)` filling a span (kvc::span_output_call), `impl(segments, L, out)` over a
// flattened `[B, L]` batch (kvc::rows_output_call), or `impl(segments)` returning a count
// (kvc::direct_call). The generator lays the ids out as runs, since a run is what every segment
// contract counts: runs of every length (1, a few, around block edges and 256, and past 2^16
// rarely), one run of the whole sequence, every token a run of its own; each run's id a small one,
// an id of an earlier run that is not adjacent (a packing restarts at every run, not at every
// distinct id), one that agrees with the previous run's id in its low bits (256 + k, 2^32 + k), its
// neighbour (ids a lossy comparison cannot tell apart), any negative id, or any id at all. Batches
// have rows of lengths that divide the ids or not (the contract refuses those: the output is left
// unwritten), rows of one token, empty batches of any row length, and runs that cross a row
// boundary, the ids continuing into the next row. The contract is its own oracle:
// kvc::segment_positions, kvc::segment_offsets (their span forms), kvc::segment_run_count and
// kvc::max_segment_length; an error it returns is the output it leaves unwritten, as the call
// shapes see it.
//
// The call shapes take fixed-size arrays; here the lengths are run-time ones. The one-argument form
// gets a `std::span<const S>` (or else a `const std::vector<S>&`) where a fixture passes its array;
// the span forms get a `std::span<std::size_t>` of size(ids) + extra elements pre-filled with
// `SIZE_MAX`, over a guarded buffer (kvc/exploration/output_buffer.hpp); an implementation written
// for `int` ids gets the ids as `int`s, as the call shapes convert them (a case whose ids do not
// fit is not run). The ids are of the suite's own types (char and int; std::size_t and
// std::int64_t for segment_run_count).
//
// A row length of 0 with ids is refused by the contract too, but not drawn (and not run when
// shrinking reaches it): an implementation that divides by it traps, and the process ends without
// a counterexample.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <limits>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/hana/at.hpp>
#include <boost/hana/length.hpp>

#include <kvc/exploration/case_values.hpp>
#include <kvc/exploration/exploration_loop.hpp>
#include <kvc/exploration/output_buffer.hpp>
#include <kvc/exploration/profile_rules.hpp>
#include <kvc/exploration/row_shrinking.hpp>
#include <kvc/exploration/suite_traits.hpp>
#include <kvc/exploration/value_generators.hpp>
#include <kvc/row_length.hpp>
#include <kvc/segment_offsets.hpp>
#include <kvc/segment_positions.hpp>
#include <kvc/verification/call_shapes.hpp>

namespace kvc::exploration {

// ---------------------------------------------------------------------------------------------
// Drawing ids
// ---------------------------------------------------------------------------------------------

/// A negative id of S (an unsigned S has none: any id): -1, a small one, one at a width's limit, or
/// S's minimum. Segment ids have no padding; a negative id is an id like any other.
template <class S>
[[nodiscard]] S negative_id(case_generator& g) noexcept {
  if constexpr (std::is_same_v<S, bool> || !std::is_signed_v<S>) {
    return g.integer<S>();
  } else {
    return g.negative<S>(25);
  }
}

/// The id of the next run, after runs with `run_ids`: a small id, an earlier run's id that is not
/// the previous one's, the previous id's low bits with other high bits, its neighbour, a negative
/// id or any id. (It may equal the previous id: the two runs are then one.)
template <class S>
[[nodiscard]] S next_run_id(case_generator& g, const std::vector<S>& run_ids) noexcept {
  if constexpr (std::is_same_v<S, bool>) {
    return run_ids.empty() || g.percent(10) ? g.percent(50) : !run_ids.back();
  } else {
    if (run_ids.empty()) return g.percent(60) ? static_cast<S>(g.below(4)) : g.integer<S>();
    const S previous = run_ids.back();
    switch (g.below(10)) {
      case 0:
      case 1:
      case 2:
        if (run_ids.size() >= 2) return run_ids[g.below(run_ids.size() - 1)];
        return static_cast<S>(g.below(4));
      case 3:
      case 4:
        return static_cast<S>(g.below(4));
      case 5:
        return g.colliding(previous);
      case 6:
        return g.near<S>(static_cast<wide_integer>(kvc::detail::integer_value(previous)));
      case 7:
        return negative_id<S>(g);
      default:
        return g.integer<S>();
    }
  }
}

/// An id other than `previous`, for a run that must not merge with the one before it.
template <class S>
[[nodiscard]] S other_id(const S previous) noexcept {
  if constexpr (std::is_same_v<S, bool>)
    return !previous;
  else
    return previous == S{0} ? S{1} : S{0};
}

/// The length of a run: 1 most often, a few, around the edges of 8 to 64 and of 256 (where 8-bit
/// counters wrap), anything up to `left`, or around 2^16 when `long_runs`.
template <class Deferred = void>
[[nodiscard]] std::size_t run_length(case_generator& g, std::size_t left,
                                            bool long_runs) noexcept {
  if (long_runs && g.percent(50)) return (std::size_t{1} << 16) + g.below(3) - 1;
  switch (g.below(10)) {
    case 0:
    case 1:
    case 2:
    case 3:
      return 1;
    case 4:
    case 5:
      return 2 + g.below(3);
    case 6: {
      static constexpr std::array<std::size_t, 4> blocks{8, 16, 32, 64};
      return g.one_of(blocks) * (1 + g.below(2)) + g.below(3) - 1;
    }
    case 7:
      return 255 + g.below(3);
    default:
      return 1 + g.below(left);
  }
}

/// Draws `count` ids laid out as runs: one run of them all, every token a run of its own (ids
/// reused apart), or runs of drawn lengths (`run_length`).
template <class S>
void draw_segment_runs(case_generator& g, std::vector<S>& ids, std::size_t count) {
  ids.clear();
  ids.reserve(count);
  const bool long_runs = count > (std::size_t{1} << 16);
  const std::size_t layout = g.below(20);
  const bool one_run = layout < (long_runs ? 8u : 3u);
  const bool singletons = !one_run && layout < (long_runs ? 10u : 6u);
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
[[nodiscard]] inline std::size_t segment_count(case_generator& g,
                                               std::size_t long_one_in) noexcept {
  static constexpr std::array<std::size_t, 5> blocks{1, 8, 16, 64, 256};
  return g.length(blocks, long_one_in);
}

/// A row length that does not divide `count` (> 0): past it (at most 2 count + 1), or between 2
/// and `count` when one there does not divide it.
template <class Deferred = void>
[[nodiscard]] std::size_t non_dividing_row_length(case_generator& g,
                                                         std::size_t count) noexcept {
  if (count > 2 && g.percent(50)) {
    for (int attempt = 0; attempt < 8; ++attempt) {
      const std::size_t length = 2 + g.below(count - 2);
      if (count % length != 0) return length;
    }
  }
  return count + 1 + g.below(count + 1);
}

/// Draws a `[B, L]` batch: whole rows (of 1 token, a few, around block edges and 256; past 2^16
/// in one case out of 2,000) with runs crossing row boundaries and ids continuing into the next
/// row; ids that are not whole rows; or an empty batch of any row length, 0 included.
template <class S>
void draw_segment_batch(case_generator& g, std::vector<S>& ids, std::size_t& row_length,
                        const explore_options& options) {
  const std::size_t shape = g.below(20);
  if (shape < 2) {
    static constexpr std::array<std::size_t, 6> lengths{
        0, 1, 4, 7, 256, std::numeric_limits<std::size_t>::max()};
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
  if (options.long_sequences && g.below(1500) == 0) {
    row_length = (std::size_t{1} << 16) + g.below(3) - 1;
    rows = 1 + g.below(2);
  } else {
    static constexpr std::array<std::size_t, 14> lengths{1,  2,  3,  4,  5,  7,   8,
                                                         15, 16, 17, 32, 64, 255, 257};
    row_length = g.one_of(lengths);
    if (row_length <= 4 && g.percent(50)) rows = 1 + g.below(40);
  }
  draw_segment_runs(g, ids, rows * row_length);
  // Ids that continue across row boundaries: a row's first id is the previous row's last.
  if (g.percent(40))
    for (std::size_t start = row_length; start < ids.size(); start += row_length)
      if (g.percent(60)) ids[start] = ids[start - 1];
}

// ---------------------------------------------------------------------------------------------
// The call shapes at run time
// ---------------------------------------------------------------------------------------------

/// What a span-output call shape is: one row or a batch, the elements `out` has past one per id,
/// and whether the result is `out` up to its first unwritten element.
template <class Call>
struct segment_output_shape;
template <std::size_t Extra, bool Trim>
struct segment_output_shape<span_output_call<Extra, Trim>> {
  static constexpr bool rows = false;          ///< one row: `impl(segments, out)`
  static constexpr std::size_t extra = Extra;  ///< `out` has size(segments) + extra elements
  static constexpr bool trim = Trim;           ///< the result ends at the first unwritten element
};
template <std::size_t Extra, bool Trim>
struct segment_output_shape<rows_output_call<Extra, Trim>> {
  static constexpr bool rows = true;           ///< a batch: `impl(segments, L, out)`
  static constexpr std::size_t extra = Extra;  ///< `out` has size(segments) + extra elements
  static constexpr bool trim = Trim;           ///< the result ends at the first unwritten element
};

/// How an implementation takes ids of type S at run time, in the order the call shapes try:
/// returning a range from a `std::span<const S>` or a `const std::vector<S>&`, or filling a
/// `std::span<std::size_t>`; for a batch, with L as a `std::size_t` or a `kvc::row_length`.
enum class segment_call_form {
  none,                  ///< takes none of them
  range_of_span,         ///< `impl(std::span<const S>)` returns the result
  range_of_vector,       ///< `impl(const std::vector<S>&)` returns the result
  fills,                 ///< `impl(std::span<const S>, std::span<std::size_t>)` writes it
  fills_with_size,       ///< `impl(std::span<const S>, std::size_t, std::span<std::size_t>)`
  fills_with_row_length  ///< `impl(std::span<const S>, kvc::row_length, std::span<std::size_t>)`
};

/// The form in which `Impl` takes ids of type S (a batch's when `Rows`).
template <bool Rows, class Impl, class S>
[[nodiscard]] consteval segment_call_form segment_form_of() {
  using out = std::span<std::size_t>;
  if constexpr (Rows) {
    if constexpr (std::invocable<const Impl&, std::span<const S>, std::size_t, out>)
      return segment_call_form::fills_with_size;
    else if constexpr (std::invocable<const Impl&, std::span<const S>, row_length, out>)
      return segment_call_form::fills_with_row_length;
    else
      return segment_call_form::none;
  } else {
    if constexpr (std::invocable<const Impl&, std::span<const S>>)
      return segment_call_form::range_of_span;
    else if constexpr (std::invocable<const Impl&, const std::vector<S>&>)
      return segment_call_form::range_of_vector;
    else if constexpr (std::invocable<const Impl&, std::span<const S>, out>)
      return segment_call_form::fills;
    else
      return segment_call_form::none;
  }
}

/// Whether ids of type S reach `Impl` as `int`s: it takes none of S's forms, and was written for
/// `int` ids (the call shapes convert integer ids for it).
template <bool Rows, class Impl, class S>
inline constexpr bool segment_ids_as_int =
    (segment_form_of<Rows, Impl, S>() == segment_call_form::none) && std::integral<S> &&
    !std::same_as<S, int>;

/// Whether `Impl` takes ids of type S in some form. (`if constexpr`, not `?:`: the `int` forms
/// must not be asked of an implementation that takes S's, which could instantiate a generic one.)
template <bool Rows, class Impl, class S>
[[nodiscard]] consteval bool takes_segments() {
  if constexpr (segment_ids_as_int<Rows, Impl, S>)
    return segment_form_of<Rows, Impl, int>() != segment_call_form::none;
  else
    return segment_form_of<Rows, Impl, S>() != segment_call_form::none;
}

/// The ids of a segment call's inputs (their first), a `std::vector`.
template <class Inputs>
using segment_ids_t = std::remove_cvref_t<decltype(boost::hana::at_c<0>(std::declval<Inputs>()))>;

/// Calls `impl` with `ids` (and L for a batch) as the span-output call shape `Shape` calls it, and
/// returns the actual result: the range it returned, or `out` (of size(ids) + extra elements, whole
/// or trimmed, guarded: kvc/exploration/output_buffer.hpp).
template <class Shape, class Impl, class S>
[[nodiscard]] auto call_segments(const Impl& impl, const std::vector<S>& ids, std::size_t length) {
  if constexpr (segment_ids_as_int<Shape::rows, Impl, S>) {
    std::vector<int> as_int;
    as_int.reserve(ids.size());
    for (const S id : ids) as_int.push_back(static_cast<int>(id));
    return call_segments<Shape>(impl, as_int, length);
  } else {
    constexpr segment_call_form form = segment_form_of<Shape::rows, Impl, S>();
    if constexpr (form == segment_call_form::range_of_span) {
      return impl(std::span<const S>(ids));
    } else if constexpr (form == segment_call_form::range_of_vector) {
      return impl(ids);
    } else if constexpr (form == segment_call_form::fills) {
      return guarded_output<std::size_t>(
          ids.size() + Shape::extra, output_guard, Shape::trim,
          [&](std::span<std::size_t> out) {
            static_cast<void>(impl(std::span<const S>(ids), out));  // `out` is what is compared
          });
    } else {
      // A wrong batch implementation may run to the end of a row the ids do not fill: its reads
      // and writes get a row's worth of guard.
      const std::size_t guard = output_guard + (ids.empty() ? 0 : length);
      const guarded_ids<S> segments(ids, guard);
      return guarded_output<std::size_t>(
          ids.size() + Shape::extra, guard, Shape::trim, [&](std::span<std::size_t> out) {
            if constexpr (form == segment_call_form::fills_with_size)
              static_cast<void>(impl(segments.view(), length, out));
            else
              static_cast<void>(impl(segments.view(), row_length{length}, out));
          });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The families
// ---------------------------------------------------------------------------------------------

/// How long the sequences of a segment suite are: the lengths of `segment_count`, past 2^16 in one
/// case out of 400, or, for segment_positions_long, in one out of 200.
enum class segment_lengths { usual, past_16_bits };

/// The span-output segment suites' exploration (positions and offsets, of one row or of a batch),
/// for a suite of type Suite.
template <class Suite, segment_lengths Lengths = segment_lengths::usual>
struct segment_output_family {
  /// The engine profile the suite is restricted to.
  static constexpr engine_profile profile = suite_profile<Suite>;
  /// The suite's input forms.
  using forms = suite_forms<Suite>;

  /// The span-output shape of a call (its profile aside).
  template <class Call>
  using shape = segment_output_shape<typename base_call<Call>::type>;

  /// A case: ids of one row (`draw_segment_runs`) or a batch and its row length
  /// (`draw_segment_batch`).
  template <class Call, class Owned>
  static void generate(case_generator& g, Owned& owned, const explore_options& options) {
    auto& ids = std::get<0>(owned);
    if constexpr (shape<Call>::rows) {
      draw_segment_batch(g, ids, std::get<1>(owned), options);
    } else {
      const std::size_t long_one_in = !options.long_sequences                    ? 0
                                      : Lengths == segment_lengths::past_16_bits ? 200
                                                                                 : 400;
      draw_segment_runs(g, ids, segment_count(g, long_one_in));
    }
  }

  /// In the profile, and (when shrinking gets there) no row length of 0 with ids.
  template <class Call, class Inputs>
  [[nodiscard]] static bool covered(const Inputs& inputs) {
    if constexpr (shape<Call>::rows) {
      if (boost::hana::at_c<1>(inputs) == 0 && !boost::hana::at_c<0>(inputs).empty()) return false;
    }
    return covered_by<Call>(profile, inputs);
  }

  /// Whether `impl` takes the ids of `Inputs` in some form (`segment_form_of`).
  template <class Call, class Inputs, class Impl>
  static constexpr bool callable =
      takes_segments<shape<Call>::rows, Impl, typename segment_ids_t<Inputs>::value_type>();

  /// Whether the ids survive the conversion to `int`, when `impl` takes `int` ids only.
  template <class Call, class Impl, class Inputs>
  [[nodiscard]] static bool representable(const Impl&, const Inputs& inputs) {
    using S = typename segment_ids_t<Inputs>::value_type;
    if constexpr (segment_ids_as_int<shape<Call>::rows, Impl, S>)
      return kvc::detail::fits<int>(boost::hana::at_c<0>(inputs));
    else
      return true;
  }

  /// What `impl` returns or writes (`call_segments`).
  template <class Call, class Impl, class Inputs>
  [[nodiscard]] static auto actual(const Impl& impl, const Inputs& inputs) {
    return call_segments<shape<Call>>(impl, boost::hana::at_c<0>(inputs), length_of<Call>(inputs));
  }

  /// The contract's span form's output, as the call shape reads it: positions or offsets, or `out`
  /// unwritten where the contract refuses the batch.
  template <class Call, class Inputs>
  [[nodiscard]] static std::vector<std::size_t> expected(const Inputs& inputs) {
    const auto& ids = boost::hana::at_c<0>(inputs);
    return guarded_output<std::size_t>(
        ids.size() + shape<Call>::extra, 0, shape<Call>::trim, [&](std::span<std::size_t> out) {
          constexpr bool positions = writes_positions<Call>;
          if constexpr (shape<Call>::rows) {
            const row_length rows{boost::hana::at_c<1>(inputs)};
            if constexpr (positions)
              static_cast<void>(kvc::segment_positions(ids, rows, out));
            else
              static_cast<void>(kvc::segment_offsets(ids, rows, out));
          } else if constexpr (positions) {
            static_cast<void>(kvc::segment_positions(ids, out));
          } else {
            static_cast<void>(kvc::segment_offsets(ids, out));
          }
        });
  }

  /// Whether the results agree, as the profile compares them.
  template <class Call, class A, class E, class Inputs>
  [[nodiscard]] static bool agrees(const A& actual, const E& expected, const Inputs&) {
    return agrees_under<Inputs>(profile, actual, expected);
  }

  /// Smaller batches that stay whole rows (kvc/exploration/row_shrinking.hpp), tried before the
  /// generic candidates; none for one row.
  template <class Owned>
  [[nodiscard]] static std::vector<Owned> shrink_candidates(const Owned& owned) {
    std::vector<Owned> out;
    if constexpr (std::tuple_size_v<Owned> == 2) {
      for (auto& smaller : smaller_row_layouts(std::get<0>(owned), std::get<1>(owned)))
        out.emplace_back(std::move(smaller.values), smaller.row_size);
    }
    return out;
  }

  /// The case as the suite's fixture maker writes it (`kvc::make_positions_fixture`,
  /// `kvc::make_output_fixture<kvc::offsets_call>`, `kvc::make_rows_fixture<...>`).
  template <class Call, class Inputs, class E>
  [[nodiscard]] static std::string fixture_line(const Inputs& inputs, const E& expected) {
    using base = typename base_call<Call>::type;
    std::string maker;
    if constexpr (std::is_same_v<base, positions_call>)
      maker = "kvc::make_positions_fixture(";
    else if constexpr (std::is_same_v<base, offsets_call>)
      maker = "kvc::make_output_fixture<kvc::offsets_call>(";
    else if constexpr (std::is_same_v<base, row_positions_call>)
      maker = "kvc::make_rows_fixture<kvc::row_positions_call>(";
    else
      maker = "kvc::make_rows_fixture<kvc::row_offsets_call>(";
    std::string line =
        maker + "kvc::label<\"explored\">, " + value_literal(boost::hana::at_c<0>(inputs));
    if constexpr (shape<Call>::rows) line += ", " + value_literal(boost::hana::at_c<1>(inputs));
    return line + ", " + value_literal(expected) + ")";
  }

 private:
  template <class Call>
  static constexpr bool writes_positions =
      std::is_same_v<typename base_call<Call>::type, positions_call> ||
      std::is_same_v<typename base_call<Call>::type, row_positions_call>;

  template <class Call, class Inputs>
  [[nodiscard]] static std::size_t length_of(const Inputs& inputs) {
    if constexpr (shape<Call>::rows)
      return boost::hana::at_c<1>(inputs);
    else
      return 0;
  }
};

/// Which count of runs a direct-call segment suite checks.
enum class segment_summary { run_count, longest_run };

/// The exploration of segment_run_count and max_segment_length: `impl(segments)` in any form
/// kvc::direct_call offers, compared with kvc::segment_run_count or kvc::max_segment_length.
template <segment_summary Kind, class Suite>
struct segment_summary_family : direct_family {
  /// The engine profile the suite is restricted to.
  static constexpr engine_profile profile = suite_profile<Suite>;
  /// The suite's input forms.
  using forms = suite_forms<Suite>;

  /// A case: ids of one row (`draw_segment_runs`).
  template <class Call, class Owned>
  static void generate(case_generator& g, Owned& owned, const explore_options& options) {
    draw_segment_runs(g, std::get<0>(owned), segment_count(g, options.long_sequences ? 400 : 0));
  }

  /// Whether the case is in the profile.
  template <class Call, class Inputs>
  [[nodiscard]] static bool covered(const Inputs& inputs) {
    return covered_by<Call>(profile, inputs);
  }

  /// The contract's count.
  template <class Call, class Inputs>
  [[nodiscard]] static std::size_t expected(const Inputs& inputs) {
    if constexpr (Kind == segment_summary::run_count)
      return kvc::segment_run_count(boost::hana::at_c<0>(inputs));
    else
      return kvc::max_segment_length(boost::hana::at_c<0>(inputs));
  }

  /// Whether the results agree, as the profile compares them.
  template <class Call, class A, class E, class Inputs>
  [[nodiscard]] static bool agrees(const A& actual, const E& expected, const Inputs&) {
    return agrees_under<Inputs>(profile, actual, expected);
  }
};

}  // namespace kvc::exploration
