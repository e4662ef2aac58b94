// kvc/verification/standard_policies.hpp - the four reuse policies every `_under<P>` suite is
// proved and exported under: exact, whole blocks of 16, last token recomputed, and both (vLLM's).
#pragma once

#include <string_view>

#include <kvc/reuse_policy.hpp>

namespace kvc::verification {

/// The four standard policies. This one: the exact common prefix.
inline constexpr reuse_policy exact_policy{};
/// Whole blocks of 16 tokens; the last requested token may be among them.
inline constexpr reuse_policy blocks_of_16_policy{.block_size = 16};
/// Any length, never the last requested token (SGLang with page size 1, llama.cpp).
inline constexpr reuse_policy recompute_last_policy{.recompute_last_token = true};
/// Whole blocks of 16 within all but the last requested token (vLLM).
inline constexpr reuse_policy vllm_policy{.block_size = 16, .recompute_last_token = true};

/// A standard policy and the words a suite's name under it ends in.
struct named_policy {
  /// The words: `"blocks of 16"`.
  std::string_view name;
  /// The policy.
  reuse_policy policy;
};

/// The four standard policies, in order.
inline constexpr named_policy standard_policies[] = {
    {"exact", exact_policy},
    {"blocks of 16", blocks_of_16_policy},
    {"last token recomputed", recompute_last_policy},
    {"blocks of 16, last token recomputed", vllm_policy},
};

}  // namespace kvc::verification
