// kvc/contracts/prefix_cache_scenarios.hpp - known-bad prefix caches that the scenarios of
// kvc/suites/prefix_cache_scenarios.hpp reject: each a stateful bug that no single call of the
// prefix-reuse contract can show.
//
// Every mutant is the same small cache with one decision made wrong (`flawed_cache<flaw>`), so
// that each differs from a correct cache in exactly the way its name says. They are usable in
// constant expressions on every supported compiler: fixed arrays, no allocation.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <kvc/cache_namespace.hpp>

namespace kvc::mutants::prefix_cache_scenarios {

/// The one wrong decision of a `flawed_cache`.
enum class cache_flaw : unsigned char {
  none,                        ///< no flaw: the correct cache the others are variations of
  tokens_only_key,             ///< entries keyed by tokens alone (llama.cpp's restored prompt cache)
  adapter_ignored,             ///< namespaces compared without the adapter
  adapter_revision_ignored,    ///< a reloaded adapter keeps its old entries (vLLM #42125)
  salt_ignored,                ///< namespaces compared without the cache salt
  concatenated_key,            ///< model + adapter + salt compared as one joined string
  int16_tokens,                ///< tokens stored in 16 bits
  counts_first_disagreement,   ///< the first mismatching token is counted as reused
  whole_request_only,          ///< a hit only when the whole request is cached (a prompt hash)
  over_reports_cached_length,  ///< a request that is a prefix of an entry reuses the whole entry
  first_entry_wins,            ///< the first matching entry answers, not the longest match
  minimum_over_entries,        ///< the shortest match answers, and a cold cache reports a hit
  one_entry_per_namespace,     ///< an insert replaces the namespace's entry
  erase_leaves_entries,        ///< erase removes one entry of its namespace, not all
  erase_clears_all,            ///< erase forgets every namespace
  erase_revived_by_insert,     ///< erase hides entries until the namespace's next insert
};

namespace detail {

/// Whether "a" + "b" + "c" and "d" + "e" + "f" are the same string, without building either.
[[nodiscard]] constexpr bool joined_equal(std::string_view a0, std::string_view a1,
                                          std::string_view a2, std::string_view b0,
                                          std::string_view b1, std::string_view b2) noexcept {
  const std::array<std::string_view, 3> a{a0, a1, a2};
  const std::array<std::string_view, 3> b{b0, b1, b2};
  if (a0.size() + a1.size() + a2.size() != b0.size() + b1.size() + b2.size()) return false;
  // The i-th character of the joined string: equal total lengths leave only the characters.
  const auto at = [](const std::array<std::string_view, 3>& parts, std::size_t i) {
    for (const std::string_view part : parts) {
      if (i < part.size()) return part[i];
      i -= part.size();
    }
    return '\0';
  };
  for (std::size_t i = 0; i < a0.size() + a1.size() + a2.size(); ++i)
    if (at(a, i) != at(b, i)) return false;
  return true;
}

}  // namespace detail

/// A prefix cache of at most 8 entries of at most 16 tokens (enough for every scenario), correct
/// but for `Flaw`. `insert` returns false when it cannot hold the sequence.
template <cache_flaw Flaw>
class flawed_cache {
 public:
  /// Caches `tokens` under `ns`.
  constexpr bool insert(const kvc::cache_namespace& ns, std::span<const std::int32_t> tokens) noexcept {
    if (tokens.size() > max_tokens) return false;
    if constexpr (Flaw == cache_flaw::erase_revived_by_insert)
      for (std::size_t e = 0; e < size_; ++e)
        if (entries_[e].ns == ns) entries_[e].hidden = false;
    if constexpr (Flaw == cache_flaw::one_entry_per_namespace) {
      for (std::size_t e = 0; e < size_; ++e)
        if (entries_[e].ns == ns) {
          entries_[e].assign(ns, tokens);
          return true;
        }
    }
    if (size_ == max_entries) return false;
    entries_[size_++].assign(ns, tokens);
    return true;
  }

  /// The reusable prefix of `tokens` under `ns`.
  [[nodiscard]] constexpr std::size_t lookup(const kvc::cache_namespace& ns,
                                             std::span<const std::int32_t> tokens) const noexcept {
    std::size_t answer = Flaw == cache_flaw::minimum_over_entries ? tokens.size() : 0;
    for (std::size_t e = 0; e < size_; ++e) {
      const entry& cached = entries_[e];
      if (cached.hidden || !same_namespace(cached.ns, ns)) continue;
      const std::size_t reused = reused_from(cached, tokens);
      if constexpr (Flaw == cache_flaw::first_entry_wins) {
        if (reused > 0) return reused;
      } else if constexpr (Flaw == cache_flaw::minimum_over_entries) {
        if (reused < answer) answer = reused;
      } else {
        if (reused > answer) answer = reused;
      }
    }
    return answer;
  }

  /// Forgets the entries of `ns` and returns how many there were.
  constexpr std::size_t erase(const kvc::cache_namespace& ns) noexcept {
    if constexpr (Flaw == cache_flaw::erase_clears_all) {
      const std::size_t erased = size_;
      size_ = 0;
      return erased;
    } else if constexpr (Flaw == cache_flaw::erase_revived_by_insert) {
      std::size_t hidden = 0;
      for (std::size_t e = 0; e < size_; ++e)
        if (entries_[e].ns == ns && !entries_[e].hidden) {
          entries_[e].hidden = true;
          ++hidden;
        }
      return hidden;
    } else {
      std::size_t kept = 0;
      std::size_t erased = 0;
      for (std::size_t e = 0; e < size_; ++e) {
        const bool erasable = Flaw != cache_flaw::erase_leaves_entries || erased == 0;
        if (entries_[e].ns == ns && erasable)
          ++erased;
        else
          entries_[kept++] = entries_[e];
      }
      size_ = kept;
      return erased;
    }
  }

