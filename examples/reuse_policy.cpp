// Prefix reuse as engines do it: whole blocks, and the last prompt token recomputed.
#include <kvc/prefix_reuse.hpp>

#include <array>
#include <string_view>

// [snippet]
constexpr std::array<int, 40> cached{};  // 40 tokens in the cache
constexpr std::array<int, 33> prompt{};  // a prompt of 33 tokens, all of them cached
constexpr std::string_view model{"llama-3-8b"};

// Exact reuse: every common token.
static_assert(kvc::reusable_prefix_length(model, model, cached, prompt) == 33);
// vLLM: whole blocks of 16, never the last prompt token (it is recomputed for the logits).
constexpr kvc::reuse_policy vllm{.block_size = 16, .recompute_last_token = true};
static_assert(kvc::reusable_prefix_length(model, model, cached, prompt, vllm) == 32);
// SGLang with page size 1, llama.cpp: one short of a full match.
constexpr kvc::reuse_policy radix{.block_size = 1, .recompute_last_token = true};
static_assert(kvc::reusable_prefix_length(model, model, cached, prompt, radix) == 32);
// A prompt of 32 fully cached tokens: 31 may be reused, which is one whole block of 16.
static_assert(kvc::reusable_prefix_length(model, model, cached, std::array<int, 32>{}, vllm) == 16);
// [snippet]

int main() {}
