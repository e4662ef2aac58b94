// kvc/append_blocks.hpp - the blocks an append needs.
//
// Contract: a request that holds `held` tokens in a paged KV cache of blocks of `block_size`
// tokens holds ceil(held / block_size) blocks, the last one perhaps partly filled. Appending
// `appended` tokens, with `lookahead` more slots reserved (speculative decoding's draft tokens),
// needs ceil((held + appended + lookahead) / block_size) blocks in all: the difference is how many
// new blocks to allocate. It is 0 when the tokens fit in the last block's free slots (an empty
// append with no lookahead never allocates), and it counts a block that the append fills exactly
// but no block past it. Engines get this ceiling division wrong at block edges (a partly filled
// last block counted as full, or as free), with lookahead (forgotten, or added twice), for an empty
// append (`(n - 1) / size + 1` of 0), and for counts near the top of their integer type (the sum
// wraps).
#pragma once

#include <cstdint>
#include <utility>

#include "concepts.hpp"
#include "host_device.hpp"

namespace kvc {

/// Function object type of `kvc::blocks_for_append`.
struct blocks_for_append_fn {
  /// How many new blocks a request holding `held` tokens needs to append `appended` tokens with
  /// `lookahead` slots reserved: `ceil((held + appended + lookahead) / block_size) -
  /// ceil(held / block_size)`.
  ///
  /// The four integers may have any mix of types and signedness; the result is exact for every
  /// value (no sum is formed that could wrap). A negative count or a block size of 0 or below is not
  /// a request: 0. A result past `std::uintmax_t` (only for counts past half of it, in blocks of 1)
  /// is `UINTMAX_MAX`, more blocks than any pool holds.
  template <integer Held, integer Appended, integer Lookahead, integer BlockSize>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::uintmax_t operator()(
      Held held, Appended appended, Lookahead lookahead, BlockSize block_size) const noexcept {
    if (std::cmp_less(held, 0) || std::cmp_less(appended, 0) || std::cmp_less(lookahead, 0) ||
        std::cmp_less_equal(block_size, 0))
      return 0;
    const auto size = static_cast<std::uintmax_t>(block_size);
    const auto used_in_last = static_cast<std::uintmax_t>(held) % size;
    const std::uintmax_t free_in_last = used_in_last == 0 ? 0 : size - used_in_last;
    // The slots wanted, as whole blocks and a rest each, so that no sum can wrap.
    const auto wanted_a = static_cast<std::uintmax_t>(appended);
    const auto wanted_b = static_cast<std::uintmax_t>(lookahead);
    // Fill the last block's free slots first, from the appended tokens, then from the lookahead.
    const std::uintmax_t from_a = wanted_a < free_in_last ? wanted_a : free_in_last;
    const std::uintmax_t left_free = free_in_last - from_a;
    const std::uintmax_t from_b = wanted_b < left_free ? wanted_b : left_free;
    const std::uintmax_t a = wanted_a - from_a;
    const std::uintmax_t b = wanted_b - from_b;
    // Whole blocks of each, then one or two blocks for the two rests (two when they add up to
    // more than a block).
    const std::uintmax_t ra = a % size;
    const std::uintmax_t rb = b % size;
    const std::uintmax_t partial = ra == 0 && rb == 0 ? 0 : rb <= size - ra ? 1 : 2;
    if (a / size > UINTMAX_MAX - b / size) return UINTMAX_MAX;
    const std::uintmax_t whole = a / size + b / size;
    return whole > UINTMAX_MAX - partial ? UINTMAX_MAX : whole + partial;
  }
};

/// The new blocks an append needs; see `blocks_for_append_fn::operator()`.
KVC_INLINE_VARIABLE constexpr blocks_for_append_fn blocks_for_append{};

}  // namespace kvc