 private:
  static constexpr std::size_t max_entries = 8;
  static constexpr std::size_t max_tokens = 16;

  struct entry {
    kvc::cache_namespace ns{};
    std::array<std::int32_t, max_tokens> tokens{};
    std::size_t length = 0;
    bool hidden = false;

    constexpr void assign(const kvc::cache_namespace& to, std::span<const std::int32_t> from) noexcept {
      ns = to;
      length = from.size();
      hidden = false;
      for (std::size_t i = 0; i < length; ++i) tokens[i] = stored(from[i]);
    }
  };

  [[nodiscard]] static constexpr std::int32_t stored(std::int32_t token) noexcept {
    if constexpr (Flaw == cache_flaw::int16_tokens)
      return static_cast<std::int16_t>(token);  // modular since C++20: 65536 + x becomes x
    else
      return token;
  }

  [[nodiscard]] static constexpr bool same_namespace(const kvc::cache_namespace& cached,
                                                     const kvc::cache_namespace& asked) noexcept {
    switch (Flaw) {
      case cache_flaw::tokens_only_key:
        return true;
      case cache_flaw::adapter_ignored:
        return cached.model == asked.model && cached.adapter_revision == asked.adapter_revision &&
               cached.salt == asked.salt;
      case cache_flaw::adapter_revision_ignored:
        return cached.model == asked.model && cached.adapter == asked.adapter &&
               cached.salt == asked.salt;
      case cache_flaw::salt_ignored:
        return cached.model == asked.model && cached.adapter == asked.adapter &&
               cached.adapter_revision == asked.adapter_revision;
      case cache_flaw::concatenated_key:
        return cached.adapter_revision == asked.adapter_revision &&
               detail::joined_equal(cached.model, cached.adapter, cached.salt, asked.model,
                                    asked.adapter, asked.salt);
      default:
        return cached == asked;
    }
  }

  [[nodiscard]] static constexpr std::size_t reused_from(const entry& cached,
                                                         std::span<const std::int32_t> tokens) noexcept {
    const std::size_t shorter = cached.length < tokens.size() ? cached.length : tokens.size();
    std::size_t common = 0;
    while (common < shorter && cached.tokens[common] == stored(tokens[common])) ++common;
    switch (Flaw) {
      case cache_flaw::counts_first_disagreement:
        return common < shorter ? common + 1 : common;
      case cache_flaw::whole_request_only:
        return common == tokens.size() ? common : 0;
      case cache_flaw::over_reports_cached_length:
        return common == tokens.size() ? cached.length : common;
      default:
        return common;
    }
  }

  std::array<entry, max_entries> entries_{};
  std::size_t size_ = 0;
};

/// A correct cache built like the mutants: the scenarios accept it, so each mutant's rejection is
/// its flaw's doing.
using correct = flawed_cache<cache_flaw::none>;
/// Keyed by tokens alone: a prompt cache restored from host memory without its namespace.
using tokens_only_key = flawed_cache<cache_flaw::tokens_only_key>;
/// Keyed by model, revision and salt: requests of an adapter hit the base model's entries.
using adapter_ignored = flawed_cache<cache_flaw::adapter_ignored>;
/// Keyed by adapter name, not version: a reloaded adapter hits its old weights' KV (vLLM #42125).
using adapter_revision_ignored = flawed_cache<cache_flaw::adapter_revision_ignored>;
/// The cache salt is not part of the key: tenants share KV.
using salt_ignored = flawed_cache<cache_flaw::salt_ignored>;
/// Model, adapter and salt joined into one string key: "org_1" + "2345" is "org_12345" + "".
using concatenated_key = flawed_cache<cache_flaw::concatenated_key>;
/// Tokens kept as `int16_t`: ids 65536 apart, and INT32_MIN and 0, are the same token.
using int16_tokens = flawed_cache<cache_flaw::int16_tokens>;
/// Counts the first mismatching token as reused (a loop that increments before it compares).
using counts_first_disagreement = flawed_cache<cache_flaw::counts_first_disagreement>;
/// Hits only when the whole request is cached, as a cache keyed by the prompt's hash does.
using whole_request_only = flawed_cache<cache_flaw::whole_request_only>;
/// A request that is a prefix of an entry reuses the whole entry, more tokens than it has.
using over_reports_cached_length = flawed_cache<cache_flaw::over_reports_cached_length>;
/// The first entry that shares a token answers, not the one that shares the most.
using first_entry_wins = flawed_cache<cache_flaw::first_entry_wins>;
/// Folds the entries with `min` from the request's length: the shortest match answers, and a
/// cache with no entry of the namespace reports the whole request cached.
using minimum_over_entries = flawed_cache<cache_flaw::minimum_over_entries>;
/// One entry per namespace, replaced by every insert: a shorter insert loses the longer sequence.
using one_entry_per_namespace = flawed_cache<cache_flaw::one_entry_per_namespace>;
/// Erase removes the namespace's first entry and leaves the others reachable.
using erase_leaves_entries = flawed_cache<cache_flaw::erase_leaves_entries>;
/// Erase forgets every namespace's entries, not only its own.
using erase_clears_all = flawed_cache<cache_flaw::erase_clears_all>;
/// Erase hides the namespace's entries, and its next insert makes them visible again.
using erase_revived_by_insert = flawed_cache<cache_flaw::erase_revived_by_insert>;

/// A factory of `Cache`, as the scenario suites take it: `kvc::verify(suite, factory<Cache>)`.
template <class Cache>
inline constexpr auto factory = [] { return Cache{}; };

}  // namespace kvc::mutants::prefix_cache_scenarios
