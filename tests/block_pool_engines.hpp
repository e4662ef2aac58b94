// tests/block_pool_engines.hpp - correct paged KV block pools in three engines' styles, for the
// proofs of kvc::check_block_pool: each must pass the checker in exact mode (the engine's reuse
// policy: {block_size, recompute_last_token}). tests/mutants/block_pool.hpp holds the known-bad
// ones. The contract, shortly: a hit is the longest run of LEADING full blocks whose content
// (namespace + every token from the start to the block's end) some cached block holds; admission
// is all-or-nothing and counts the free hit blocks it touches; a new block is a free uncached one
// while there is one, else an evicted free cached one; fork shares the full blocks and copies the
// partial last one; double free is a no-op; reset is refused while a request is live.
//
// Blocks holding the same content: two blocks can hold one content (two requests that fill the
// same partial block alike, a forked child's copy filled like its parent's, the last block a
// recompute-last-token policy allocates again). Every such block is cached. A hit takes a HELD one
// when there is one (it touches nothing), else any free one, so that the three pools admit alike.
//
// Every pool has the adapter members (allocate, append, free, free_blocks, block_table, fork,
// reset_prefix_cache), is constructed from (num_blocks, block_size), says its reuse policy in
// `recompute_last_token`, throws nothing itself, and uses only the standard library.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace kvc_test::pools {

using token_span = std::span<const std::int32_t>;
using token_vector = std::vector<std::int32_t>;

namespace detail {

/// splitmix64's finalizer: the hash mixing the pools use.
constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

constexpr std::uint64_t token_bits(std::int32_t token) noexcept {
  return static_cast<std::uint32_t>(token);
}

/// Tokens [begin, end) of a sequence, as an owned vector.
inline token_vector slice(token_span tokens, std::size_t begin, std::size_t end) {
  const token_span part = tokens.subspan(begin, end - begin);
  return token_vector(part.begin(), part.end());
}

}  // namespace detail

// ---- vLLM v1 -----------------------------------------------------------------------------------

/// vLLM v1's KVCacheManager / BlockPool: blocks 1..num_blocks (block 0 is the null block, here the
/// sentinel of the free queue), a doubly linked free queue threaded through the blocks (prev/next
/// indices), and a hash map from a block hash to the cached blocks holding it. The block hash is
/// the chained key (namespace, parent block's hash, the block's own tokens), interned to a stable
/// id so that, unlike a real hash, it cannot collide. A hit touches its free blocks (takes them
/// out of the queue); a block popped from the queue front that still has a hash is evicted then
/// (lazily). Freed blocks go to the tail in reverse order (a request's last block is evicted
/// first), except blocks without content, which go to the front: vLLM appends those to the tail
/// too and so may evict while uncached blocks are free, which only a bound-mode check accepts.
///
/// RecomputeLast = true is vLLM's policy {block_size, true}: the hit is capped at n - 1 tokens,
/// then rounded down to whole blocks (a prompt of exactly k cached blocks reuses k - 1).
template <bool RecomputeLast = false>
class lru_list_pool {
 public:
  static constexpr bool recompute_last_token = RecomputeLast;

  lru_list_pool(std::size_t num_blocks, std::size_t block_size)
      : block_size_(block_size == 0 ? 1 : block_size),
        blocks_(num_blocks + 1),
        free_count_(num_blocks) {
    for (std::size_t id = 1; id <= num_blocks; ++id) link_back(id);
  }

