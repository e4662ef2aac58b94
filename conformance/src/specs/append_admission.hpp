// conformance/src/specs/append_admission.hpp - the generator of the admission shape: a capacity
// at any width's limit, used slots at, next to or past it, and a request at, next to or past
// what is free, in the argument types of the table explored.
#pragma once

#include <kvc/specs/append_admission.hpp>

#include "../generators.hpp"

namespace kvc::library {

/// Draws a capacity and used slots: at any width's limit, used at, next to or past the capacity.
template <class Capacity, class Used>
void draw_admission_state(gen::domain& g, Capacity& capacity, Used& used) {
  capacity = g.percent(50) ? g.integer<Capacity>() : static_cast<Capacity>(g.below(40));
  const gen::wide_integer c = static_cast<gen::wide_integer>(kvc::detail::integer_value(capacity));
  switch (g.below(8)) {
    case 0: used = g.near<Used>(c); break;
    case 1: used = g.near<Used>(c + 1); break;
    case 2: used = static_cast<Used>(0); break;
    case 3: used = g.near<Used>(c / 2); break;
    case 4: used = g.integer<Used>(); break;
    case 5: used = g.near<Used>(-1); break;
    default: used = g.near<Used>(c - static_cast<gen::wide_integer>(g.below(4))); break;
  }
}

/// Draws one request relative to `free` slots: exactly, one more or one less, 0, negative, half,
/// anything.
template <class R>
R draw_request(gen::domain& g, gen::wide_integer free) {
  switch (g.below(9)) {
    case 0:
    case 1: return g.near<R>(free);
    case 2: return g.near<R>(free + 1);
    case 3: return static_cast<R>(0);
    case 4: return g.near<R>(-1);
    case 5: return g.near<R>(free / 2);
    case 6: return g.integer<R>();
    default: return g.near<R>(static_cast<gen::wide_integer>(g.below(6)));
  }
}

template <>
struct generator<specs::append_admission> {
  template <class In>
  static In draw(gen::source& s, const detail::exploration_context&) {
    gen::domain g(s);
    In in{};
    draw_admission_state(g, in.capacity, in.used);
    const gen::wide_integer free =
        static_cast<gen::wide_integer>(kvc::detail::integer_value(in.capacity)) -
        static_cast<gen::wide_integer>(kvc::detail::integer_value(in.used));
    in.requested = draw_request<decltype(in.requested)>(g, free);
    return in;
  }
};

}  // namespace kvc::library
