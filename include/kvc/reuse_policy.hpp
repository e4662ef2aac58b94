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

/// A prefix-reuse policy. The reused length is `floor(min(p, cap) / block_size) * block_size`,
/// where `p` is the exact common prefix and `cap` is `requested.size() - 1` when
/// `recompute_last_token` (0 for an empty request), else `p`. A `block_size` of 0 reuses nothing.
/// A structural type: usable as a template argument (`kvc::suites::prefix_reuse_under<P>`).
struct reuse_policy {
  /// The reused length is a multiple of this (1: any length; 16: vLLM's blocks; 0: nothing).
  std::size_t block_size = 1;
  /// Whether the last requested token is kept out of the reused prefix, to be recomputed.
  bool recompute_last_token = false;

  /// Equal when both fields are.
  friend constexpr bool operator==(const reuse_policy&, const reuse_policy&) = default;
};

namespace detail {

/// The reused length under `policy`, given the exact common prefix and the request's length.
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t reused_under(
    reuse_policy policy, std::size_t exact_prefix, std::size_t requested_length) noexcept {
  if (policy.block_size == 0) return 0;
  std::size_t capped = exact_prefix;
  if (policy.recompute_last_token) {
    const std::size_t cap = requested_length == 0 ? 0 : requested_length - 1;
    if (cap < capped) capped = cap;
  }
  return capped - capped % policy.block_size;
}

}  // namespace detail

}  // namespace kvc