  std::optional<std::size_t> allocate(std::uint64_t request, std::uint64_t ns, token_span tokens) {
    if (tokens.empty() || requests_.contains(request)) return std::nullopt;  // outside the contract
    const std::size_t n = tokens.size();
    const std::size_t needed = (n + block_size_ - 1) / block_size_;
    const std::size_t reusable = (RecomputeLast ? n - 1 : n) / block_size_;

    // get_computed_blocks: the longest run of leading blocks whose hash has a cached block.
    std::vector<std::size_t> hit;
    std::vector<std::uint64_t> hashes;
    for (std::size_t i = 0; i < reusable; ++i) {
      const std::optional<std::uint64_t> hash =
          find_hash(ns, parent_of(hashes), block_tokens(tokens, i));
      if (!hash) break;
      const std::optional<std::size_t> cached = cached_block(*hash);
      if (!cached) break;
      hit.push_back(*cached);
      hashes.push_back(*hash);
    }

    // allocate_slots: all or nothing, the touched (free) hit blocks counted.
    const std::size_t touched = static_cast<std::size_t>(std::count_if(
        hit.begin(), hit.end(), [this](std::size_t b) { return blocks_[b].refs == 0; }));
    if (needed - hit.size() + touched > free_count_) return std::nullopt;
    for (const std::size_t b : hit) touch(b);

    request_state state{ns, token_vector(tokens.begin(), tokens.end()), hit, hashes};
    for (std::size_t i = hit.size(); i < needed; ++i) {
      const std::size_t b = pop_free_front();
      state.table.push_back(b);
      if ((i + 1) * block_size_ <= n) cache_full_block(state, i);
    }
    requests_.emplace(request, std::move(state));
    return hit.size() * block_size_;
  }

  bool append(std::uint64_t request, token_span tokens) {
    const auto found = requests_.find(request);
    if (found == requests_.end()) return false;
    request_state& state = found->second;
    const std::size_t total = state.tokens.size() + tokens.size();
    const std::size_t more = (total + block_size_ - 1) / block_size_ - state.table.size();
    if (more > free_count_) return false;
    for (std::size_t i = 0; i < more; ++i) state.table.push_back(pop_free_front());
    state.tokens.insert(state.tokens.end(), tokens.begin(), tokens.end());
    for (std::size_t i = state.hashes.size(); (i + 1) * block_size_ <= total; ++i)
      cache_full_block(state, i);
    return true;
  }

  void free(std::uint64_t request) {
    const auto found = requests_.find(request);
    if (found == requests_.end()) return;  // never allocated, refused or already freed: a no-op
    const std::vector<std::size_t>& table = found->second.table;
    for (auto b = table.rbegin(); b != table.rend(); ++b) release(*b);
    requests_.erase(found);
  }

  std::size_t free_blocks() const noexcept { return free_count_; }

  std::span<const std::size_t> block_table(std::uint64_t request) const {
    const auto found = requests_.find(request);
    if (found == requests_.end()) return {};
    return found->second.table;
  }

  bool fork(std::uint64_t parent, std::uint64_t child) {
    const auto found = requests_.find(parent);
    if (found == requests_.end() || requests_.contains(child)) return false;
    request_state state = found->second;  // a copy: the child's own
    const std::size_t full = state.hashes.size();
    const bool partial = state.table.size() > full;
    if (partial && free_count_ == 0) return false;
    state.table.resize(full);
    for (const std::size_t b : state.table) ++blocks_[b].refs;  // held by the parent already
    if (partial) state.table.push_back(pop_free_front());
    requests_.emplace(child, std::move(state));
    return true;
  }

  bool reset_prefix_cache() {
    if (!requests_.empty()) return false;
    for (block& b : blocks_) b.hash = 0;
    cached_.clear();
    hash_ids_.clear();
    next_hash_ = 1;
    return true;
  }

 private:
  static constexpr std::size_t null_block = 0;

  struct block {
    std::size_t prev = null_block;  // the free queue's links, meaningful while refs == 0
    std::size_t next = null_block;
    std::uint32_t refs = 0;
    std::uint64_t hash = 0;  // the block hash of its content while cached, 0 when none
  };

  struct request_state {
    std::uint64_t ns = 0;
    token_vector tokens;
    std::vector<std::size_t> table;
    std::vector<std::uint64_t> hashes;  // the hash of each full block, in order
  };

  /// The chained key a block hash stands for.
  struct chained_key {
    std::uint64_t ns = 0;
    std::uint64_t parent = 0;  // the previous block's hash, 0 for the first block
    token_vector tokens;       // the block's own tokens
    bool operator==(const chained_key&) const = default;
  };
  struct chained_key_hash {
    std::size_t operator()(const chained_key& key) const noexcept {
      std::uint64_t h = detail::mix64(key.ns ^ detail::mix64(key.parent));
      for (const std::int32_t token : key.tokens) h = detail::mix64(h ^ detail::token_bits(token));
      return static_cast<std::size_t>(h);
    }
  };

