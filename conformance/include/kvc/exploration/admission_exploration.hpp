// kvc/exploration/admission_exploration.hpp - exploring the admission suites: append_admission,
// batch_admission, request_admission and their extremes.
//
// A case is `impl(capacity, used, requested)` or `impl(capacity, used, requests)` in one of the
// suite's input forms (their integer types). The generator draws capacities at the limits of
// every width, used slots at, next to and past the capacity (and negative), and requests that fit
// exactly, miss by one, sum past the free slots or past the integer limits, or are negative. The
// contract is its own oracle: kvc::admitted_append, kvc::admitted_batch, kvc::admitted_requests.
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <tuple>
#include <type_traits>
#include <vector>

#include <kvc/append_admission.hpp>
#include <kvc/batch_admission.hpp>
#include <kvc/exploration/exploration_loop.hpp>
#include <kvc/exploration/profile_rules.hpp>
#include <kvc/exploration/suite_traits.hpp>
#include <kvc/exploration/value_generators.hpp>
#include <kvc/request_admission.hpp>

namespace kvc::exploration {

/// Which admission contract a suite checks.
enum class admission_kind { append, batch, requests };

/// Draws a capacity and used slots: at any width's limit, used at, next to or past the capacity.
template <class Capacity, class Used>
void draw_admission_state(case_generator& g, Capacity& capacity, Used& used) {
  capacity = g.percent(50) ? g.integer<Capacity>() : static_cast<Capacity>(g.below(40));
  const wide_integer c = static_cast<wide_integer>(kvc::detail::integer_value(capacity));
  switch (g.below(8)) {
    case 0: used = g.near<Used>(c); break;
    case 1: used = g.near<Used>(c + 1); break;
    case 2: used = static_cast<Used>(0); break;
    case 3: used = g.near<Used>(c / 2); break;
    case 4: used = g.integer<Used>(); break;
    case 5: used = g.near<Used>(-1); break;
    default: used = g.near<Used>(c - static_cast<wide_integer>(g.below(4))); break;
  }
}

/// Draws one request relative to `free` slots: exactly, one more or one less, 0, negative, half,
/// anything.
template <class R>
R draw_request(case_generator& g, wide_integer free) {
  switch (g.below(9)) {
    case 0:
    case 1: return g.near<R>(free);
    case 2: return g.near<R>(free + 1);
    case 3: return static_cast<R>(0);
    case 4: return g.near<R>(-1);
    case 5: return g.near<R>(free / 2);
    case 6: return g.integer<R>();
    default: return g.near<R>(static_cast<wide_integer>(g.below(6)));
  }
}

template <admission_kind Kind, class Suite>
struct admission_family : direct_family {
  static constexpr engine_profile profile = suite_profile<Suite>;
  using forms = suite_forms<Suite>;

  template <class Call, class Owned>
  static void generate(case_generator& g, Owned& owned, const explore_options& options) {
    auto& capacity = std::get<0>(owned);
    auto& used = std::get<1>(owned);
    draw_admission_state(g, capacity, used);
    const wide_integer free = static_cast<wide_integer>(kvc::detail::integer_value(capacity)) -
                              static_cast<wide_integer>(kvc::detail::integer_value(used));
    auto& third = std::get<2>(owned);
    using third_t = std::remove_cvref_t<decltype(third)>;
    if constexpr (std::is_integral_v<third_t>) {
      third = draw_request<third_t>(g, free);
    } else {
      using R = typename third_t::value_type;
      std::size_t count = g.below(g.percent(20) ? 40 : 6);
      bool many = false;
      if (options.long_sequences && g.below(30) == 0) {
        // Around the counts where a counter of 8 or 16 bits wraps: many small requests.
        count = (g.below(8) == 0 ? std::size_t{1} << 16 : std::size_t{1} << 8) + g.below(3) - 1;
        many = true;
      }
      third.resize(count);
      if (many) {
        for (auto& r : third) r = static_cast<R>(g.percent(90) ? 0 : 1);
        if (g.percent(70)) {
          const wide_integer room = static_cast<wide_integer>(count) + static_cast<wide_integer>(g.below(3)) - 1;
          capacity = g.near<std::remove_cvref_t<decltype(capacity)>>(room);
          used = static_cast<std::remove_cvref_t<decltype(used)>>(0);
        }
        return;
      }
      if (g.percent(8)) {
        // Requests that sum to just past 2^w (w = 16, 32 or 64): a total kept in w bits wraps to
        // a small number that fits.
        static constexpr std::array<int, 3> widths{16, 32, 64};
        const int w = widths[g.below(widths.size())];
        const wide_integer largest = static_cast<wide_integer>(std::numeric_limits<R>::max());
        wide_integer left = (static_cast<wide_integer>(1) << w) + static_cast<wide_integer>(g.below(3));
        third.clear();
        while (left > 0 && third.size() < 8) {
          const wide_integer part = left > largest ? largest : left;
          third.push_back(static_cast<R>(part));
          left -= part;
        }
        if (left == 0) return;
        third.clear();
      }
      if (g.percent(10)) {
        // Requests at the limits of a width: sums that wrap a 32- or 64-bit total.
        for (auto& r : third) {
          const wide_integer limit = g.width_limit();
          r = holds<R>(limit) ? static_cast<R>(limit) : g.integer<R>();
        }
        return;
      }
      wide_integer left = free;
      for (auto& r : third) {
        // Each request against what is left, so that sums land at, next to and past the limit.
        const std::size_t parts = g.below(3) + 1;
        r = g.percent(30) ? draw_request<R>(g, left) : draw_request<R>(g, left / static_cast<wide_integer>(parts));
        left -= static_cast<wide_integer>(kvc::detail::integer_value(r));
      }
    }
  }

  template <class Call, class Inputs>
  [[nodiscard]] static bool covered(const Inputs& inputs) {
    return covered_by<Call>(profile, inputs);
  }

  template <class Call, class Inputs>
  [[nodiscard]] static auto expected(const Inputs& inputs) {
    return boost::hana::unpack(inputs, [](const auto& capacity, const auto& used, const auto& requested) {
      if constexpr (Kind == admission_kind::append)
        return kvc::admitted_append(capacity, used, requested);
      else if constexpr (Kind == admission_kind::batch)
        return kvc::admitted_batch(capacity, used, requested);
      else
        return kvc::admitted_requests(capacity, used, requested);
    });
  }
};

}  // namespace kvc::exploration
