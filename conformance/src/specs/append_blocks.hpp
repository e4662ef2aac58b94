// conformance/src/specs/append_blocks.hpp - the generator of the blocks an append needs: block
// sizes engines use, odd ones and ones at a width's limit; a request holding whole blocks, or one
// token more or less; appends and lookahead that end one short of, at and one past the last
// block's free slots or a later block's end; counts near the top of their type, where a sum wraps.
#pragma once

#include <array>
#include <cstddef>

#include <kvc/specs/append_blocks.hpp>

#include "../generators.hpp"

namespace kvc::library {

template <>
struct generator<specs::append_blocks> {
  /// A count of type T around the wanted value `target` (one less, at, one more), 0, small, or at
  /// a width's limit.
  template <class T>
  static T count_near(gen::domain& g, gen::wide_integer target) {
    switch (g.below(6)) {
      case 0: return g.near<T>(target);
      case 1: return static_cast<T>(0);
      case 2: return g.near<T>(static_cast<gen::wide_integer>(g.below(4)));
      case 3: return g.near<T>(target + static_cast<gen::wide_integer>(g.below(3)) * 16);
      case 4: return g.integer<T>();
      default: return g.near<T>(target);
    }
  }

  template <class In>
  static In draw(gen::source& s, const detail::exploration_context&) {
    gen::domain g(s);
    In in{};
    using B = decltype(in.block_size);
    static constexpr std::array<int, 9> sizes{16, 1, 2, 3, 8, 32, 5, 0, -16};
    in.block_size = g.percent(15) ? g.integer<B>() : static_cast<B>(sizes[g.below(sizes.size())]);
    const auto size_value = kvc::detail::integer_value(in.block_size);
    const gen::wide_integer block = size_value > 0 ? static_cast<gen::wide_integer>(size_value) : 16;

    // The request: whole blocks, or one token past or short of them; or any count.
    using H = decltype(in.held);
    const gen::wide_integer blocks = static_cast<gen::wide_integer>(g.below(5));
    in.held = g.percent(15) ? g.integer<H>() : g.near<H>(blocks * block);
    const auto held_value = static_cast<gen::wide_integer>(kvc::detail::integer_value(in.held));
    const gen::wide_integer used = held_value >= 0 ? held_value % block : 0;
    const gen::wide_integer free_slots = used == 0 ? 0 : block - used;

    // The append ends around the last block's free slots or a later block's end; the lookahead
    // around what the append left of a block.
    using A = decltype(in.appended);
    using L = decltype(in.lookahead);
    in.appended = count_near<A>(g, free_slots + static_cast<gen::wide_integer>(g.below(3)) * block);
    const auto appended_value = static_cast<gen::wide_integer>(kvc::detail::integer_value(in.appended));
    const gen::wide_integer after = appended_value >= 0 ? (free_slots - appended_value) % block : 0;
    const gen::wide_integer left = after >= 0 ? after : after + block;
    in.lookahead = g.percent(50) ? static_cast<L>(0) : count_near<L>(g, left);
    return in;
  }
};

}  // namespace kvc::library