  token_span block_tokens(token_span tokens, std::size_t i) const {
    return tokens.subspan(i * block_size_, block_size_);
  }
  static std::uint64_t parent_of(const std::vector<std::uint64_t>& hashes) {
    return hashes.empty() ? 0 : hashes.back();
  }

  std::optional<std::uint64_t> find_hash(std::uint64_t ns, std::uint64_t parent,
                                         token_span tokens) const {
    const auto found =
        hash_ids_.find(chained_key{ns, parent, token_vector(tokens.begin(), tokens.end())});
    if (found == hash_ids_.end()) return std::nullopt;
    return found->second;
  }
  std::uint64_t intern(std::uint64_t ns, std::uint64_t parent, token_span tokens) {
    const auto [where, inserted] = hash_ids_.try_emplace(
        chained_key{ns, parent, token_vector(tokens.begin(), tokens.end())}, next_hash_);
    if (inserted) ++next_hash_;
    return where->second;
  }

  /// A cached block holding the hash: a held one if any (it touches nothing), else a free one.
  std::optional<std::size_t> cached_block(std::uint64_t hash) const {
    const auto found = cached_.find(hash);
    if (found == cached_.end() || found->second.empty()) return std::nullopt;
    for (const std::size_t b : found->second)
      if (blocks_[b].refs > 0) return b;
    return found->second.front();
  }

  /// Block i of the request has just become full: it gets its hash and is cached.
  void cache_full_block(request_state& state, std::size_t i) {
    const std::uint64_t hash =
        intern(state.ns, parent_of(state.hashes), block_tokens(state.tokens, i));
    state.hashes.push_back(hash);
    const std::size_t b = state.table[i];
    blocks_[b].hash = hash;
    cached_[hash].push_back(b);
  }

  void touch(std::size_t b) {
    if (blocks_[b].refs == 0) {
      unlink(b);
      --free_count_;
    }
    ++blocks_[b].refs;
  }

  /// The queue's front block, evicted if it is still cached.
  std::size_t pop_free_front() {
    const std::size_t b = blocks_[null_block].next;
    unlink(b);
    --free_count_;
    if (blocks_[b].hash != 0) {
      std::vector<std::size_t>& holders = cached_[blocks_[b].hash];
      holders.erase(std::find(holders.begin(), holders.end(), b));
      if (holders.empty()) cached_.erase(blocks_[b].hash);
      blocks_[b].hash = 0;
    }
    blocks_[b].refs = 1;
    return b;
  }

  void release(std::size_t b) {
    if (--blocks_[b].refs != 0) return;
    ++free_count_;
    if (blocks_[b].hash != 0)
      link_back(b);  // evictable, the least recently used first
    else
      link_front(b);  // no content: handed out before any cached block
  }

  void link_back(std::size_t b) {
    const std::size_t last = blocks_[null_block].prev;
    blocks_[b].prev = last;
    blocks_[b].next = null_block;
    blocks_[last].next = b;
    blocks_[null_block].prev = b;
  }
  void link_front(std::size_t b) {
    const std::size_t first = blocks_[null_block].next;
    blocks_[b].prev = null_block;
    blocks_[b].next = first;
    blocks_[first].prev = b;
    blocks_[null_block].next = b;
  }
  void unlink(std::size_t b) {
    blocks_[blocks_[b].prev].next = blocks_[b].next;
    blocks_[blocks_[b].next].prev = blocks_[b].prev;
    blocks_[b].prev = blocks_[b].next = null_block;
  }

  std::size_t block_size_;
  std::vector<block> blocks_;  // blocks_[0]: the null block, the free queue's sentinel
  std::size_t free_count_;
  std::unordered_map<chained_key, std::uint64_t, chained_key_hash> hash_ids_;  // key -> block hash
  std::uint64_t next_hash_ = 1;
  std::unordered_map<std::uint64_t, std::vector<std::size_t>>
      cached_;  // block hash -> cached blocks
  std::unordered_map<std::uint64_t, request_state> requests_;
};

