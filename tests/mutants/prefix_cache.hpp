// tests/mutants/prefix_cache.hpp - known-bad prefix caches, and correct ones built like them: the
// stateful bugs that no single call of the prefix-reuse contract can show. Three groups:
//  - `flawed_cache<flaw>`: one small constexpr cache with one decision made wrong, rejected by the
//    scenarios of kvc::suites::prefix_cache_scenarios (static_checks/stateful_models.cpp proves
//    which scenarios each fails) and by kvc::check_prefix_cache;
//  - caches as engines write them (hash maps, LRU slots, block hashes), correct ones and the
//    mutants engines have shipped;
//  - a hostile review's caches, written to slip through.
// tests/prefix_cache_conformance.cpp proves each mutant rejected by kvc::check (the scenarios) and
// by kvc::check_prefix_cache / kvc::explore (generated sequences), and the correct ones accepted.
// Test material: not installed.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include <kvc/cache_namespace.hpp>

namespace kvc::mutants::prefix_cache {

// --- One small constexpr cache, each flaw a wrong decision the scenarios reject -----------------

/// The one wrong decision of a `flawed_cache`.
enum class cache_flaw : unsigned char {
  none,                       ///< no flaw: the correct cache the others are variations of
  tokens_only_key,            ///< entries keyed by tokens alone (llama.cpp's restored prompt cache)
  adapter_ignored,            ///< namespaces compared without the adapter
  adapter_revision_ignored,   ///< a reloaded adapter keeps its old entries (vLLM #42125)
  salt_ignored,               ///< namespaces compared without the cache salt
  concatenated_key,           ///< model + adapter + salt compared as one joined string
  int16_tokens,               ///< tokens stored in 16 bits
  counts_first_disagreement,  ///< the first mismatching token is counted as reused
  whole_request_only,         ///< a hit only when the whole request is cached (a prompt hash)
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

/// A prefix cache of at most `MaxEntries` entries of at most `MaxTokens` tokens, correct but for
/// its flaw. `insert` returns false when it cannot hold the sequence. 8 entries of 32 tokens are
/// enough for every scenario; `roomy<Cache>`, as many as kvc::model::prefix_cache holds, is enough
/// for every sequence kvc::check_prefix_cache generates, so that an exact check sees the flaw
/// alone.
template <std::size_t MaxEntries = 8, std::size_t MaxTokens = 32>
class scenario_cache {
 public:
  /// An empty cache with `flaw`.
  constexpr explicit scenario_cache(cache_flaw flaw) noexcept : flaw_(flaw) {}

  /// Caches `tokens` under `ns`.
  constexpr bool insert(const kvc::cache_namespace& ns,
                        std::span<const std::int32_t> tokens) noexcept {
    if (tokens.size() > max_tokens) return false;
    if (flaw_ == cache_flaw::erase_revived_by_insert)
      for (std::size_t e = 0; e < size_; ++e)
        if (entries_[e].ns == ns) entries_[e].hidden = false;
    if (flaw_ == cache_flaw::one_entry_per_namespace) {
      for (std::size_t e = 0; e < size_; ++e)
        if (entries_[e].ns == ns) {
          entries_[e].assign(*this, ns, tokens, clock_);
          return true;
        }
    }
    if (flaw_ == cache_flaw::prefix_insert_replaces) {
      // "Deduplicates" by keeping the newest of two sequences that start alike.
      for (std::size_t e = 0; e < size_; ++e)
        if (entries_[e].ns == ns && reused_from(entries_[e], tokens) == tokens.size()) {
          entries_[e].assign(*this, ns, tokens, clock_);
          return true;
        }
    }
    if (size_ == max_entries) return false;
    entries_[size_++].assign(*this, ns, tokens, clock_);
    return true;
  }

  /// The reusable prefix of `tokens` under `ns`; notes when the lookup was made (which only the
  /// erase_*_last_lookup flaws read). (Not const: a mutable clock could not be read in a constant
  /// expression.)
  [[nodiscard]] constexpr std::size_t lookup(const kvc::cache_namespace& ns,
                                             std::span<const std::int32_t> tokens) noexcept {
    last_lookup_ = ++clock_;
    return longest_reuse(ns, tokens);
  }

