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
//   that are not all or nothing;
// - a second request with a live one's prompt, both then given the same tokens (greedy decoding
//   of parallel samples): equal blocks in two copies, a reference taken on the wrong copy;
// - forks, then frees of the parent or of the child first: forks without a reference, partial
//   blocks shared instead of copied, reference counts that wrap;
// - resets while requests are live, and after every request is freed, followed by an earlier
//   prompt again: a reset that forgets the blocks' state but keeps their hashes;
// - request ids reused after a free, tokens near the limits of `std::int32_t`, request ids equal
//   to others in their low 5, 8, 16 or 32 bits, and namespaces equal in their low 8 bits (only
//   where the pool's parameter types hold them).
//
// The generator reads the shadow (the engine's own live requests), so it never makes a call the
// adapter does not have to accept: no allocation of a live request, no append or fork of one that
// is not live.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

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
/// drawn (block sizes 1, 2, 3, 4 and 16; 2 to 10 blocks, 2 to 4 of 16 tokens).
[[nodiscard]] constexpr block_pool_geometry block_pool_geometry_of(std::uint64_t seed,
                                                                   std::size_t blocks,
                                                                   std::size_t block_size) noexcept {
  seeded_random random(seed ^ 0x9E3779B97F4A7C15ULL);
  block_pool_geometry geometry{};
  const std::size_t roll = random.below(100);
  geometry.block_size = block_size != 0 ? block_size
                        : roll < 10     ? 1
                        : roll < 45     ? 2
                        : roll < 65     ? 3
                        : roll < 90     ? 4
                                        : 16;
  const std::size_t most = geometry.block_size >= 16 ? 4 : 10;
  geometry.num_blocks = blocks != 0 ? blocks : random.between(2, most);
  return geometry;
}

/// Generates one sequence of block-pool operations, one per `next(shadow)`.
class block_pool_generator {
 public:
  /// The sequence of `seed`; forks and resets only when the pool has them; request ids up to
  /// `largest_request` and namespaces up to `largest_namespace`.
  block_pool_generator(std::uint64_t seed, bool forks, bool resets, std::uint64_t largest_request,
                       std::uint64_t largest_namespace)
      : random_(seed), forks_(forks), resets_(resets), largest_request_(largest_request),
        largest_namespace_(largest_namespace) {}

  /// The next operation, given the engine's state before it.
  block_pool_operation next(const block_pool_shadow& shadow) {
    const std::vector<std::uint64_t> live = shadow.live_requests();
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
    while (!pending_.empty()) {  // the appends of a lockstep decode, to requests still live
      const block_pool_operation op = pending_.back();
      pending_.pop_back();
      if (shadow.is_live(op.request) &&
          shadow.tokens(op.request).size() + op.tokens.size() <= max_operation_tokens)
        return op;
    }
    const std::size_t roll = random_.below(100);
    if (resets_ && !live.empty() && random_.percent(4)) {
      draining_ = true;
      return release_operation_of(pick(live));
    }
    if (live.empty() || roll < 38) return allocate(shadow);
    if (roll < 60) return release(live);
    if (roll < 68) return append(shadow, live);
    if (roll < 73) return lockstep(shadow, live);
    if (roll < 84 && forks_) return fork(shadow, live);
    if (roll < 92 || !resets_) return free_blocks_operation();
    return reset_prefix_cache_operation();
  }

 private:
  struct prompt {
    std::uint64_t ns = 0;
    std::vector<std::int32_t> tokens{};
  };

  [[nodiscard]] std::uint64_t pick(const std::vector<std::uint64_t>& ids) {
    return ids[random_.below(ids.size())];
  }

  /// A token: mostly from a small alphabet; sometimes an int32 extreme or one equal to a small one
  /// in its low 16 bits.
  [[nodiscard]] std::int32_t token() {
    const std::size_t roll = random_.below(100);
    if (roll < 94) return static_cast<std::int32_t>(1 + random_.below(3));
    if (roll < 97) return static_cast<std::int32_t>(65536 + 1 + random_.below(3));
    return roll < 99 ? INT32_MAX : INT32_MIN;
  }

