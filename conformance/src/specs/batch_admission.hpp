// conformance/src/specs/batch_admission.hpp - the generator of the request-sequence shapes (batch
// and in-order request admission): the admission state of append admission's generator, and
// requests that fit exactly, miss by one, sum past the free slots or past 2^16, 2^32 or 2^64, sit
// at a width's limit, or are negative; now and then hundreds or tens of thousands of small ones,
// around the counts where an 8- or 16-bit counter wraps. The argument types are the table's.
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <vector>

#include <kvc/specs/batch_admission.hpp>

#include "../generators.hpp"
#include "append_admission.hpp"

namespace kvc::library {

/// Draws requests against `free` slots: a few (now and then up to 40), summing just past 2^16,
/// 2^32 or 2^64, at a width's limit, or each against what is left.
template <class R>
void draw_requests(gen::domain& g, gen::wide_integer free, std::vector<R>& requests) {
  const std::size_t count = g.below(g.percent(20) ? 40 : 6);
  if (g.percent(8)) {
    // Requests that sum to just past 2^w (w = 16, 32 or 64): a total kept in w bits wraps to a
    // small number that fits. (A type too narrow to reach it in eight requests draws as below.)
    static constexpr std::array<int, 3> widths{16, 32, 64};
    const int w = widths[g.below(widths.size())];
    const auto largest = static_cast<gen::wide_integer>(std::numeric_limits<R>::max());
    gen::wide_integer left =
        (static_cast<gen::wide_integer>(1) << w) + static_cast<gen::wide_integer>(g.below(3));
    requests.clear();
    while (left > 0 && requests.size() < 8) {
      const gen::wide_integer part = left > largest ? largest : left;
      requests.push_back(static_cast<R>(part));
      left -= part;
    }
    if (left == 0) return;
  }
  requests.resize(count);
  if (g.percent(10)) {
    // Requests at the limits of a width: sums that wrap a 32- or 64-bit total.
    for (R& r : requests) {
      const gen::wide_integer limit = g.width_limit();
      r = gen::holds<R>(limit) ? static_cast<R>(limit) : g.integer<R>();
    }
    return;
  }
  // Each request against what is left, so that sums land at, next to and past the limit.
  gen::wide_integer left = free;
  for (R& r : requests) {
    const auto parts = static_cast<gen::wide_integer>(g.below(3) + 1);
    r = g.percent(30) ? draw_request<R>(g, left) : draw_request<R>(g, left / parts);
    left -= static_cast<gen::wide_integer>(kvc::detail::integer_value(r));
  }
}

/// Draws a capacity, used slots and the requests of one call.
template <class Capacity, class Used, class R>
void draw_request_sequence(gen::domain& g, Capacity& capacity, Used& used,
                           std::vector<R>& requests, bool long_sequences) {
  draw_admission_state(g, capacity, used);
  draw_requests(g, static_cast<gen::wide_integer>(kvc::detail::integer_value(capacity)) -
                       static_cast<gen::wide_integer>(kvc::detail::integer_value(used)),
                requests);
  // Now and then, in place of those (drawn last, so that a shrunk case without it is the short
  // one above): around the counts where a counter of 8 or 16 bits wraps, many small requests,
  // one in `every` of them for a slot and the others for none (or all for none), most often into
  // a capacity about their number, so that all of them fit.
  if (long_sequences && g.rare(30)) {
    const std::size_t many =
        (g.rare(8) ? std::size_t{1} << 16 : std::size_t{1} << 8) - 1 + g.below(3);
    const std::size_t every = g.percent(80) ? 2 + g.below(15) : 0;
    requests.resize(many);
    for (std::size_t i = 0; i < many; ++i)
      requests[i] = static_cast<R>(every != 0 && i % every == every - 1 ? 1 : 0);
    if (g.percent(70)) {
      const gen::wide_integer room =
          static_cast<gen::wide_integer>(many) + static_cast<gen::wide_integer>(g.below(3)) - 1;
      capacity = g.near<Capacity>(room);
      used = static_cast<Used>(0);
    }
  }
}

/// The generator of the shapes `impl(capacity, used, requests)`.
struct request_sequence_generator {
  template <class In>
  static In draw(gen::source& s, const detail::exploration_context& context) {
    gen::domain g(s);
    In in{};
    draw_request_sequence(g, in.capacity, in.used, in.requests, context.options.long_sequences);
    return in;
  }
};

template <>
struct generator<specs::batch_admission> : request_sequence_generator {};

}  // namespace kvc::library
