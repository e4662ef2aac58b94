// kvc/stateful/block_pool_generator.hpp - the operation sequences kvc::check_block_pool drives a
// block pool with: seeded, and built to put the pool under pressure.
//
// What the sequences are made of, and the bugs each part is there to expose:
// - pools smaller than the working set (2 to 10 blocks, prompts up to one block more than the
//   pool), so that allocations are refused and cached blocks are evicted: partial allocations left
//   behind, eviction of a block in use, stale hashes and phantom hits after eviction;
// - prompts that repeat an earlier one, or share its first whole blocks and then go their own way,
//   with a small token alphabet so that the same block of tokens follows different parents: keys
//   without the parent, hits counted past the first miss;
// - the same prompt under another namespace: keys without the namespace;
// - frees of live requests, of requests freed already and of unknown ones: double frees and
//   reference counts that never drop;
// - appends that fill the partial block exactly, or run past it: blocks that become cached, appends
//   that are not all or nothing; after a refused append, a prompt of the tokens it would have
//   added (a refusal that cached the block they complete);
// - a second request with a live one's prompt, both then given the same tokens (greedy decoding
//   of parallel samples): equal blocks in two copies, a reference taken on the wrong copy;
// - forks, then frees of the parent or of the child first: forks without a reference, partial
//   blocks shared instead of copied, reference counts that wrap;
// - resets while requests are live, and after every request is freed, followed by an earlier
//   prompt again: a reset that forgets the blocks' state but keeps their hashes;
// - request ids reused after a free, tokens near the limits of `std::int32_t`, request ids equal
//   to others in their low 5, 8, 16, 32 or 63 bits or modulo 100, 1000 or 10000, namespaces equal
//   in their low 8, 16, 32 or 63 bits, request id 0, the largest request id and namespace, and
//   negative namespaces (only where the pool's parameter types hold them);
// - twin prompts, two requests whose prompts differ only where a lossy key would not see it: a
//   token and its negation or with its sign bit masked off, tokens equal in their low 8 or 16 bits
//   or as a `float` (2^24 and 2^24 + 1), the same tokens in another order, [1, 12] against
//   [11, 2] (equal when the decimal text is joined without a separator), [1, 32] or [1, 34]
//   against [2, 1] (equal under the polynomial hashes of base 31 and 33), and a block of zeros in
//   front of another prompt (a hash seeded with 0 does not see it);
// - prompts equal to an earlier one except in their first block (a key over a window of the last
//   tokens, or over the block alone), and prompts made of a live request's decoded tokens (a
//   forked child's blocks cached under the wrong namespace);
// - a crowd: 17 or 33 requests sharing the same cached blocks (a reference count that wraps in 4
//   or 5 bits, a table of live requests with room for 16 or 32); pools of up to 40 blocks (block
//   tables longer than 16 entries); appends that fill two blocks at once (new blocks keyed by the
//   last one's prefix); forks followed by a decode of both sides; forks attempted with no free
//   block; frees of requests whose allocation or fork was refused (a refusal that left the request
//   half registered);
// - the tokens of every call in one buffer, overwritten once the call returns (a pool that keeps
//   the caller's span, or keys blocks by its address); one sequence in eight runs to 64
//   operations.
//
// The generator reads the shadow (the engine's own live requests), so it never makes a call the
// adapter does not have to accept: no allocation of a live request, no append or fork of one that
// is not live.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include <kvc/detail/deferred.hpp>
#include "block_pool_operations.hpp"
#include "block_pool_shadow.hpp"
#include "seeded_random.hpp"

