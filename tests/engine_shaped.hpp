// tests/engine_shaped.hpp - engine-shaped implementations, each correct for its engine's own
// conventions: checked under the engine's declared profile (kvc::restrict_to) they pass, and
// against kvc's contract as it is they fail only for the conventions they do not share.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <kvc/cache_namespace.hpp>
#include <kvc/reuse_policy.hpp>

namespace kvc_test::engines {

/// The common prefix of two token sequences, as engines write it: a loop up to the shorter.
template <class A, class B>
constexpr std::size_t common_prefix(const A& cached, const B& requested) noexcept {
  std::size_t n = 0;
  while (n < cached.size() && n < requested.size() && cached[n] == requested[n]) ++n;
  return n;
}

/// llama.cpp's server: the slot's prompt cache is reused up to the first differing token, and
/// one token is always left to evaluate; it keys on the loaded model and adapter only (no cache
/// salt, no adapter revision). Policy {1, true}, profile kvc::profiles::llama_cpp_server.
inline constexpr auto llama_server_lookup = [](const kvc::cache_namespace& cache,
                                               const kvc::cache_namespace& request,
                                               std::span<const std::int32_t> cached,
                                               std::span<const std::int32_t> prompt) -> std::size_t {
  if (cache.model != request.model || cache.adapter != request.adapter) return 0;
  std::size_t n_past = common_prefix(cached, prompt);
  if (n_past == prompt.size() && n_past > 0) --n_past;  // evaluate at least one token
  return n_past;
};

/// llama.cpp's session files after issue #1585 (PR #1609): a prompt that equals the saved
/// session is reused whole, since the file restores that token's logits; a longer session has
/// the matched last token recomputed. Policy {1, true, true}.
inline constexpr auto llama_session_reuse = [](std::string_view cache_model,
                                               std::string_view request_model,
                                               std::span<const std::int32_t> session,
                                               std::span<const std::int32_t> prompt) -> std::size_t {
  if (cache_model != request_model) return 0;
  std::size_t n_matching = common_prefix(session, prompt);
  // The whole prompt matched a longer session: the file has no logits for the prompt's last
  // token, so it is evaluated again. A session equal to the prompt is reused whole.
  if (n_matching == prompt.size() && session.size() != prompt.size() && n_matching > 0) --n_matching;
  return n_matching;
};

/// vLLM's block-hash lookup: full 16-token blocks chained by hash, the key made of the model, the
/// LoRA name and the cache salt, no adapter revision; the last prompt token is always recomputed.
/// Policy {16, true}, profile kvc::profiles::vllm. `joined_key` reproduces current vLLM's first
/// block key, where the LoRA name and the salt are extra keys in one list: a LoRA named "X" and a
/// salt "X" give the same key (the real bug the profile must not hide).
template <bool JoinedKey>
struct vllm_lookup {
  constexpr std::size_t operator()(const kvc::cache_namespace& cache,
                                   const kvc::cache_namespace& request,
                                   std::span<const std::int32_t> cached,
                                   std::span<const std::int32_t> prompt) const noexcept {
    const bool same_key = cache.model == request.model &&
                          (JoinedKey ? joined_equal(cache, request)
                                     : cache.adapter == request.adapter && cache.salt == request.salt);
    if (!same_key || prompt.empty()) return 0;
    const std::size_t limit = prompt.size() - 1;  // the last token's logits are computed
    std::size_t blocks = 0;
    while ((blocks + 1) * 16 <= limit && (blocks + 1) * 16 <= cached.size()) {
      bool equal = true;
      for (std::size_t i = blocks * 16; i < (blocks + 1) * 16; ++i) equal = equal && cached[i] == prompt[i];
      if (!equal) break;
      ++blocks;
    }
    return blocks * 16;
  }

 private:
  /// The extra keys as one list: [lora name if any] + [salt if any], compared as lists.
  static constexpr bool joined_equal(const kvc::cache_namespace& a,
                                     const kvc::cache_namespace& b) noexcept {
    std::string_view ka[2]{};
    std::string_view kb[2]{};
    std::size_t na = 0;
    std::size_t nb = 0;
    if (!a.adapter.empty()) ka[na++] = a.adapter;
    if (!a.salt.empty()) ka[na++] = a.salt;
    if (!b.adapter.empty()) kb[nb++] = b.adapter;
    if (!b.salt.empty()) kb[nb++] = b.salt;
    if (na != nb) return false;
    for (std::size_t i = 0; i < na; ++i)
      if (ka[i] != kb[i]) return false;
    return true;
  }
};

/// A scheduler after vLLM PR #52707: its state can no longer reach "used > capacity", so its
/// admission computes the free slots without checking the state first (unsigned arithmetic that
/// would wrap on an inconsistent state). Profile kvc::profiles::consistent_scheduler.
inline constexpr auto consistent_state_admission = [](int capacity, int used, int requested) -> int {
  const auto free_slots = static_cast<unsigned>(capacity) - static_cast<unsigned>(used);
  return requested >= 0 && static_cast<unsigned>(requested) <= free_slots ? requested : 0;
};

}  // namespace kvc_test::engines
