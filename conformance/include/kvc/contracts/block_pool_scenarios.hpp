// kvc/contracts/block_pool_scenarios.hpp - known-bad block pools that the scenarios of
// kvc/suites/block_pool_scenarios.hpp reject: keys, references, eviction and admission gotten
// wrong, each the way an engine got it wrong.
//
// Every mutant is the same small pool with one decision made wrong (`flawed_pool<flaw>`), written
// apart from kvc::model::block_pool so that a mistake shared with the model cannot hide. Usable in
// constant expressions on every supported compiler: fixed arrays, no allocation. 8 blocks, 4 live
// requests, 16 tokens per request: enough for every scenario.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace kvc::mutants::block_pool_scenarios {

/// The one wrong decision of a `flawed_pool`.
enum class pool_flaw : unsigned char {
  none,                        ///< no flaw: the correct pool the others are variations of
  namespace_not_in_key,        ///< blocks are keyed by tokens alone: a hit across namespaces
  parent_not_in_key,           ///< a block is keyed by its own tokens, not by every token before
  hit_past_first_miss,         ///< every cached block of the prompt counts, not only leading ones
  touched_hits_not_counted,    ///< admission forgets that free hit blocks leave the free set
  double_free_frees_again,     ///< a request freed twice drops its references twice
  refusal_keeps_blocks,        ///< a refused allocation keeps the blocks it took before refusing
  evicts_held_block,           ///< every cached block counts as evictable, held ones too
  eviction_keeps_hash,         ///< an evicted block is still found under its old content
  reset_while_live,            ///< the prefix cache is reset while requests are live
  free_keeps_references,       ///< a freed request never drops its references
  partial_block_cached,        ///< a partial last block is cached as if it were full
  fork_without_reference,      ///< a fork shares blocks without taking a reference
  fork_shares_partial,         ///< a fork shares the partial last block instead of copying it
  append_not_all_or_nothing,   ///< an append that does not fit takes what is free and fails
  evictable_not_free,          ///< free_blocks() leaves out cached blocks nobody holds
  reset_keeps_hashes,          ///< a reset reports success but keeps every cached block
  append_fills_not_cached,     ///< a block an append fills is never cached
};

/// A block pool of at most 8 blocks, 4 live requests and 16 tokens each, correct but for `Flaw`.
template <pool_flaw Flaw>
class flawed_pool {
 public:
  /// A pool of `num_blocks` (at most 8) free blocks of `block_size` tokens.
  constexpr flawed_pool(std::size_t num_blocks, std::size_t block_size) noexcept
      : num_blocks_(num_blocks < 8 ? num_blocks : 8), block_size_(block_size == 0 ? 1 : block_size) {}