namespace kvc::detail {

/// The geometry of one generated sequence.
struct block_pool_geometry {
  /// Blocks in the pool.
  std::size_t num_blocks = 4;
  /// Tokens per block.
  std::size_t block_size = 2;
};

/// The geometry of the sequence of `seed`: `blocks` and `block_size` when they are not 0, else
/// drawn (block sizes 1, 2, 3, 4, 5, 8, 12, 16 and 32; 2 to 10 blocks, 2 to 8 of 8 or 12 tokens,
/// 2 to 6 of 16, 2 or 3 of 32, and a quarter of the pools of blocks of 1 or 2 tokens have 17 to
/// 40 blocks).
[[nodiscard]] constexpr block_pool_geometry block_pool_geometry_of(std::uint64_t seed,
                                                                   std::size_t blocks,
                                                                   std::size_t block_size) noexcept {
  seeded_random random(seed ^ 0x9E3779B97F4A7C15ULL);
  block_pool_geometry geometry{};
  const std::size_t roll = random.below(100);
  geometry.block_size = block_size != 0 ? block_size
                        : roll < 8      ? 1
                        : roll < 36     ? 2
                        : roll < 52     ? 3
                        : roll < 70     ? 4
                        : roll < 77     ? 5
                        : roll < 83     ? 8
                        : roll < 87     ? 12
                        : roll < 96     ? 16
                                        : 32;
  const std::size_t most = geometry.block_size >= 32   ? 3
                           : geometry.block_size >= 16 ? 6
                           : geometry.block_size >= 8  ? 8
                                                       : 10;
  geometry.num_blocks = blocks != 0 ? blocks : random.between(2, most);
  // Now and then a large pool of small blocks: block tables longer than 16 entries.
  if (blocks == 0 && geometry.block_size <= 2 && random.percent(25))
    geometry.num_blocks = random.between(17, 40);
  return geometry;
}

/// Generates one sequence of block-pool operations, one per `next(shadow)`.
/// (A template only so that a translation unit that never uses it does not compile it: the
/// alias `kvc::detail::block_pool_generator` names it.)
template <class Deferred = void>
class basic_block_pool_generator {
  // Dependent spellings (kvc/detail/deferred.hpp): their members are compiled where this
  // template is used, not in every file that includes this header.
  using operation = kvc::detail::dependent_t<Deferred, block_pool_operation>;
  using token_vector = std::vector<kvc::detail::dependent_t<Deferred, std::int32_t>>;
  using id_vector = std::vector<kvc::detail::dependent_t<Deferred, std::uint64_t>>;

  // Dependent, so that the shadow's class too is instantiated only where a generator is used.
  using shadow_type = basic_block_pool_shadow<Deferred>;

 public:
  /// The sequence of `seed`; forks and resets only when the pool has them; request ids up to
  /// `largest_request` and namespaces up to `largest_namespace` (and below 0, as the two's
  /// complement of the value, with `signed_namespaces`).
  basic_block_pool_generator(std::uint64_t seed, bool forks, bool resets, std::uint64_t largest_request,
                       std::uint64_t largest_namespace, bool signed_namespaces = false)
      : random_(seed), forks_(forks), resets_(resets), largest_request_(largest_request),
        largest_namespace_(largest_namespace), signed_namespaces_(signed_namespaces) {}

  /// The next operation, given the engine's state before it.
  operation next(const shadow_type& shadow) {
    const id_vector live = shadow.live_requests();
    if (draining_) {  // free every live request, reset, then ask for an earlier prompt again
      if (!live.empty()) return release_operation_of(pick(live));
      draining_ = false;
      repeat_next_ = true;
      return reset_prefix_cache_operation();
    }
    if (repeat_next_) {
      repeat_next_ = false;
      return allocate(shadow, true);
    }
    while (!pending_.empty()) {  // the rest of a lockstep decode, a crowd or a twin, while valid
      const operation op = pending_.back();
      pending_.pop_back();
      if (op.kind == block_pool_operation_kind::allocate ? !shadow.is_live(op.request)
          : shadow.is_live(op.request) &&
              shadow.tokens(op.request).size() + op.tokens.size() <= max_operation_tokens)
        return op;
    }
    if (refused_.kind == block_pool_operation_kind::append) {  // what it would have added
      const operation last = refused_;
      refused_ = {};
      token_vector whole = shadow.tokens(last.request);
      if (shadow.is_live(last.request) && whole.size() == refused_length_ && random_.percent(60) &&
          whole.size() + last.tokens.size() <= max_operation_tokens) {
        whole.insert(whole.end(), last.tokens.begin(), last.tokens.end());
        return allocate_operation(new_request(shadow), shadow.namespace_of(last.request), whole);
      }
    }
    const std::size_t roll = random_.below(100);
    if (resets_ && !live.empty() && random_.percent(4)) {
      draining_ = true;
      return release_operation_of(pick(live));
    }
    if (live.empty() || roll < 38) return allocate(shadow);
    if (roll < 60) return release(shadow, live);
    if (roll < 68) return append(shadow, live);
    if (roll < 73) return lockstep(shadow, live);
    if (roll < 84 && forks_) return fork(shadow, live);
    if (roll < 92 || !resets_) return free_blocks_operation();
    return reset_prefix_cache_operation();
  }

