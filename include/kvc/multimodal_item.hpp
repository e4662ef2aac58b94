// kvc/multimodal_item.hpp - an image, audio clip or embedding span inside a token sequence.
//
// Engines hold a multimodal prompt as token ids, where each item's tokens are placeholders (one
// image token id repeated, a hash-derived id, or 0 where prompt embeddings stand), plus a side list
// of items: where each starts, how many tokens it covers and a hash of its content. The placeholder
// ids alone do not identify the tokens; the item list does.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>

#include "detail/ranges.hpp"

namespace kvc {

/// Tokens `[offset, offset + length)` of a sequence are one multimodal item whose content hashes
/// to `content_hash`. An aggregate: `kvc::multimodal_item{.offset = 2, .length = 576,
/// .content_hash = h}`. A zero-length item marks no token.
struct multimodal_item {
  /// The index of the item's first token in its sequence.
  std::size_t offset = 0;
  /// How many tokens the item covers.
  std::size_t length = 0;
  /// A hash of the item's content (pixels, audio, embeddings), not of its placeholder ids.
  std::uint64_t content_hash = 0;

  /// Equal when offset, length and content hash all are.
  friend constexpr bool operator==(const multimodal_item&, const multimodal_item&) = default;
};

/// The items of one token sequence: any forward range of `kvc::multimodal_item` (`std::array`,
/// `std::span<const kvc::multimodal_item>`, `std::vector`, ...), in the order they occur.
template <class R>
concept multimodal_item_sequence =
    std::ranges::forward_range<const R> &&
    std::same_as<std::ranges::range_value_t<const R>, multimodal_item>;

}  // namespace kvc
