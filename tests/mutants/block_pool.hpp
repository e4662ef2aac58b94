// tests/mutants/block_pool.hpp - known-bad paged KV block pools: keys, references, eviction and
// admission gotten wrong, each the way an engine got it wrong. Two groups:
//  - `flawed_pool<flaw>` (namespace kvc::mutants::block_pool): one small constexpr pool with one
//    decision made wrong, written apart from kvc::model::block_pool so that a mistake shared with
//    the model cannot hide, rejected by the scenarios of kvc::suites::block_pool_scenarios
//    (static_checks/block_pool.cpp proves which scenarios each fails). Usable in constant
//    expressions on every supported compiler: fixed arrays, no allocation. 8 blocks, 4 live
//    requests, 16 tokens per request: enough for every scenario.
//  - `pools::flawed_pool<bug>` and the `pools::sneaky_*` pools (namespace
//    kvc::mutants::block_pool::pools): pools as engines write them (maps, lists, heaps), one bug
//    switched on each, each of which kvc::check_block_pool must catch (exact mode, policy
//    {block_size, false}); `pools::flawed_pool<pool_bug::none>` is correct and must pass. The
//    sneaky ones are bugs a random-testing checker may well miss: each comment says why, and which
//    sequence exposes it. Same adapter as the correct pools (tests/block_pool_engines.hpp):
//    allocate, append, free, free_blocks, block_table, fork, reset_prefix_cache, constructed from
//    (num_blocks, block_size).
// tests/block_pool_conformance.cpp proves each rejected by kvc::check (the scenarios) and by
// kvc::check_block_pool / kvc::explore (generated sequences). Test material: not installed.
#pragma once

#include <algorithm>
#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <map>
#include <optional>
#include <queue>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kvc::mutants::block_pool {

// --- One small constexpr pool, each flaw a wrong decision the scenarios reject
// --------------------

/// The one wrong decision of a `flawed_pool`.
enum class pool_flaw : unsigned char {
  none,                       ///< no flaw: the correct pool the others are variations of
  namespace_not_in_key,       ///< blocks are keyed by tokens alone: a hit across namespaces
  parent_not_in_key,          ///< a block is keyed by its own tokens, not by every token before
  hit_past_first_miss,        ///< every cached block of the prompt counts, not only leading ones
  touched_hits_not_counted,   ///< admission forgets that free hit blocks leave the free set
  double_free_frees_again,    ///< a request freed twice drops its references twice
  refusal_keeps_blocks,       ///< a refused allocation keeps the blocks it took before refusing
  evicts_held_block,          ///< every cached block counts as evictable, held ones too
  eviction_keeps_hash,        ///< an evicted block is still found under its old content
  reset_while_live,           ///< the prefix cache is reset while requests are live
  free_keeps_references,      ///< a freed request never drops its references
  partial_block_cached,       ///< a partial last block is cached as if it were full
  fork_without_reference,     ///< a fork shares blocks without taking a reference
  fork_shares_partial,        ///< a fork shares the partial last block instead of copying it
  append_not_all_or_nothing,  ///< an append that does not fit takes what is free and fails
  evictable_not_free,         ///< free_blocks() leaves out cached blocks nobody holds
  reset_keeps_hashes,         ///< a reset reports success but keeps every cached block
  append_fills_not_cached,    ///< a block an append fills is never cached
};

/// A block pool of at most `MaxBlocks` blocks, `MaxRequests` live requests and `MaxTokens` tokens
/// each (8, 4 and 16: enough for every scenario; `roomy_pool` has room for every generated
/// sequence of kvc::check_block_pool), correct but for its flaw.
template <std::size_t MaxBlocks = 8, std::size_t MaxRequests = 4, std::size_t MaxTokens = 16>
class scenario_pool {
 public:
  /// A pool of `num_blocks` (at most `MaxBlocks`) free blocks of `block_size` tokens.
  constexpr scenario_pool(std::size_t num_blocks, std::size_t block_size, pool_flaw flaw) noexcept
      : flaw_(flaw),
        num_blocks_(num_blocks < MaxBlocks ? num_blocks : MaxBlocks),
        block_size_(block_size == 0 ? 1 : block_size) {}

  /// The cached tokens served, or nullopt: refused.
  constexpr std::optional<std::size_t> allocate(std::uint64_t request, std::uint64_t ns,
                                                std::span<const std::int32_t> tokens) noexcept {
    if (tokens.empty() || tokens.size() > MaxTokens || live_ == MaxRequests ||
        find(request) != live_)
      return std::nullopt;
    request_state incoming{request, ns, {}, tokens.size(), {}, 0};
    for (std::size_t i = 0; i < tokens.size(); ++i) incoming.tokens[i] = tokens[i];
    const std::size_t total = (tokens.size() + block_size_ - 1) / block_size_;
    std::array<std::size_t, MaxTokens> hits{};
    std::size_t matched = 0;
    std::size_t counted = 0;
    for (std::size_t i = 0; (i + 1) * block_size_ <= tokens.size(); ++i) {
      const std::size_t holder = cached(incoming, (i + 1) * block_size_);
      if (holder == none) {
        if (flaw_ == pool_flaw::hit_past_first_miss) continue;
        break;
      }
      if (matched == i) hits[matched++] = holder;
      ++counted;
    }
    std::size_t touched = 0;
    for (std::size_t i = 0; i < matched; ++i)
      if (blocks_[hits[i]].refs == 0) ++touched;
    if (flaw_ == pool_flaw::touched_hits_not_counted) touched = 0;
    const std::size_t fresh = total - matched;
    std::size_t budget = free_count();
    if (flaw_ == pool_flaw::evicts_held_block)
      for (std::size_t b = 0; b < num_blocks_; ++b)
        if (blocks_[b].refs > 0 && blocks_[b].cached) ++budget;
    if (fresh + touched > budget) {
      if (flaw_ == pool_flaw::refusal_keeps_blocks)
        for (std::size_t i = 0; i < fresh && free_count() > 0; ++i) take(incoming, matched + i);
      return std::nullopt;
    }
    for (std::size_t i = 0; i < matched; ++i) {
      ++blocks_[hits[i]].refs;
      incoming.table[i] = hits[i];
    }
    for (std::size_t i = matched; i < total; ++i) incoming.table[i] = take(incoming, i);
    incoming.blocks = total;
    requests_[live_++] = incoming;
    return (flaw_ == pool_flaw::hit_past_first_miss ? counted : matched) * block_size_;
  }

