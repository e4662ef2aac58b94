// kvc/detail/items.hpp - the multimodal items of two token sequences: whether each list is valid,
// and how far the two lists mark the tokens alike.
//
// Both walk the item lists once, without allocating, and index no token: the token comparison is
// `common_prefix_length`'s (detail/prefix.hpp), which these cut.
#pragma once

#include <cstddef>

#include "../host_device.hpp"
#include "../multimodal_item.hpp"
#include "ranges.hpp"

namespace kvc::detail {

/// Whether `items` may describe a sequence of `token_count` tokens: every item ends within the
/// sequence (`offset + length <= token_count`, decided without computing a sum that could wrap),
/// and every item starts at or after the end of the one before it (the list is sorted by offset
/// and no two items overlap). Zero-length items follow the same rules.
template <class Items>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool valid_items(const Items& items,
                                                         std::size_t token_count) noexcept {
  std::size_t previous_end = 0;
  for (const multimodal_item& item : items) {
    if (item.length > token_count || item.offset > token_count - item.length) return false;
    if (item.offset < previous_end) return false;
    previous_end = item.offset + item.length;
  }
  return true;
}

/// The first of the non-empty items at or after `it`.
template <class I, class S>
[[nodiscard]] KVC_HOST_DEVICE constexpr I skip_empty_items(I it, const S end) noexcept {
  while (it != end && multimodal_item(*it).length == 0) ++it;
  return it;
}

/// How many leading tokens two valid item lists mark alike, at most `limit`: tokens agree while
/// both lie outside every item, or both lie in equal items (same offset, length and hash; equal
/// offsets are what puts two tokens at the same distance from their items' starts). Identical items
/// are walked in pairs; the first pair that differs, or an item with no partner, ends the agreement
/// at the earlier of the two starts, since every token before it lies outside all items on both
/// sides.
template <class CachedItems, class RequestedItems>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t items_agree_up_to(
    const CachedItems& cached, const RequestedItems& requested, std::size_t limit) noexcept {
  auto c = detail::range_begin(cached);
  const auto c_end = detail::range_end(cached);
  auto r = detail::range_begin(requested);
  const auto r_end = detail::range_end(requested);
  const auto at_most_limit = [limit](std::size_t index) { return index < limit ? index : limit; };
  for (;; ++c, ++r) {
    c = skip_empty_items(c, c_end);
    r = skip_empty_items(r, r_end);
    if (c == c_end && r == r_end) return limit;
    if (c == c_end) return at_most_limit(multimodal_item(*r).offset);
    if (r == r_end) return at_most_limit(multimodal_item(*c).offset);
    const multimodal_item a = *c;
    const multimodal_item b = *r;
    if (a != b) return at_most_limit(a.offset < b.offset ? a.offset : b.offset);
    if (a.offset >= limit) return limit;  // every later item starts past the limit too
  }
}

}  // namespace kvc::detail