  /// Forgets the entries of `ns` and returns how many there were.
  constexpr std::size_t erase(const kvc::cache_namespace& ns) noexcept {
    if (flaw_ == cache_flaw::erase_clears_all) {
      const std::size_t erased = size_;
      size_ = 0;
      return erased;
    } else if (flaw_ == cache_flaw::erase_revived_by_insert) {
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
        const bool erasable =
            (flaw_ != cache_flaw::erase_leaves_entries || erased == 0) &&
            (flaw_ != cache_flaw::erase_before_last_lookup ||
             entries_[e].inserted < last_lookup_) &&
            (flaw_ != cache_flaw::erase_after_last_lookup || entries_[e].inserted >= last_lookup_);
        const bool owned = flaw_ == cache_flaw::erase_whole_model ? entries_[e].ns.model == ns.model
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
  static constexpr std::size_t max_entries = MaxEntries;
  static constexpr std::size_t max_tokens = MaxTokens;

  struct entry {
    kvc::cache_namespace ns{};
    std::array<std::int32_t, max_tokens> tokens{};
    std::size_t length = 0;
    bool hidden = false;
    std::uint64_t inserted = 0;  // the lookup clock when it was inserted

    constexpr void assign(const scenario_cache& cache, const kvc::cache_namespace& to,
                          std::span<const std::int32_t> from, std::uint64_t now) noexcept {
      ns = to;
      length = from.size();
      hidden = false;
      inserted = now;
      for (std::size_t i = 0; i < length; ++i) tokens[i] = cache.stored(from[i]);
    }
  };

  [[nodiscard]] constexpr std::size_t longest_reuse(
      const kvc::cache_namespace& ns, std::span<const std::int32_t> tokens) const noexcept {
    if (flaw_ == cache_flaw::most_recent_entry_only) {
      for (std::size_t e = size_; e-- > 0;)
        if (same_namespace(entries_[e].ns, ns)) return reused_from(entries_[e], tokens);
      return 0;
    }
    std::size_t answer = flaw_ == cache_flaw::minimum_over_entries ? tokens.size() : 0;
    for (std::size_t e = 0; e < size_; ++e) {
      const entry& cached = entries_[e];
      if (cached.hidden || !same_namespace(cached.ns, ns)) continue;
      const std::size_t reused = reused_from(cached, tokens);
      if (flaw_ == cache_flaw::first_entry_wins) {
        if (reused > 0) return reused;
      } else if (flaw_ == cache_flaw::minimum_over_entries) {
        if (reused < answer) answer = reused;
      } else {
        if (reused > answer) answer = reused;
      }
    }
    return answer;
  }

  [[nodiscard]] constexpr std::int32_t stored(std::int32_t token) const noexcept {
    if (flaw_ == cache_flaw::int16_tokens)
      return static_cast<std::int16_t>(token);  // modular since C++20: 65536 + x becomes x
    else if (flaw_ == cache_flaw::int31_tokens)
      return static_cast<std::int32_t>(static_cast<std::uint32_t>(token) & 0x7FFF'FFFFU);
    else
      return token;
  }

  // 64 bits, so that INT32_MIN has a magnitude; std::llabs is not constexpr before C++23.
  [[nodiscard]] static constexpr std::int64_t magnitude(std::int32_t token) noexcept {
    return token < 0 ? -std::int64_t{token} : std::int64_t{token};
  }

  [[nodiscard]] constexpr bool same_token(std::int32_t cached, std::int32_t asked) const noexcept {
    if (flaw_ == cache_flaw::magnitude_tokens)
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

  [[nodiscard]] constexpr bool same_namespace(const kvc::cache_namespace& cached,
                                              const kvc::cache_namespace& asked) const noexcept {
    switch (flaw_) {
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

  [[nodiscard]] constexpr std::size_t reused_from(
      const entry& cached, std::span<const std::int32_t> tokens) const noexcept {
    if (flaw_ == cache_flaw::minus_one_is_padding) return reused_past_padding(cached, tokens);
    const std::size_t shorter = cached.length < tokens.size() ? cached.length : tokens.size();
    std::size_t common = 0;
    while (common < shorter && same_token(cached.tokens[common], tokens[common])) ++common;
    switch (flaw_) {
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

  cache_flaw flaw_;
  std::array<entry, max_entries> entries_{};
  std::size_t size_ = 0;
  // Counts lookups, to order inserts against them (erase_before/after_last_lookup only).
  std::uint64_t clock_ = 0;
  std::uint64_t last_lookup_ = 0;
};

/// `scenario_cache` with `Flaw`, as a type of its own (a constexpr factory of it is an empty
/// class).
template <cache_flaw Flaw, std::size_t MaxEntries = 8, std::size_t MaxTokens = 32>
class flawed_cache : public scenario_cache<MaxEntries, MaxTokens> {
 public:
  /// The wrong decision.
  static constexpr cache_flaw flaw = Flaw;
  constexpr flawed_cache() noexcept : scenario_cache<MaxEntries, MaxTokens>(Flaw) {}
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

/// `Cache` (a `flawed_cache`) with room for 64 entries of 64 tokens.
template <class Cache>
using roomy = flawed_cache<Cache::flaw, 64, 64>;

/// A factory of `Cache`, as the scenario suite and kvc::check_prefix_cache take it:
/// `kvc::verify(suite, factory<Cache>)`.
template <class Cache>
inline constexpr auto factory = [] { return Cache{}; };

/// A factory of the scenario caches with `flaw` (`Roomy`: with room for 64 entries of 64 tokens):
/// one factory type, so that each check's adapter is compiled once for every flaw.
template <bool Roomy>
struct scenario_cache_factory {
  cache_flaw flaw = cache_flaw::none;
  constexpr auto operator()() const noexcept {
    if constexpr (Roomy)
      return scenario_cache<64, 64>(flaw);
    else
      return scenario_cache<>(flaw);
  }
};

// --- What the engine-style caches share ----------------------------------------------------------

using tokens_view = std::span<const std::int32_t>;
using token_vector = std::vector<std::int32_t>;

inline std::size_t common_prefix(const token_vector& cached, tokens_view requested) {
  std::size_t n = 0;
  while (n < cached.size() && n < requested.size() && cached[n] == requested[n]) ++n;
  return n;
}

/// Every field, each with its length: a key that cannot alias.
inline std::string field_key(const kvc::cache_namespace& ns) {
  std::string key;
  for (const std::string_view field :
       {std::string_view(ns.model), std::string_view(ns.adapter), std::string_view(ns.salt)})
    key += std::to_string(field.size()) + ":" + std::string(field) + "|";
  return key + std::to_string(ns.adapter_revision);
}

// --- Caches as engines write them, for kvc::check_prefix_cache: correct ones ---------------------

/// Sequences grouped by namespace in a hash map searched with the view (transparent hash).
class hash_map_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    auto found = entries_.find(ns);
    if (found == entries_.end())
      found = entries_.emplace(kvc::owning_cache_namespace::from(ns), std::vector<token_vector>{})
                  .first;
    found->second.emplace_back(tokens.begin(), tokens.end());
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const auto found = entries_.find(ns);
    if (found == entries_.end()) return 0;
    std::size_t longest = 0;
    for (const token_vector& cached : found->second)
      longest = std::max(longest, common_prefix(cached, tokens));
    return longest;
  }
  std::size_t erase(const kvc::cache_namespace& ns) {
    const auto found = entries_.find(ns);
    if (found == entries_.end()) return 0;
    const std::size_t erased = found->second.size();
    entries_.erase(found);
    return erased;
  }

 private:
  std::unordered_map<kvc::owning_cache_namespace, std::vector<token_vector>,
                     kvc::cache_namespace_hash, std::equal_to<>>
      entries_;
};

/// At most `Capacity` sequences; the least recently used is evicted. Correct, but only as a bound.
template <std::size_t Capacity>
class lru_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    if (entries_.size() == Capacity)
      entries_.erase(
          std::min_element(entries_.begin(), entries_.end(),
                           [](const entry& a, const entry& b) { return a.used < b.used; }));
    entries_.push_back({kvc::owning_cache_namespace::from(ns),
                        token_vector(tokens.begin(), tokens.end()), ++clock_});
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) {
    std::size_t longest = 0;
    for (entry& e : entries_) {
      if (!(e.ns == ns)) continue;
      const std::size_t reused = common_prefix(e.tokens, tokens);
      if (reused > 0) e.used = ++clock_;
      longest = std::max(longest, reused);
    }
    return longest;
  }
  std::size_t erase(const kvc::cache_namespace& ns) {
    return static_cast<std::size_t>(
        std::erase_if(entries_, [&ns](const entry& e) { return e.ns == ns; }));
  }

 private:
  struct entry {
    kvc::owning_cache_namespace ns;
    token_vector tokens;
    std::uint64_t used = 0;
  };
  std::vector<entry> entries_;
  std::uint64_t clock_ = 0;
};

/// A paged cache as vLLM keeps one: full blocks of 16 tokens, each known by its whole prefix (the
/// chained block hash, without collisions), and the last requested token always recomputed.
/// Checked exactly under kvc::reuse_policy{16, true}.
class block_hash_cache {
 public:
  static constexpr std::size_t block = 16;

  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    for (std::size_t end = block; end <= tokens.size(); end += block)
      blocks_.emplace(
          field_key(ns),
          token_vector(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(end)));
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const std::size_t cap = tokens.empty() ? 0 : tokens.size() - 1;
    std::size_t reused = 0;
    while (reused + block <= cap &&
           blocks_.count({field_key(ns),
                          token_vector(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(
                                                                            reused + block))}) != 0)
      reused += block;
    return reused;
  }
  std::size_t erase(const kvc::cache_namespace& ns) {
    const std::string key = field_key(ns);
    return static_cast<std::size_t>(
        std::erase_if(blocks_, [&key](const auto& b) { return b.first == key; }));
  }

 private:
  std::set<std::pair<std::string, token_vector>> blocks_;
};

// --- Caches as engines write them: mutants with the stateful bugs engines have shipped, each of
// which only a sequence of calls can expose -------------------------------------------------------

/// llama.cpp's server prompt cache restored from host memory by tokens alone: any namespace's
/// prompt is reused, and erase(ns) finds nothing to forget.
class tokens_only_cache {
 public:
  bool insert(const kvc::cache_namespace&, tokens_view tokens) {
    prompts_.emplace_back(tokens.begin(), tokens.end());
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace&, tokens_view tokens) const {
    std::size_t longest = 0;
    for (const token_vector& cached : prompts_)
      longest = std::max(longest, common_prefix(cached, tokens));
    return longest;
  }
  std::size_t erase(const kvc::cache_namespace&) { return 0; }

 private:
  std::vector<token_vector> prompts_;
};

/// Sequences in one list; erase(ns) stops at the namespace's first entry.
class erase_first_only_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    entries_.emplace_back(kvc::owning_cache_namespace::from(ns),
                          token_vector(tokens.begin(), tokens.end()));
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    std::size_t longest = 0;
    for (const auto& [owner, cached] : entries_)
      if (owner == ns) longest = std::max(longest, common_prefix(cached, tokens));
    return longest;
  }
  std::size_t erase(const kvc::cache_namespace& ns) {
    const auto found = std::find_if(entries_.begin(), entries_.end(),
                                    [&ns](const auto& e) { return e.first == ns; });
    if (found == entries_.end()) return 0;
    entries_.erase(found);  // wrong: the namespace's other entries stay
    return 1;
  }

 private:
  std::vector<std::pair<kvc::owning_cache_namespace, token_vector>> entries_;
};

/// A fixed pool of slots with LRU eviction and an index from (namespace, first token) to a slot.
/// The index key already contains the namespace, so lookups trust the slot it names. Eviction
/// overwrites a slot without removing the evicted entry's key, and erase(ns) walks only the live
/// slots: a stale key keeps pointing at a slot that now holds another namespace's tokens.
template <std::size_t Slots>
class stale_index_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    if (tokens.empty()) return true;
    const key k{field_key(ns), tokens[0]};
    std::size_t at = Slots;
    if (const auto found = index_.find(k); found != index_.end()) at = found->second;
    if (at == Slots) at = victim();  // wrong: the victim's own key is left in the index
    slots_[at] = {kvc::owning_cache_namespace::from(ns), token_vector(tokens.begin(), tokens.end()),
                  ++clock_, true};
    index_[k] = at;
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) {
    if (tokens.empty()) return 0;
    const auto found = index_.find(key{field_key(ns), tokens[0]});
    if (found == index_.end() || !slots_[found->second].live) return 0;
    slot& s = slots_[found->second];
    s.used = ++clock_;
    return common_prefix(s.tokens, tokens);
  }
  std::size_t erase(const kvc::cache_namespace& ns) {
    std::size_t erased = 0;
    for (slot& s : slots_) {
      if (!s.live || !(s.ns == ns)) continue;
      index_.erase(key{field_key(ns), s.tokens[0]});
      s.live = false;
      ++erased;
    }
    return erased;
  }