  /// Appends tokens to a live request; false when its new blocks are not free.
  constexpr bool append(std::uint64_t request, std::span<const std::int32_t> tokens) noexcept {
    const std::size_t at = find(request);
    if (at == live_ || requests_[at].length + tokens.size() > MaxTokens) return false;
    request_state& grown = requests_[at];
    const std::size_t old_blocks = grown.blocks;
    const std::size_t length = grown.length + tokens.size();
    const std::size_t total = (length + block_size_ - 1) / block_size_;
    if (total - old_blocks > free_count()) {
      if (flaw_ == pool_flaw::append_not_all_or_nothing)
        while (free_count() > 0 && grown.blocks < total)
          grown.table[grown.blocks] = take(grown, grown.blocks), ++grown.blocks;
      return false;
    }
    for (std::size_t i = 0; i < tokens.size(); ++i) grown.tokens[grown.length + i] = tokens[i];
    grown.length = length;
    if (old_blocks > 0 && flaw_ != pool_flaw::append_fills_not_cached)
      write(grown, old_blocks - 1, grown.table[old_blocks - 1]);
    for (std::size_t i = old_blocks; i < total; ++i) grown.table[i] = take(grown, i);
    grown.blocks = total;
    return true;
  }

  /// Drops a live request's references.
  constexpr void free(std::uint64_t request) noexcept {
    const std::size_t at = find(request);
    if (at == live_) {
      if (flaw_ == pool_flaw::double_free_frees_again)
        if (last_freed_.blocks > 0 && last_freed_.id == request) drop(last_freed_);
      return;
    }
    last_freed_ = requests_[at];
    if (flaw_ != pool_flaw::free_keeps_references) drop(requests_[at]);
    requests_[at] = requests_[--live_];
  }

  /// Makes `child` share `parent`'s full blocks and copy its partial one.
  constexpr bool fork(std::uint64_t parent, std::uint64_t child) noexcept {
    const std::size_t at = find(parent);
    if (at == live_ || find(child) != live_ || live_ == MaxRequests) return false;
    request_state copy = requests_[at];
    copy.id = child;
    const bool partial = copy.length % block_size_ != 0;
    const bool copies = partial && flaw_ != pool_flaw::fork_shares_partial;
    if (copies && free_count() == 0) return false;
    const std::size_t shared = copies ? copy.blocks - 1 : copy.blocks;
    if (flaw_ != pool_flaw::fork_without_reference)
      for (std::size_t i = 0; i < shared; ++i) ++blocks_[copy.table[i]].refs;
    if (copies) copy.table[shared] = take(copy, shared);
    requests_[live_++] = copy;
    return true;
  }

  /// Forgets every cached block; false while a request is live.
  constexpr bool reset_prefix_cache() noexcept {
    if (live_ != 0 && flaw_ != pool_flaw::reset_while_live) return false;
    if (flaw_ != pool_flaw::reset_keeps_hashes)
      for (block_state& block : blocks_) block.cached = block.stale = false;
    return true;
  }

  /// The blocks nobody references.
  [[nodiscard]] constexpr std::size_t free_blocks() const noexcept {
    std::size_t count = 0;
    for (std::size_t b = 0; b < num_blocks_; ++b)
      if (blocks_[b].refs == 0 && (flaw_ != pool_flaw::evictable_not_free || !blocks_[b].cached))
        ++count;
    return count;
  }

  /// A live request's block ids.
  [[nodiscard]] constexpr std::span<const std::size_t> block_table(
      std::uint64_t request) const noexcept {
    const std::size_t at = find(request);
    if (at == live_) return {};
    return {requests_[at].table.data(), requests_[at].blocks};
  }

 private:
  static constexpr std::size_t none = MaxBlocks + 1;

  struct request_state {
    std::uint64_t id = 0;
    std::uint64_t ns = 0;
    std::array<std::int32_t, MaxTokens> tokens{};
    std::size_t length = 0;
    std::array<std::size_t, MaxTokens> table{};
    std::size_t blocks = 0;
  };
  struct content {
    std::uint64_t ns = 0;
    std::size_t end = 0;
    std::array<std::int32_t, MaxTokens> prefix{};
  };
  struct block_state {
    std::size_t refs = 0;
    bool cached = false;
    content now{};
    bool stale = false;  // eviction_keeps_hash: still found under `old`
    content old{};
    std::uint64_t released = 0;
  };

  [[nodiscard]] constexpr std::size_t find(std::uint64_t id) const noexcept {
    for (std::size_t i = 0; i < live_; ++i)
      if (requests_[i].id == id) return i;
    return live_;
  }

  [[nodiscard]] constexpr bool same(const content& c, const request_state& r,
                                    std::size_t end) const noexcept {
    if (c.end != end)
      return flaw_ == pool_flaw::parent_not_in_key && c.end >= block_size_ && same_block(c, r, end);
    if (flaw_ != pool_flaw::namespace_not_in_key && c.ns != r.ns) return false;
    if (flaw_ == pool_flaw::parent_not_in_key) return same_block(c, r, end);
    for (std::size_t t = 0; t < end; ++t)
      if (c.prefix[t] != r.tokens[t]) return false;
    return true;
  }
  [[nodiscard]] constexpr bool same_block(const content& c, const request_state& r,
                                          std::size_t end) const noexcept {
    if (c.ns != r.ns) return false;
    for (std::size_t t = 0; t < block_size_; ++t)
      if (c.prefix[c.end - block_size_ + t] != r.tokens[end - block_size_ + t]) return false;
    return true;
  }

  [[nodiscard]] constexpr std::size_t cached(const request_state& r,
                                             std::size_t end) const noexcept {
    for (std::size_t b = 0; b < num_blocks_; ++b) {
      const block_state& block = blocks_[b];
      if ((block.cached && same(block.now, r, end)) || (block.stale && same(block.old, r, end)))
        return b;
    }
    return none;
  }

  [[nodiscard]] constexpr std::size_t free_count() const noexcept {
    std::size_t count = 0;
    for (std::size_t b = 0; b < num_blocks_; ++b)
      if (blocks_[b].refs == 0) ++count;
    return count;
  }

  constexpr void write(const request_state& r, std::size_t index, std::size_t b) noexcept {
    block_state& block = blocks_[b];
    const std::size_t end = (index + 1) * block_size_;
    const std::size_t written = end < r.length ? end : r.length;
    if (written < end && flaw_ != pool_flaw::partial_block_cached) return;
    block.cached = true;
    block.now.ns = r.ns;
    block.now.end = end;
    for (std::size_t t = 0; t < written; ++t) block.now.prefix[t] = r.tokens[t];
  }

