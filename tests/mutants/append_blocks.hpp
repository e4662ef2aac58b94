// tests/mutants/append_blocks.hpp - known-bad implementations of the blocks an append needs: the
// ways engines get the ceiling division wrong. Each is wrong by design, never by undefined
// behaviour (sums in std::uintmax_t wrap; nothing divides by zero), so that a suite rejects it in a
// constant expression.
#pragma once

#include <cstdint>
#include <utility>

namespace kvc::mutants::append_blocks {

namespace detail {
constexpr std::uintmax_t u(auto value) noexcept { return static_cast<std::uintmax_t>(value); }
constexpr bool invalid(auto held, auto appended, auto lookahead, auto block_size) noexcept {
  return std::cmp_less(held, 0) || std::cmp_less(appended, 0) || std::cmp_less(lookahead, 0) ||
         std::cmp_less_equal(block_size, 0);
}
/// ceil(x / b) in 128-bit-free exact arithmetic (x and b as given).
constexpr std::uintmax_t ceil_div(std::uintmax_t x, std::uintmax_t b) noexcept {
  return x / b + (x % b != 0 ? 1 : 0);
}
}  // namespace detail

/// Forgets the lookahead slots: a speculative step writes past its blocks.
inline constexpr auto ignores_lookahead = [](auto held, auto appended, auto lookahead, auto block_size) {
  using namespace detail;
  if (invalid(held, appended, lookahead, block_size)) return std::uintmax_t{0};
  return ceil_div(u(held) + u(appended), u(block_size)) - ceil_div(u(held), u(block_size));
};

/// Counts the request's blocks as floor(held / size): a partly filled last block is not counted,
/// so an append into its free slots allocates a block it does not need.
inline constexpr auto partial_block_not_counted = [](auto held, auto appended, auto lookahead,
                                                     auto block_size) {
  using namespace detail;
  if (invalid(held, appended, lookahead, block_size)) return std::uintmax_t{0};
  const std::uintmax_t total = u(held) + u(appended) + u(lookahead);
  return ceil_div(total, u(block_size)) - u(held) / u(block_size);
};

/// Ignores the last block's free slots: the new tokens always start a new block.
inline constexpr auto ignores_free_slots = [](auto held, auto appended, auto lookahead, auto block_size) {
  using namespace detail;
  if (invalid(held, appended, lookahead, block_size)) return std::uintmax_t{0};
  return ceil_div(u(appended) + u(lookahead), u(block_size));
};

/// Floor where a ceiling is meant: a partly filled new block is not allocated.
inline constexpr auto floor_division = [](auto held, auto appended, auto lookahead, auto block_size) {
  using namespace detail;
  if (invalid(held, appended, lookahead, block_size)) return std::uintmax_t{0};
  const std::uintmax_t total = u(held) + u(appended) + u(lookahead);
  const std::uintmax_t have = ceil_div(u(held), u(block_size));
  const std::uintmax_t need = total / u(block_size);
  return need > have ? need - have : std::uintmax_t{0};
};

/// Ceiling as `(x - 1) / size + 1`: for x = 0 (an empty request) it wraps to a huge count.
inline constexpr auto ceiling_wraps_at_zero = [](auto held, auto appended, auto lookahead,
                                                 auto block_size) {
  using namespace detail;
  if (invalid(held, appended, lookahead, block_size)) return std::uintmax_t{0};
  const auto ceil = [&](std::uintmax_t x) { return (x - 1) / u(block_size) + 1; };
  return ceil(u(held) + u(appended) + u(lookahead)) - ceil(u(held));
};

/// Ceiling as `(x + size - 1) / size` on the sum, which wraps near the top of 64 bits.
inline constexpr auto sum_wraps = [](auto held, auto appended, auto lookahead, auto block_size) {
  using namespace detail;
  if (invalid(held, appended, lookahead, block_size)) return std::uintmax_t{0};
  const std::uintmax_t b = u(block_size);
  const std::uintmax_t total = u(held) + u(appended) + u(lookahead);
  return (total + b - 1) / b - (u(held) + b - 1) / b;
};

/// Counts the lookahead twice (once with the appended tokens, once again for the reservation).
inline constexpr auto lookahead_twice = [](auto held, auto appended, auto lookahead, auto block_size) {
  using namespace detail;
  if (invalid(held, appended, lookahead, block_size)) return std::uintmax_t{0};
  const std::uintmax_t total = u(held) + u(appended) + 2 * u(lookahead);
  return ceil_div(total, u(block_size)) - ceil_div(u(held), u(block_size));
};

/// Reserves lookahead only when tokens are appended: a step of drafts alone gets no blocks.
inline constexpr auto lookahead_only_with_tokens = [](auto held, auto appended, auto lookahead,
                                                      auto block_size) {
  using namespace detail;
  if (invalid(held, appended, lookahead, block_size)) return std::uintmax_t{0};
  const std::uintmax_t extra = std::cmp_greater(appended, 0) ? u(lookahead) : 0;
  return ceil_div(u(held) + u(appended) + extra, u(block_size)) - ceil_div(u(held), u(block_size));
};

/// Keeps counts in 32 bits: 2^32 + k tokens read as k.
inline constexpr auto counts_in_32_bits = [](auto held, auto appended, auto lookahead, auto block_size) {
  using namespace detail;
  if (invalid(held, appended, lookahead, block_size)) return std::uintmax_t{0};
  const auto n = [](auto v) { return u(static_cast<std::uint32_t>(v)); };
  const std::uintmax_t b = n(block_size) == 0 ? 1 : n(block_size);
  return ceil_div(n(held) + n(appended) + n(lookahead), b) - ceil_div(n(held), b);
};

/// Never checks the signs: a negative count converted to unsigned is a huge one.
inline constexpr auto trusts_signs = [](auto held, auto appended, auto lookahead, auto block_size) {
  using namespace detail;
  if (std::cmp_less_equal(block_size, 0)) return std::uintmax_t{0};
  const std::uintmax_t total = u(held) + u(appended) + u(lookahead);
  const std::uintmax_t have = ceil_div(u(held), u(block_size));
  const std::uintmax_t need = ceil_div(total, u(block_size));
  return need > have ? need - have : std::uintmax_t{0};
};

/// Treats a block size of 0 or below as 1 instead of refusing the request.
inline constexpr auto block_size_clamped = [](auto held, auto appended, auto lookahead, auto block_size) {
  using namespace detail;
  if (std::cmp_less(held, 0) || std::cmp_less(appended, 0) || std::cmp_less(lookahead, 0))
    return std::uintmax_t{0};
  const std::uintmax_t b = std::cmp_less_equal(block_size, 0) ? 1 : u(block_size);
  return ceil_div(u(held) + u(appended) + u(lookahead), b) - ceil_div(u(held), b);
};

/// One block too many when the new tokens end exactly at a block's end: `total / size + 1`.
inline constexpr auto extra_block_at_edge = [](auto held, auto appended, auto lookahead, auto block_size) {
  using namespace detail;
  if (invalid(held, appended, lookahead, block_size)) return std::uintmax_t{0};
  const std::uintmax_t total = u(held) + u(appended) + u(lookahead);
  const std::uintmax_t need = total / u(block_size) + 1;
  const std::uintmax_t have = ceil_div(u(held), u(block_size));
  return need > have ? need - have : std::uintmax_t{0};
};

}  // namespace kvc::mutants::append_blocks
