// kvc/prefix_reuse.hpp - FA-98601: prefix cache reuse stays inside its namespace.
//
// Contract: the number of leading tokens a request may take from a cached sequence is the length of
// their common prefix when the cache's namespace equals the request's, and 0 otherwise. Comparing
// tokens alone (the recorded failure) lets one model or adapter read another's KV entries; comparing
// namespaces but returning the shorter length (the recorded unsuccessful fix) reuses tokens that
// differ.
#pragma once

#include <cstddef>
#include <utility>

#include "concepts.hpp"
#include "host_device.hpp"
#include "detail/equal.hpp"
#include "detail/prefix.hpp"
#include "detail/ranges.hpp"
#include "reuse_policy.hpp"

namespace kvc {

/// Function object type of `kvc::reusable_prefix_length`.
struct reusable_prefix_length_fn {
  /// The common token prefix of `cached_tokens` and `requested_tokens` when `cache_namespace ==
  /// request_namespace`, otherwise 0. The sequences may differ in length and element type; integer
  /// tokens compare by value across signedness.
  template <class CacheNs, class RequestNs, class Cached, class Requested>
    requires comparable_with<CacheNs, RequestNs> && comparable_sequences<Cached, Requested>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const Cached& cached_tokens, const Requested& requested_tokens) const noexcept {
    if (!detail::equal_ids(cache_namespace, request_namespace)) return 0;
    return detail::common_prefix_length(cached_tokens, requested_tokens);
  }

  /// Block-granular reuse, as paged KV caches reuse whole blocks: the common prefix rounded down to
  /// a multiple of `block_size` when the namespaces are equal, otherwise 0. A `block_size` of 0 or
  /// below reuses nothing.
  template <class CacheNs, class RequestNs, class Cached, class Requested, integer BlockSize>
    requires comparable_with<CacheNs, RequestNs> && comparable_sequences<Cached, Requested>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const Cached& cached_tokens, const Requested& requested_tokens,
      BlockSize block_size) const noexcept {
    if (std::cmp_less_equal(block_size, 0)) return 0;
    const std::size_t prefix =
        (*this)(cache_namespace, request_namespace, cached_tokens, requested_tokens);
    if (std::cmp_greater(block_size, prefix)) return 0;  // also keeps the cast below exact
    return prefix - prefix % static_cast<std::size_t>(block_size);
  }

  /// Reuse as an engine's policy allows it: `floor(min(p, cap) / policy.block_size) *
  /// policy.block_size`, where `p` is the common prefix (0 across namespaces) and `cap` is
  /// `size(requested_tokens) - 1` when `policy.recompute_last_token` (0 for an empty request), else
  /// `p`. A `block_size` of 0 reuses nothing. With the default policy this is the 4-argument form.
  template <class CacheNs, class RequestNs, class Cached, class Requested>
    requires comparable_with<CacheNs, RequestNs> && comparable_sequences<Cached, Requested>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const Cached& cached_tokens, const Requested& requested_tokens,
      reuse_policy policy) const noexcept {
    const std::size_t prefix =
        (*this)(cache_namespace, request_namespace, cached_tokens, requested_tokens);
    return detail::reused_under(policy, prefix,
                                static_cast<std::size_t>(detail::range_size(requested_tokens)),
                                static_cast<std::size_t>(detail::range_size(cached_tokens)));
  }

  /// Block-granular reuse under an engine's policy: the longest length within the policy's cap
  /// that is whole blocks of `block_size` and of `policy.block_size` alike (the one rule of
  /// `kvc::reuse_policy`). A `block_size` of 0 or below reuses nothing.
  template <class CacheNs, class RequestNs, class Cached, class Requested, integer BlockSize>
    requires comparable_with<CacheNs, RequestNs> && comparable_sequences<Cached, Requested>
  [[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t operator()(
      const CacheNs& cache_namespace, const RequestNs& request_namespace,
      const Cached& cached_tokens, const Requested& requested_tokens, BlockSize block_size,
      reuse_policy policy) const noexcept {
    if (std::cmp_less_equal(block_size, 0)) return 0;
    if (!std::in_range<std::size_t>(block_size)) return 0;
    const std::size_t prefix =
        (*this)(cache_namespace, request_namespace, cached_tokens, requested_tokens);
    return detail::reused_under_blocks(
        policy, static_cast<std::size_t>(block_size), prefix,
        static_cast<std::size_t>(detail::range_size(requested_tokens)),
        static_cast<std::size_t>(detail::range_size(cached_tokens)));
  }
};

/// Prefix reuse bounded by namespace identity; see `reusable_prefix_length_fn::operator()`.
KVC_INLINE_VARIABLE constexpr reusable_prefix_length_fn reusable_prefix_length{};

}  // namespace kvc
