// kvc/exploration/position_exploration.hpp - exploring the position-id suites:
// offsets_from_positions and max_sequence_length_from_positions.
//
// A case is `impl(positions[, C], out)` or `impl(positions[, C])` in one of the suite's input
// forms, called as kvc/verification/position_call.hpp calls it (positions as a span or vector of
// any integer type that holds them, C as a `std::size_t` or a `kvc::position_components`, `out` a
// span of any integer type). The generator writes a row as pieces: sequences counting from 0 of
// every length (1, a few, around block edges and 256, past 2^16 rarely), sequences that do not
// start at 0 (a row continuing an earlier chunk, restarts at 1, starts at a width's limit, where a
// narrowed position reads as 0), M-RoPE runs that repeat a position, decreasing and equal
// neighbours, single zeros, and padding anywhere (head, tail, between and inside sequences) with
// every negative value, not only -1. The 3-row form has C rows of N tokens (C = 3 mostly, 1, 2, 4)
// whose other rows copy row 0, differ from it (zeros and negatives where row 0 has none), or are
// drawn on their own; sometimes the values are not whole rows (the contract refuses them: no
// offsets, a length of 0), and an empty input comes with any C, 0 included. Most values fit in 32
// bits, so that an implementation taking `int` positions is run on most cases. The contract is its
// own oracle: kvc::offsets_from_positions (its span forms, with a `std::size_t` output, as the
// fixtures expect whatever the implementation's output type) and
// kvc::max_sequence_length_from_positions.
//
// A component count of 0 with positions is refused by the contract too, but not drawn (and not run
// when shrinking reaches it): an implementation that divides by it traps, and the process ends
// without a counterexample.
#pragma once

#include <algorithm>
#include <array>
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
#include <kvc/offsets_from_positions.hpp>
#include <kvc/position_components.hpp>
#include <kvc/verification/position_call.hpp>