 private:
  struct prompt {
    std::uint64_t ns = 0;
    token_vector tokens{};
  };

  [[nodiscard]] std::uint64_t pick(const id_vector& ids) {
    return ids[random_.below(ids.size())];
  }

  /// A token: mostly from a small alphabet; sometimes an int32 extreme or one equal to a small one
  /// in its low 16 bits.
  [[nodiscard]] std::int32_t token() {
    const std::size_t roll = random_.below(100);
    const auto small = static_cast<std::int32_t>(1 + random_.below(3));
    if (roll < 86) return small;
    if (roll < 88) return 0;  // a padding token, or what a hash seeded with 0 does not see
    if (roll < 91) return -small;
    if (roll < 94) return 65536 + small;
    if (roll < 96) return 256 + small;
    if (roll < 98) return (std::int32_t{1} << 24) + static_cast<std::int32_t>(random_.below(2));
    return roll < 99 ? INT32_MAX : INT32_MIN;
  }

  /// Fresh tokens, `n` of them.
  [[nodiscard]] token_vector fresh_tokens(std::size_t n) {
    token_vector made;
    for (std::size_t i = 0; i < n; ++i) made.push_back(token());
    return made;
  }

  /// A request id that is not live: mostly the next small one; sometimes one freed before, or one
  /// equal to a live or recent id in its low 5, 8, 16 or 32 bits (a table indexed by the id modulo
  /// a power of two, or keyed by a truncated id, confuses them).
  [[nodiscard]] std::uint64_t new_request(const shadow_type& shadow) {
    if (last_freed_ != 0 && !shadow.is_live(last_freed_) && random_.percent(20)) return last_freed_;
    std::uint64_t id = next_request_++;
    if (random_.percent(12)) {
      constexpr std::array<unsigned, 5> shifts{5, 8, 16, 32, 63};
      const std::uint64_t alias = (std::uint64_t{1} << shifts[random_.below(shifts.size())]) +
                                  (id > 1 ? random_.below(id) : 0);
      if (alias <= largest_request_ && !shadow.is_live(alias)) id = alias;
    } else if (random_.percent(3)) {  // the ids an engine may take for "no request"
      const std::uint64_t edge = random_.percent(50) ? 0 : largest_request_;
      if (!shadow.is_live(edge)) id = edge;
    } else if (random_.percent(4)) {  // equal modulo a table of a decimal size (max_num_seqs)
      constexpr std::array<std::uint64_t, 3> sizes{100, 1000, 10000};
      const id_vector live = shadow.live_requests();
      const std::uint64_t base = live.empty() ? id : pick(live);
      const std::uint64_t alias = base + sizes[random_.below(sizes.size())];
      if (alias > base && alias <= largest_request_ && !shadow.is_live(alias)) id = alias;
    }
    proposed_[proposals_++ % proposed_.size()] = id;
    return id;
  }

  /// A request id proposed lately that is not live (its allocation or fork was refused, or it was
  /// freed), or 0 when there is none.
  [[nodiscard]] std::uint64_t not_live_proposal(const shadow_type& shadow) {
    const std::size_t known = proposals_ < proposed_.size() ? proposals_ : proposed_.size();
    for (std::size_t tries = 0; tries < known; ++tries) {
      const std::uint64_t id = proposed_[random_.below(known)];
      if (id != 0 && !shadow.is_live(id)) return id;
    }
    return 0;
  }