 private:
  using key = std::pair<std::string, std::int32_t>;
  struct slot {
    kvc::owning_cache_namespace ns;
    token_vector tokens;
    std::uint64_t used = 0;
    bool live = false;
  };
  std::size_t victim() const {
    std::size_t oldest = 0;
    for (std::size_t i = 0; i < Slots; ++i) {
      if (!slots_[i].live) return i;
      if (slots_[i].used < slots_[oldest].used) oldest = i;
    }
    return oldest;
  }
  slot slots_[Slots]{};
  std::map<key, std::size_t> index_;
  std::uint64_t clock_ = 0;
};

/// A correct list of entries whose namespaces are compared by a caller-supplied key.
template <class Key>
class keyed_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    entries_[Key{}(ns)].emplace_back(tokens.begin(), tokens.end());
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const auto found = entries_.find(Key{}(ns));
    if (found == entries_.end()) return 0;
    std::size_t longest = 0;
    for (const token_vector& cached : found->second)
      longest = std::max(longest, common_prefix(cached, tokens));
    return longest;
  }
  std::size_t erase(const kvc::cache_namespace& ns) { return entries_.erase(Key{}(ns)); }

 private:
  std::map<std::string, std::vector<token_vector>> entries_;
};

/// vLLM #42125: the adapter named, its revision not; a reloaded adapter hits the old entries.
struct without_revision_key {
  std::string operator()(const kvc::cache_namespace& ns) const {
    return field_key(kvc::cache_namespace{ns.model, ns.adapter, 0, ns.salt});
  }
};
using revision_blind_cache = keyed_cache<without_revision_key>;

