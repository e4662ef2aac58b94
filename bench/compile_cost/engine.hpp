// The engine code of the compile-cost cases: what an engine's test file holds before it includes
// kvc (a prefix lookup over spans, with its own key type behind an adapter, and an admission rule).
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
};

constexpr bool same_key(const cache_key& a, const cache_key& b) noexcept {
  return a.model == b.model && a.adapter == b.adapter;
}

/// Tokens of `request` served from `cached`: the common prefix, within one key.
template <class Token>
constexpr std::size_t matched_prefix(const cache_key& cached_key, const cache_key& request_key,
                                     std::span<const Token> cached,
                                     std::span<const Token> request) noexcept {
  if (!same_key(cached_key, request_key)) return 0;
  const auto n = std::min(cached.size(), request.size());
  std::size_t i = 0;
  while (i < n && cached[i] == request[i]) ++i;
  return i;
}

/// An append of `tokens` to a slot holding `used` of `capacity`: the new length, or `used` when it
/// does not fit.
constexpr std::int64_t admitted(std::int64_t used, std::int64_t tokens,
                                std::int64_t capacity) noexcept {
  if (used < 0 || tokens < 0 || capacity < 0 || used > capacity) return used;
  return tokens <= capacity - used ? used + tokens : used;
}

inline std::vector<int> tokens_of(std::string_view text) {
  return {text.begin(), text.end()};
}

}  // namespace engine

