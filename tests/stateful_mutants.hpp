// Prefix caches and slot allocators for the stateful checks' proofs (tests/stateful_checks.cpp):
// mutants with the stateful bugs engines have shipped, each of which only a sequence of calls can
// expose, and correct implementations of the kinds engines use, which must pass.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <kvc/cache_namespace.hpp>

namespace stateful_mutants {

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
  for (const std::string_view field : {std::string_view(ns.model), std::string_view(ns.adapter),
                                       std::string_view(ns.salt)})
    key += std::to_string(field.size()) + ":" + std::string(field) + "|";
  return key + std::to_string(ns.adapter_revision);
}

// ---- correct caches ----------------------------------------------------------------------------

/// Sequences grouped by namespace in a hash map searched with the view (transparent hash).
class hash_map_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    auto found = entries_.find(ns);
    if (found == entries_.end())
      found = entries_.emplace(kvc::owning_cache_namespace::from(ns), std::vector<token_vector>{}).first;
    found->second.emplace_back(tokens.begin(), tokens.end());
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const auto found = entries_.find(ns);
    if (found == entries_.end()) return 0;
    std::size_t longest = 0;
    for (const token_vector& cached : found->second) longest = std::max(longest, common_prefix(cached, tokens));
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
  std::unordered_map<kvc::owning_cache_namespace, std::vector<token_vector>, kvc::cache_namespace_hash,
                     std::equal_to<>>
      entries_;
};

/// At most `Capacity` sequences; the least recently used is evicted. Correct, but only as a bound.
template <std::size_t Capacity>
class lru_cache {
 public:
  bool insert(const kvc::cache_namespace& ns, tokens_view tokens) {
    if (entries_.size() == Capacity)
      entries_.erase(std::min_element(entries_.begin(), entries_.end(),
                                      [](const entry& a, const entry& b) { return a.used < b.used; }));
    entries_.push_back({kvc::owning_cache_namespace::from(ns), token_vector(tokens.begin(), tokens.end()), ++clock_});
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
    return static_cast<std::size_t>(std::erase_if(entries_, [&ns](const entry& e) { return e.ns == ns; }));
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
      blocks_.emplace(field_key(ns), token_vector(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(end)));
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    const std::size_t cap = tokens.empty() ? 0 : tokens.size() - 1;
    std::size_t reused = 0;
    while (reused + block <= cap &&
           blocks_.count({field_key(ns), token_vector(tokens.begin(), tokens.begin() +
                                                                        static_cast<std::ptrdiff_t>(reused + block))}) != 0)
      reused += block;
    return reused;
  }
  std::size_t erase(const kvc::cache_namespace& ns) {
    const std::string key = field_key(ns);
    return static_cast<std::size_t>(std::erase_if(blocks_, [&key](const auto& b) { return b.first == key; }));
  }

 private:
  std::set<std::pair<std::string, token_vector>> blocks_;
};

// ---- mutant caches -----------------------------------------------------------------------------

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
    for (const token_vector& cached : prompts_) longest = std::max(longest, common_prefix(cached, tokens));
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
    entries_.emplace_back(kvc::owning_cache_namespace::from(ns), token_vector(tokens.begin(), tokens.end()));
    return true;
  }
  std::size_t lookup(const kvc::cache_namespace& ns, tokens_view tokens) const {
    std::size_t longest = 0;
    for (const auto& [owner, cached] : entries_)
      if (owner == ns) longest = std::max(longest, common_prefix(cached, tokens));
    return longest;
  }
  std::size_t erase(const kvc::cache_namespace& ns) {
    const auto found = std::find_if(entries_.begin(), entries_.end(), [&ns](const auto& e) { return e.first == ns; });
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
    slots_[at] = {kvc::owning_cache_namespace::from(ns), token_vector(tokens.begin(), tokens.end()), ++clock_, true};
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
    for (const token_vector& cached : found->second) longest = std::max(longest, common_prefix(cached, tokens));
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
struct concatenated_key {
  std::string operator()(const kvc::cache_namespace& ns) const {
    return std::string(ns.model) + std::string(ns.adapter) + std::to_string(ns.adapter_revision) +
           std::string(ns.salt);
  }
};
using concatenated_key_cache = keyed_cache<concatenated_key>;

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
      while (n < cached.size() && n < tokens.size() && cached[n] == static_cast<std::int16_t>(tokens[n])) ++n;
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

// ---- allocators ------------------------------------------------------------------------------

/// A correct allocator with `Request` ids and `Count` slot counts, holdings in a std::map.
template <class Request, class Count>
class map_allocator {
 public:
  using count_type = Count;
  explicit map_allocator(Count capacity) : free_(capacity) {}
  bool try_reserve(Request request, Count n) {
    if (!(n > Count{0}) || n > free_) return false;
    free_ -= n;
    held_[request] += n;
    return true;
  }
  Count release(Request request) {
    const auto found = held_.find(request);
    if (found == held_.end()) return 0;
    const Count freed = found->second;
    free_ += freed;
    held_.erase(found);
    return freed;
  }
  Count available() const { return free_; }

 protected:
  Count free_;
  std::map<Request, Count> held_;
};

/// Grants what is left when a request does not fit: min(n, available).
class partial_grant_allocator : public map_allocator<std::uint64_t, std::size_t> {
 public:
  using map_allocator::map_allocator;
  bool try_reserve(std::uint64_t request, std::size_t n) {
    const std::size_t granted = std::min(n, free_);
    if (granted == 0) return false;
    free_ -= granted;
    held_[request] += granted;
    return true;
  }
};

/// Frees a request's slots but keeps its holding: a second release frees them again.
class double_release_allocator : public map_allocator<std::uint64_t, std::size_t> {
 public:
  using map_allocator::map_allocator;
  std::size_t release(std::uint64_t request) {
    const auto found = held_.find(request);
    if (found == held_.end()) return 0;
    free_ += found->second;  // wrong: the holding is not erased or zeroed
    return found->second;
  }
};

/// Holdings in a vector sorted by request; release binary-searches without checking that it found
/// the request, so an unknown request frees the next request's slots.
class unknown_release_allocator {
 public:
  using count_type = std::size_t;
  explicit unknown_release_allocator(std::size_t capacity) : free_(capacity) {}
  bool try_reserve(std::uint64_t request, std::size_t n) {
    if (n > free_) return false;
    free_ -= n;
    const auto at = std::lower_bound(held_.begin(), held_.end(), request,
                                     [](const holding& h, std::uint64_t r) { return h.first < r; });
    if (at != held_.end() && at->first == request)
      at->second += n;
    else
      held_.insert(at, {request, n});
    return true;
  }
  std::size_t release(std::uint64_t request) {
    const auto at = std::lower_bound(held_.begin(), held_.end(), request,
                                     [](const holding& h, std::uint64_t r) { return h.first < r; });
    if (at == held_.end()) return 0;  // wrong: at->first may be another request
    const std::size_t freed = at->second;
    free_ += freed;
    held_.erase(at);
    return freed;
  }
  std::size_t available() const { return free_; }

 private:
  using holding = std::pair<std::uint64_t, std::size_t>;
  std::size_t free_;
  std::vector<holding> held_;
};

/// A second reservation by the same request replaces its holding instead of adding to it.
class overwriting_allocator : public map_allocator<std::uint64_t, std::size_t> {
 public:
  using map_allocator::map_allocator;
  bool try_reserve(std::uint64_t request, std::size_t n) {
    if (n > free_) return false;
    free_ -= n;
    held_[request] = n;  // wrong: += n
    return true;
  }
};

}  // namespace stateful_mutants