  /// A free block for block `index` of `r`: uncached first, else the cached one released first.
  constexpr std::size_t take(const request_state& r, std::size_t index) noexcept {
    std::size_t chosen = none;
    for (std::size_t b = 0; b < num_blocks_ && chosen == none; ++b)
      if (blocks_[b].refs == 0 && !blocks_[b].cached) chosen = b;
    for (std::size_t b = 0; b < num_blocks_ && chosen == none; ++b)
      if (blocks_[b].refs == 0) chosen = b;
    for (std::size_t b = 0; b < num_blocks_ && chosen == none; ++b)
      if (flaw_ == pool_flaw::evicts_held_block && blocks_[b].cached) chosen = b;
    if (chosen == none) return 0;
    block_state& block = blocks_[chosen];
    if (block.cached && flaw_ == pool_flaw::eviction_keeps_hash) {
      block.stale = true;
      block.old = block.now;
    }
    block.cached = false;
    block.refs = 1;
    write(r, index, chosen);
    return chosen;
  }

  constexpr void drop(const request_state& r) noexcept {
    for (std::size_t i = r.blocks; i-- > 0;) {
      block_state& block = blocks_[r.table[i]];
      if (block.refs > 0 && --block.refs == 0) block.released = ++tick_;
    }
  }

  std::array<block_state, MaxBlocks> blocks_{};
  std::array<request_state, MaxRequests> requests_{};
  request_state last_freed_{};
  pool_flaw flaw_;
  std::size_t num_blocks_;
  std::size_t block_size_;
  std::size_t live_ = 0;
  std::uint64_t tick_ = 0;
};

/// `scenario_pool` with `Flaw`, as a type of its own (a constexpr factory of it is an empty class).
template <pool_flaw Flaw, std::size_t MaxBlocks = 8, std::size_t MaxRequests = 4,
          std::size_t MaxTokens = 16>
class flawed_pool : public scenario_pool<MaxBlocks, MaxRequests, MaxTokens> {
 public:
  constexpr flawed_pool(std::size_t num_blocks, std::size_t block_size) noexcept
      : scenario_pool<MaxBlocks, MaxRequests, MaxTokens>(num_blocks, block_size, Flaw) {}
};

/// `flawed_pool<Flaw>` with room for every sequence kvc::check_block_pool generates (40 blocks,
/// more live requests than a crowd of 33, 64 tokens each), so that what exploration finds is the
/// flaw, not the room.
template <pool_flaw Flaw>
using roomy_pool = flawed_pool<Flaw, 40, 48, 64>;

/// A factory of the scenario pools with `flaw` (`Roomy`: with room for every generated sequence):
/// one factory type, so that each check's adapter is compiled once for every flaw.
template <bool Roomy>
struct scenario_pool_factory {
  pool_flaw flaw = pool_flaw::none;
  constexpr auto operator()(std::size_t num_blocks, std::size_t block_size) const noexcept {
    if constexpr (Roomy)
      return scenario_pool<40, 48, 64>(num_blocks, block_size, flaw);
    else
      return scenario_pool<>(num_blocks, block_size, flaw);
  }
};

// --- Pools as engines write them, one bug each, for kvc::check_block_pool ------------------------

namespace pools {

using token_span = std::span<const std::int32_t>;
using token_vector = std::vector<std::int32_t>;

enum class pool_bug {
  none,                          // correct: the reference the others vary
  double_free_decrements_twice,  // freeing a freed request drops its blocks' references again
  refcount_wraps_at_4,           // the reference count is a 2-bit field: 4 holders read as 0
  evicts_referenced_block,       // a hit leaves its touched block on the eviction list
  key_without_parent,            // a block's key is (namespace, its own tokens): no parent chain
  key_without_namespace,         // a block's key is the token prefix alone
  hit_past_first_miss,           // every cached block of the prompt is a hit, not only leading ones
  refusal_leaks_partial_allocation,  // a refused request keeps the blocks it took before running
                                     // dry
  fork_without_reference,        // the child shares the parent's blocks without referencing them
  radix_lock_on_wrong_block,     // each hit block's reference lands on its parent's block
  stale_hash_after_eviction,     // an evicted block stays in the hash map under its old content
  reset_keeps_hash_map,          // reset forgets the blocks' state but not the hash map
  used_count_kept_for_cached,    // the used-block count is not decremented for cached blocks
  free_never_releases,           // free forgets the request without dropping its references
  hit_past_evicted_block,        // a once-cached key still counts as a hit; its block is fresh
  evicted_left_in_cached_list,   // the eviction victim stays on the eviction list
  reset_while_live,              // reset succeeds while requests are live
  free_blocks_skips_cached,      // free_blocks() counts only the free blocks without content
  append_not_atomic,             // a refused append keeps the blocks (and tokens) it got
  partial_block_cached,          // the partial last block is cached and hit as if full
  fork_shares_partial_block,     // fork shares the partial last block instead of copying it
  key_token_magnitude,           // a token enters the key without its sign
  key_token_as_float,            // a token enters the key as a float (2^24 + 1 reads as 2^24)
  key_decimal_text,              // the key is the prefix's decimal text, joined without separators
  key_block_sum,                 // a block enters the key as the sum of its tokens (any order)
  key_namespace_low_16,          // the namespace enters the key as 16 bits
  key_window_8,                  // the key holds the last 8 tokens of the prefix only
  append_keys_last_prefix,       // an append that fills several blocks keys each by the last one
  refcount_wraps_at_16,          // the reference count is a 4-bit field: 16 holders read as 0
  live_table_of_16,              // a 17th live request silently replaces the oldest
  refused_fork_registers_child,  // a fork refused for want of a block leaves the child behind
  fork_child_loses_namespace,    // the child of a fork caches its blocks under namespace 0
  // ---- sneaky: see the aliases below
  sneaky_namespace_low_byte,
  sneaky_key_window_64,
  sneaky_pow2_block_mask,
  sneaky_full_hit_skips_touch,
  sneaky_u8_release_stamp,
  sneaky_weak_prefix_hash,
  sneaky_reset_generation_wraps,
  sneaky_slot_mod_32,
};

/// The state of a `flawed_pool`, the same for every bug (so that the pools share their containers).
namespace flawed_pool_state {
struct content_key {
  std::uint64_t ns = 0;
  token_vector tokens;
  auto operator<=>(const content_key&) const = default;
};
struct block {
  std::uint32_t refs = 0;
  bool cached = false;
  content_key content;
  std::uint8_t stamp = 0;       // sneaky_u8_release_stamp
  std::uint8_t generation = 0;  // sneaky_reset_generation_wraps
};
struct request_state {
  std::uint64_t id = 0;
  std::uint64_t ns = 0;
  token_vector tokens;
  std::vector<std::size_t> table;
};
struct stamped {  // sneaky_u8_release_stamp: an entry of the eviction heap
  std::uint64_t order;
  std::uint8_t stamp;
  std::size_t block;
  bool operator>(const stamped& other) const { return order > other.order; }
};
}  // namespace flawed_pool_state

/// A simple pool, correct for pool_bug::none: blocks 0..num_blocks-1; a map from content
/// (namespace, every token from the start to the block's end) to the cached blocks holding it; free
/// blocks without content on a stack; free cached blocks on a list in release order, the oldest
/// evicted first. `bug` switches the one flaw on.
class bug_pool {
 public:
  static constexpr bool recompute_last_token = false;