/// The fields concatenated: "org_1" + "2345" and "org_12345" + "" are one key.
struct concatenated_fields_key {
  std::string operator()(const kvc::cache_namespace& ns) const {
    return std::string(ns.model) + std::string(ns.adapter) + std::to_string(ns.adapter_revision) +
           std::string(ns.salt);
  }
};
using concatenated_key_cache = keyed_cache<concatenated_fields_key>;

/// Tokens stored as int16_t to halve the index: 65536 + x is x.
class int16_token_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    std::vector<std::int16_t> narrow;
    for (const std::int32_t t : tokens) narrow.push_back(static_cast<std::int16_t>(t));
    entries_[field_key(ns)].push_back(std::move(narrow));
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const auto found = entries_.find(field_key(ns));
    if (found == entries_.end()) return 0;
    std::size_t longest = 0;
    for (const auto& cached : found->second) {
      std::size_t n = 0;
      while (n < cached.size() && n < tokens.size() &&
             cached[n] == static_cast<std::int16_t>(tokens[n]))
        ++n;
      longest = std::max(longest, n);
    }
    return longest;
  }
  std::size_t erase(const kvc::cache_namespace& ns) { return entries_.erase(field_key(ns)); }

 private:
  std::map<std::string, std::vector<std::vector<std::int16_t>>> entries_;
};