  operation release_operation_of(std::uint64_t request) {
    last_freed_ = request;
    return free_operation(request);
  }

  [[nodiscard]] std::uint64_t namespace_like(std::uint64_t base) {
    const std::size_t roll = random_.below(100);
    if (roll < 70) return base;
    if (roll < 92) return random_.below(3);
    if (roll < 94) return largest_namespace_;  // the value an engine may take for "empty"
    if (roll < 96 && signed_namespaces_) return ~base;  // -(base + 1), for a signed parameter
    constexpr std::array<unsigned, 4> shifts{8, 16, 32, 63};
    const std::uint64_t alias = (std::uint64_t{1} << shifts[random_.below(shifts.size())]) + base;
    return alias <= largest_namespace_ ? alias : base;
  }

  /// Keeps `made` among the prompts later ones are drawn from.
  void remember(const prompt& made) {
    if (history_.size() < 16)
      history_.push_back(made);
    else
      history_[random_.below(history_.size())] = made;
  }

  /// Two prompts a lossy key confuses: a twin pair after a shared prefix, then the same tail. The
  /// second is allocated right after the first, by another request.
  operation twins(const shadow_type& shadow) {
    struct twin {
      std::array<std::int32_t, 3> one;
      std::array<std::int32_t, 3> other;
      std::size_t size;
    };
    constexpr std::int32_t float_step = std::int32_t{1} << 24;
    constexpr std::int32_t top = INT32_MAX;
    constexpr std::array<twin, 11> pairs{{
        {{1, 12, 0}, {11, 2, 0}, 2},                      // decimal text joined without a separator
        {{2, 0, 0}, {-2, 0, 0}, 1},                       // the sign dropped
        {{top, 0, 0}, {-1, 0, 0}, 1},                     // the sign bit masked off
        {{INT32_MIN, 0, 0}, {0, 0, 0}, 1},
        {{float_step, 0, 0}, {float_step + 1, 0, 0}, 1},  // equal as a float
        {{1, 0, 0}, {65537, 0, 0}, 1},                    // equal in the low 16 bits
        {{3, 0, 0}, {259, 0, 0}, 1},                      // equal in the low 8 bits
        {{1, 2, 3}, {3, 2, 1}, 3},                        // the same tokens in another order
        {{1, 2, 0}, {2, 1, 0}, 2},
        {{1, 32, 0}, {2, 1, 0}, 2},                       // equal under h = 31 h + t
        {{1, 34, 0}, {2, 1, 0}, 2},                       // equal under h = 33 h + t
    }};
    const std::size_t bs = shadow.block_size();
    if (random_.percent(10)) {  // a block of zeros, then the other prompt: a hash seeded with 0
      prompt later{random_.below(3), fresh_tokens(bs * random_.between(1, 2))};
      prompt zeros{later.ns, token_vector(bs, 0)};
      zeros.tokens.insert(zeros.tokens.end(), later.tokens.begin(), later.tokens.end());
      return allocate_pair(shadow, std::move(zeros), std::move(later));
    }
    const twin& pair = pairs[random_.below(pairs.size())];
    token_vector head;
    if (!history_.empty() && random_.percent(40)) {  // after a whole block of an earlier prompt
      const prompt& base = history_[random_.below(history_.size())];
      if (base.tokens.size() >= bs) head.assign(base.tokens.begin(), base.tokens.begin() + static_cast<std::ptrdiff_t>(bs));
    }
    const token_vector tail = fresh_tokens(random_.below(2 * bs + 1));
    prompt first{random_.below(3), head};
    prompt second = first;
    const bool swap = random_.percent(50);
    for (std::size_t i = 0; i < pair.size; ++i) {
      first.tokens.push_back(swap ? pair.other[i] : pair.one[i]);
      second.tokens.push_back(swap ? pair.one[i] : pair.other[i]);
    }
    first.tokens.insert(first.tokens.end(), tail.begin(), tail.end());
    second.tokens.insert(second.tokens.end(), tail.begin(), tail.end());
    return allocate_pair(shadow, std::move(first), std::move(second));
  }

