// kvc/model/block_pool.hpp - the reference model of a paged KV block pool: reference-counted
// blocks, full blocks cached by their content, freed blocks hit-able until evicted, all-or-nothing
// allocation, forks that share blocks.
//
// Why a model: every serving engine keeps its KV cache in a pool of fixed-size blocks (vLLM's
// `BlockPool` and `KVCacheManager`, SGLang's radix cache over its token-to-KV pool,
// TensorRT-LLM's `BlockManager`, llama.cpp's cells), and the bugs live in its state: a block freed
// while a sequence still uses it, a hash left on a block after eviction, a reference count that
// never drops. None of them is visible in one call. The model states every rule in a few lines of
// obviously correct code; kvc::check_block_pool (kvc/stateful/block_pool_check.hpp) runs an
// engine's pool beside a shadow of the KV content built on the same rules.
//
// The rules, with the engines' words for them:
// - A pool has `num_blocks` blocks of `block_size` token slots. A live request holds a block
//   table: `ceil(n / block_size)` block ids for its n tokens, in order.
// - A block's reference count is the number of live requests whose table holds it (vLLM's
//   `ref_cnt`, SGLang's `lock_ref`). `free_blocks()` counts the blocks nobody references, cached or
//   not (vLLM's `get_num_free_blocks()`: evictable blocks are free).
// - A FULL block is cached under its content: the namespace and every token from the start of
//   the sequence to the block's end (vLLM's chained block hash with its extra keys; a radix path).
//   It stays cached when its last reference goes (it becomes evictable), until it is evicted or the
//   prefix cache is reset. A partial block is never cached.
// - `allocate(request, ns, tokens, policy)`: the hit is the longest run of LEADING full blocks whose
//   content is cached, cut by `policy` (kvc::reuse_policy: vLLM's `{16, true}` recomputes the last
//   prompt token) to whole blocks. The request needs the remaining blocks new; the hit blocks that
//   nobody referenced leave the free set too (vLLM's `touch`). All of it or nothing: refused, the
//   pool is unchanged (vLLM's `allocate_slots` returning None).
// - New blocks are free blocks: one that holds no cached content first, lowest id first; else a
//   cached free block is evicted, the one released longest ago (within one `free`, the request's
//   last block first, as vLLM's free queue orders them). Eviction order is an engine's choice;
//   kvc's check does not depend on this one.
// - `append(request, tokens)` (decode) takes the new blocks its tokens need, all or none; a block
//   it fills becomes cached.
// - `free(request)` drops the request's references; a request that is not live frees nothing.
// - `fork(parent, child)` (parallel sampling, beam search): the child shares the parent's full
//   blocks and gets its own copy of the partial last block, so that neither writes into a block
//   the other reads.
// - `reset_prefix_cache()` forgets every cached block, and is refused (false, nothing changes)
//   while any request is live, as vLLM's `reset_prefix_cache` returns False.
//
// No Boost, no allocation: usable in constant expressions with small capacities.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "../concepts.hpp"
#include "../detail/ranges.hpp"
#include "../reuse_policy.hpp"
#include "integer_key.hpp"
#include "token_sequence.hpp"

namespace kvc::model {

/// What `basic_block_pool::allocate` did.
struct block_allocation {
  /// Whether the request was admitted (false: refused, nothing changed).
  bool admitted = false;
  /// The leading tokens served from cached blocks (0 when refused).
  std::size_t cached_tokens = 0;
  /// The blocks taken from the free set that were not hits (0 when refused).
  std::size_t new_blocks = 0;

  /// Whether the request was admitted.
  constexpr explicit operator bool() const noexcept { return admitted; }
  /// Equal when every field is.
  friend constexpr bool operator==(const block_allocation&, const block_allocation&) = default;
};

/// A read-only view of `count` values starting at `first`: a block table or a request's tokens.
template <class T>
struct model_view {
  /// The first value.
  const T* first = nullptr;
  /// How many values.
  std::size_t count = 0;