/// vLLM's own policy: the last prompt token is always recomputed. Check under {block_size, true}.
using vllm_recompute_pool = lru_list_pool<true>;

// ---- SGLang
// --------------------------------------------------------------------------------------

/// SGLang's RadixCache with page_size = block_size: one tree per namespace, each edge one full
/// page (block) of tokens, each node the content of a full block (the tokens on the path to it)
/// and the blocks holding it. A node's lock counts the live table entries on it (SGLang's
/// inc_lock_ref / dec_lock_ref). Blocks without content sit on a free list (LIFO); when a block is
/// needed and that list is empty, the least recently used candidate is evicted: an unlocked LEAF
/// node's block (the node goes with it), or a free second copy of a content another block of the
/// node still holds. Evicting only leaves keeps the tree prefix-closed, so no hit is ever cut
/// short by a missing parent.
class radix_tree_pool {
 public:
  static constexpr bool recompute_last_token = false;

  radix_tree_pool(int num_blocks, int block_size)
      : block_size_(block_size < 1 ? std::size_t{1} : static_cast<std::size_t>(block_size)),
        blocks_(num_blocks < 0 ? std::size_t{0} : static_cast<std::size_t>(num_blocks)),
        free_count_(num_blocks < 0 ? 0 : num_blocks) {
    refill_free_list();
  }

  long allocate(int request, int ns, token_span tokens) {
    if (tokens.empty() || requests_.contains(request)) return -1;  // outside the contract
    const std::size_t n = tokens.size();
    const std::size_t needed = (n + block_size_ - 1) / block_size_;
    const std::size_t full = n / block_size_;

    // match_prefix: down the namespace's tree one page at a time.
    std::vector<int> hit;
    std::vector<int> path;
    if (const auto root = roots_.find(ns); root != roots_.end()) {
      int at = root->second;
      for (std::size_t i = 0; i < full; ++i) {
        const int child = find_child(at, page(tokens, i));
        if (child < 0) break;
        hit.push_back(pick_block(child));
        path.push_back(child);
        at = child;
      }
    }

    long touched = 0;
    for (const int b : hit) touched += kv(b).refs == 0 ? 1 : 0;
    const long more = static_cast<long>(needed - hit.size());
    if (more + touched > free_count_) return -1;

    for (const int b : hit) take(b);
    for (const int x : path) lock(x);
    request_state state{ns, token_vector(tokens.begin(), tokens.end()), hit, path};
    for (std::size_t i = hit.size(); i < needed; ++i) {
      state.table.push_back(take_free_block());
      if (i < full) insert(state, i);
    }
    requests_.emplace(request, std::move(state));
    return static_cast<long>(hit.size() * block_size_);
  }

  bool append(int request, token_span tokens) {
    const auto found = requests_.find(request);
    if (found == requests_.end()) return false;
    request_state& state = found->second;
    const std::size_t total = state.tokens.size() + tokens.size();
    const std::size_t more = (total + block_size_ - 1) / block_size_ - state.table.size();
    if (static_cast<long>(more) > free_count_) return false;
    for (std::size_t i = 0; i < more; ++i) state.table.push_back(take_free_block());
    state.tokens.insert(state.tokens.end(), tokens.begin(), tokens.end());
    for (std::size_t i = state.path.size(); (i + 1) * block_size_ <= total; ++i) insert(state, i);
    return true;
  }

  bool free(int request) {
    const auto found = requests_.find(request);
    if (found == requests_.end()) return false;  // not live: frees nothing
    for (const int b : found->second.table) release(b);
    for (const int x : found->second.path) unlock(x);
    requests_.erase(found);
    return true;
  }

  long free_blocks() const noexcept { return free_count_; }

  const std::vector<int>& block_table(int request) const {
    static const std::vector<int> none;
    const auto found = requests_.find(request);
    return found == requests_.end() ? none : found->second.table;
  }