  /// The allocation of `first` by a new request, with `second`'s by another one next (both cut to
  /// what an operation holds, and kept among the prompts later ones are drawn from).
  operation allocate_pair(const shadow_type& shadow, prompt first, prompt second) {
    for (prompt* made : {&first, &second}) {
      if (made->tokens.size() > max_operation_tokens) made->tokens.resize(max_operation_tokens);
      remember(*made);
    }
    const std::uint64_t one = new_request(shadow);
    std::uint64_t other = new_request(shadow);
    if (other == one) other = next_request_++;
    pending_.push_back(allocate_operation(other, second.ns, second.tokens));
    return allocate_operation(one, first.ns, first.tokens);
  }

  /// 17 or 33 requests with the same prompt of whole blocks: every one after the first shares them.
  operation crowd(const shadow_type& shadow) {
    const std::size_t bs = shadow.block_size();
    prompt made{random_.below(3), {}};
    if (!history_.empty()) {
      const prompt& base = history_[random_.below(history_.size())];
      made = base;
      made.tokens.resize(base.tokens.size() / bs * bs);
    }
    if (made.tokens.empty()) made.tokens = fresh_tokens(bs);
    const std::uint64_t first = new_request(shadow);
    const std::size_t others = random_.percent(70) ? 16 : 32;  // past 4 and 5 bits, 16 and 32 slots
    for (std::size_t i = 0; i < others; ++i) {
      std::uint64_t id = next_request_++;
      if (id == first) id = next_request_++;
      pending_.push_back(allocate_operation(id, made.ns, made.tokens));
    }
    return allocate_operation(first, made.ns, made.tokens);
  }

  operation allocate(const shadow_type& shadow, bool repeat = false) {
    const std::size_t bs = shadow.block_size();
    const std::size_t longest_fit = shadow.num_blocks() * bs + 1;
    const std::size_t longest = longest_fit < max_operation_tokens ? longest_fit : max_operation_tokens;
    prompt made{};
    const std::size_t roll = repeat ? 20 : random_.below(100);
    if (!repeat && roll >= 95) return twins(shadow);
    if (!repeat && roll >= 93) return crowd(shadow);
    const id_vector live = shadow.live_requests();
    if (history_.empty() || roll < 13) {
      made.ns = random_.below(3);
      made.tokens = fresh_tokens(random_.between(1, longest));
    } else if (roll < 20 && !live.empty()) {  // what a live request holds now, decoded tokens too
      const std::uint64_t from = pick(live);
      made.ns = random_.percent(50) ? namespace_like(shadow.namespace_of(from)) : random_.below(3);
      made.tokens = shadow.tokens(from);
      if (random_.percent(50)) made.tokens.resize(made.tokens.size() / bs * bs);
      if (made.tokens.empty()) made.tokens = fresh_tokens(1);
    } else if (roll >= 85) {  // an earlier prompt with another first block
      const prompt& base = history_[random_.below(history_.size())];
      made = base;
      made.ns = namespace_like(base.ns);
      const std::size_t head = made.tokens.size() > bs ? bs : 1;
      for (std::size_t i = 0; i < head; ++i) made.tokens[i] = token();
      made.tokens[0] = base.tokens[0] == 1 ? 2 : 1;
    } else {
      const prompt& base = history_[random_.below(history_.size())];
      made.ns = namespace_like(base.ns);
      made.tokens = base.tokens;
      if (roll >= 40) {  // share whole leading blocks (or any prefix), then go on alone
        const std::size_t blocks = base.tokens.size() / bs;
        const std::size_t cut = random_.percent(70) ? bs * random_.between(0, blocks)
                                              : random_.between(0, base.tokens.size());
        made.tokens.resize(cut);
        const std::size_t tail = random_.between(cut == 0 ? 1 : 0, bs + 1);
        for (std::size_t i = 0; i < tail && made.tokens.size() < max_operation_tokens; ++i)
          made.tokens.push_back(token());
      }
    }
    remember(made);
    return allocate_operation(new_request(shadow), made.ns, made.tokens);
  }

