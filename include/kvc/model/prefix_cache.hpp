// kvc/model/prefix_cache.hpp - the reference model of a stateful prefix cache: many sequences from
// many namespaces, looked up by the prefix-reuse contract, forgotten namespace by namespace.
//
// Why a model: engines do not call the 4-argument contract once, they keep a cache (a radix tree,
// a block hash table, a host-memory prompt cache) and answer lookups from whatever it holds. The
// model holds every inserted sequence and answers a lookup as the contract over every one of them,
// so it is obviously correct; kvc's stateful runner (kvc/stateful/prefix_cache_check.hpp) compares
// an engine's cache with it after every step.
#pragma once

#include <array>  // as bounded_list.hpp does: no cost beyond it
#include <cstddef>
#include <cstdint>
#include <utility>

#include "../bounded_list.hpp"
#include "../cache_namespace.hpp"
#include "../concepts.hpp"
#include "../detail/ranges.hpp"
#include "../prefix_reuse.hpp"
#include "../reuse_policy.hpp"
#include "token_sequence.hpp"

namespace kvc::model {

/// A prefix cache of at most `MaxEntries` sequences of at most `MaxTokens` tokens each, usable in
/// constant expressions (fixed-capacity storage: clang++ 14 with libstdc++ cannot allocate there).
///
/// It never evicts. It keeps the `kvc::cache_namespace` it is given, a view: the namespace's
/// strings must outlive the entry (string literals and long-lived strings do).
template <std::size_t MaxEntries, std::size_t MaxTokens>
class basic_prefix_cache {
 public:
  /// The most sequences the model holds at once.
  static constexpr std::size_t max_entries = MaxEntries;
  /// The longest sequence the model holds.
  static constexpr std::size_t max_tokens = MaxTokens;

  /// An empty cache.
  constexpr basic_prefix_cache() noexcept = default;

  /// Caches `tokens` under `ns` and returns true. A sequence that a live entry of `ns` already
  /// starts with (the empty one included) adds nothing. Returns false and changes nothing when the
  /// model cannot hold it: more than `max_tokens` tokens, a token outside `std::int32_t`, or
  /// `max_entries` entries already live.
  template <token_sequence Tokens>
  constexpr bool insert(const cache_namespace& ns, const Tokens& tokens) noexcept {
    const auto length = static_cast<std::size_t>(detail::range_size(tokens));
    if (length > MaxTokens) return false;
    for (const auto token : tokens)
      if (!std::in_range<std::int32_t>(token)) return false;
    for (std::size_t e = 0; e < size_; ++e)
      if (entries_[e].ns == ns && reusable_prefix_length(ns, ns, entries_[e].tokens, tokens) == length)
        return true;
    if (size_ == MaxEntries) return false;
    entry& added = entries_[size_];
    added.ns = ns;
    added.tokens = {};
    for (const auto token : tokens) added.tokens.push_back(static_cast<std::int32_t>(token));
    ++size_;
    return true;
  }

  /// The reusable prefix of `tokens` under `ns`: the largest `kvc::reusable_prefix_length(entry's
  /// namespace, ns, entry's tokens, tokens)` over every live entry, 0 when there is none.
  template <token_sequence Tokens>
  [[nodiscard]] constexpr std::size_t lookup(const cache_namespace& ns,
                                             const Tokens& tokens) const noexcept {
    std::size_t longest = 0;
    for (std::size_t e = 0; e < size_; ++e) {
      const std::size_t reused = reusable_prefix_length(entries_[e].ns, ns, entries_[e].tokens, tokens);
      if (reused > longest) longest = reused;
    }
    return longest;
  }

  /// `lookup(ns, tokens)` as an engine with `policy` reuses it: rounded down to the policy's
  /// blocks, and short of the last token when the policy recomputes it.
  template <token_sequence Tokens>
  [[nodiscard]] constexpr std::size_t lookup(const cache_namespace& ns, const Tokens& tokens,
                                             reuse_policy policy) const noexcept {
    return detail::reused_under(policy, lookup(ns, tokens),
                                static_cast<std::size_t>(detail::range_size(tokens)));
  }

  /// Forgets every entry of `ns` (an adapter unloaded or reloaded, a tenant gone) and returns how
  /// many there were. Other namespaces' entries stay, in their order.
  constexpr std::size_t erase(const cache_namespace& ns) noexcept {
    std::size_t kept = 0;
    for (std::size_t e = 0; e < size_; ++e)
      if (!(entries_[e].ns == ns)) entries_[kept++] = entries_[e];
    const std::size_t erased = size_ - kept;
    size_ = kept;
    return erased;
  }

  /// Forgets every entry.
  constexpr void clear() noexcept { size_ = 0; }

  /// How many sequences are cached.
  [[nodiscard]] constexpr std::size_t size() const noexcept { return size_; }
  /// Whether no sequence is cached.
  [[nodiscard]] constexpr bool empty() const noexcept { return size_ == 0; }

 private:
  struct entry {
    cache_namespace ns{};
    bounded_list<std::int32_t, MaxTokens> tokens{};
  };

  std::array<entry, MaxEntries> entries_{};
  std::size_t size_ = 0;
};

/// The reference prefix cache: 64 sequences of up to 64 tokens, enough for every sequence kvc's
/// stateful runner generates.
using prefix_cache = basic_prefix_cache<64, 64>;

}  // namespace kvc::model