  bool fork(int parent, int child) {
    const auto found = requests_.find(parent);
    if (found == requests_.end() || requests_.contains(child)) return false;
    request_state state = found->second;
    const bool partial = state.table.size() > state.path.size();
    if (partial && free_count_ == 0) return false;
    state.table.resize(state.path.size());
    for (const int b : state.table) ++kv(b).refs;
    for (const int x : state.path) lock(x);
    if (partial) state.table.push_back(take_free_block());
    requests_.emplace(child, std::move(state));
    return true;
  }

  bool reset_prefix_cache() {
    if (!requests_.empty()) return false;
    nodes_.clear();
    free_nodes_.clear();
    roots_.clear();
    for (kv_block& b : blocks_) b.node = -1;
    refill_free_list();
    return true;
  }

 private:
  struct node {
    int parent = -1;
    token_vector edge;                     // the page's own tokens (the key in the parent)
    std::map<token_vector, int> children;  // next page -> child node
    std::vector<int> blocks;               // the blocks holding this content (usually one)
    int lock = 0;                          // live table entries on this node
    std::uint64_t last_access = 0;
    bool alive = true;
  };
  struct kv_block {
    int refs = 0;
    int node = -1;  // the node whose content it holds while cached, -1 when none
  };
  struct request_state {
    int ns = 0;
    token_vector tokens;
    std::vector<int> table;
    std::vector<int> path;  // the node of each full block, in order
  };

  static std::size_t index(int i) { return static_cast<std::size_t>(i); }
  kv_block& kv(int b) { return blocks_[index(b)]; }
  const kv_block& kv(int b) const { return blocks_[index(b)]; }
  node& at(int x) { return nodes_[index(x)]; }

  token_vector page(token_span tokens, std::size_t i) const {
    return detail::slice(tokens, i * block_size_, (i + 1) * block_size_);
  }

  void refill_free_list() {
    free_list_.clear();
    for (std::size_t b = blocks_.size(); b-- > 0;) free_list_.push_back(static_cast<int>(b));
  }

  int find_child(int x, const token_vector& edge) {
    const auto found = at(x).children.find(edge);
    return found == at(x).children.end() ? -1 : found->second;
  }

  int new_node(int parent, token_vector edge) {
    int x;
    if (free_nodes_.empty()) {
      x = static_cast<int>(nodes_.size());
      nodes_.emplace_back();
    } else {
      x = free_nodes_.back();
      free_nodes_.pop_back();
      at(x) = node{};
    }
    at(x).parent = parent;
    at(x).edge = std::move(edge);
    at(x).last_access = ++clock_;
    if (parent >= 0) at(parent).children.emplace(at(x).edge, x);
    return x;
  }

  int root_of(int ns) {
    if (const auto found = roots_.find(ns); found != roots_.end()) return found->second;
    const int root = new_node(-1, {});
    roots_.emplace(ns, root);
    return root;
  }

  int pick_block(int x) {
    for (const int b : at(x).blocks)
      if (kv(b).refs > 0) return b;
    return at(x).blocks.front();
  }

  /// Full block i of the request (already in its table) enters the tree under the previous one.
  void insert(request_state& state, std::size_t i) {
    const int parent = state.path.empty() ? root_of(state.ns) : state.path.back();
    token_vector edge = page(state.tokens, i);
    int x = find_child(parent, edge);
    if (x < 0) x = new_node(parent, std::move(edge));
    const int b = state.table[i];
    at(x).blocks.push_back(b);
    kv(b).node = x;
    lock(x);
    state.path.push_back(x);
  }

  void lock(int x) {
    ++at(x).lock;
    at(x).last_access = ++clock_;
  }
  void unlock(int x) {
    --at(x).lock;
    at(x).last_access = ++clock_;
  }

  void take(int b) {
    if (kv(b).refs++ == 0) --free_count_;  // a touched free cached block: no longer evictable
  }

  int take_free_block() {
    int b;
    if (!free_list_.empty()) {
      b = free_list_.back();
      free_list_.pop_back();
    } else {
      b = evict_lru();
    }
    --free_count_;
    kv(b).refs = 1;
    return b;
  }

