// tests/block_pool_copy_engines.hpp - correct paged KV block pools that move blocks in the ways
// kvc::check_block_pool has to accept: a fork that shares the partial last block and copies it
// when one side appends (copy on write), a fork that gives the parent the copy, and an append
// that points a block it fills at a cached block of equal content (deduplication on fill, as
// vLLM v0's promote_to_immutable_block). All three stand on one vLLM-v1-shaped base: reference
// counts, an intrusive doubly linked free queue (least recently freed first), a content index
// that holds every cached copy.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace kvc_test::copy_pools {

using Tok = std::int32_t;
using Tokens = std::span<const Tok>;

inline std::uint64_t mix64(std::uint64_t x) {  // splitmix64 finaliser
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

template <class RefT = int, class CountT = std::size_t>
class BasePoolT {
 public:
  BasePoolT(std::size_t num_blocks, std::size_t block_size)
      : n_(num_blocks), bs_(block_size == 0 ? 1 : block_size), blocks_(num_blocks) {
    for (std::size_t b = 0; b < n_; ++b) push_free(static_cast<int>(b));
  }
  virtual ~BasePoolT() = default;
  BasePoolT(BasePoolT&&) = default;

  std::optional<int> allocate(std::uint64_t request, std::uint64_t ns, Tokens tokens) {
    if (find_req(request) != nullptr || tokens.empty()) return std::nullopt;
    const std::size_t n = tokens.size();
    const std::size_t total = blocks_for(n);
    std::vector<int> hit = find_hits(ns, tokens);
    std::size_t touched = 0;
    for (int b : hit)
      if (blocks_[static_cast<std::size_t>(b)].ref == 0) ++touched;
    if (total - hit.size() + touched > static_cast<std::size_t>(free_count_)) return std::nullopt;
    Req& r = add_req(request);
    r.ns = ns;
    r.tokens.assign(tokens.begin(), tokens.end());
    r.table.clear();
    for (int b : hit) {
      touch(b);
      r.table.push_back(b);
    }
    grow_table(r, total);
    return static_cast<int>(hit.size() * bs_);
  }

  bool append(std::uint64_t request, Tokens tokens) {
    Req* r = find_req(request);
    if (r == nullptr) return false;
    const std::size_t old_blocks = r->table.size();
    const std::size_t old_len = r->tokens.size();
    const std::size_t total = blocks_for(old_len + tokens.size());
    if (total - old_blocks > static_cast<std::size_t>(free_count_)) return false;
    r->tokens.insert(r->tokens.end(), tokens.begin(), tokens.end());
    if (old_len % bs_ != 0 && old_blocks * bs_ <= r->tokens.size())
      commit(r->table[old_blocks - 1], *r, old_blocks - 1);
    grow_table(*r, total);
    return true;
  }

  void free(std::uint64_t request) {
    Req* r = find_req(request);
    if (r == nullptr) return;
    for (std::size_t i = r->table.size(); i-- > 0;) release(r->table[i]);
    erase_req(request);
  }

  bool fork(std::uint64_t parent, std::uint64_t child) {
    Req* p = find_req(parent);
    if (p == nullptr || find_req(child) != nullptr) return false;
    const bool partial = p->tokens.size() % bs_ != 0;
    if (partial && free_count_ == 0) return false;
    Req copy = *p;
    const std::size_t shared = partial ? copy.table.size() - 1 : copy.table.size();
    for (std::size_t i = 0; i < shared; ++i) ++blocks_[static_cast<std::size_t>(copy.table[i])].ref;
    if (partial) copy.table[shared] = take();
    fork_fixup(copy);
    add_req(child) = std::move(copy);
    return true;
  }

  bool reset_prefix_cache() {
    if (live_count() != 0) return false;
    for (std::size_t b = 0; b < n_; ++b)
      if (blocks_[static_cast<std::size_t>(b)].cached) uncache(static_cast<int>(b));
    return true;
  }

  std::size_t free_blocks() const { return static_cast<std::size_t>(free_count_); }

  std::vector<std::int64_t> block_table(std::uint64_t request) const {
    const Req* r = const_cast<BasePoolT*>(this)->find_req(request);
    if (r == nullptr) return {};
    return {r->table.begin(), r->table.end()};
  }

 protected:
  struct Block {
    RefT ref = 0;
    bool cached = false;
    std::uint64_t hash = 0;
    std::uint64_t ns = 0;
    std::vector<Tok> prefix;  // the content, kept for verification
    int prev = -1, next = -1;
    bool in_free = false;
  };
  struct Req {
    std::uint64_t ns = 0;
    std::vector<Tok> tokens;
    std::vector<int> table;
  };

  /// New blocks at the end of `r`'s table up to `total`, each full one committed (cached).
  void grow_table(Req& r, std::size_t total) {
    for (std::size_t i = r.table.size(); i < total; ++i) {
      const int b = take();
      r.table.push_back(b);
      if ((i + 1) * bs_ <= r.tokens.size()) commit(b, r, i);
    }
  }

  std::size_t blocks_for(std::size_t n) const { return (n + bs_ - 1) / bs_; }

  // --- content keys -------------------------------------------------------------------------
  /// The key of the content `ns` + `prefix` (a whole number of blocks).
  virtual std::uint64_t key_of(std::uint64_t ns, Tokens prefix) const {
    std::uint64_t h = mix64(ns ^ 0xA5A5A5A5ULL);
    for (std::size_t i = 0; i < prefix.size(); ++i)
      h = mix64(h ^ static_cast<std::uint32_t>(prefix[i]));
    return h;
  }
  /// Whether block `b` (indexed under the key) really holds `ns` + `prefix`.
  virtual bool same_content(const Block& b, std::uint64_t ns, Tokens prefix) const {
    return b.cached && b.ns == ns &&
           std::equal(b.prefix.begin(), b.prefix.end(), prefix.begin(), prefix.end());
  }
  /// A cached block holding `ns` + `prefix`, or -1.
  virtual int lookup(std::uint64_t ns, Tokens prefix) const {
    auto it = index_.find(key_of(ns, prefix));
    if (it == index_.end()) return -1;
    int free_copy = -1;
    for (int b : it->second) {
      if (!same_content(blocks_[static_cast<std::size_t>(b)], ns, prefix)) continue;
      if (blocks_[static_cast<std::size_t>(b)].ref > 0)
        return b;  // a copy in use costs no free block
      if (free_copy < 0) free_copy = b;
    }
    return free_copy;
  }
  virtual std::vector<int> find_hits(std::uint64_t ns, Tokens tokens) const {
    std::vector<int> hit;
    for (std::size_t end = bs_; end <= tokens.size(); end += bs_) {
      const int b = lookup(ns, tokens.first(end));
      if (b < 0) break;
      hit.push_back(b);
    }
    return hit;
  }
  /// Block `b` is block `i` of `r` and is full now: index it.
  virtual void commit(int b, const Req& r, std::size_t i) {
    Block& blk = blocks_[static_cast<std::size_t>(b)];
    const std::size_t end = (i + 1) * bs_;
    if (blk.cached) uncache(b);
    blk.cached = true;
    blk.ns = r.ns;
    blk.prefix.assign(r.tokens.begin(), r.tokens.begin() + static_cast<std::ptrdiff_t>(end));
    blk.hash = key_of(r.ns, Tokens(blk.prefix));
    index_[blk.hash].push_back(b);
  }
  virtual void uncache(int b) {
    Block& blk = blocks_[static_cast<std::size_t>(b)];
    auto it = index_.find(blk.hash);
    if (it != index_.end()) {
      auto& v = it->second;
      v.erase(std::remove(v.begin(), v.end(), b), v.end());
      if (v.empty()) index_.erase(it);
    }
    blk.cached = false;
    blk.prefix.clear();
  }
  virtual void fork_fixup(Req&) {}

  // --- the free queue -----------------------------------------------------------------------
  void push_free(int b) {
    Block& blk = blocks_[static_cast<std::size_t>(b)];
    blk.in_free = true;
    blk.prev = tail_;
    blk.next = -1;
    if (tail_ >= 0)
      blocks_[static_cast<std::size_t>(tail_)].next = b;
    else
      head_ = b;
    tail_ = b;
    ++free_count_;
  }
  void unlink_free(int b) {
    Block& blk = blocks_[static_cast<std::size_t>(b)];
    if (blk.prev >= 0)
      blocks_[static_cast<std::size_t>(blk.prev)].next = blk.next;
    else
      head_ = blk.next;
    if (blk.next >= 0)
      blocks_[static_cast<std::size_t>(blk.next)].prev = blk.prev;
    else
      tail_ = blk.prev;
    blk.prev = blk.next = -1;
    blk.in_free = false;
    --free_count_;
  }
  /// A free block for new content, referenced once (evicts the LRU head's cached content).
  virtual int take() {
    const int b = head_;
    unlink_free(b);
    if (blocks_[static_cast<std::size_t>(b)].cached) uncache(b);
    blocks_[static_cast<std::size_t>(b)].ref = 1;
    return b;
  }
  /// A hit block gains a reference (leaves the free queue if it was evictable).
  virtual void touch(int b) {
    if (blocks_[static_cast<std::size_t>(b)].ref == 0) unlink_free(b);
    ++blocks_[static_cast<std::size_t>(b)].ref;
  }
  virtual void release(int b) {
    Block& blk = blocks_[static_cast<std::size_t>(b)];
    if (--blk.ref == 0) {
      if (!blk.cached) blk.prefix.clear();
      push_free(b);
    }
  }

  // --- the request table --------------------------------------------------------------------
  virtual Req* find_req(std::uint64_t id) {
    auto it = reqs_.find(id);
    return it == reqs_.end() ? nullptr : &it->second;
  }
  virtual Req& add_req(std::uint64_t id) { return reqs_[id]; }
  virtual void erase_req(std::uint64_t id) { reqs_.erase(id); }
  virtual std::size_t live_count() const { return reqs_.size(); }

  std::size_t n_;
  std::size_t bs_;
  std::vector<Block> blocks_;
  int head_ = -1, tail_ = -1;
  CountT free_count_ = 0;
  std::unordered_map<std::uint64_t, std::vector<int>> index_;
  std::unordered_map<std::uint64_t, Req> reqs_;
};

using BasePool = BasePoolT<int>;

class CowPool : public BasePool {
 public:
  using BasePool::BasePool;

  bool fork(std::uint64_t parent, std::uint64_t child) {
    Req* p = find_req(parent);
    if (p == nullptr || find_req(child) != nullptr) return false;
    Req copy = *p;
    for (int b : copy.table)
      ++blocks_[static_cast<std::size_t>(b)].ref;  // every block shared, the partial one too
    on_fork_shared(copy);
    add_req(child) = std::move(copy);
    return true;
  }

  bool append(std::uint64_t request, Tokens tokens) {
    Req* r = find_req(request);
    if (r == nullptr) return false;
    const std::size_t old_blocks = r->table.size();
    const std::size_t old_len = r->tokens.size();
    const std::size_t total = blocks_for(old_len + tokens.size());
    const bool partial = old_len % bs_ != 0;
    const bool must_copy = partial && needs_copy(r->table.back());
    if (total - old_blocks + (must_copy ? 1 : 0) > free_count_) return false;
    if (must_copy) {  // copy on write: the writer moves to a private copy of the partial block
      const int old = r->table.back();
      const int fresh = take();
      // (the KV of the partial block's slots would be copied old -> fresh here)
      r->table.back() = fresh;
      on_copied(old);
      release(old);
    }
    r->tokens.insert(r->tokens.end(), tokens.begin(), tokens.end());
    if (partial && old_blocks * bs_ <= r->tokens.size())
      commit(r->table[old_blocks - 1], *r, old_blocks - 1);
    grow_table(*r, total);
    return true;
  }

 protected:
  virtual bool needs_copy(int b) const { return blocks_[static_cast<std::size_t>(b)].ref > 1; }
  virtual void on_fork_shared(const Req&) {}
  virtual void on_copied(int) {}
};

class DedupPool : public BasePool {
 public:
  using BasePool::BasePool;

  bool append(std::uint64_t request, Tokens tokens) {
    Req* r = find_req(request);
    if (r == nullptr) return false;
    const std::size_t old_blocks = r->table.size();
    const std::size_t old_len = r->tokens.size();
    const std::size_t total = blocks_for(old_len + tokens.size());
    if (total - old_blocks > free_count_) return false;
    r->tokens.insert(r->tokens.end(), tokens.begin(), tokens.end());
    if (old_len % bs_ != 0 && old_blocks * bs_ <= r->tokens.size()) {
      // promote_to_immutable_block: the block just became full; share an existing copy.
      const std::size_t i = old_blocks - 1;
      const int own = r->table[i];
      const Tokens prefix = Tokens(r->tokens).first((i + 1) * bs_);
      const int existing = dedup_lookup(r->ns, prefix, own);
      if (existing >= 0) {
        touch(existing);
        r->table[i] = existing;
        release(own);  // partial, uncached: back to the free queue
      } else {
        commit(own, *r, i);
      }
    }
    grow_table(*r, total);
    return true;
  }

 protected:
  virtual int dedup_lookup(std::uint64_t ns, Tokens prefix, int own) const {
    const int b = lookup(ns, prefix);
    return b == own ? -1 : b;
  }
};

// C04: fork gives the PARENT the fresh copy of the partial block; the child keeps the original.
class ParentCopyFork : public BasePool {
 public:
  using BasePool::BasePool;
  bool fork(std::uint64_t parent, std::uint64_t child) {
    Req* p = find_req(parent);
    if (p == nullptr || find_req(child) != nullptr) return false;
    const bool partial = p->tokens.size() % bs_ != 0;
    if (partial && free_count_ == 0) return false;
    Req copy = *p;
    const std::size_t shared = partial ? copy.table.size() - 1 : copy.table.size();
    for (std::size_t i = 0; i < shared; ++i) ++blocks_[static_cast<std::size_t>(copy.table[i])].ref;
    if (partial) p->table.back() = take();  // parent's KV copied into the fresh block
    add_req(child) = std::move(copy);       // the child keeps the original block (its ref moves)
    return true;
  }
};

}  // namespace kvc_test::copy_pools
