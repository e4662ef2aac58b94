// The engine code of the compile-cost cases: what an engine's own translation unit holds before
// its test includes kvc (a prefix lookup over spans in whole blocks, with its own key type, and an
// admission rule).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace engine {

struct cache_key {
  std::string_view model;
  std::string_view adapter;
  std::uint64_t adapter_revision = 0;
  std::string_view salt;
};

constexpr bool same_key(const cache_key& a, const cache_key& b) noexcept {
  return a.model == b.model && a.adapter == b.adapter &&
         a.adapter_revision == b.adapter_revision && a.salt == b.salt;
}

inline constexpr std::size_t block_size = 16;

/// Tokens of `prompt` served from `cached`: the common prefix within one key, in whole blocks, the
/// prompt's last token always recomputed.
template <class Token>
constexpr std::size_t cached_tokens(const cache_key& cached_key, const cache_key& prompt_key,
                                    std::span<const Token> cached,
                                    std::span<const Token> prompt) noexcept {
  if (!same_key(cached_key, prompt_key) || prompt.empty()) return 0;
  const auto n = std::min(cached.size(), prompt.size() - 1);
  std::size_t i = 0;
  while (i < n && cached[i] == prompt[i]) ++i;
  return i / block_size * block_size;
}

/// An append of `tokens` to a slot holding `used` of `capacity`: the new length, or `used` when it
/// does not fit.
constexpr std::int64_t admitted(std::int64_t used, std::int64_t tokens,
                                std::int64_t capacity) noexcept {
  if (used < 0 || tokens < 0 || capacity < 0 || used > capacity) return used;
  return tokens <= capacity - used ? used + tokens : used;
}

inline std::vector<int> tokens_of(std::string_view text) { return {text.begin(), text.end()}; }

}  // namespace engine