  void release(int b) {
    if (--kv(b).refs != 0) return;
    ++free_count_;
    if (kv(b).node < 0) free_list_.push_back(b);  // no content; a cached one stays in the tree
  }

  /// Called only when every free block is cached: then a candidate exists (a free block whose
  /// node has another block, or else an unlocked leaf under it).
  int evict_lru() {
    int victim_node = -1;
    int victim = -1;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      const node& x = nodes_[i];
      if (!x.alive || x.blocks.empty()) continue;
      const bool evictable_leaf = x.children.empty() && x.lock == 0;
      if (!evictable_leaf && x.blocks.size() < 2) continue;
      if (victim_node >= 0 && nodes_[index(victim_node)].last_access <= x.last_access) continue;
      for (const int b : x.blocks) {
        if (kv(b).refs != 0) continue;
        victim_node = static_cast<int>(i);
        victim = b;
        break;
      }
    }
    node& x = at(victim_node);
    x.blocks.erase(std::find(x.blocks.begin(), x.blocks.end(), victim));
    kv(victim).node = -1;
    if (x.blocks.empty()) {  // the leaf's content is gone: the node goes
      at(x.parent).children.erase(x.edge);
      x.alive = false;
      free_nodes_.push_back(victim_node);
    }
    return victim;
  }

  std::size_t block_size_;
  std::vector<kv_block> blocks_;
  long free_count_;
  std::vector<int> free_list_;  // free blocks without content, LIFO
  std::vector<node> nodes_;
  std::vector<int> free_nodes_;
  std::map<int, int> roots_;  // namespace -> root node (no content, never evicted)
  std::uint64_t clock_ = 0;
  std::map<int, request_state> requests_;
};

// ---- TensorRT-LLM / llama.cpp ------------------------------------------------------------------

/// A TensorRT-LLM KV cache manager (or llama.cpp's unified cache) shaped pool: an open-addressing
/// hash table (linear probing, backward-shift deletion, at most half full) of the cached blocks,
/// each known by (namespace, hash of the whole prefix, and the whole prefix itself, compared on
/// lookup: a hash collision cannot alias). Free blocks without content on a LIFO stack; the cached
/// free blocks ordered by release tick, the oldest evicted first.
class hashed_chain_pool {
 public:
  static constexpr bool recompute_last_token = false;

  hashed_chain_pool(std::uint32_t num_blocks, std::uint32_t block_size)
      : block_size_(block_size == 0 ? 1 : block_size),
        blocks_(num_blocks),
        slots_(std::bit_ceil(2 * std::size_t{num_blocks} + 2), empty_slot),
        mask_(slots_.size() - 1),
        free_count_(num_blocks) {
    refill_free_stack();
  }

  std::optional<int> allocate(std::uint32_t request, std::int64_t ns, token_span tokens) {
    if (tokens.empty() || requests_.contains(request)) return std::nullopt;  // outside the contract
    const std::size_t n = tokens.size();
    const std::size_t needed = (n + block_size_ - 1) / block_size_;
    const std::size_t full = n / block_size_;

    std::vector<std::uint32_t> hit;
    std::uint64_t hash = seed(ns);
    for (std::size_t i = 0; i < full; ++i) {
      hash = extend(hash, tokens.subspan(i * block_size_, block_size_));
      const std::optional<std::uint32_t> found =
          lookup(ns, hash, tokens.first((i + 1) * block_size_));
      if (!found) break;
      hit.push_back(*found);
    }

    std::size_t touched = 0;
    for (const std::uint32_t b : hit) touched += blocks_[b].refs == 0 ? 1U : 0U;
    if (needed - hit.size() + touched > free_count_) return std::nullopt;
    for (const std::uint32_t b : hit) touch(b);

    request_state state{ns, token_vector(tokens.begin(), tokens.end()), hit, seed(ns)};
    for (std::size_t i = 0; i < hit.size(); ++i)
      state.full_hash = extend(state.full_hash, tokens.subspan(i * block_size_, block_size_));
    for (std::size_t i = hit.size(); i < needed; ++i) {
      state.table.push_back(take_free_block());
      if (i < full) cache_full_block(state, i);
    }
    requests_.emplace(request, std::move(state));
    return static_cast<int>(hit.size() * block_size_);
  }