  /// The first value.
  [[nodiscard]] constexpr const T* begin() const noexcept { return first; }
  /// Past the last value.
  [[nodiscard]] constexpr const T* end() const noexcept { return first + count; }
  /// How many values.
  [[nodiscard]] constexpr std::size_t size() const noexcept { return count; }
  /// Whether there is none.
  [[nodiscard]] constexpr bool empty() const noexcept { return count == 0; }
  /// Value `i`; requires `i < size()`.
  [[nodiscard]] constexpr const T& operator[](std::size_t i) const noexcept { return first[i]; }
};

/// A paged KV block pool of at most `MaxBlocks` blocks, `MaxRequests` live requests and
/// `MaxTokens` tokens per request, usable in constant expressions. Requests and namespaces are
/// integers of any type, compared by value; tokens are any integers that fit `std::int32_t`.
/// Block ids are `0 .. num_blocks() - 1`.
template <std::size_t MaxBlocks, std::size_t MaxRequests, std::size_t MaxTokens>
class basic_block_pool {
 public:
  /// The most blocks a pool has.
  static constexpr std::size_t max_blocks = MaxBlocks;
  /// The most requests live at once.
  static constexpr std::size_t max_requests = MaxRequests;
  /// The most tokens one request holds.
  static constexpr std::size_t max_tokens = MaxTokens;

  /// A pool of `num_blocks` free blocks of `block_size` tokens. A block size below 1, or a block
  /// count below 0 or above `max_blocks`, makes a pool of no blocks (that refuses every request).
  template <integer Blocks, integer BlockSize>
  constexpr basic_block_pool(Blocks num_blocks, BlockSize block_size) noexcept {
    if (std::cmp_less(block_size, 1) || std::cmp_less(num_blocks, 0) ||
        std::cmp_greater(num_blocks, MaxBlocks))
      return;
    num_blocks_ = static_cast<std::size_t>(num_blocks);
    block_size_ = static_cast<std::size_t>(block_size);
  }

  /// Admits `request` with `tokens` under namespace `ns`, reusing the leading cached blocks
  /// `policy` allows, or refuses it and changes nothing: when it is live already, has no tokens or
  /// more than `max_tokens`, holds a token outside `std::int32_t`, `max_requests` are live, or
  /// its new blocks and its hit blocks that nobody referenced are more than `free_blocks()`.
  template <integer Request, integer Namespace, token_sequence Tokens>
  constexpr block_allocation allocate(Request request, Namespace ns, const Tokens& tokens,
                                      reuse_policy policy = {}) noexcept {
    const integer_key id = integer_key::of(request);
    const auto n = static_cast<std::size_t>(kvc::detail::range_size(tokens));
    if (n == 0 || n > MaxTokens || live_ == MaxRequests || find(id) != live_) return {};
    request_state incoming{};
    if (!copy_tokens(tokens, incoming.tokens, 0)) return {};
    incoming.id = id;
    incoming.ns = integer_key::of(ns);
    incoming.length = n;

    std::array<std::size_t, MaxTokens> holders{};
    std::size_t matched = 0;
    while ((matched + 1) * block_size_ <= n) {
      const std::size_t holder = cached_holder(incoming, (matched + 1) * block_size_);
      if (holder == no_block) break;
      holders[matched++] = holder;
    }
    const std::size_t hit_tokens = kvc::detail::reused_under_blocks(
        policy, block_size_, matched * block_size_, n, static_cast<std::size_t>(-1));
    const std::size_t hit_blocks = hit_tokens / block_size_;
    const std::size_t total_blocks = blocks_for(n);
    std::size_t touched = 0;
    for (std::size_t i = 0; i < hit_blocks; ++i)
      if (blocks_[holders[i]].refs == 0) ++touched;
    const std::size_t fresh = total_blocks - hit_blocks;
    if (fresh + touched > free_blocks()) return {};

    for (std::size_t i = 0; i < hit_blocks; ++i) {
      ++blocks_[holders[i]].refs;
      incoming.table[i] = holders[i];
    }
    for (std::size_t i = hit_blocks; i < total_blocks; ++i)
      incoming.table[i] = take_new_block(incoming, i);
    incoming.blocks = total_blocks;
    requests_[live_++] = incoming;
    return {true, hit_tokens, fresh};
  }

  /// Appends `tokens` to live `request` (decode) and returns true, taking the new blocks they need;
  /// a block they fill becomes cached. Returns false and changes nothing when `request` is not
  /// live, would hold more than `max_tokens` tokens or a token outside `std::int32_t`, or needs
  /// more new blocks than `free_blocks()`. Appending nothing returns true.
  template <integer Request, token_sequence Tokens>
  constexpr bool append(Request request, const Tokens& tokens) noexcept {
    const std::size_t at = find(integer_key::of(request));
    if (at == live_) return false;
    request_state grown = requests_[at];
    const auto k = static_cast<std::size_t>(kvc::detail::range_size(tokens));
    if (k > MaxTokens - grown.length || !copy_tokens(tokens, grown.tokens, grown.length))
      return false;
    const std::size_t old_blocks = grown.blocks;
    grown.length += k;
    const std::size_t total_blocks = blocks_for(grown.length);
    if (total_blocks - old_blocks > free_blocks()) return false;
    if (old_blocks > 0) fill(grown, old_blocks - 1, grown.table[old_blocks - 1]);
    for (std::size_t i = old_blocks; i < total_blocks; ++i) grown.table[i] = take_new_block(grown, i);
    grown.blocks = total_blocks;
    requests_[at] = grown;
    return true;
  }