  bug_pool(std::size_t num_blocks, std::size_t block_size, pool_bug bug)
      : bug_(bug), block_size_(block_size == 0 ? 1 : block_size), blocks_(num_blocks) {
    for (std::size_t b = num_blocks; b-- > 0;) free_uncached_.push_back(b);
  }

  std::optional<std::size_t> allocate(std::uint64_t request, std::uint64_t ns, token_span tokens) {
    if (tokens.empty()) return std::nullopt;
    const std::uint64_t slot = slot_of(request);
    if (bug_ != pool_bug::sneaky_slot_mod_32 && requests_.contains(slot)) return std::nullopt;
    const std::size_t n = tokens.size();
    const std::size_t needed = blocks_for(n);
    const std::size_t full = full_blocks(n);

    // The hit: for each leading position, the cached block serving it (nullopt: a fresh block).
    std::vector<std::optional<std::size_t>> hit;
    std::size_t reported = 0;
    for (std::size_t i = 0; i < full; ++i) {
      const content_key key = key_of(ns, tokens, (i + 1) * block_size_);
      const std::optional<std::size_t> found = lookup(key);
      if (bug_ == pool_bug::hit_past_evicted_block) {
        if (!seen_.contains(key)) break;
      } else if (!found) {
        if (bug_ == pool_bug::hit_past_first_miss) {
          hit.push_back(std::nullopt);
          continue;
        }
        break;
      }
      hit.push_back(found);
      reported += block_size_;
    }
    if (bug_ == pool_bug::partial_block_cached) {
      if (hit.size() == full && n % block_size_ != 0) {
        if (const std::optional<std::size_t> found = lookup(key_of(ns, tokens, n))) {
          hit.push_back(found);
          reported = n;
        }
      }
    }

    std::size_t reused = 0;
    std::size_t touched = 0;
    for (const std::optional<std::size_t>& b : hit) {
      if (!b) continue;
      ++reused;
      touched += blocks_[*b].refs == 0 ? 1U : 0U;
    }
    const std::size_t more = needed > reused ? needed - reused : 0;
    const std::size_t free_now = free_blocks();
    if (touched > free_now || more > free_now - touched) {
      if (bug_ == pool_bug::refusal_leaks_partial_allocation) {
        // Takes its blocks one by one and gives up at the first it cannot get, keeping the rest.
        for (const std::optional<std::size_t>& b : hit)
          if (b) take_hit(*b);
        for (std::size_t i = 0; i < more; ++i)
          if (!take_new_block()) break;
      }
      return std::nullopt;
    }

    if (bug_ == pool_bug::live_table_of_16) {
      if (requests_.size() >= 16) requests_.erase(requests_.begin());  // its references leak
    }
    request_state& state = requests_[slot];  // sneaky_slot_mod_32: may overwrite a live request
    state = request_state{request, ns, token_vector(tokens.begin(), tokens.end()), {}};
    for (std::size_t i = 0; i < hit.size(); ++i) {
      if (!hit[i]) continue;
      if (bug_ == pool_bug::radix_lock_on_wrong_block) {
        take_from_free(*hit[i]);
        inc(i > 0 && hit[i - 1] ? *hit[i - 1] : *hit[i]);  // inc_lock_ref on the parent's block
      } else if (bug_ == pool_bug::sneaky_full_hit_skips_touch) {
        if (more != 0) take_from_free(*hit[i]);  // the "nothing to allocate" fast path forgets it
        inc(*hit[i]);
      } else {
        take_hit(*hit[i]);
      }
    }
    for (std::size_t i = 0; i < needed; ++i) {
      if (i < hit.size() && hit[i]) {
        state.table.push_back(*hit[i]);
        continue;
      }
      const std::optional<std::size_t> b = take_new_block();
      if (!b) break;  // only a flawed pool runs dry after admitting
      state.table.push_back(*b);
      if (i < full)
        cache_block(*b, key_of(ns, tokens, (i + 1) * block_size_));
      else if (bug_ == pool_bug::partial_block_cached)
        cache_block(*b, key_of(ns, tokens, n));
    }
    finished_.erase(request);
    return reported;
  }

  bool append(std::uint64_t request, token_span tokens) {
    const auto found = requests_.find(slot_of(request));
    if (found == requests_.end()) return false;
    request_state& state = found->second;
    const std::size_t old_n = state.tokens.size();
    const std::size_t target = blocks_for(old_n + tokens.size());
    const std::size_t more = target > state.table.size() ? target - state.table.size() : 0;
    bool admitted = true;
    if (bug_ == pool_bug::append_not_atomic) {
      for (std::size_t i = 0; i < more && admitted; ++i) {
        const std::optional<std::size_t> b = take_new_block();
        if (b)
          state.table.push_back(*b);
        else
          admitted = false;  // gives up, but keeps the blocks it got and fills them below
      }
    } else {
      if (more > free_blocks()) return false;
      for (std::size_t i = 0; i < more; ++i)
        if (const std::optional<std::size_t> b = take_new_block()) state.table.push_back(*b);
    }
    const std::size_t room =
        state.table.size() * block_size_ - std::min(state.table.size() * block_size_, old_n);
    const token_span taken = tokens.first(std::min(room, tokens.size()));
    if (bug_ == pool_bug::partial_block_cached) {
      if (old_n % block_size_ != 0 && full_blocks(old_n) < state.table.size())
        uncache(state.table[full_blocks(old_n)]);  // its partial key is about to be stale
    }
    state.tokens.insert(state.tokens.end(), taken.begin(), taken.end());
    const std::size_t total = state.tokens.size();
    for (std::size_t i = full_blocks(old_n); i < std::min(full_blocks(total), state.table.size());
         ++i) {
      const std::size_t end = bug_ == pool_bug::append_keys_last_prefix
                                  ? full_blocks(total) * block_size_
                                  : (i + 1) * block_size_;
      cache_block(state.table[i], key_of(state.ns, state.tokens, end));
    }
    if (bug_ == pool_bug::partial_block_cached) {
      if (total % block_size_ != 0 && full_blocks(total) < state.table.size())
        cache_block(state.table[full_blocks(total)], key_of(state.ns, state.tokens, total));
    }
    return admitted;
  }

