// tests/mutants/multimodal_prefix.hpp - known-bad implementations of identity-aware prefix reuse,
// each modelled on an engine bug or a plausible mistake: keys without the content, content folded
// into ids, items without their positions or lengths, item lists checked wrongly, and policies
// applied in the wrong order. Each is called as the multimodal suites call one: `impl(cache_ns,
// request_ns, cached_tokens, cached_items, requested_tokens, requested_items)`.
// static_checks/multimodal_prefix_suites.cpp proves every one rejected by the fixtures of the suite
// it belongs to, and tests/multimodal_prefix_conformance.cpp by kvc::check and by kvc::explore.
// Test material: not installed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include <kvc/detail/equal.hpp>
#include <kvc/detail/items.hpp>
#include <kvc/detail/ranges.hpp>
#include <kvc/multimodal_item.hpp>
#include <kvc/multimodal_prefix.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/specs/lookup_shapes.hpp>

namespace kvc::mutants::multimodal_prefix {

namespace detail {

template <class A, class B>
constexpr std::size_t shorter(const A& a, const B& b) noexcept {
  return std::ranges::size(a) < std::ranges::size(b) ? std::ranges::size(a) : std::ranges::size(b);
}
/// The common token prefix, items ignored.
template <class A, class B>
constexpr std::size_t common_prefix(const A& a, const B& b) noexcept {
  std::size_t i = 0;
  while (i < shorter(a, b) && kvc::detail::equal_ids(a[i], b[i])) ++i;
  return i;
}

/// The item of `items` that holds token `index` (the first such, in an invalid list), or null.
template <class Items>
constexpr const multimodal_item* holding(const Items& items, std::size_t index) noexcept {
  for (const multimodal_item& item : items)
    if (index >= item.offset && index - item.offset < item.length) return &item;
  return nullptr;
}

/// Whether both item lists are valid for their tokens (the contract's rule).
template <class CachedTokens, class CachedItems, class RequestedTokens, class RequestedItems>
constexpr bool both_valid(const CachedTokens& cached, const CachedItems& cached_items,
                          const RequestedTokens& requested,
                          const RequestedItems& requested_items) noexcept {
  return kvc::detail::valid_items(cached_items, std::ranges::size(cached)) &&
         kvc::detail::valid_items(requested_items, std::ranges::size(requested));
}

/// An implementation that compares token by token: namespaces and item lists as the contract
/// does, then the leading tokens for which `agree(cached_items, requested_items, index)` holds.
template <class Agree>
struct token_by_token_prefix {
  Agree agree;

  template <class CacheNs, class RequestNs, class Cached, class CachedItems, class Requested,
            class RequestedItems>
  constexpr std::size_t operator()(const CacheNs& cache_ns, const RequestNs& request_ns,
                                   const Cached& cached, const CachedItems& cached_items,
                                   const Requested& requested,
                                   const RequestedItems& requested_items) const {
    if (!kvc::detail::equal_ids(cache_ns, request_ns) ||
        !both_valid(cached, cached_items, requested, requested_items))
      return std::size_t{0};
    std::size_t i = 0;
    while (i < shorter(cached, requested) && kvc::detail::equal_ids(cached[i], requested[i]) &&
           agree(cached_items, requested_items, i))
      ++i;
    return i;
  }
};
template <class Agree>
constexpr token_by_token_prefix<Agree> token_by_token(Agree agree) noexcept {
  return {agree};
}

/// An implementation whose only mistake is how it checks the item lists: `valid(items, count)`.
template <class Valid>
struct validating {
  Valid valid;

