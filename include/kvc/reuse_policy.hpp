// kvc/reuse_policy.hpp - how an engine rounds and caps the prefix it reuses.
//
// Engines do not reuse the exact common prefix. Paged caches reuse whole blocks (vLLM: 16 tokens,
// TensorRT-LLM: tokens_per_block), and vLLM, SGLang and llama.cpp keep the last prompt token out
// of the reused prefix, so that the forward pass that produces the first output token's logits has
// at least one token to compute. A policy states both, so that a correct engine can be checked
// against exactly the rule it implements.
#pragma once

#include <cstddef>

#include "host_device.hpp"

namespace kvc {

/// A prefix-reuse policy. The reused length is the longest `n <= p` that is a whole number of
/// `block_size` blocks and, when `recompute_last_token`, shorter than the request -- unless
/// `keep_logits_at_cache_end` and the cached sequence, the request and `p` all end at the same
/// token (the cache kept that token's logits, so nothing needs recomputing). Here `p` is the exact
/// common prefix (0 across namespaces). A `block_size` of 0 reuses nothing. For the block form (a
/// call's own `block_size` b), `n` is also a whole number of blocks of b: one rule, every limit at
/// once. A structural type: usable as a template argument (`kvc::suites::prefix_reuse_under<P>`).
struct reuse_policy {
  /// The reused length is a multiple of this (1: any length; 16: vLLM's blocks; 0: nothing).
  std::size_t block_size = 1;
  /// Whether the last requested token is kept out of the reused prefix, to be recomputed.
  bool recompute_last_token = false;
  /// Whether a request that ends exactly where the cached sequence ends is reused whole even when
  /// `recompute_last_token`: the cache kept the last token's logits (llama.cpp's session files,
  /// issue #1585 and PR #1609). A longer cached sequence still has its matched last token
  /// recomputed.
  bool keep_logits_at_cache_end = false;

  /// Equal when every field is.
  friend constexpr bool operator==(const reuse_policy&, const reuse_policy&) = default;
};

namespace detail {

/// The most `policy` lets a request of `requested_length` tokens reuse of a cached sequence of
/// `cached_length` tokens sharing `exact_prefix` with it, before rounding to blocks.
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t capped_under(
    reuse_policy policy, std::size_t exact_prefix, std::size_t requested_length,
    std::size_t cached_length) noexcept {
  if (!policy.recompute_last_token) return exact_prefix;
  const bool logits_kept = policy.keep_logits_at_cache_end && exact_prefix == requested_length &&
                           cached_length == requested_length;
  if (logits_kept) return exact_prefix;
  const std::size_t cap = requested_length == 0 ? 0 : requested_length - 1;
  return cap < exact_prefix ? cap : exact_prefix;
}

/// The reused length under `policy`, given the exact common prefix and both lengths.
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t reused_under(
    reuse_policy policy, std::size_t exact_prefix, std::size_t requested_length,
    std::size_t cached_length) noexcept {
  if (policy.block_size == 0) return 0;
  const std::size_t capped = capped_under(policy, exact_prefix, requested_length, cached_length);
  return capped - capped % policy.block_size;
}

/// The same without the cached length: `keep_logits_at_cache_end` then never applies.
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t reused_under(
    reuse_policy policy, std::size_t exact_prefix, std::size_t requested_length) noexcept {
  return reused_under(policy, exact_prefix, requested_length, static_cast<std::size_t>(-1));
}

/// The reused length under `policy` with the call's own block size `block` as well: whole blocks of
/// both (of their least common multiple), within the policy's cap. 0 for `block` 0; a multiple
/// too large to fit reuses nothing.
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t reused_under_blocks(
    reuse_policy policy, std::size_t block, std::size_t exact_prefix, std::size_t requested_length,
    std::size_t cached_length) noexcept {
  if (policy.block_size == 0 || block == 0) return 0;
  std::size_t a = policy.block_size;
  std::size_t b = block;
  while (b != 0) {
    const std::size_t r = a % b;
    a = b;
    b = r;
  }
  const std::size_t per_gcd = policy.block_size / a;
  if (per_gcd > static_cast<std::size_t>(-1) / block) return 0;
  const std::size_t unit = per_gcd * block;
  const std::size_t capped = capped_under(policy, exact_prefix, requested_length, cached_length);
  return capped - capped % unit;
}

}  // namespace detail

}  // namespace kvc