  void free(std::uint64_t request) {
    const auto found = requests_.find(slot_of(request));
    if (found == requests_.end()) {
      if (bug_ == pool_bug::double_free_decrements_twice) {
        if (const auto freed = finished_.find(request); freed != finished_.end())
          for (const std::size_t b : freed->second) dec(b);
      }
      return;
    }
    if (bug_ != pool_bug::free_never_releases)
      for (const std::size_t b : found->second.table) dec(b);
    if (bug_ == pool_bug::double_free_decrements_twice) finished_[request] = found->second.table;
    requests_.erase(found);
  }

  std::size_t free_blocks() const {
    if (bug_ == pool_bug::used_count_kept_for_cached) return blocks_.size() - used_;
    if (bug_ == pool_bug::free_blocks_skips_cached) return free_uncached_.size();
    return static_cast<std::size_t>(
        std::count_if(blocks_.begin(), blocks_.end(), [](const block& b) { return b.refs == 0; }));
  }

  std::span<const std::size_t> block_table(std::uint64_t request) const {
    const auto found = requests_.find(slot_of(request));
    if (found == requests_.end()) return {};
    return found->second.table;
  }

  bool fork(std::uint64_t parent, std::uint64_t child) {
    const auto found = requests_.find(slot_of(parent));
    if (found == requests_.end()) return false;
    if (bug_ != pool_bug::sneaky_slot_mod_32 && requests_.contains(slot_of(child))) return false;
    request_state state = found->second;
    state.id = child;
    if (bug_ == pool_bug::fork_child_loses_namespace) state.ns = 0;
    const std::size_t full = std::min(full_blocks(state.tokens.size()), state.table.size());
    const bool partial = state.table.size() > full;
    if (bug_ == pool_bug::fork_shares_partial_block) {
      for (const std::size_t b : state.table) inc(b);
    } else {
      if (partial && free_blocks() == 0) {
        if (bug_ == pool_bug::refused_fork_registers_child) {
          state.table.resize(full);  // registered before the copy failed, never taken back
          for (const std::size_t b : state.table) inc(b);
          requests_[slot_of(child)] = std::move(state);
        }
        return false;
      }
      state.table.resize(full);
      if (bug_ != pool_bug::fork_without_reference)
        for (const std::size_t b : state.table) inc(b);
      if (partial) {
        const std::optional<std::size_t> b = take_new_block();
        if (!b) return false;
        state.table.push_back(*b);
      }
    }
    requests_[slot_of(child)] = std::move(state);
    return true;
  }

  bool reset_prefix_cache() {
    if (bug_ != pool_bug::reset_while_live)
      if (!requests_.empty()) return false;
    seen_.clear();
    if (bug_ == pool_bug::sneaky_reset_generation_wraps) {
      generation_ =
          static_cast<std::uint8_t>((generation_ + 1) & 15);  // lazy: older entries go stale
      return true;
    }
    for (block& b : blocks_) {
      b.cached = false;
      b.content = {};
    }
    free_uncached_.clear();
    for (std::size_t b = blocks_.size(); b-- > 0;)
      if (blocks_[b].refs == 0) free_uncached_.push_back(b);
    evictable_.clear();
    stamps_ = {};
    if (bug_ != pool_bug::reset_keeps_hash_map) cache_.clear();
    return true;
  }

 private:
  using content_key = flawed_pool_state::content_key;
  using block = flawed_pool_state::block;
  using request_state = flawed_pool_state::request_state;
  using stamped = flawed_pool_state::stamped;

  std::uint64_t slot_of(std::uint64_t request) const {
    if (bug_ == pool_bug::sneaky_slot_mod_32) return request % 32;
    return request;
  }
  std::size_t full_blocks(std::size_t n) const {
    if (bug_ == pool_bug::sneaky_pow2_block_mask)
      return (n - (n & (block_size_ - 1))) / block_size_;
    return n / block_size_;
  }
  std::size_t blocks_for(std::size_t n) const {
    if (bug_ == pool_bug::sneaky_pow2_block_mask)
      return full_blocks(n) + ((n & (block_size_ - 1)) != 0 ? 1 : 0);
    return (n + block_size_ - 1) / block_size_;
  }

  /// The key of the block of `tokens` that ends at `end`.
  content_key key_of(std::uint64_t ns, token_span tokens, std::size_t end) const {
    const std::size_t own = ((end - 1) / block_size_) * block_size_;  // where the block starts
    content_key key;
    key.ns = ns;
    std::size_t begin = 0;
    if (bug_ == pool_bug::key_without_namespace) key.ns = 0;
    if (bug_ == pool_bug::sneaky_namespace_low_byte) key.ns = ns & 0xff;
    if (bug_ == pool_bug::key_without_parent) begin = own;
    if (bug_ == pool_bug::sneaky_key_window_64) begin = end > 64 ? end - 64 : 0;
    if (bug_ == pool_bug::key_window_8) begin = end > 8 ? end - 8 : 0;
    if (bug_ == pool_bug::key_namespace_low_16) key.ns = ns & 0xffff;
    if (bug_ == pool_bug::key_decimal_text) {
      for (const std::int32_t token : tokens.first(end))
        for (const char digit : std::to_string(token)) key.tokens.push_back(digit);
      return key;
    }
    if (bug_ == pool_bug::key_block_sum) {
      for (std::size_t start = 0; start < end; start += block_size_) {
        std::int64_t sum = 0;
        for (std::size_t i = start; i < start + block_size_ && i < end; ++i) sum += tokens[i];
        key.tokens.push_back(static_cast<std::int32_t>(sum));
      }
      return key;
    }
    if (bug_ == pool_bug::sneaky_weak_prefix_hash) {
      std::uint32_t h = 0;
      for (const std::int32_t token : tokens.first(end))
        h = h * 31 + static_cast<std::uint32_t>(token);
      key.tokens.push_back(static_cast<std::int32_t>(h));
      begin = own;
    }
    const token_span part = tokens.subspan(begin, end - begin);
    for (const std::int32_t token : part) {
      if (bug_ == pool_bug::key_token_magnitude)
        key.tokens.push_back(  // the magnitude, -2^31 kept as it is (modular negation)
            token < 0 ? static_cast<std::int32_t>(0U - static_cast<std::uint32_t>(token)) : token);
      else if (bug_ == pool_bug::key_token_as_float)
        key.tokens.push_back(  // through float; 2^31 (INT32_MAX rounded) wraps, never UB
            static_cast<std::int32_t>(
                static_cast<std::uint32_t>(static_cast<std::int64_t>(static_cast<float>(token)))));
      else
        key.tokens.push_back(token);
    }
    return key;
  }

  /// A cached block under the key: a held one if any, else a free one.
  std::optional<std::size_t> lookup(const content_key& key) const {
    const auto found = cache_.find(key);
    if (found == cache_.end()) return std::nullopt;
    std::optional<std::size_t> any;
    for (const std::size_t b : found->second) {
      if (bug_ == pool_bug::sneaky_reset_generation_wraps)
        if (blocks_[b].generation != generation_) continue;
      if (blocks_[b].refs > 0) return b;
      if (!any) any = b;
    }
    return any;
  }