  template <class CacheNs, class RequestNs, class Cached, class CachedItems, class Requested,
            class RequestedItems>
  constexpr std::size_t operator()(const CacheNs& cache_ns, const RequestNs& request_ns,
                                   const Cached& cached, const CachedItems& cached_items,
                                   const Requested& requested,
                                   const RequestedItems& requested_items) const {
    if (!kvc::detail::equal_ids(cache_ns, request_ns) ||
        !valid(cached_items, std::ranges::size(cached)) ||
        !valid(requested_items, std::ranges::size(requested)))
      return std::size_t{0};
    return kvc::detail::items_agree_up_to(cached_items, requested_items,
                                          common_prefix(cached, requested));
  }
};
template <class Valid>
constexpr validating<Valid> validating_with(Valid valid) noexcept {
  return {valid};
}

/// The contract's exact result, for the mutants that get something else wrong.
inline constexpr auto exact = kvc::multimodal_prefix_length;

}  // namespace detail

// --- Modelled on the engine bugs -----------------------------------------------------------------

/// TensorRT-LLM #14125: the block key holds the token ids and not the content hash, so images with
/// equal placeholder ids share KV entries. Items are ignored.
inline constexpr auto ids_only = [](const auto& cache_ns, const auto& request_ns,
                                    const auto& cached, const auto&, const auto& requested,
                                    const auto&) {
  return kvc::detail::equal_ids(cache_ns, request_ns) ? detail::common_prefix(cached, requested)
                                                      : std::size_t{0};
};

/// SGLang #2151: the id of each item token is replaced by the item's hash modulo the vocabulary
/// (here 32,000), and the radix cache compares those keys: a hash that reduces to a text token's
/// id reads as that text, and two hashes equal modulo the vocabulary read as one image.
inline constexpr auto hash_mod_vocabulary = [](const auto& cache_ns, const auto& request_ns,
                                               const auto& cached, const auto& cached_items,
                                               const auto& requested, const auto& requested_items) {
  if (!kvc::detail::equal_ids(cache_ns, request_ns)) return std::size_t{0};
  const auto key = [](const auto& tokens, const auto& items, std::size_t i) {
    constexpr std::uint64_t vocabulary = 32000;
    const multimodal_item* item = detail::holding(items, i);
    return item != nullptr ? static_cast<std::int64_t>(item->content_hash % vocabulary)
                           : static_cast<std::int64_t>(tokens[i]);
  };
  std::size_t i = 0;
  while (i < detail::shorter(cached, requested) &&
         key(cached, cached_items, i) == key(requested, requested_items, i))
    ++i;
  return i;
};

/// LMDeploy #4933: the prefix-cache identity holds each item's span (offset and length) but not
/// its content.
inline constexpr auto spans_without_content = detail::token_by_token(
    [](const auto& cached_items, const auto& requested_items, std::size_t i) {
      const auto* a = detail::holding(cached_items, i);
      const auto* b = detail::holding(requested_items, i);
      if (a == nullptr || b == nullptr) return a == b;
      return a->offset == b->offset && a->length == b->length;
    });

/// vLLM #56655: the key holds the content hashes of the items, in order, but not which positions
/// they cover: items are paired in order and only their hashes compared.
inline constexpr auto positions_ignored = [](const auto& cache_ns, const auto& request_ns,
                                             const auto& cached, const auto& cached_items,
                                             const auto& requested, const auto& requested_items) {
  if (!kvc::detail::equal_ids(cache_ns, request_ns) ||
      !detail::both_valid(cached, cached_items, requested, requested_items))
    return std::size_t{0};
  const std::size_t prefix = detail::common_prefix(cached, requested);
  std::size_t c = 0, r = 0;
  const std::size_t c_end = std::ranges::size(cached_items);
  const std::size_t r_end = std::ranges::size(requested_items);
  for (;; ++c, ++r) {
    while (c < c_end && cached_items[c].length == 0) ++c;
    while (r < r_end && requested_items[r].length == 0) ++r;
    if (c == c_end && r == r_end) return prefix;
    std::size_t cut = 0;
    if (c == c_end)
      cut = requested_items[r].offset;
    else if (r == r_end)
      cut = cached_items[c].offset;
    else if (cached_items[c].content_hash != requested_items[r].content_hash)
      cut = cached_items[c].offset < requested_items[r].offset ? cached_items[c].offset
                                                               : requested_items[r].offset;
    else
      continue;
    return cut < prefix ? cut : prefix;
  }
};

/// The workaround proposed for TensorRT-LLM #14125 (#14231): no reuse at all for a sequence with
/// items.
inline constexpr auto no_reuse_with_items = [](const auto& cache_ns, const auto& request_ns,
                                               const auto& cached, const auto& cached_items,
                                               const auto& requested, const auto& requested_items) {
  if (std::ranges::size(cached_items) > 0 || std::ranges::size(requested_items) > 0)
    return std::size_t{0};
  return ids_only(cache_ns, request_ns, cached, cached_items, requested, requested_items);
};

// --- Other plausible mistakes --------------------------------------------------------------------

/// Reuses nothing from the first item on, even an identical one.
inline constexpr auto stops_at_first_item = [](const auto& cache_ns, const auto& request_ns,
                                               const auto& cached, const auto& cached_items,
                                               const auto& requested, const auto& requested_items) {
  std::size_t reused =
      detail::exact(cache_ns, request_ns, cached, cached_items, requested, requested_items);
  for (const multimodal_item& item : cached_items)
    if (item.offset < reused) reused = item.offset;
  for (const multimodal_item& item : requested_items)
    if (item.offset < reused) reused = item.offset;
  return reused;
};

/// Compares the first items of the two lists and ignores the rest.
inline constexpr auto first_item_only = [](const auto& cache_ns, const auto& request_ns,
                                           const auto& cached, const auto& cached_items,
                                           const auto& requested, const auto& requested_items) {
  const auto first = [](const auto& items) {
    return std::span<const multimodal_item>(std::ranges::data(items),
                                            std::ranges::size(items) == 0 ? 0 : 1);
  };
  return detail::exact(cache_ns, request_ns, cached, first(cached_items), requested,
                       first(requested_items));
};

/// Checks the request's items against the cache's, but not the cache's against the request's: a
/// cached item the request has no partner for goes unnoticed.
inline constexpr auto request_items_only = detail::token_by_token(
    [](const auto& cached_items, const auto& requested_items, std::size_t i) {
      const auto* b = detail::holding(requested_items, i);
      if (b == nullptr) return true;
      const auto* a = detail::holding(cached_items, i);
      return a != nullptr && *a == *b;
    });

/// Checks the cache's items against the request's only.
inline constexpr auto cached_items_only = detail::token_by_token(
    [](const auto& cached_items, const auto& requested_items, std::size_t i) {
      const auto* a = detail::holding(cached_items, i);
      if (a == nullptr) return true;
      const auto* b = detail::holding(requested_items, i);
      return b != nullptr && *a == *b;
    });

/// Items right, namespaces never compared.
inline constexpr auto ignores_namespace = [](const auto&, const auto&, const auto& cached,
                                             const auto& cached_items, const auto& requested,
                                             const auto& requested_items) {
  return detail::exact(0, 0, cached, cached_items, requested, requested_items);
};

/// Counts the first token that disagrees too.
inline constexpr auto includes_first_disagreement =
    [](const auto& cache_ns, const auto& request_ns, const auto& cached, const auto& cached_items,
       const auto& requested, const auto& requested_items) {
      const std::size_t reused =
          detail::exact(cache_ns, request_ns, cached, cached_items, requested, requested_items);
      const bool more = kvc::detail::equal_ids(cache_ns, request_ns) &&
                        reused < detail::shorter(cached, requested);
      return more ? reused + 1 : reused;
    };

/// Counts every position where the two agree, past the first disagreement too.
inline constexpr auto counts_agreeing_positions =
    [](const auto& cache_ns, const auto& request_ns, const auto& cached, const auto& cached_items,
       const auto& requested, const auto& requested_items) {
      if (!kvc::detail::equal_ids(cache_ns, request_ns) ||
          !detail::both_valid(cached, cached_items, requested, requested_items))
        return std::size_t{0};
      std::size_t count = 0;
      for (std::size_t i = 0; i < detail::shorter(cached, requested); ++i) {
        const auto* a = detail::holding(cached_items, i);
        const auto* b = detail::holding(requested_items, i);
        const bool items_agree =
            (a == nullptr && b == nullptr) || (a != nullptr && b != nullptr && *a == *b);
        if (kvc::detail::equal_ids(cached[i], requested[i]) && items_agree) ++count;
      }
      return count;
    };

// --- What kvc decides beyond what content hashes produce (the edges suite) -----------------------

/// Keys each item token by its item's hash and its distance from the item's start, not by the
/// item's length (TensorRT-LLM's `(hash, offset)` extra keys).
inline constexpr auto ignores_item_length = detail::token_by_token(
    [](const auto& cached_items, const auto& requested_items, std::size_t i) {
      const auto* a = detail::holding(cached_items, i);
      const auto* b = detail::holding(requested_items, i);
      if (a == nullptr || b == nullptr) return a == b;
      return a->content_hash == b->content_hash && a->offset == b->offset;
    });

/// Keys each item token by its item's hash alone (SGLang's pad value repeated over the item):
/// where one item ends and the next of the same hash begins goes unseen.
inline constexpr auto ignores_item_boundaries = detail::token_by_token(
    [](const auto& cached_items, const auto& requested_items, std::size_t i) {
      const auto* a = detail::holding(cached_items, i);
      const auto* b = detail::holding(requested_items, i);
      if (a == nullptr || b == nullptr) return a == b;
      return a->content_hash == b->content_hash;
    });

/// Takes identical items as agreeing whole, without comparing the ids inside them.
inline constexpr auto placeholder_ids_ignored =
    [](const auto& cache_ns, const auto& request_ns, const auto& cached, const auto& cached_items,
       const auto& requested, const auto& requested_items) {
      if (!kvc::detail::equal_ids(cache_ns, request_ns) ||
          !detail::both_valid(cached, cached_items, requested, requested_items))
        return std::size_t{0};
      std::size_t i = 0;
      while (i < detail::shorter(cached, requested)) {
        const auto* a = detail::holding(cached_items, i);
        const auto* b = detail::holding(requested_items, i);
        if (a != nullptr && b != nullptr && *a == *b)
          i = a->offset + a->length;  // the whole item, unread
        else if (a == nullptr && b == nullptr && kvc::detail::equal_ids(cached[i], requested[i]))
          ++i;
        else
          break;
      }
      return i;
    };

/// Lets a zero-length item mark the token at its offset.
inline constexpr auto zero_length_marks_token = detail::token_by_token(
    [](const auto& cached_items, const auto& requested_items, std::size_t i) {
      const auto at_least_one = [i](const auto& items) -> const multimodal_item* {
        for (const multimodal_item& item : items)
          if (i >= item.offset && i - item.offset < (item.length == 0 ? 1 : item.length))
            return &item;
        return nullptr;
      };
      const auto* a = at_least_one(cached_items);
      const auto* b = at_least_one(requested_items);
      return (a == nullptr && b == nullptr) || (a != nullptr && b != nullptr && *a == *b);
    });

/// Accepts any item list.
inline constexpr auto accepts_invalid_items =
    detail::validating_with([](const auto&, std::size_t) { return true; });

/// Checks `offset + length <= count` with a sum that wraps.
inline constexpr auto range_check_wraps =
    detail::validating_with([](const auto& items, std::size_t count) {
      std::size_t previous_end = 0;
      for (const multimodal_item& item : items) {
        if (item.offset + item.length > count || item.offset < previous_end) return false;
        previous_end = item.offset + item.length;
      }
      return true;
    });

/// Checks that offsets never decrease, not that items do not overlap.
inline constexpr auto overlaps_allowed =
    detail::validating_with([](const auto& items, std::size_t count) {
      std::size_t previous_offset = 0;
      for (const multimodal_item& item : items) {
        if (item.length > count || item.offset > count - item.length) return false;
        if (item.offset < previous_offset) return false;
        previous_offset = item.offset;
      }
      return true;
    });

/// Checks only the non-empty items.
inline constexpr auto empty_items_unchecked =
    detail::validating_with([](const auto& items, std::size_t count) {
      std::size_t previous_end = 0;
      for (const multimodal_item& item : items) {
        if (item.length == 0) continue;
        if (item.length > count || item.offset > count - item.length) return false;
        if (item.offset < previous_end) return false;
        previous_end = item.offset + item.length;
      }
      return true;
    });

/// Checks only the cache's items (the request's were checked "upstream").
inline constexpr auto cached_items_checked_only =
    [](const auto& cache_ns, const auto& request_ns, const auto& cached, const auto& cached_items,
       const auto& requested, const auto& requested_items) {
      if (!kvc::detail::valid_items(cached_items, std::ranges::size(cached))) return std::size_t{0};
      return accepts_invalid_items(cache_ns, request_ns, cached, cached_items, requested,
                                   requested_items);
    };

/// Checks only the items that start inside the common token prefix.
inline constexpr auto checks_items_in_prefix_only =
    [](const auto& cache_ns, const auto& request_ns, const auto& cached, const auto& cached_items,
       const auto& requested, const auto& requested_items) {
      const std::size_t prefix = detail::common_prefix(cached, requested);
      const auto valid_in_prefix = [prefix](const auto& items, std::size_t count) {
        std::size_t previous_end = 0;
        for (const multimodal_item& item : items) {
          if (item.offset >= prefix) break;
          if (item.length > count || item.offset > count - item.length) return false;
          if (item.offset < previous_end) return false;
          previous_end = item.offset + item.length;
        }
        return true;
      };
      if (!valid_in_prefix(cached_items, std::ranges::size(cached)) ||
          !valid_in_prefix(requested_items, std::ranges::size(requested)))
        return std::size_t{0};
      return accepts_invalid_items(cache_ns, request_ns, cached, cached_items, requested,
                                   requested_items);
    };

// --- Under a reuse policy: the policy built in ---------------------------------------------------

/// An exact implementation `Exact` with a reuse policy applied to its result: how its bug shows in
/// an engine whose policy is `policy`. The policy is a value, so that one type (and one
/// instantiation of each check) serves every policy.
template <class Exact>
struct under_policy {
  Exact exact{};
  reuse_policy policy{};

