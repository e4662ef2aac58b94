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
  namespace_hash8_key,         ///< namespaces compared by the low 8 bits of kvc::hash_value
  namespace_hash32_key,        ///< namespaces compared by the low 32 bits of kvc::hash_value
  revision_with_adapter_only,  ///< the revision compared only when there is an adapter
  first_8_tokens_key,          ///< past the first 8 tokens, the shorter length is assumed shared
  first_16_tokens_key,         ///< past the first 16 tokens, the shorter length is assumed shared
  int31_tokens,                ///< tokens stored in 31 bits, the top bit kept for a flag
  magnitude_tokens,            ///< tokens compared by their absolute value
  minus_one_is_padding,        ///< -1 skipped on both sides as padding
  most_recent_entry_only,      ///< only the namespace's latest entry answers
  erase_whole_model,           ///< erase forgets every namespace of the same model
  erase_before_last_lookup,    ///< erase forgets only entries inserted before the last lookup
  erase_after_last_lookup,     ///< erase forgets only entries inserted after the last lookup
  prefix_insert_replaces,      ///< an insert that is a prefix of an entry replaces that entry
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

/// A prefix cache of at most 8 entries of at most 32 tokens (enough for every scenario), correct
/// but for `Flaw`. `insert` returns false when it cannot hold the sequence.
template <cache_flaw Flaw>
class flawed_cache {
  static constexpr bool erase_depends_on_lookups = Flaw == cache_flaw::erase_before_last_lookup ||
                                                   Flaw == cache_flaw::erase_after_last_lookup;

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
          entries_[e].assign(ns, tokens, clock_);
          return true;
        }
    }
    if constexpr (Flaw == cache_flaw::prefix_insert_replaces) {
      // "Deduplicates" by keeping the newest of two sequences that start alike.
      for (std::size_t e = 0; e < size_; ++e)
        if (entries_[e].ns == ns && reused_from(entries_[e], tokens) == tokens.size()) {
          entries_[e].assign(ns, tokens, clock_);
          return true;
        }
    }
    if (size_ == max_entries) return false;
    entries_[size_++].assign(ns, tokens, clock_);
    return true;
  }

  /// The reusable prefix of `tokens` under `ns`.
  [[nodiscard]] constexpr std::size_t lookup(const kvc::cache_namespace& ns,
                                             std::span<const std::int32_t> tokens) const noexcept
    requires(!erase_depends_on_lookups)
  {
    return longest_reuse(ns, tokens);
  }

  /// The reusable prefix of `tokens` under `ns`; notes when the lookup was made. (Not const: a
  /// mutable clock could not be read in a constant expression.)
  [[nodiscard]] constexpr std::size_t lookup(const kvc::cache_namespace& ns,
                                             std::span<const std::int32_t> tokens) noexcept
    requires erase_depends_on_lookups
  {
    last_lookup_ = ++clock_;
    return longest_reuse(ns, tokens);
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
        const bool erasable = (Flaw != cache_flaw::erase_leaves_entries || erased == 0) &&
                              (Flaw != cache_flaw::erase_before_last_lookup ||
                               entries_[e].inserted < last_lookup_) &&
                              (Flaw != cache_flaw::erase_after_last_lookup ||
                               entries_[e].inserted >= last_lookup_);
        const bool owned = Flaw == cache_flaw::erase_whole_model ? entries_[e].ns.model == ns.model
                                                                 : entries_[e].ns == ns;
        if (owned && erasable)
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
  static constexpr std::size_t max_tokens = 32;

  struct entry {
    kvc::cache_namespace ns{};
    std::array<std::int32_t, max_tokens> tokens{};
    std::size_t length = 0;
    bool hidden = false;
    std::uint64_t inserted = 0;  // the lookup clock when it was inserted

    constexpr void assign(const kvc::cache_namespace& to, std::span<const std::int32_t> from,
                          std::uint64_t now) noexcept {
      ns = to;
      length = from.size();
      hidden = false;
      inserted = now;
      for (std::size_t i = 0; i < length; ++i) tokens[i] = stored(from[i]);
    }
  };

  [[nodiscard]] constexpr std::size_t longest_reuse(
      const kvc::cache_namespace& ns, std::span<const std::int32_t> tokens) const noexcept {
    if constexpr (Flaw == cache_flaw::most_recent_entry_only) {
      for (std::size_t e = size_; e-- > 0;)
        if (same_namespace(entries_[e].ns, ns)) return reused_from(entries_[e], tokens);
      return 0;
    }
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

  [[nodiscard]] static constexpr std::int32_t stored(std::int32_t token) noexcept {
    if constexpr (Flaw == cache_flaw::int16_tokens)
      return static_cast<std::int16_t>(token);  // modular since C++20: 65536 + x becomes x
    else if constexpr (Flaw == cache_flaw::int31_tokens)
      return static_cast<std::int32_t>(static_cast<std::uint32_t>(token) & 0x7FFF'FFFFU);
    else
      return token;
  }

  // 64 bits, so that INT32_MIN has a magnitude; std::llabs is not constexpr before C++23.
  [[nodiscard]] static constexpr std::int64_t magnitude(std::int32_t token) noexcept {
    return token < 0 ? -std::int64_t{token} : std::int64_t{token};
  }

  [[nodiscard]] static constexpr bool same_token(std::int32_t cached, std::int32_t asked) noexcept {
    if constexpr (Flaw == cache_flaw::magnitude_tokens)
      return magnitude(cached) == magnitude(asked);
    else
      return cached == stored(asked);
  }

  [[nodiscard]] static constexpr std::uint64_t low_hash(const kvc::cache_namespace& ns,
                                                        std::uint64_t mask) noexcept {
    return static_cast<std::uint64_t>(kvc::hash_value(ns)) & mask;
  }

  // The revision as a key that keeps it only beside an adapter ("a revision belongs to one").
  [[nodiscard]] static constexpr std::uint64_t adapter_bound_revision(
      const kvc::cache_namespace& ns) noexcept {
    return ns.adapter.empty() ? 0 : ns.adapter_revision;
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
      case cache_flaw::namespace_hash8_key:
        return low_hash(cached, 0xFFU) == low_hash(asked, 0xFFU);
      case cache_flaw::namespace_hash32_key:
        return low_hash(cached, 0xFFFF'FFFFU) == low_hash(asked, 0xFFFF'FFFFU);
      case cache_flaw::revision_with_adapter_only:
        return cached.model == asked.model && cached.adapter == asked.adapter &&
               adapter_bound_revision(cached) == adapter_bound_revision(asked) &&
               cached.salt == asked.salt;
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
    if constexpr (Flaw == cache_flaw::minus_one_is_padding)
      return reused_past_padding(cached, tokens);
    const std::size_t shorter = cached.length < tokens.size() ? cached.length : tokens.size();
    std::size_t common = 0;
    while (common < shorter && same_token(cached.tokens[common], tokens[common])) ++common;
    switch (Flaw) {
      case cache_flaw::counts_first_disagreement:
        return common < shorter ? common + 1 : common;
      case cache_flaw::whole_request_only:
        return common == tokens.size() ? common : 0;
      case cache_flaw::over_reports_cached_length:
        return common == tokens.size() ? cached.length : common;
      case cache_flaw::first_8_tokens_key:
        return common < 8 && common < shorter ? common : shorter;
      case cache_flaw::first_16_tokens_key:
        return common < 16 && common < shorter ? common : shorter;
      default:
        return common;
    }
  }

  // The tokens walked on the request's side, -1 skipped on both.
  [[nodiscard]] static constexpr std::size_t reused_past_padding(
      const entry& cached, std::span<const std::int32_t> tokens) noexcept {
    std::size_t i = 0;
    std::size_t j = 0;
    while (true) {
      while (i < cached.length && cached.tokens[i] == -1) ++i;
      while (j < tokens.size() && tokens[j] == -1) ++j;
      if (i == cached.length || j == tokens.size() || cached.tokens[i] != tokens[j]) return j;
      ++i;
      ++j;
    }
  }

  std::array<entry, max_entries> entries_{};
  std::size_t size_ = 0;
  // Counts lookups, to order inserts against them (erase_before/after_last_lookup only).
  std::uint64_t clock_ = 0;
  std::uint64_t last_lookup_ = 0;
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

/// kvc's own namespace hash, cut to 8 bits to index a 256-bucket table, and trusted as the key.
using namespace_hash8_key = flawed_cache<cache_flaw::namespace_hash8_key>;
/// kvc's own namespace hash, cut to 32 bits, and trusted as the key.
using namespace_hash32_key = flawed_cache<cache_flaw::namespace_hash32_key>;
/// The revision compared only when there is an adapter: the base model's revisions share KV.
using revision_with_adapter_only = flawed_cache<cache_flaw::revision_with_adapter_only>;
/// The first 8 tokens are the key; past them, the shorter length is assumed shared.
using first_8_tokens_key = flawed_cache<cache_flaw::first_8_tokens_key>;
/// The first 16 tokens (one block) are the key; past them, the shorter length is assumed shared.
using first_16_tokens_key = flawed_cache<cache_flaw::first_16_tokens_key>;
/// Tokens kept in 31 bits beside a flag: INT32_MIN is 0, and -1 is INT32_MAX.
using int31_tokens = flawed_cache<cache_flaw::int31_tokens>;
/// Tokens compared by magnitude, as after `std::llabs`: -5 is 5.
using magnitude_tokens = flawed_cache<cache_flaw::magnitude_tokens>;
/// -1 taken for padding and skipped on both sides, the request's tokens walked counted.
using minus_one_is_padding = flawed_cache<cache_flaw::minus_one_is_padding>;
/// Only the namespace's most recent entry answers: a one-slot prompt cache that claims many.
using most_recent_entry_only = flawed_cache<cache_flaw::most_recent_entry_only>;
/// Erase unloads the model: every namespace of the same model is forgotten.
using erase_whole_model = flawed_cache<cache_flaw::erase_whole_model>;
/// Erase forgets only the entries inserted before the last lookup (a snapshot it reused).
using erase_before_last_lookup = flawed_cache<cache_flaw::erase_before_last_lookup>;
/// Erase forgets only the entries inserted since the last lookup (a pending list it flushed).
using erase_after_last_lookup = flawed_cache<cache_flaw::erase_after_last_lookup>;
/// An insert that is a prefix of an entry replaces that entry, losing its longer tail.
using prefix_insert_replaces = flawed_cache<cache_flaw::prefix_insert_replaces>;

/// A factory of `Cache`, as the scenario suites take it: `kvc::verify(suite, factory<Cache>)`.
template <class Cache>
inline constexpr auto factory = [] { return Cache{}; };

}  // namespace kvc::mutants::prefix_cache_scenarios