/// The prefix walk counts a position before comparing it: the first disagreement is included.
class counts_disagreement_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    entries_[field_key(ns)].emplace_back(tokens.begin(), tokens.end());
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const auto found = entries_.find(field_key(ns));
    if (found == entries_.end()) return 0;
    std::size_t longest = 0;
    for (const token_vector& cached : found->second) {
      std::size_t n = 0;
      while (n < cached.size() && n < tokens.size()) {
        ++n;
        if (cached[n - 1] != tokens[n - 1]) break;  // wrong: already counted
      }
      longest = std::max(longest, n);
    }
    return longest;
  }
  std::size_t erase(const kvc::cache_namespace& ns) { return entries_.erase(field_key(ns)); }

 private:
  std::map<std::string, std::vector<token_vector>> entries_;
};

// --- A hostile review's caches: each wrong under the contract, written as a careful but wrong
// reviewer would write it (a hash used as a key, a fixed-width key, a sentinel token) -------------

/// Entries in insertion order; `Key` names a namespace, `Same` compares two tokens, and `Reuse`
/// turns (entry, request) into a reused length. Each mutant swaps one of them.
template <class Key, class Reuse>
class list_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    entries_.push_back({Key{}(ns), token_vector(tokens.begin(), tokens.end())});
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const auto key = Key{}(ns);
    std::size_t longest = 0;
    for (const auto& [owner, cached] : entries_)
      if (owner == key) longest = std::max(longest, Reuse{}(cached, tokens));
    return longest;
  }
  std::size_t erase(const kvc::cache_namespace& ns) {
    const auto key = Key{}(ns);
    return static_cast<std::size_t>(
        std::erase_if(entries_, [&key](const auto& e) { return e.first == key; }));
  }

 protected:
  std::vector<std::pair<decltype(Key{}(kvc::cache_namespace{})), token_vector>> entries_;
};