namespace kvc::exploration {

// ---------------------------------------------------------------------------------------------
// Drawing position ids
// ---------------------------------------------------------------------------------------------

/// The position of a padding token: -1 most often, else any negative value of T (a small one, one
/// at a width's limit, T's minimum). The contract treats every negative position alike. (An
/// unsigned T has no padding: 0.)
template <class T>
[[nodiscard]] T padding_position(case_generator& g) noexcept {
  if constexpr (!std::is_signed_v<T>) {
    return T{0};
  } else {
    return g.negative<T>(50);
  }
}

/// A position a sequence may start at other than 0: 1 most often, a few, or one at or next to a
/// width's limit (2^16, 2^32: a position narrowed to that width reads as 0).
template <class T>
[[nodiscard]] T start_position(case_generator& g) noexcept {
  if (g.percent(40)) return static_cast<T>(1);
  if (g.percent(50)) return static_cast<T>(2 + g.below(8));
  for (int attempt = 0; attempt < 8; ++attempt) {
    wide_integer v = g.width_limit();
    v = v < 0 ? -v : v;
    if (holds<T>(v)) return static_cast<T>(v);
  }
  return static_cast<T>(3);
}

/// The length of one piece of a row: 1, a few, around block edges and 256, or anything up to
/// `left`.
template <class Deferred = void>
[[nodiscard]] std::size_t sequence_length(case_generator& g, std::size_t left) noexcept {
  switch (g.below(8)) {
    case 0:
      return 1;
    case 1:
    case 2:
      return 2 + g.below(4);
    case 3: {
      static constexpr std::array<std::size_t, 5> blocks{8, 16, 32, 64, 128};
      return g.one_of(blocks) + g.below(3) - 1;
    }
    case 4:
      return 255 + g.below(3);
    default:
      return 1 + g.below(left);
  }
}

/// Appends `length` positions counting up from `start` (clamped so as to stay within T).
template <class T>
void append_counting(std::vector<T>& row, T start, std::size_t length) {
  constexpr auto top = static_cast<wide_integer>(std::numeric_limits<T>::max());
  wide_integer first = static_cast<wide_integer>(start);
  if (first + static_cast<wide_integer>(length) > top)
    first = top - static_cast<wide_integer>(length);
  for (std::size_t k = 0; k < length; ++k)
    row.push_back(static_cast<T>(first + static_cast<wide_integer>(k)));
}

/// Draws one row of `tokens` position ids as pieces (see the top of this file); padding only when
/// `padding` (and T is signed).
template <class T>
void draw_position_row(case_generator& g, std::vector<T>& row, std::size_t tokens, bool padding) {
  row.clear();
  row.reserve(tokens);
  if (tokens > (std::size_t{1} << 16) && g.percent(60)) {
    // One sequence past 2^16 tokens: a 16-bit length or offset wraps.
    append_counting(row, T{0}, tokens);
    return;
  }
  constexpr bool can_pad = std::is_signed_v<T>;
  while (row.size() < tokens) {
    const std::size_t left = tokens - row.size();
    std::size_t length = sequence_length(g, left);
    if (length > left) length = left;
    switch (g.below(10)) {
      case 0:
      case 1:
      case 2:
      case 3:
        append_counting(row, T{0}, length);
        break;
      case 4:
        append_counting(row, start_position<T>(g), length);
        break;
      case 5: {
        // M-RoPE: an image's tokens share a position; the text after it goes on past them.
        T position = g.percent(70) ? T{0} : start_position<T>(g);
        for (std::size_t k = 0; k < length; ++k) {
          row.push_back(position);
          static constexpr std::array<int, 5> steps{0, 0, 1, 1, 2};
          const int step = g.one_of(steps);
          if (position < std::numeric_limits<T>::max() - 2)
            position = static_cast<T>(position + step);
        }
        break;
      }
      case 6:
        // Small values in any order: decreasing and equal neighbours, many zeros.
        for (std::size_t k = 0; k < length; ++k) row.push_back(static_cast<T>(g.below(5)));
        break;
      case 7:
        row.push_back(T{0});
        break;
      default:
        if (padding && can_pad) {
          // Padding: at the tail, or a run of a few anywhere; one value or every value its own.
          const std::size_t count = g.percent(30) ? left : 1 + g.below(length < 6 ? length : 6);
          const bool one_value = g.percent(50);
          const T value = padding_position<T>(g);
          for (std::size_t k = 0; k < count; ++k)
            row.push_back(one_value ? value : padding_position<T>(g));
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
[[nodiscard]] inline std::size_t position_count(case_generator& g,
                                                const explore_options& options) noexcept {
  static constexpr std::array<std::size_t, 5> blocks{1, 4, 16, 64, 256};
  return g.length(blocks, options.long_sequences ? 1000 : 0);
}

/// Draws C rows of N position ids, component-major, into `values`: row 0 as `draw_position_row`
/// draws one, each other row a copy of it, a variation of it or a row of its own; sometimes values
/// that are not whole rows, or none with any C.
template <class T>
void draw_position_components(case_generator& g, std::vector<T>& values, std::size_t& components,
                              const explore_options& options) {
  static constexpr std::array<std::size_t, 10> counts{3, 3, 3, 3, 3, 1, 2, 4, 3, 2};
  components = g.one_of(counts);
  const std::size_t tokens = position_count(g, options);
  const bool padding = g.percent(60);
  draw_position_row(g, values, tokens, padding);
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
              case 0:
                p = T{0};
                break;
              case 1:
                p = padding_position<T>(g);
                break;
              case 2:
                p = p < std::numeric_limits<T>::max() ? static_cast<T>(p + 1) : p;
                break;
              default:
                p = static_cast<T>(g.below(5));
                break;
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
    // Not whole rows: a few values more (or C past all of them).
    const std::size_t extra = 1 + g.below(components - 1);
    for (std::size_t k = 0; k < extra; ++k) values.push_back(static_cast<T>(g.below(3)));
  }
}

// ---------------------------------------------------------------------------------------------
// The family
// ---------------------------------------------------------------------------------------------

/// The position-id suites' exploration, for a suite of type Suite.
template <class Suite>
struct position_family {
  /// The engine profile the suite is restricted to.
  static constexpr engine_profile profile = suite_profile<Suite>;
  /// The suite's input forms.
  using forms = suite_forms<Suite>;

  /// A case: one row (`draw_position_row`) or C rows (`draw_position_components`).
  template <class Call, class Owned>
  static void generate(case_generator& g, Owned& owned, const explore_options& options) {
    auto& positions = std::get<0>(owned);
    if constexpr (std::tuple_size_v<Owned> == 2)
      draw_position_components(g, positions, std::get<1>(owned), options);
    else
      draw_position_row(g, positions, position_count(g, options), g.percent(60));
  }

  /// In the profile, and (when shrinking gets there) no component count of 0 with positions.
  template <class Call, class Inputs>
  [[nodiscard]] static bool covered(const Inputs& inputs) {
    if constexpr (with_components<Inputs>) {
      if (boost::hana::at_c<1>(inputs) == 0 && !boost::hana::at_c<0>(inputs).empty()) return false;
    }
    return covered_by<Call>(profile, inputs);
  }

  /// Whether `impl` takes the inputs in some form (`kvc::position_ids_call` answers for run-time
  /// vectors as for arrays).
  template <class Call, class Inputs, class Impl>
  static constexpr bool callable = Call::template accepts<Impl, Inputs>;

  /// Whether the positions survive the form they are offered in.
  template <class Call, class Impl, class Inputs>
  [[nodiscard]] static bool representable(const Impl& impl, const Inputs& inputs) {
    return Call::representable(impl, inputs);
  }

  /// `impl` called as `kvc::position_ids_call` calls it, with an `out` of size(positions) + 1
  /// elements of the type it takes (guarded: kvc/exploration/output_buffer.hpp).
  template <class Call, class Impl, class Inputs>
  [[nodiscard]] static auto actual(const Impl& impl, const Inputs& inputs) {
    namespace d = kvc::detail;
    using A = std::remove_cvref_t<decltype(boost::hana::at_c<0>(inputs))>;
    using chosen = typename decltype(d::position_call_form<offsets<Call>, with_components<Inputs>,
                                                           Impl, A>())::type;
    using Seq = typename chosen::sequence;
    using C = typename chosen::components;
    using P = typename chosen::output;
    // The positions as they are (a vector, or a span of it) need no converted copy.
    using storage = typename d::offered<A, Seq, d::text_as_given>::storage;
    const auto stored = [&] {
      if constexpr (std::is_same_v<storage, A>)
        return &boost::hana::at_c<0>(inputs);
      else
        return d::store<Seq, d::text_as_given>(boost::hana::at_c<0>(inputs));
    }();
    const auto call = [&](auto&&... out) {
      const auto& positions = d::view<Seq, d::text_as_given, A>(unwrap(stored));
      if constexpr (std::is_same_v<C, d::no_components>)
        return impl(positions, out...);
      else
        return impl(positions, d::component_count<C>(boost::hana::at_c<1>(inputs)),
                           out...);
    };
    if constexpr (std::is_same_v<P, d::no_output>)
      return call();
    else
      return guarded_output<P>(boost::hana::at_c<0>(inputs).size() + 1, output_guard, true,
                               [&call](std::span<P> out) { call(out); });
  }

  /// The contract's offsets (its span form's output, none where it refuses the input) or longest
  /// sequence.
  template <class Call, class Inputs>
  [[nodiscard]] static auto expected(const Inputs& inputs) {
    const auto& positions = boost::hana::at_c<0>(inputs);
    if constexpr (offsets<Call>) {
      return guarded_output<std::size_t>(
          positions.size() + 1, 0, true, [&](std::span<std::size_t> out) {
            if constexpr (with_components<Inputs>)
              static_cast<void>(kvc::offsets_from_positions(
                  positions, position_components{boost::hana::at_c<1>(inputs)}, out));
            else
              static_cast<void>(kvc::offsets_from_positions(positions, out));
          });
    } else if constexpr (with_components<Inputs>) {
      return kvc::max_sequence_length_from_positions(
          positions, position_components{boost::hana::at_c<1>(inputs)});
    } else {
      return kvc::max_sequence_length_from_positions(positions);
    }
  }

  /// Whether the results agree, as the profile compares them.
  template <class Call, class A, class E, class Inputs>
  [[nodiscard]] static bool agrees(const A& actual, const E& expected, const Inputs&) {
    return agrees_under<Inputs>(profile, actual, expected);
  }

  /// Smaller 3-row cases that stay whole rows (kvc/exploration/row_shrinking.hpp): a component
  /// removed, the same token removed from every component, every component cut to its first half;
  /// tried before the generic candidates. None for one row.
  template <class Owned>
  [[nodiscard]] static std::vector<Owned> shrink_candidates(const Owned& owned) {
    std::vector<Owned> out;
    if constexpr (std::tuple_size_v<Owned> == 2) {
      const auto& values = std::get<0>(owned);
      const std::size_t components = std::get<1>(owned);
      if (components == 0 || values.size() % components != 0) return out;
      for (auto& smaller : smaller_row_layouts(values, values.size() / components)) {
        const std::size_t count = smaller.values.size() / smaller.row_size;
        out.emplace_back(std::move(smaller.values), count);
      }
    }
    return out;
  }

  /// The case as `kvc::make_position_fixture<Call>(...)`, the suites' fixture maker.
  template <class Call, class Inputs, class E>
  [[nodiscard]] static std::string fixture_line(const Inputs& inputs, const E& expected) {
    using base = typename base_call<Call>::type;
    std::string call;
    if constexpr (std::is_same_v<base, position_offsets_call>)
      call = "kvc::position_offsets_call";
    else if constexpr (std::is_same_v<base, component_offsets_call>)
      call = "kvc::component_offsets_call";
    else if constexpr (std::is_same_v<base, position_length_call>)
      call = "kvc::position_length_call";
    else
      call = "kvc::component_length_call";
    std::string line = "kvc::make_position_fixture<" + call + ">(kvc::label<\"explored\">, " +
                       value_literal(boost::hana::at_c<0>(inputs));
    if constexpr (with_components<Inputs>)
      line += ", " + value_literal(boost::hana::at_c<1>(inputs));
    return line + ", " + value_literal(expected) + ")";
  }

 private:
  // The positions as stored: a pointer to them when no converted copy is needed.
  template <class T>
  [[nodiscard]] static const T& unwrap(const T* positions) noexcept {
    return *positions;
  }
  template <class T>
  [[nodiscard]] static const T& unwrap(const T& stored) noexcept {
    return stored;
  }

  template <class Call>
  static constexpr bool offsets = std::is_base_of_v<position_ids_call<true>, Call>;

  template <class Inputs>
  static constexpr bool with_components =
      decltype(boost::hana::length(std::declval<Inputs>()))::value == 2;
};

}  // namespace kvc::exploration
