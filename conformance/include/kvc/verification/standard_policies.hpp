// kvc/verification/standard_policies.hpp - the four reuse policies every `_under<P>` suite is
// proved under: exact, whole blocks of 16, last token recomputed, and both (vLLM's).
#pragma once

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

}  // namespace kvc::verification