  void cache_block(std::size_t b, content_key key) {
    if (blocks_[b].cached) uncache(b);
    if (bug_ == pool_bug::hit_past_evicted_block) seen_.insert(key);
    cache_[key].push_back(b);
    blocks_[b].cached = true;
    blocks_[b].content = std::move(key);
    blocks_[b].generation = generation_;
  }

  /// Eviction's bookkeeping: the block's content is gone.
  void uncache(std::size_t b) {
    if (bug_ != pool_bug::stale_hash_after_eviction) {
      const auto found = cache_.find(blocks_[b].content);
      if (found != cache_.end()) {
        std::erase(found->second, b);
        if (found->second.empty()) cache_.erase(found);
      }
    }
    blocks_[b].cached = false;
    blocks_[b].content = {};
  }

  void inc(std::size_t b) {
    if (blocks_[b].refs == 0) ++used_;
    if (bug_ == pool_bug::refcount_wraps_at_4)
      blocks_[b].refs = (blocks_[b].refs + 1) & 3;
    else if (bug_ == pool_bug::refcount_wraps_at_16)
      blocks_[b].refs = (blocks_[b].refs + 1) & 15;
    else
      ++blocks_[b].refs;
  }

  void dec(std::size_t b) {
    if (blocks_[b].refs == 0) return;
    if (--blocks_[b].refs != 0) return;
    if (bug_ != pool_bug::used_count_kept_for_cached || !blocks_[b].cached) --used_;
    if (blocks_[b].cached) {
      evictable_.push_back(b);
      if (bug_ == pool_bug::sneaky_u8_release_stamp) {
        blocks_[b].stamp = ++clock8_;
        stamps_.push({++order_, blocks_[b].stamp, b});
      }
    } else {
      free_uncached_.push_back(b);
    }
  }

  /// A free block leaves the free set (a touched hit, or handed out).
  void take_from_free(std::size_t b) {
    if (blocks_[b].refs != 0) return;
    if (bug_ == pool_bug::sneaky_u8_release_stamp)
      if (blocks_[b].cached) blocks_[b].stamp = ++clock8_;  // invalidates its heap entry
    if (bug_ != pool_bug::evicts_referenced_block) evictable_.remove(b);
    std::erase(free_uncached_, b);
  }

  void take_hit(std::size_t b) {
    take_from_free(b);
    inc(b);
  }

  /// A free block without content if any, else the oldest free cached block, evicted.
  std::optional<std::size_t> take_new_block() {
    std::optional<std::size_t> b;
    if (!free_uncached_.empty()) {
      b = free_uncached_.back();
      free_uncached_.pop_back();
    } else if (bug_ == pool_bug::sneaky_u8_release_stamp) {
      // The heap entry is trusted when its stamp matches: a touch bumped the block's stamp, so a
      // held block "cannot" match. With 8 bits, 256 stamps later it can.
      while (!stamps_.empty() && !b) {
        const stamped top = stamps_.top();
        stamps_.pop();
        if (blocks_[top.block].cached && blocks_[top.block].stamp == top.stamp) b = top.block;
      }
      if (!b) return std::nullopt;
      evictable_.remove(*b);
      uncache(*b);
    } else {
      if (evictable_.empty()) return std::nullopt;
      auto victim = evictable_.begin();
      if (bug_ == pool_bug::sneaky_reset_generation_wraps) {
        // A block of an older generation holds no content any more: it goes first.
        const auto stale =
            std::find_if(evictable_.begin(), evictable_.end(),
                         [this](std::size_t x) { return blocks_[x].generation != generation_; });
        if (stale != evictable_.end()) victim = stale;
      }
      b = *victim;
      if (bug_ != pool_bug::evicted_left_in_cached_list) evictable_.erase(victim);
      uncache(*b);
    }
    inc(*b);
    return b;
  }

