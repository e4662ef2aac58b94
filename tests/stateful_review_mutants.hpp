// Caches and allocators written as a careful but wrong reviewer would write them, to probe what
// kvc's stateful checks let through (tests/stateful_review.cpp). Each bug is one a code review
// can miss: a hash used as a key, a fixed-width key, a sentinel token, a narrowed request id.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <kvc/cache_namespace.hpp>

#include "stateful_mutants.hpp"

namespace stateful_review {

using stateful_mutants::common_prefix;
using stateful_mutants::field_key;
using stateful_mutants::token_vector;
using stateful_mutants::tokens_view;

// ---- caches ------------------------------------------------------------------------------------

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
    return static_cast<std::size_t>(std::erase_if(entries_, [&key](const auto& e) { return e.first == key; }));
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
    return ns.model.size() * 256 + (ns.adapter.empty() ? 0U : static_cast<unsigned char>(ns.adapter[0]));
  }
};
using weak_namespace_hash_cache = list_cache<length_and_initial_key, exact_prefix>;

/// kvc's own FNV-1a of every field, truncated to 8 bits to index a 256-bucket table, and trusted.
struct fnv8_key {
  std::size_t operator()(const kvc::cache_namespace& ns) const { return kvc::hash_value(ns) & 0xFFU; }
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
    return field_key(kvc::cache_namespace{ns.model, ns.adapter, ns.adapter.empty() ? 0 : ns.adapter_revision,
                                          ns.salt});
  }
};
using base_revision_blind_cache = list_cache<revision_with_adapter_only_key, exact_prefix>;

/// The reverse: the revision compared only for the base model.
struct revision_without_adapter_only_key {
  std::string operator()(const kvc::cache_namespace& ns) const {
    return field_key(kvc::cache_namespace{ns.model, ns.adapter, ns.adapter.empty() ? ns.adapter_revision : 0,
                                          ns.salt});
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
    while (n < cached.size() && n < requested.size() && cached[n] >= 0 && cached[n] == requested[n]) ++n;
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

// ---- allocators --------------------------------------------------------------------------------

using base_allocator = stateful_mutants::map_allocator<std::uint64_t, std::size_t>;

/// Grants n == available() + 1: `<=` where `<` was meant, on a signed count.
class edge_off_by_one_allocator {
 public:
  using count_type = std::size_t;
  explicit edge_off_by_one_allocator(std::size_t capacity) : free_(static_cast<std::int64_t>(capacity)) {}
  bool try_reserve(std::uint64_t request, std::size_t n) {
    const auto want = static_cast<std::int64_t>(n);
    if (want <= 0 || want > free_ + 1) return false;
    free_ -= want;
    held_[request] += want;
    return true;
  }
  std::size_t release(std::uint64_t request) {
    const auto found = held_.find(request);
    if (found == held_.end()) return 0;
    free_ += found->second;
    const auto freed = static_cast<std::size_t>(found->second);
    held_.erase(found);
    return freed;
  }
  std::int64_t available() const { return free_; }

 private:
  std::int64_t free_;
  std::map<std::uint64_t, std::int64_t> held_;
};

/// `used` kept in 8 bits, to pack it beside a flag: it wraps past 255 slots.
class uint8_used_allocator {
 public:
  using count_type = std::size_t;
  explicit uint8_used_allocator(std::size_t capacity) : capacity_(capacity) {}
  bool try_reserve(std::uint64_t request, std::size_t n) {
    if (n == 0 || n > available()) return false;
    used_ = static_cast<std::uint8_t>(used_ + n);
    held_[request] += n;
    return true;
  }
  std::size_t release(std::uint64_t request) {
    const auto found = held_.find(request);
    if (found == held_.end()) return 0;
    const std::size_t freed = found->second;
    used_ = static_cast<std::uint8_t>(used_ - freed);
    held_.erase(found);
    return freed;
  }
  std::size_t available() const { return capacity_ - used_; }

 private:
  std::size_t capacity_;
  std::uint8_t used_ = 0;
  std::map<std::uint64_t, std::size_t> held_;
};

/// Holdings keyed by the request id narrowed to `Id` (a 32-bit id "is plenty").
template <class Id>
class narrowed_id_allocator : public stateful_mutants::map_allocator<Id, std::size_t> {
  using base = stateful_mutants::map_allocator<Id, std::size_t>;

 public:
  using base::base;
  bool try_reserve(std::uint64_t request, std::size_t n) { return base::try_reserve(static_cast<Id>(request), n); }
  std::size_t release(std::uint64_t request) { return base::release(static_cast<Id>(request)); }
};
using uint32_id_allocator = narrowed_id_allocator<std::uint32_t>;
using uint8_id_allocator = narrowed_id_allocator<std::uint8_t>;

/// release frees the slots but leaves the holding: a later reservation adds to the stale count,
/// and the next release frees both.
class stale_holding_allocator : public base_allocator {
 public:
  using map_allocator::map_allocator;
  std::size_t release(std::uint64_t request) {
    const auto found = held_.find(request);
    if (found == held_.end() || released_.count(request) != 0) return 0;
    free_ += found->second;
    released_.insert(request);  // wrong: the holding stays, and is freed again after a re-reserve
    return found->second;
  }
  bool try_reserve(std::uint64_t request, std::size_t n) {
    released_.erase(request);
    return map_allocator::try_reserve(request, n);
  }

 private:
  std::set<std::uint64_t> released_;
};

/// Request 0 means "no request": its reservations succeed without taking slots.
class zero_is_no_request_allocator : public base_allocator {
 public:
  using map_allocator::map_allocator;
  bool try_reserve(std::uint64_t request, std::size_t n) {
    if (request == 0) return n > 0;
    return map_allocator::try_reserve(request, n);
  }
};

/// A grant takes n slots from the budget but records n - 1 held: the release leaks one.
class holds_one_less_allocator : public base_allocator {
 public:
  using map_allocator::map_allocator;
  bool try_reserve(std::uint64_t request, std::size_t n) {
    if (n == 0 || n > free_) return false;
    free_ -= n;
    held_[request] += n - 1;
    return true;
  }
};

/// Request ids compared by their low 8 bits in release only (a bucket index reused as the id).
class low_bits_release_allocator : public base_allocator {
 public:
  using map_allocator::map_allocator;
  std::size_t release(std::uint64_t request) {
    for (auto h = held_.begin(); h != held_.end(); ++h)
      if ((h->first & 0xFFU) == (request & 0xFFU)) {
        const std::size_t freed = h->second;
        free_ += freed;
        held_.erase(h);
        return freed;
      }
    return 0;
  }
};

}  // namespace stateful_review