  template <class CacheNs, class RequestNs, class Cached, class CachedItems, class Requested,
            class RequestedItems>
  constexpr std::size_t operator()(const CacheNs& cache_ns, const RequestNs& request_ns,
                                   const Cached& cached, const CachedItems& cached_items,
                                   const Requested& requested,
                                   const RequestedItems& requested_items) const {
    return kvc::specs::expected_under(
        policy, exact(cache_ns, request_ns, cached, cached_items, requested, requested_items),
        std::ranges::size(requested), std::ranges::size(cached));
  }
};
/// `exact` with policy P applied to its result.
template <reuse_policy P, class Exact>
[[nodiscard]] constexpr under_policy<Exact> under(Exact exact) noexcept {
  return {exact, P};
}

/// Rounds the token prefix to P's blocks first and cuts it at the first disagreeing item after:
/// a partial block is reused when an item ends the agreement inside it.
template <reuse_policy P>
inline constexpr auto item_cut_after_rounding =
    [](const auto& cache_ns, const auto& request_ns, const auto& cached, const auto& cached_items,
       const auto& requested, const auto& requested_items) {
      if (!kvc::detail::equal_ids(cache_ns, request_ns) ||
          !detail::both_valid(cached, cached_items, requested, requested_items))
        return std::size_t{0};
      const std::size_t rounded =
          kvc::specs::expected_under(P, detail::common_prefix(cached, requested),
                                     std::ranges::size(requested), static_cast<std::size_t>(-1));
      return kvc::detail::items_agree_up_to(cached_items, requested_items, rounded);
    };

/// Keeps the cache's last token, not the request's, out of the reused prefix.
template <reuse_policy P>
inline constexpr auto cap_from_cached_length =
    [](const auto& cache_ns, const auto& request_ns, const auto& cached, const auto& cached_items,
       const auto& requested, const auto& requested_items) {
      return kvc::specs::expected_under(
          P, detail::exact(cache_ns, request_ns, cached, cached_items, requested, requested_items),
          std::ranges::size(cached), static_cast<std::size_t>(-1));
    };

}  // namespace kvc::mutants::multimodal_prefix