  /// Drops every reference `request` holds and returns true; false, changing nothing, when it is
  /// not live (never admitted, refused, or freed already). Its full blocks stay cached.
  template <integer Request>
  constexpr bool free(Request request) noexcept {
    const std::size_t at = find(integer_key::of(request));
    if (at == live_) return false;
    const request_state& gone = requests_[at];
    for (std::size_t i = gone.blocks; i-- > 0;) {
      block_state& block = blocks_[gone.table[i]];
      if (--block.refs == 0) block.released = ++tick_;  // the last block is evicted first
    }
    requests_[at] = requests_[--live_];
    return true;
  }

  /// Makes `child` a copy of live `parent` and returns true: the same namespace and tokens, the
  /// parent's full blocks shared, and a new block holding a copy of its partial last block, if it
  /// has one. Returns false and changes nothing when `parent` is not live, `child` is live (or is
  /// `parent`), `max_requests` are live, or the copy needs a block and none is free.
  template <integer Parent, integer Child>
  constexpr bool fork(Parent parent, Child child) noexcept {
    const std::size_t at = find(integer_key::of(parent));
    const integer_key child_id = integer_key::of(child);
    if (at == live_ || find(child_id) != live_ || live_ == MaxRequests) return false;
    request_state copy = requests_[at];
    copy.id = child_id;
    const bool partial = copy.length % block_size_ != 0;
    if (partial && free_blocks() == 0) return false;
    const std::size_t shared = partial ? copy.blocks - 1 : copy.blocks;
    for (std::size_t i = 0; i < shared; ++i) ++blocks_[copy.table[i]].refs;
    if (partial) copy.table[shared] = take_new_block(copy, shared);
    requests_[live_++] = copy;
    return true;
  }

  /// Forgets every cached block and returns true; false, changing nothing, while any request is
  /// live.
  constexpr bool reset_prefix_cache() noexcept {
    if (live_ != 0) return false;
    for (std::size_t b = 0; b < num_blocks_; ++b) blocks_[b].cached = false;
    return true;
  }

  /// The blocks no live request references, cached or not.
  [[nodiscard]] constexpr std::size_t free_blocks() const noexcept {
    std::size_t count = 0;
    for (std::size_t b = 0; b < num_blocks_; ++b)
      if (blocks_[b].refs == 0) ++count;
    return count;
  }

  /// The block ids of live `request`, in token order; empty when it is not live.
  template <integer Request>
  [[nodiscard]] constexpr model_view<std::size_t> block_table(Request request) const noexcept {
    const std::size_t at = find(integer_key::of(request));
    if (at == live_) return {};
    return {requests_[at].table.data(), requests_[at].blocks};
  }

  /// The tokens of live `request`; empty when it is not live.
  template <integer Request>
  [[nodiscard]] constexpr model_view<std::int32_t> tokens(Request request) const noexcept {
    const std::size_t at = find(integer_key::of(request));
    if (at == live_) return {};
    return {requests_[at].tokens.data(), requests_[at].length};
  }

  /// Whether `request` is live.
  template <integer Request>
  [[nodiscard]] constexpr bool is_live(Request request) const noexcept {
    return find(integer_key::of(request)) != live_;
  }

  /// How many live requests reference `block` (0 for an id out of range).
  [[nodiscard]] constexpr std::size_t references(std::size_t block) const noexcept {
    return block < num_blocks_ ? blocks_[block].refs : 0;
  }
  /// Whether `block` is cached (full, hit-able).
  [[nodiscard]] constexpr bool is_cached(std::size_t block) const noexcept {
    return block < num_blocks_ && blocks_[block].cached;
  }
  /// How many blocks are cached.
  [[nodiscard]] constexpr std::size_t cached_blocks() const noexcept {
    std::size_t count = 0;
    for (std::size_t b = 0; b < num_blocks_; ++b)
      if (blocks_[b].cached) ++count;
    return count;
  }
  /// How many cached blocks were evicted to make room.
  [[nodiscard]] constexpr std::size_t evictions() const noexcept { return evictions_; }
  /// How many requests are live.
  [[nodiscard]] constexpr std::size_t live_requests() const noexcept { return live_; }
  /// The pool's block count, fixed at construction.
  [[nodiscard]] constexpr std::size_t num_blocks() const noexcept { return num_blocks_; }
  /// Tokens per block, fixed at construction.
  [[nodiscard]] constexpr std::size_t block_size() const noexcept { return block_size_; }