  operation release(const shadow_type& shadow, const id_vector& live) {
    const std::size_t roll = random_.below(100);
    std::uint64_t request = 0;
    if (roll < 66 || last_freed_ == 0)
      request = pick(live);
    else if (roll < 84)
      request = last_freed_;  // freed twice
    else if (roll < 94 && (request = not_live_proposal(shadow)) != 0)
      return free_operation(request);  // refused, or freed already
    else
      request = next_request_ + 100;  // never allocated
    last_freed_ = request;
    return free_operation(request);
  }

  operation append(const shadow_type& shadow, const id_vector& live) {
    const std::uint64_t request = pick(live);
    const std::size_t length = shadow.tokens(request).size();
    if (length >= max_operation_tokens) return free_blocks_operation();
    const std::size_t bs = shadow.block_size();
    const std::size_t roll = random_.below(100);
    std::size_t k = roll < 40   ? bs - length % bs
                    : roll < 65 ? 1
                    : roll < 85 ? random_.between(1, bs + 2)
                                : bs - length % bs + random_.between(bs, 2 * bs);  // two blocks
    if (k > max_operation_tokens - length) k = max_operation_tokens - length;
    // Kept: if the append is refused, the next operation may ask for the tokens it would have
    // added (a refused append must leave no block cached under them).
    refused_ = append_operation(request, fresh_tokens(k));
    refused_length_ = length;
    return refused_;
  }

  /// A second request with a live one's prompt (parallel sampling without a fork), then the same
  /// tokens appended to both, as greedy decoding makes them: equal blocks in two copies, where a
  /// pool that references one copy and hands out the other goes wrong.
  operation lockstep(const shadow_type& shadow, const id_vector& live) {
    const std::uint64_t first = pick(live);
    const std::uint64_t second = new_request(shadow);
    token_vector tokens;
    const std::size_t k = random_.between(1, shadow.block_size() + 1);
    for (std::size_t i = 0; i < k; ++i) tokens.push_back(token());
    pending_.push_back(append_operation(second, tokens));
    pending_.push_back(append_operation(first, tokens));
    return allocate_operation(second, shadow.namespace_of(first), shadow.tokens(first));
  }

  /// A fork, then often a decode of both sides with tokens that differ; with no free block, mostly
  /// of a parent whose last block is partial (a fork that has to be refused).
  operation fork(const shadow_type& shadow, const id_vector& live) {
    std::uint64_t parent = pick(live);
    if (shadow.free_blocks() == 0 && random_.percent(70))
      for (const std::uint64_t id : live)
        if (shadow.tokens(id).size() % shadow.block_size() != 0) parent = id;
    const std::uint64_t child = new_request(shadow);
    if (random_.percent(60)) {
      token_vector mine = fresh_tokens(random_.between(1, shadow.block_size() + 1));
      token_vector theirs = mine;
      theirs[0] = mine[0] == 1 ? 2 : 1;
      const bool child_first = random_.percent(50);
      pending_.push_back(append_operation(child_first ? parent : child, child_first ? mine : theirs));
      pending_.push_back(append_operation(child_first ? child : parent, child_first ? theirs : mine));
    }
    return fork_operation(parent, child);
  }

  seeded_random random_;
  bool forks_;
  bool resets_;
  std::uint64_t largest_request_;
  std::uint64_t largest_namespace_;
  bool signed_namespaces_;
  std::vector<prompt> history_{};
  std::uint64_t next_request_ = 1;
  std::uint64_t last_freed_ = 0;
  bool draining_ = false;
  bool repeat_next_ = false;
  std::vector<operation> pending_{};
  operation refused_{};  // the last append, until the next operation
  std::size_t refused_length_ = 0;  // its request's length before it
  std::array<std::uint64_t, 8> proposed_{};
  std::size_t proposals_ = 0;
};

/// Generates one sequence of block-pool operations (see basic_block_pool_generator).
using block_pool_generator = basic_block_pool_generator<>;

}  // namespace kvc::detail
