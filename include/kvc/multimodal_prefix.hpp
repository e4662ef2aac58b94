// kvc/multimodal_prefix.hpp - prefix reuse that knows which tokens are images, audio or embeddings.
//
// Contract: a request may take from a cached sequence the longest prefix on which the two agree,
// token by token. Two tokens agree when their ids are equal and either both lie outside every
// multimodal item, or both lie in items with equal content hashes, at the same distance from their
// items' starts and in items of the same length. Nothing is reused across namespaces, or when
// either item list is invalid (unsorted, overlapping or reaching past its tokens).
//
// Equal placeholder ids do not make equal tokens. Engines have reused one image's KV entries for
// another because the key held the ids and not the content (TensorRT-LLM #14125, LMDeploy #4933),
// because the content was folded into ids that collide with text (SGLang #2151), or because it did
// not say which positions the embeddings stand at (vLLM #56655).
#pragma once

#include <cstddef>

#include "concepts.hpp"
#include "host_device.hpp"
#include "detail/equal.hpp"
#include "detail/items.hpp"
#include "detail/prefix.hpp"
#include "detail/ranges.hpp"
#include "multimodal_item.hpp"
#include "reuse_policy.hpp"

namespace kvc {

/// Function object type of `kvc::multimodal_prefix_length`.
struct multimodal_prefix_length_fn {
  /// The number of leading tokens on which the cached sequence (`cached_tokens` with
  /// `cached_items`) and the request agree, when `cache_namespace == request_namespace`; otherwise
  /// 0. Tokens compare as in `kvc::reusable_prefix_length` (integers by value across types). Items
  /// must be sorted by offset, must not overlap and must end within their own tokens, or nothing is
  /// reused; a zero-length item marks no token.
  template <class CacheNs, class RequestNs, class CachedTokens, class CachedItems,
            class RequestedTokens, class RequestedItems>
    requires comparable_with<CacheNs, RequestNs> &&
             comparable_sequences<CachedTokens, RequestedTokens> &&
             multimodal_item_sequence<CachedItems> && multimodal_item_sequence<RequestedItems>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const CachedTokens& cached_tokens, const CachedItems& cached_items,
      const RequestedTokens& requested_tokens,
      const RequestedItems& requested_items) const noexcept {
    if (!detail::equal_ids(cache_namespace, request_namespace)) return 0;
    if (!detail::valid_items(cached_items,
                             static_cast<std::size_t>(detail::range_size(cached_tokens))) ||
        !detail::valid_items(requested_items,
                             static_cast<std::size_t>(detail::range_size(requested_tokens))))
      return 0;
    return detail::items_agree_up_to(cached_items, requested_items,
                                     detail::common_prefix_length(cached_tokens, requested_tokens));
  }

  /// Reuse as an engine's policy allows it, exactly as `kvc::reusable_prefix_length`'s policy form:
  /// `floor(min(p, cap) / policy.block_size) * policy.block_size`, where `p` is the agreeing prefix
  /// above and `cap` is `size(requested_tokens) - 1` when `policy.recompute_last_token` (0 for an
  /// empty request), else `p`. A `block_size` of 0 reuses nothing.
  template <class CacheNs, class RequestNs, class CachedTokens, class CachedItems,
            class RequestedTokens, class RequestedItems>
    requires comparable_with<CacheNs, RequestNs> &&
             comparable_sequences<CachedTokens, RequestedTokens> &&
             multimodal_item_sequence<CachedItems> && multimodal_item_sequence<RequestedItems>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const CachedTokens& cached_tokens, const CachedItems& cached_items,
      const RequestedTokens& requested_tokens, const RequestedItems& requested_items,
      reuse_policy policy) const noexcept {
    const std::size_t prefix = (*this)(cache_namespace, request_namespace, cached_tokens,
                                       cached_items, requested_tokens, requested_items);
    return detail::reused_under(policy, prefix,
                                static_cast<std::size_t>(detail::range_size(requested_tokens)),
                                static_cast<std::size_t>(detail::range_size(cached_tokens)));
  }
};

/// Prefix reuse over token ids and multimodal items; see `multimodal_prefix_length_fn`.
KVC_INLINE_VARIABLE constexpr multimodal_prefix_length_fn multimodal_prefix_length{};

}  // namespace kvc