 private:
  static constexpr std::size_t no_block = static_cast<std::size_t>(-1);

  struct request_state {
    integer_key id{};
    integer_key ns{};
    std::array<std::int32_t, MaxTokens> tokens{};
    std::size_t length = 0;
    std::array<std::size_t, MaxTokens> table{};
    std::size_t blocks = 0;
  };
  struct block_state {
    std::size_t refs = 0;
    /// Full, and hit-able under `ns` and `prefix[0, end)`.
    bool cached = false;
    integer_key ns{};
    std::size_t end = 0;
    std::array<std::int32_t, MaxTokens> prefix{};
    /// When its reference count last reached 0.
    std::uint64_t released = 0;
  };

  [[nodiscard]] constexpr std::size_t blocks_for(std::size_t n) const noexcept {
    return (n + block_size_ - 1) / block_size_;
  }

  [[nodiscard]] constexpr std::size_t find(const integer_key& id) const noexcept {
    for (std::size_t i = 0; i < live_; ++i)
      if (requests_[i].id == id) return i;
    return live_;
  }

  template <class Tokens>
  [[nodiscard]] static constexpr bool copy_tokens(const Tokens& tokens,
                                                  std::array<std::int32_t, MaxTokens>& out,
                                                  std::size_t from) noexcept {
    std::size_t i = from;
    for (const auto token : tokens) {
      if (!std::in_range<std::int32_t>(token)) return false;
      out[i++] = static_cast<std::int32_t>(token);
    }
    return true;
  }

  /// A cached block holding `request`'s namespace and tokens `[0, end)`: one a live request
  /// references if there is one (sharing it takes no free block), else the lowest id.
  [[nodiscard]] constexpr std::size_t cached_holder(const request_state& request,
                                                    std::size_t end) const noexcept {
    std::size_t found = no_block;
    for (std::size_t b = 0; b < num_blocks_; ++b) {
      const block_state& block = blocks_[b];
      if (!block.cached || block.end != end || !(block.ns == request.ns)) continue;
      bool same = true;
      for (std::size_t t = 0; t < end && same; ++t) same = block.prefix[t] == request.tokens[t];
      if (!same) continue;
      if (block.refs > 0) return b;
      if (found == no_block) found = b;
    }
    return found;
  }

  /// Block `index` of `request` is `b`: cached with its content when `request`'s tokens fill it.
  constexpr void fill(const request_state& request, std::size_t index, std::size_t b) noexcept {
    block_state& block = blocks_[b];
    const std::size_t end = (index + 1) * block_size_;
    if (request.length < end) return;
    block.cached = true;
    block.ns = request.ns;
    block.end = end;
    for (std::size_t t = 0; t < end; ++t) block.prefix[t] = request.tokens[t];
  }

  /// A free block for block `index` of `request`, referenced once and filled: an uncached one
  /// (lowest id) if any, else the cached free block released longest ago, evicted. Requires
  /// `free_blocks() > 0`.
  constexpr std::size_t take_new_block(const request_state& request, std::size_t index) noexcept {
    std::size_t chosen = no_block;
    for (std::size_t b = 0; b < num_blocks_ && chosen == no_block; ++b)
      if (blocks_[b].refs == 0 && !blocks_[b].cached) chosen = b;
    if (chosen == no_block) {
      for (std::size_t b = 0; b < num_blocks_; ++b)
        if (blocks_[b].refs == 0 &&
            (chosen == no_block || blocks_[b].released < blocks_[chosen].released))
          chosen = b;
      ++evictions_;
    }
    block_state& block = blocks_[chosen];
    block.refs = 1;
    block.cached = false;
    fill(request, index, chosen);
    return chosen;
  }

  std::array<block_state, MaxBlocks> blocks_{};
  std::array<request_state, MaxRequests> requests_{};
  std::size_t num_blocks_ = 0;
  std::size_t block_size_ = 1;
  std::size_t live_ = 0;
  std::uint64_t tick_ = 0;
  std::size_t evictions_ = 0;
};

/// The reference block pool: up to 64 blocks, 64 live requests and 64 tokens per request, enough
/// for every sequence kvc::check_block_pool generates.
using block_pool = basic_block_pool<64, 64, 64>;

}  // namespace kvc::model