  bool append(std::uint32_t request, token_span tokens) {
    const auto found = requests_.find(request);
    if (found == requests_.end()) return false;
    request_state& state = found->second;
    const std::size_t full_before = state.tokens.size() / block_size_;
    const std::size_t total = state.tokens.size() + tokens.size();
    const std::size_t more = (total + block_size_ - 1) / block_size_ - state.table.size();
    if (more > free_count_) return false;
    for (std::size_t i = 0; i < more; ++i) state.table.push_back(take_free_block());
    state.tokens.insert(state.tokens.end(), tokens.begin(), tokens.end());
    for (std::size_t i = full_before; i < total / block_size_; ++i) cache_full_block(state, i);
    return true;
  }

  void free(std::uint32_t request) {
    const auto found = requests_.find(request);
    if (found == requests_.end()) return;
    for (const std::uint32_t b : found->second.table) release(b);
    requests_.erase(found);
  }

  std::uint32_t free_blocks() const noexcept { return free_count_; }

  std::vector<std::uint32_t> block_table(std::uint32_t request) const {
    const auto found = requests_.find(request);
    if (found == requests_.end()) return {};
    return found->second.table;
  }

  bool fork(std::uint32_t parent, std::uint32_t child) {
    const auto found = requests_.find(parent);
    if (found == requests_.end() || requests_.contains(child)) return false;
    request_state state = found->second;
    const std::size_t full = state.tokens.size() / block_size_;
    const bool partial = state.table.size() > full;
    if (partial && free_count_ == 0) return false;
    state.table.resize(full);
    for (const std::uint32_t b : state.table) ++blocks_[b].refs;
    if (partial) state.table.push_back(take_free_block());
    requests_.emplace(child, std::move(state));
    return true;
  }

  bool reset_prefix_cache() {
    if (!requests_.empty()) return false;
    for (block& b : blocks_) {
      b.cached = false;
      b.prefix.clear();
    }
    std::fill(slots_.begin(), slots_.end(), empty_slot);
    evictable_.clear();
    refill_free_stack();
    return true;
  }

 private:
  static constexpr std::uint32_t empty_slot = UINT32_MAX;

  struct block {
    std::uint32_t refs = 0;
    bool cached = false;
    std::int64_t ns = 0;
    std::uint64_t prefix_hash = 0;
    token_vector prefix;         // every token from the sequence start to this block's end
    std::uint64_t released = 0;  // the tick of its last release
  };
  struct request_state {
    std::int64_t ns = 0;
    token_vector tokens;
    std::vector<std::uint32_t> table;
    std::uint64_t full_hash = 0;  // the prefix hash up to the end of its last full block
  };

  static std::uint64_t seed(std::int64_t ns) {
    return detail::mix64(static_cast<std::uint64_t>(ns) ^ 0x5bd1e995ULL);
  }
  static std::uint64_t extend(std::uint64_t hash, token_span tokens) {
    for (const std::int32_t token : tokens) hash = detail::mix64(hash ^ detail::token_bits(token));
    return hash;
  }
  std::size_t home(std::uint64_t hash) const {
    return static_cast<std::size_t>(detail::mix64(hash)) & mask_;
  }
  std::size_t next(std::size_t slot) const { return (slot + 1) & mask_; }

  void refill_free_stack() {
    free_stack_.clear();
    for (std::size_t b = blocks_.size(); b-- > 0;)
      free_stack_.push_back(static_cast<std::uint32_t>(b));
  }