struct exact_prefix {
  std::size_t operator()(const token_vector& cached, tokens_view requested) const {
    return common_prefix(cached, requested);
  }
};

/// The model's length plus the adapter's first character: the bucket of a hand-rolled hash,
/// trusted without comparing the namespace.
struct length_and_initial_key {
  std::size_t operator()(const kvc::cache_namespace& ns) const {
    return ns.model.size() * 256 +
           (ns.adapter.empty() ? 0U : static_cast<unsigned char>(ns.adapter[0]));
  }
};
using weak_namespace_hash_cache = list_cache<length_and_initial_key, exact_prefix>;

/// kvc's own FNV-1a of every field, truncated to 8 bits to index a 256-bucket table, and trusted.
struct fnv8_key {
  std::size_t operator()(const kvc::cache_namespace& ns) const {
    return kvc::hash_value(ns) & 0xFFU;
  }
};
using fnv8_namespace_cache = list_cache<fnv8_key, exact_prefix>;

/// The salt is left out of the key when the adapter is empty ("salts are per adapter").
struct salt_with_adapter_only_key {
  std::string operator()(const kvc::cache_namespace& ns) const {
    return field_key(kvc::cache_namespace{ns.model, ns.adapter, ns.adapter_revision,
                                          ns.adapter.empty() ? kvc::namespace_text{} : ns.salt});
  }
};
using unsalted_base_cache = list_cache<salt_with_adapter_only_key, exact_prefix>;

/// The revision is compared only when there is an adapter ("a revision belongs to an adapter").
struct revision_with_adapter_only_key {
  std::string operator()(const kvc::cache_namespace& ns) const {
    return field_key(kvc::cache_namespace{ns.model, ns.adapter,
                                          ns.adapter.empty() ? 0 : ns.adapter_revision, ns.salt});
  }
};
using base_revision_blind_cache = list_cache<revision_with_adapter_only_key, exact_prefix>;

/// The reverse: the revision compared only for the base model.
struct revision_without_adapter_only_key {
  std::string operator()(const kvc::cache_namespace& ns) const {
    return field_key(kvc::cache_namespace{ns.model, ns.adapter,
                                          ns.adapter.empty() ? ns.adapter_revision : 0, ns.salt});
  }
};
using adapter_revision_blind_cache = list_cache<revision_without_adapter_only_key, exact_prefix>;

struct exact_key {
  std::string operator()(const kvc::cache_namespace& ns) const { return field_key(ns); }
};

/// Every prefix of every entry kept as (namespace, length, hash of the prefix) in a table, as
/// block-hash caches keep blocks; a lookup walks the request's prefixes while the table holds
/// them, trusting the hash without comparing tokens. `Hash` folds one more token into a hash.
template <class Hash>
class prefix_hash_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    std::uint64_t h = Hash::seed;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      h = Hash{}(h, tokens[i]);
      prefixes_.insert({field_key(ns), i + 1, h});
    }
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const std::string key = field_key(ns);
    std::uint64_t h = Hash::seed;
    std::size_t n = 0;
    while (n < tokens.size()) {
      h = Hash{}(h, tokens[n]);
      if (prefixes_.count({key, n + 1, h}) == 0) break;
      ++n;
    }
    return n;
  }
  std::size_t erase(const kvc::cache_namespace& ns) {
    const std::string key = field_key(ns);
    return static_cast<std::size_t>(
        std::erase_if(prefixes_, [&key](const auto& p) { return std::get<0>(p) == key; }));
  }

 private:
  std::set<std::tuple<std::string, std::size_t, std::uint64_t>> prefixes_;
};