  pool_bug bug_;
  std::size_t block_size_;
  std::vector<block> blocks_;
  std::vector<std::size_t> free_uncached_;  // free blocks without content, LIFO
  std::list<std::size_t> evictable_;        // free cached blocks, the oldest release first
  std::map<content_key, std::vector<std::size_t>> cache_;  // content -> cached blocks holding it
  std::map<std::uint64_t, request_state> requests_;        // keyed by slot_of(request id)
  std::size_t used_ = 0;                                   // blocks with refs > 0
  std::map<std::uint64_t, std::vector<std::size_t>> finished_;  // double_free_decrements_twice
  std::set<content_key> seen_;                                  // hit_past_evicted_block
  std::priority_queue<stamped, std::vector<stamped>, std::greater<>>
      stamps_;  // sneaky_u8_release_stamp
  std::uint8_t clock8_ = 0;
  std::uint64_t order_ = 0;
  std::uint8_t generation_ = 0;  // sneaky_reset_generation_wraps
};

/// `bug_pool` with `Bug`, as a type of its own (to name one pool in a test).
template <pool_bug Bug>
class flawed_pool : public bug_pool {
 public:
  static constexpr pool_bug bug = Bug;
  flawed_pool(std::size_t num_blocks, std::size_t block_size)
      : bug_pool(num_blocks, block_size, Bug) {}
};

/// A factory of the pools with `bug`: one factory type, so that kvc::check_block_pool's adapter is
/// compiled once for every bug.
struct bug_pool_factory {
  pool_bug bug = pool_bug::none;
  bug_pool operator()(std::size_t num_blocks, std::size_t block_size) const {
    return bug_pool(num_blocks, block_size, bug);
  }
};

// ---- the known-bad pools, one per bug
// -------------------------------------------------------------

/// Correct: the base the mutants vary. Must pass.
using reference_pool = flawed_pool<pool_bug::none>;

// Double free decrements twice: a freed request's second free drops its blocks' references again.
using double_free_decrements_twice = flawed_pool<pool_bug::double_free_decrements_twice>;
// Narrowed reference count: refs kept in 2 bits (refs & 3), so a block with 4 holders reads free.
using refcount_wraps_at_4 = flawed_pool<pool_bug::refcount_wraps_at_4>;
// Eviction of a referenced block: a hit does not take its block off the eviction list.
using evicts_referenced_block = flawed_pool<pool_bug::evicts_referenced_block>;
// Block key without the parent: (namespace, the block's own tokens), so prefixes alias.
using key_without_parent = flawed_pool<pool_bug::key_without_parent>;
// Namespace missing from the key: one namespace hits another's blocks.
using key_without_namespace = flawed_pool<pool_bug::key_without_namespace>;
// Hit counted past the first miss: every cached block of the prompt is reused, not only leading
// ones.
using hit_past_first_miss = flawed_pool<pool_bug::hit_past_first_miss>;
// Partial allocation left behind on refusal: the blocks taken before running dry are kept.
using refusal_leaks_partial_allocation = flawed_pool<pool_bug::refusal_leaks_partial_allocation>;
// Fork without a reference: the child shares the parent's full blocks, refs not incremented.
using fork_without_reference = flawed_pool<pool_bug::fork_without_reference>;
// A radix node's reference taken on the wrong block: each hit block's lock lands on its parent's.
using radix_lock_on_wrong_block = flawed_pool<pool_bug::radix_lock_on_wrong_block>;
// Stale hash: an evicted block keeps its old entry, so its old content still hits (it now holds
// other).
using stale_hash_after_eviction = flawed_pool<pool_bug::stale_hash_after_eviction>;
// Phantom hits after full eviction: reset never clears the hash map.
using reset_keeps_hash_map = flawed_pool<pool_bug::reset_keeps_hash_map>;
// Used-block count never decremented when a cached request completes: free_blocks() shrinks for
// good.
using used_count_kept_for_cached = flawed_pool<pool_bug::used_count_kept_for_cached>;
// Completed requests never release references: every freed request's blocks leak.
using free_never_releases = flawed_pool<pool_bug::free_never_releases>;
// Hit that goes on past an evicted block: reports the once-cached key, allocates a fresh block for
// it.
using hit_past_evicted_block = flawed_pool<pool_bug::hit_past_evicted_block>;
// Evicted block left in the cached list: the next eviction hands out the same (now held) block.
using evicted_left_in_cached_list = flawed_pool<pool_bug::evicted_left_in_cached_list>;
// Reset that succeeds while requests are live.
using reset_while_live = flawed_pool<pool_bug::reset_while_live>;
// free_blocks() not counting evictable cached blocks (and admission trusting it).
using free_blocks_skips_cached = flawed_pool<pool_bug::free_blocks_skips_cached>;
// Append that is not all-or-nothing: a refused append keeps the blocks it got and fills them.
using append_not_atomic = flawed_pool<pool_bug::append_not_atomic>;
// Partial block cached as if full: a repeated prompt hits its partial last block too (shared).
using partial_block_cached = flawed_pool<pool_bug::partial_block_cached>;
// Fork that shares the partial last block without copying it.
using fork_shares_partial_block = flawed_pool<pool_bug::fork_shares_partial_block>;

// Lossy keys: two prompts that differ only where the key does not look collide.
using key_token_magnitude = flawed_pool<pool_bug::key_token_magnitude>;
using key_token_as_float = flawed_pool<pool_bug::key_token_as_float>;
using key_decimal_text = flawed_pool<pool_bug::key_decimal_text>;
using key_block_sum = flawed_pool<pool_bug::key_block_sum>;
using key_namespace_low_16 = flawed_pool<pool_bug::key_namespace_low_16>;
// A key over the last 8 tokens: prompts equal in their last 8 tokens but not before alias.
using key_window_8 = flawed_pool<pool_bug::key_window_8>;
// Each block an append fills is keyed by the prefix that ends at the last one it fills.
using append_keys_last_prefix = flawed_pool<pool_bug::append_keys_last_prefix>;
// Reference count in 4 bits: 16 holders of one cached block read as none.
using refcount_wraps_at_16 = flawed_pool<pool_bug::refcount_wraps_at_16>;
// Room for 16 live requests: a 17th replaces the oldest, whose references leak.
using live_table_of_16 = flawed_pool<pool_bug::live_table_of_16>;
// A fork refused for want of a free block leaves the child registered, holding references.
using refused_fork_registers_child = flawed_pool<pool_bug::refused_fork_registers_child>;
// A forked child keeps the parent's blocks but caches the ones it fills under namespace 0.
using fork_child_loses_namespace = flawed_pool<pool_bug::fork_child_loses_namespace>;

// ---- sneaky: bugs a random-testing checker may miss
// ------------------------------------------------

// The namespace enters the key as one byte (ns & 0xff). Checkers draw namespaces from a handful of
// small ids, so namespaces 1 and 257 never meet. Exposed by: allocate(0, ns 1, [1, 2]) then
// allocate(1, ns 257, [1, 2]) with block_size 2: hit 2, where 0 is right.
using sneaky_namespace_low_byte = flawed_pool<pool_bug::sneaky_namespace_low_byte>;

// The key holds only the last 64 tokens of the prefix (a fixed-width key window). The Python
// model's limit is 64 tokens per request, so a checker built on it never sends a longer prompt.
// Exposed (block_size 4): allocate C = [3,3,3,3] + [2] * 60; allocate A = [1,1,1,1] + [2] * 64;
// allocate B = [3,3,3,3] + [2] * 64: B hits 16 blocks of C, then A's 17th block, whose last 64
// tokens equal B's: hit 68, where 64 is right (B's block 17 then holds A's content).
using sneaky_key_window_64 = flawed_pool<pool_bug::sneaky_key_window_64>;

// n % block_size computed as n & (block_size - 1): right for every power of two (engines use 16,
// and a checker drawing block sizes from {1, 2, 4, 8, 16} never sees it), wrong for the others.
// Exposed by block_size 3, allocate(0, ns 0, [1, 2, 3, 4]): a table of 1 block for 4 tokens.
using sneaky_pow2_block_mask = flawed_pool<pool_bug::sneaky_pow2_block_mask>;

// When the hit covers the whole prompt (a prompt of exactly k cached blocks, no recompute) the
// "nothing to allocate" fast path references the hit blocks but leaves the free ones on the
// eviction list. Wrong only for whole-block prompts fully hit while their blocks are free, AND a
// later eviction before that request is freed. Exposed (block_size 1, 2 blocks): allocate(0,[1]),
// allocate(1,[2]), free 0, free 1, allocate(2,[1]) (full hit), allocate(3,[3]): evicts block of
// request 2 (held) instead of the free one; free_blocks() 1 where 0 is right.
using sneaky_full_hit_skips_touch = flawed_pool<pool_bug::sneaky_full_hit_skips_touch>;

// Eviction from a lazy-deletion heap whose entries are validated by an 8-bit stamp instead of the
// reference count: a touch bumps the block's stamp, which "invalidates" its old entry - until the
// stamp clock wraps. Needs exactly 256 stamp ticks between a block's release and the touch that
// makes it held again, then an eviction: no short random sequence gets there. Exposed (block_size
// 1, 2 blocks): allocate(0,[7]), free 0, allocate(1,[8]), free 1, then 127 times {allocate(1,[8]),
// free 1}, allocate(2,[7]) (touch at tick 257 = 1 mod 256), allocate(3,[9]): the held block of
// request 2 is evicted for request 3; free_blocks() 1 where 0 is right.
using sneaky_u8_release_stamp = flawed_pool<pool_bug::sneaky_u8_release_stamp>;

// The key is (namespace, a 32-bit polynomial hash of the prefix, the block's own tokens): the
// prefix is not compared, so two prefixes with equal hashes alias. With small random tokens
// (< 31) the hash h = 31 h + t never collides on short prefixes. Exposed (block_size 2): allocate
// [1, 40, 5, 6]; allocate [2, 9] (31 + 40 = 2 * 31 + 9); allocate [2, 9, 5, 6]: hit 4, where 2 is
// right.
using sneaky_weak_prefix_hash = flawed_pool<pool_bug::sneaky_weak_prefix_hash>;

// Reset is lazy: it bumps a generation that every cache entry records, and lookups ignore older
// generations (older blocks count as uncached and go first when a block is needed) - but the
// generation is 4 bits, so 16 resets later the old entries are valid again: phantom hits after
// full eviction, only after 16 resets with the block unused meanwhile. Exposed (block_size 1):
// allocate(0, [1]), free 0, 16 x reset_prefix_cache(), allocate(1, [1]): hit 1, where 0 is right.
using sneaky_reset_generation_wraps = flawed_pool<pool_bug::sneaky_reset_generation_wraps>;

// Requests live in max_num_seqs = 32 slots indexed by id % 32, without checking the id: live ids
// 0 and 32 share a slot (the second overwrites the first, whose references leak). A checker that
// draws ids below 32 (the model holds at most 32 live requests) never sees it. Exposed (block
// size 2): allocate(0, [1, 2]), allocate(32, [5, 6]): block_table(0) is request 32's; free 0 then
// free 32: free_blocks() num_blocks - 1, where num_blocks is right.
using sneaky_slot_mod_32 = flawed_pool<pool_bug::sneaky_slot_mod_32>;

// ---- iteration ---------------------------------------------------------------------------------

/// X(name) for every ordinary known-bad pool (a checker must catch each), name being its
/// `pool_bug`, the name of its type in kvc::mutants::block_pool::pools and its name.
#define KVC_TEST_ORDINARY_BAD_BLOCK_POOLS(X) \
  X(double_free_decrements_twice)            \
  X(refcount_wraps_at_4)                     \
  X(evicts_referenced_block)                 \
  X(key_without_parent)                      \
  X(key_without_namespace)                   \
  X(hit_past_first_miss)                     \
  X(refusal_leaks_partial_allocation)        \
  X(fork_without_reference)                  \
  X(radix_lock_on_wrong_block)               \
  X(stale_hash_after_eviction)               \
  X(reset_keeps_hash_map)                    \
  X(used_count_kept_for_cached)              \
  X(free_never_releases)                     \
  X(hit_past_evicted_block)                  \
  X(evicted_left_in_cached_list)             \
  X(reset_while_live)                        \
  X(free_blocks_skips_cached)                \
  X(append_not_atomic)                       \
  X(partial_block_cached)                    \
  X(fork_shares_partial_block)               \
  X(key_token_magnitude)                     \
  X(key_token_as_float)                      \
  X(key_decimal_text)                        \
  X(key_block_sum)                           \
  X(key_namespace_low_16)                    \
  X(key_window_8)                            \
  X(append_keys_last_prefix)                 \
  X(refcount_wraps_at_16)                    \
  X(live_table_of_16)                        \
  X(refused_fork_registers_child)            \
  X(fork_child_loses_namespace)

/// X(name) for every sneaky known-bad pool: bugs a random checker may miss by design. Some cannot
/// be shown in 8 operations at all (sneaky_u8_release_stamp needs about 260,
/// sneaky_reset_generation_wraps 19) or only with prompts over 64 tokens (sneaky_key_window_64).
#define KVC_TEST_SNEAKY_BAD_BLOCK_POOLS(X) \
  X(sneaky_namespace_low_byte)             \
  X(sneaky_key_window_64)                  \
  X(sneaky_pow2_block_mask)                \
  X(sneaky_full_hit_skips_touch)           \
  X(sneaky_u8_release_stamp)               \
  X(sneaky_weak_prefix_hash)               \
  X(sneaky_reset_generation_wraps)         \
  X(sneaky_slot_mod_32)

/// X(name) for every known-bad pool, the ordinary ones first.
#define KVC_TEST_BAD_BLOCK_POOLS(X)    \
  KVC_TEST_ORDINARY_BAD_BLOCK_POOLS(X) \
  KVC_TEST_SNEAKY_BAD_BLOCK_POOLS(X)

#define KVC_TEST_BAD_BLOCK_POOL_NAME(name) std::string_view{#name},
/// Every known-bad pool's name, in the order for_each_bad_pool visits them.
inline constexpr std::array bad_pool_names{KVC_TEST_BAD_BLOCK_POOLS(KVC_TEST_BAD_BLOCK_POOL_NAME)};
/// The ordinary ones (for_each_ordinary_bad_pool's order) and the sneaky ones
/// (for_each_sneaky_pool's).
inline constexpr std::array ordinary_bad_pool_names{
    KVC_TEST_ORDINARY_BAD_BLOCK_POOLS(KVC_TEST_BAD_BLOCK_POOL_NAME)};
inline constexpr std::array sneaky_pool_names{
    KVC_TEST_SNEAKY_BAD_BLOCK_POOLS(KVC_TEST_BAD_BLOCK_POOL_NAME)};
#undef KVC_TEST_BAD_BLOCK_POOL_NAME

#define KVC_TEST_BAD_BLOCK_POOL_VISIT(name) f(pool_bug::name, std::string_view{#name});
/// Calls `f(bug, name)` for every known-bad pool, sneaky ones included, e.g. with
/// `[](pool_bug bug, std::string_view name) { ... bug_pool_factory{bug} ... }`.
template <class F>
void for_each_bad_pool(F&& f) {
  KVC_TEST_BAD_BLOCK_POOLS(KVC_TEST_BAD_BLOCK_POOL_VISIT)
}
/// The same for the ordinary known-bad pools only (every one a checker must catch).
template <class F>
void for_each_ordinary_bad_pool(F&& f) {
  KVC_TEST_ORDINARY_BAD_BLOCK_POOLS(KVC_TEST_BAD_BLOCK_POOL_VISIT)
}
/// The same for the sneaky pools only.
template <class F>
void for_each_sneaky_pool(F&& f) {
  KVC_TEST_SNEAKY_BAD_BLOCK_POOLS(KVC_TEST_BAD_BLOCK_POOL_VISIT)
}
#undef KVC_TEST_BAD_BLOCK_POOL_VISIT

}  // namespace pools

}  // namespace kvc::mutants::block_pool