  /// A request id that is not live: mostly the next small one; sometimes one freed before, or one
  /// equal to a live or recent id in its low 5, 8, 16 or 32 bits (a table indexed by the id modulo
  /// a power of two, or keyed by a truncated id, confuses them).
  [[nodiscard]] std::uint64_t new_request(const block_pool_shadow& shadow) {
    if (last_freed_ != 0 && !shadow.is_live(last_freed_) && random_.percent(20)) return last_freed_;
    const std::uint64_t id = next_request_++;
    if (random_.percent(12)) {
      constexpr std::array<unsigned, 4> shifts{5, 8, 16, 32};
      const std::uint64_t alias = (std::uint64_t{1} << shifts[random_.below(shifts.size())]) +
                                  (id > 1 ? random_.below(id) : 0);
      if (alias <= largest_request_ && !shadow.is_live(alias)) return alias;
    }
    return id;
  }

  block_pool_operation release_operation_of(std::uint64_t request) {
    last_freed_ = request;
    return free_operation(request);
  }

  [[nodiscard]] std::uint64_t namespace_like(std::uint64_t base) {
    const std::size_t roll = random_.below(100);
    if (roll < 70) return base;
    if (roll < 94) return random_.below(3);
    const std::uint64_t alias = 256 + base;
    return alias <= largest_namespace_ ? alias : base;
  }

  block_pool_operation allocate(const block_pool_shadow& shadow, bool repeat = false) {
    const std::size_t bs = shadow.block_size();
    const std::size_t longest_fit = shadow.num_blocks() * bs + 1;
    const std::size_t longest = longest_fit < max_operation_tokens ? longest_fit : max_operation_tokens;
    prompt made{};
    const std::size_t roll = repeat ? 20 : random_.below(100);
    if (history_.empty() || roll < 15) {
      made.ns = random_.below(3);
      const std::size_t n = random_.between(1, longest);
      for (std::size_t i = 0; i < n; ++i) made.tokens.push_back(token());
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
    if (history_.size() < 16)
      history_.push_back(made);
    else
      history_[random_.below(history_.size())] = made;
    return allocate_operation(new_request(shadow), made.ns, made.tokens);
  }

  block_pool_operation release(const std::vector<std::uint64_t>& live) {
    const std::size_t roll = random_.below(100);
    std::uint64_t request = 0;
    if (roll < 72 || last_freed_ == 0)
      request = pick(live);
    else if (roll < 90)
      request = last_freed_;  // freed twice
    else
      request = next_request_ + 100;  // never allocated
    last_freed_ = request;
    return free_operation(request);
  }

  block_pool_operation append(const block_pool_shadow& shadow, const std::vector<std::uint64_t>& live) {
    const std::uint64_t request = pick(live);
    const std::size_t length = shadow.tokens(request).size();
    if (length >= max_operation_tokens) return free_blocks_operation();
    const std::size_t bs = shadow.block_size();
    const std::size_t roll = random_.below(100);
    std::size_t k = roll < 40 ? bs - length % bs : roll < 70 ? 1 : random_.between(1, bs + 2);
    if (k > max_operation_tokens - length) k = max_operation_tokens - length;
    std::vector<std::int32_t> tokens;
    for (std::size_t i = 0; i < k; ++i) tokens.push_back(token());
    return append_operation(request, tokens);
  }

  /// A second request with a live one's prompt (parallel sampling without a fork), then the same
  /// tokens appended to both, as greedy decoding makes them: equal blocks in two copies, where a
  /// pool that references one copy and hands out the other goes wrong.
  block_pool_operation lockstep(const block_pool_shadow& shadow, const std::vector<std::uint64_t>& live) {
    const std::uint64_t first = pick(live);
    const std::uint64_t second = new_request(shadow);
    std::vector<std::int32_t> tokens;
    const std::size_t k = random_.between(1, shadow.block_size() + 1);
    for (std::size_t i = 0; i < k; ++i) tokens.push_back(token());
    pending_.push_back(append_operation(second, tokens));
    pending_.push_back(append_operation(first, tokens));
    return allocate_operation(second, shadow.namespace_of(first), shadow.tokens(first));
  }

  block_pool_operation fork(const block_pool_shadow& shadow, const std::vector<std::uint64_t>& live) {
    const std::uint64_t parent = pick(live);
    return fork_operation(parent, new_request(shadow));
  }

  seeded_random random_;
  bool forks_;
  bool resets_;
  std::uint64_t largest_request_;
  std::uint64_t largest_namespace_;
  std::vector<prompt> history_{};
  std::uint64_t next_request_ = 1;
  std::uint64_t last_freed_ = 0;
  bool draining_ = false;
  bool repeat_next_ = false;
  std::vector<block_pool_operation> pending_{};
};

}  // namespace kvc::detail