/// The sum of the tokens: order-blind.
struct additive_hash {
  static constexpr std::uint64_t seed = 0;
  std::uint64_t operator()(std::uint64_t h, std::int32_t token) const {
    return h + static_cast<std::uint32_t>(token);
  }
};
using additive_token_hash_cache = prefix_hash_cache<additive_hash>;

/// FNV-1a over the tokens' bytes, truncated to 8 bits when stored.
struct fnv8_hash {
  static constexpr std::uint64_t seed = 14695981039346656037ULL & 0xFFU;
  std::uint64_t operator()(std::uint64_t h, std::int32_t token) const {
    // Chained like a parent block's hash: the previous 8-bit hash first, then the token's bytes.
    std::uint64_t state = (14695981039346656037ULL ^ h) * 1099511628211ULL;
    for (int i = 0; i < 4; ++i) {
      state ^= static_cast<std::uint8_t>(static_cast<std::uint32_t>(token) >> (8 * i));
      state *= 1099511628211ULL;
    }
    return state & 0xFFU;
  }
};
using fnv8_token_hash_cache = prefix_hash_cache<fnv8_hash>;

/// The first `Width` tokens are the key; past them, the shorter length is assumed shared.
template <std::size_t Width>
struct fixed_width_prefix {
  std::size_t operator()(const token_vector& cached, tokens_view requested) const {
    const std::size_t n = common_prefix(cached, requested);
    if (n < std::min({Width, cached.size(), requested.size()})) return n;
    return std::min(cached.size(), requested.size());
  }
};
using fixed_width_8_cache = list_cache<exact_key, fixed_width_prefix<8>>;
using fixed_width_16_cache = list_cache<exact_key, fixed_width_prefix<16>>;

/// A longer entry that starts with the request reuses the request and one more (its next token).
struct one_past_request {
  std::size_t operator()(const token_vector& cached, tokens_view requested) const {
    const std::size_t n = common_prefix(cached, requested);
    return n == requested.size() && cached.size() > n ? n + 1 : n;
  }
};
using one_past_request_cache = list_cache<exact_key, one_past_request>;

/// A negative token ends the sequence, on both sides.
struct negative_ends_sequence {
  std::size_t operator()(const token_vector& cached, tokens_view requested) const {
    std::size_t n = 0;
    while (n < cached.size() && n < requested.size() && cached[n] >= 0 && cached[n] == requested[n])
      ++n;
    return n;
  }
};
using negative_is_end_cache = list_cache<exact_key, negative_ends_sequence>;

/// -1 is padding: skipped on both sides, and the tokens walked on the request's side counted.
struct minus_one_skipped {
  std::size_t operator()(const token_vector& cached, tokens_view requested) const {
    std::size_t i = 0;
    std::size_t j = 0;
    while (true) {
      while (i < cached.size() && cached[i] == -1) ++i;
      while (j < requested.size() && requested[j] == -1) ++j;
      if (i == cached.size() || j == requested.size() || cached[i] != requested[j]) return j;
      ++i;
      ++j;
    }
  }
};
using padding_skipping_cache = list_cache<exact_key, minus_one_skipped>;

/// Tokens compared by magnitude (a vocabulary stored unsigned after std::abs).
struct by_magnitude {
  std::size_t operator()(const token_vector& cached, tokens_view requested) const {
    std::size_t n = 0;
    while (n < cached.size() && n < requested.size() &&
           std::llabs(cached[n]) == std::llabs(requested[n]))
      ++n;
    return n;
  }
};
using magnitude_token_cache = list_cache<exact_key, by_magnitude>;

/// Tokens stored in 31 bits, the top bit kept for a flag: INT32_MIN is 0, -1 is INT32_MAX.
struct low_31_bits {
  std::size_t operator()(const token_vector& cached, tokens_view requested) const {
    std::size_t n = 0;
    const auto low = [](std::int32_t t) { return static_cast<std::uint32_t>(t) & 0x7FFFFFFFU; };
    while (n < cached.size() && n < requested.size() && low(cached[n]) == low(requested[n])) ++n;
    return n;
  }
};
using sign_bit_flag_cache = list_cache<exact_key, low_31_bits>;