  /// The cached tokens served, or nullopt: refused.
  constexpr std::optional<std::size_t> allocate(std::uint64_t request, std::uint64_t ns,
                                                std::span<const std::int32_t> tokens) noexcept {
    if (tokens.empty() || tokens.size() > 16 || live_ == 4 || find(request) != live_)
      return std::nullopt;
    request_state incoming{request, ns, {}, tokens.size(), {}, 0};
    for (std::size_t i = 0; i < tokens.size(); ++i) incoming.tokens[i] = tokens[i];
    const std::size_t total = (tokens.size() + block_size_ - 1) / block_size_;
    std::array<std::size_t, 16> hits{};
    std::size_t matched = 0;
    std::size_t counted = 0;
    for (std::size_t i = 0; (i + 1) * block_size_ <= tokens.size(); ++i) {
      const std::size_t holder = cached(incoming, (i + 1) * block_size_);
      if (holder == none) {
        if constexpr (Flaw == pool_flaw::hit_past_first_miss) continue;
        break;
      }
      if (matched == i) hits[matched++] = holder;
      ++counted;
    }
    std::size_t touched = 0;
    for (std::size_t i = 0; i < matched; ++i)
      if (blocks_[hits[i]].refs == 0) ++touched;
    if constexpr (Flaw == pool_flaw::touched_hits_not_counted) touched = 0;
    const std::size_t fresh = total - matched;
    std::size_t budget = free_count();
    if constexpr (Flaw == pool_flaw::evicts_held_block)
      for (std::size_t b = 0; b < num_blocks_; ++b)
        if (blocks_[b].refs > 0 && blocks_[b].cached) ++budget;
    if (fresh + touched > budget) {
      if constexpr (Flaw == pool_flaw::refusal_keeps_blocks)
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
    return (Flaw == pool_flaw::hit_past_first_miss ? counted : matched) * block_size_;
  }

  /// Appends tokens to a live request; false when its new blocks are not free.
  constexpr bool append(std::uint64_t request, std::span<const std::int32_t> tokens) noexcept {
    const std::size_t at = find(request);
    if (at == live_ || requests_[at].length + tokens.size() > 16) return false;
    request_state& grown = requests_[at];
    const std::size_t old_blocks = grown.blocks;
    const std::size_t length = grown.length + tokens.size();
    const std::size_t total = (length + block_size_ - 1) / block_size_;
    if (total - old_blocks > free_count()) {
      if constexpr (Flaw == pool_flaw::append_not_all_or_nothing)
        while (free_count() > 0 && grown.blocks < total) grown.table[grown.blocks] = take(grown, grown.blocks), ++grown.blocks;
      return false;
    }
    for (std::size_t i = 0; i < tokens.size(); ++i) grown.tokens[grown.length + i] = tokens[i];
    grown.length = length;
    if (old_blocks > 0 && Flaw != pool_flaw::append_fills_not_cached)
      write(grown, old_blocks - 1, grown.table[old_blocks - 1]);
    for (std::size_t i = old_blocks; i < total; ++i) grown.table[i] = take(grown, i);
    grown.blocks = total;
    return true;
  }

  /// Drops a live request's references.
  constexpr void free(std::uint64_t request) noexcept {
    const std::size_t at = find(request);
    if (at == live_) {
      if constexpr (Flaw == pool_flaw::double_free_frees_again)
        if (last_freed_.blocks > 0 && last_freed_.id == request) drop(last_freed_);
      return;
    }
    last_freed_ = requests_[at];
    if constexpr (Flaw != pool_flaw::free_keeps_references) drop(requests_[at]);
    requests_[at] = requests_[--live_];
  }

  /// Makes `child` share `parent`'s full blocks and copy its partial one.
  constexpr bool fork(std::uint64_t parent, std::uint64_t child) noexcept {
    const std::size_t at = find(parent);
    if (at == live_ || find(child) != live_ || live_ == 4) return false;
    request_state copy = requests_[at];
    copy.id = child;
    const bool partial = copy.length % block_size_ != 0;
    const bool copies = partial && Flaw != pool_flaw::fork_shares_partial;
    if (copies && free_count() == 0) return false;
    const std::size_t shared = copies ? copy.blocks - 1 : copy.blocks;
    if constexpr (Flaw != pool_flaw::fork_without_reference)
      for (std::size_t i = 0; i < shared; ++i) ++blocks_[copy.table[i]].refs;
    if (copies) copy.table[shared] = take(copy, shared);
    requests_[live_++] = copy;
    return true;
  }

  /// Forgets every cached block; false while a request is live.
  constexpr bool reset_prefix_cache() noexcept {
    if (live_ != 0 && Flaw != pool_flaw::reset_while_live) return false;
    if constexpr (Flaw != pool_flaw::reset_keeps_hashes)
      for (block_state& block : blocks_) block.cached = block.stale = false;
    return true;
  }

  /// The blocks nobody references.
  [[nodiscard]] constexpr std::size_t free_blocks() const noexcept {
    std::size_t count = 0;
    for (std::size_t b = 0; b < num_blocks_; ++b)
      if (blocks_[b].refs == 0 && (Flaw != pool_flaw::evictable_not_free || !blocks_[b].cached))
        ++count;
    return count;
  }

  /// A live request's block ids.
  [[nodiscard]] constexpr std::span<const std::size_t> block_table(std::uint64_t request) const noexcept {
    const std::size_t at = find(request);
    if (at == live_) return {};
    return {requests_[at].table.data(), requests_[at].blocks};
  }

 private:
  static constexpr std::size_t none = 99;

  struct request_state {
    std::uint64_t id = 0;
    std::uint64_t ns = 0;
    std::array<std::int32_t, 16> tokens{};
    std::size_t length = 0;
    std::array<std::size_t, 16> table{};
    std::size_t blocks = 0;
  };
  struct content {
    std::uint64_t ns = 0;
    std::size_t end = 0;
    std::array<std::int32_t, 16> prefix{};
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

  [[nodiscard]] constexpr bool same(const content& c, const request_state& r, std::size_t end) const noexcept {
    if (c.end != end) return Flaw == pool_flaw::parent_not_in_key && c.end >= block_size_ &&
                             same_block(c, r, end);
    if (Flaw != pool_flaw::namespace_not_in_key && c.ns != r.ns) return false;
    if constexpr (Flaw == pool_flaw::parent_not_in_key) return same_block(c, r, end);
    for (std::size_t t = 0; t < end; ++t)
      if (c.prefix[t] != r.tokens[t]) return false;
    return true;
  }
  [[nodiscard]] constexpr bool same_block(const content& c, const request_state& r, std::size_t end) const noexcept {
    if (c.ns != r.ns) return false;
    for (std::size_t t = 0; t < block_size_; ++t)
      if (c.prefix[c.end - block_size_ + t] != r.tokens[end - block_size_ + t]) return false;
    return true;
  }

  [[nodiscard]] constexpr std::size_t cached(const request_state& r, std::size_t end) const noexcept {
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
    if (written < end && Flaw != pool_flaw::partial_block_cached) return;
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
      if (Flaw == pool_flaw::evicts_held_block && blocks_[b].cached) chosen = b;
    if (chosen == none) return 0;
    block_state& block = blocks_[chosen];
    if (block.cached && Flaw == pool_flaw::eviction_keeps_hash) {
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

  std::array<block_state, 8> blocks_{};
  std::array<request_state, 4> requests_{};
  request_state last_freed_{};
  std::size_t num_blocks_;
  std::size_t block_size_;
  std::size_t live_ = 0;
  std::uint64_t tick_ = 0;
};

}  // namespace kvc::mutants::block_pool_scenarios