  /// A cached block holding (ns, prefix): a held one if any, else a free one.
  std::optional<std::uint32_t> lookup(std::int64_t ns, std::uint64_t hash,
                                      token_span prefix) const {
    std::optional<std::uint32_t> found;
    for (std::size_t slot = home(hash); slots_[slot] != empty_slot; slot = next(slot)) {
      const block& b = blocks_[slots_[slot]];
      if (b.ns != ns || b.prefix_hash != hash || !std::ranges::equal(b.prefix, prefix)) continue;
      if (b.refs > 0) return slots_[slot];
      if (!found) found = slots_[slot];
    }
    return found;
  }

  void cache_full_block(request_state& state, std::size_t i) {
    state.full_hash =
        extend(state.full_hash, token_span(state.tokens).subspan(i * block_size_, block_size_));
    const std::uint32_t id = state.table[i];
    block& b = blocks_[id];
    b.cached = true;
    b.ns = state.ns;
    b.prefix_hash = state.full_hash;
    b.prefix = detail::slice(state.tokens, 0, (i + 1) * block_size_);
    std::size_t slot = home(b.prefix_hash);
    while (slots_[slot] != empty_slot) slot = next(slot);
    slots_[slot] = id;
  }

  void uncache(std::uint32_t id) {
    block& b = blocks_[id];
    std::size_t hole = home(b.prefix_hash);
    while (slots_[hole] != id) hole = next(hole);
    // Backward-shift deletion: pull every later entry of the run that may sit in the hole.
    for (std::size_t slot = next(hole); slots_[slot] != empty_slot; slot = next(slot)) {
      const std::size_t want = home(blocks_[slots_[slot]].prefix_hash);
      const bool stays =
          hole <= slot ? (hole < want && want <= slot) : (hole < want || want <= slot);
      if (stays) continue;
      slots_[hole] = slots_[slot];
      hole = slot;
    }
    slots_[hole] = empty_slot;
    b.cached = false;
    b.prefix.clear();
  }

  void touch(std::uint32_t id) {
    block& b = blocks_[id];
    if (b.refs++ == 0) {
      evictable_.erase({b.released, id});
      --free_count_;
    }
  }

  std::uint32_t take_free_block() {
    std::uint32_t id;
    if (!free_stack_.empty()) {
      id = free_stack_.back();
      free_stack_.pop_back();
    } else {
      id = evictable_.begin()->second;  // the oldest release
      evictable_.erase(evictable_.begin());
      uncache(id);
    }
    --free_count_;
    blocks_[id].refs = 1;
    return id;
  }

  void release(std::uint32_t id) {
    block& b = blocks_[id];
    if (--b.refs != 0) return;
    ++free_count_;
    if (b.cached) {
      b.released = ++tick_;
      evictable_.emplace(b.released, id);
    } else {
      free_stack_.push_back(id);
    }
  }

  std::size_t block_size_;
  std::vector<block> blocks_;
  std::vector<std::uint32_t> slots_;  // the open-addressing table: block ids, empty_slot when none
  std::size_t mask_;
  std::uint32_t free_count_;
  std::vector<std::uint32_t> free_stack_;  // free blocks without content
  std::set<std::pair<std::uint64_t, std::uint32_t>>
      evictable_;  // (release tick, block), cached free
  std::uint64_t tick_ = 0;
  std::unordered_map<std::uint32_t, request_state> requests_;
};

// ---- iteration ---------------------------------------------------------------------------------

/// The names, in the order for_each_correct_pool visits them. Each pool's reuse policy is
/// {its block_size, Pool::recompute_last_token}.
inline constexpr std::array<std::string_view, 4> correct_pool_names{
    "lru_list_pool", "lru_list_pool<recompute_last>", "radix_tree_pool", "hashed_chain_pool"};

/// Calls `f.template operator()<Pool>(name)` for every correct pool, e.g. with
/// `[]<class Pool>(std::string_view name) { ... Pool(num_blocks, block_size) ... }`.
template <class F>
void for_each_correct_pool(F&& f) {
  f.template operator()<lru_list_pool<>>(correct_pool_names[0]);
  f.template operator()<lru_list_pool<true>>(correct_pool_names[1]);
  f.template operator()<radix_tree_pool>(correct_pool_names[2]);
  f.template operator()<hashed_chain_pool>(correct_pool_names[3]);
}

}  // namespace kvc_test::pools