/// Tokens stored as uint16_t: 65536 + x is x, and -1 is 65535.
struct low_16_bits {
  std::size_t operator()(const token_vector& cached, tokens_view requested) const {
    std::size_t n = 0;
    while (n < cached.size() && n < requested.size() &&
           static_cast<std::uint16_t>(cached[n]) == static_cast<std::uint16_t>(requested[n]))
      ++n;
    return n;
  }
};
using uint16_token_cache = list_cache<exact_key, low_16_bits>;

/// erase(ns) unloads the model: every namespace of ns.model goes (seen only in exact mode, where
/// nothing may be forgotten).
class erase_whole_model_cache : public list_cache<exact_key, exact_prefix> {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    models_.emplace_back(ns.model);
    return list_cache::insert(ns, tokens);
  }
  std::size_t erase(const kvc::cache_namespace& ns) {
    std::size_t erased = 0;
    for (std::size_t i = entries_.size(); i-- > 0;)
      if (models_[i] == ns.model) {
        entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(i));
        models_.erase(models_.begin() + static_cast<std::ptrdiff_t>(i));
        ++erased;
      }
    return erased;
  }

 private:
  std::vector<std::string> models_;
};

/// erase(ns) forgets only the entries inserted before the last lookup (a snapshot it reused).
class erase_before_last_lookup_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    entries_.push_back({field_key(ns), token_vector(tokens.begin(), tokens.end()), clock_});
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) {
    last_lookup_ = ++clock_;
    const std::string key = field_key(ns);
    std::size_t longest = 0;
    for (const entry& e : entries_)
      if (e.key == key) longest = std::max(longest, common_prefix(e.tokens, tokens));
    return longest;
  }
  std::size_t erase(const kvc::cache_namespace& ns) {
    const std::string key = field_key(ns);
    return static_cast<std::size_t>(std::erase_if(
        entries_, [&](const entry& e) { return e.key == key && e.inserted < last_lookup_; }));
  }

 private:
  struct entry {
    std::string key;
    token_vector tokens;
    std::uint64_t inserted = 0;
  };
  std::vector<entry> entries_;
  std::uint64_t clock_ = 0;
  std::uint64_t last_lookup_ = 0;
};

/// Only the most recently inserted entry of the namespace answers (a one-slot prompt cache that
/// claims to keep many; seen in exact mode).
class most_recent_only_cache : public list_cache<exact_key, exact_prefix> {
 public:
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const std::string key = field_key(ns);
    for (auto e = entries_.rbegin(); e != entries_.rend(); ++e)
      if (e->first == key) return common_prefix(e->second, tokens);
    return 0;
  }
};

/// The first entry that shares a token answers, not the longest (seen in exact mode).
class first_match_cache : public list_cache<exact_key, exact_prefix> {
 public:
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const std::string key = field_key(ns);
    for (const auto& [owner, cached] : entries_)
      if (owner == key)
        if (const std::size_t n = common_prefix(cached, tokens); n > 0) return n;
    return 0;
  }
};

/// A paged cache under {16, true} that forgets to keep the last token out when the request ends
/// exactly on a block edge.
class edge_recompute_cache : public list_cache<exact_key, exact_prefix> {
 public:
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const std::size_t n = list_cache::lookup(ns, tokens);
    const std::size_t cap = tokens.size() % 16 == 0 ? tokens.size() : tokens.size() - 1;
    const std::size_t capped = std::min(n, cap);
    return capped - capped % 16;
  }
};

/// Under {16, true}: a request equal to a cached entry is reused whole, last token included.
class whole_hit_cache : public list_cache<exact_key, exact_prefix> {
 public:
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const std::string key = field_key(ns);
    std::size_t longest = 0;
    for (const auto& [owner, cached] : entries_) {
      if (owner != key) continue;
      const std::size_t n = common_prefix(cached, tokens);
      const bool whole = n == tokens.size() && n == cached.size();
      const std::size_t capped = whole || tokens.empty() ? n : std::min(n, tokens.size() - 1);
      longest = std::max(longest, capped - capped % 16);
    }
    return longest;
  }
};

}  // namespace kvc::mutants::prefix_cache
