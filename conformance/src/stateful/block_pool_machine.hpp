// conformance/src/stateful/block_pool_machine.hpp - kvc::check_block_pool as a machine
// (machine.hpp): `allocate`, `append`, `free`, `fork`, `free_blocks()` and `reset_prefix_cache()`,
// each drawn, run on the engine's pool and judged by kvc::block_pool_shadow, in one place.
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
//   the caller's span, or keys blocks by its address).
//
// Some commands leave follow-ups (the second of two twins, the rest of a crowd, a lockstep decode,
// the decode of both sides of a fork, a drain of every live request then a reset and an earlier
// prompt): every command's draw takes the next follow-up that is still a valid call first. The
// commands read the shadow (the engine's own live requests), so they never make a call the adapter
// does not have to accept: no allocation of a live request, no append or fork of one that is not
// live.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <kvc/stateful/block_pool_check.hpp>
#include <kvc/stateful/block_pool_operations.hpp>
#include <kvc/stateful/block_pool_shadow.hpp>
#include <kvc/stateful/check_options.hpp>

#include "../gen/source.hpp"
#include "block_pool_text.hpp"
#include "machine.hpp"

namespace kvc::library::stateful {

/// One step run on a pool and its shadow: the verdict, what the pool returned, and whether the
/// step was one the adapter has to accept in this state at all.
struct block_pool_step {
  block_pool_verdict verdict{};
  std::string returned = "-";
  bool valid = true;
};

/// Applies `op` to the pool `made` (through `pool`'s function pointers), reads back the block
/// tables it changed and `free_blocks()`, and judges both with `shadow`; with `describe`, says
/// what the pool returned, for a report (defined in block_pool.cpp).
[[nodiscard]] block_pool_step step_block_pool(const detail::erased_block_pool& pool, void* made,
                                              block_pool_shadow& shadow,
                                              const block_pool_operation& op,
                                              bool describe = false);

/// A prompt the generator remembers.
struct block_pool_prompt {
  std::uint64_t ns = 0;
  std::vector<std::int32_t> tokens{};
};

/// A block-pool sequence's state: the shadow, what the pool's types allow, and what the generator
/// remembers (earlier prompts, ids proposed and freed, follow-ups).
struct block_pool_state {
  block_pool_shadow shadow;
  detail::block_pool_facts facts{};
  std::vector<block_pool_prompt> history{};
  std::uint64_t next_request = 1;
  std::uint64_t last_freed = 0;
  bool draining = false;
  bool repeat_next = false;
  /// Follow-ups, the next one last.
  std::vector<block_pool_operation> pending{};
  /// The last append, until the next operation (its tokens may come back as a prompt).
  block_pool_operation refused{};
  /// Its request's length before it.
  std::size_t refused_length = 0;
  std::array<std::uint64_t, 8> proposed{};
  std::size_t proposals = 0;
};

/// The block pool's generator: every draw the commands compose.
struct block_pool_draws {
  using state = block_pool_state;
  using token_vector = std::vector<std::int32_t>;
  using id_vector = std::vector<std::uint64_t>;

  /// A value in [low, high] (`low` for choice 0).
  static std::size_t between(gen::source& s, std::size_t low, std::size_t high) {
    return low + s.below(high - low + 1);
  }

  static std::uint64_t pick(gen::source& s, const id_vector& ids) {
    return ids[s.below(ids.size())];
  }

  /// A token: mostly from a small alphabet (1 for choice 0); sometimes an int32 extreme or one
  /// equal to a small one in its low 16 or 8 bits.
  static std::int32_t token(gen::source& s) {
    const std::size_t roll = s.below(100);
    const auto small = static_cast<std::int32_t>(1 + s.below(3));
    if (roll < 86) return small;
    if (roll < 88) return 0;  // a padding token, or what a hash seeded with 0 does not see
    if (roll < 91) return -small;
    if (roll < 94) return 65536 + small;
    if (roll < 96) return 256 + small;
    if (roll < 98) return (std::int32_t{1} << 24) + static_cast<std::int32_t>(s.below(2));
    return roll < 99 ? INT32_MAX : INT32_MIN;
  }

  static token_vector fresh_tokens(gen::source& s, std::size_t n) {
    token_vector made;
    for (std::size_t i = 0; i < n; ++i) made.push_back(token(s));
    return made;
  }

  /// A request id that is not live: mostly the next small one; sometimes one freed before, or one
  /// equal to a live or recent id in its low 5, 8, 16 or 32 bits (a table indexed by the id modulo
  /// a power of two, or keyed by a truncated id, confuses them).
  static std::uint64_t new_request(gen::source& s, state& st) {
    const block_pool_shadow& shadow = st.shadow;
    const bool reuse = s.chance(20);
    if (st.last_freed != 0 && !shadow.is_live(st.last_freed) && reuse) return st.last_freed;
    std::uint64_t id = st.next_request++;
    const std::uint64_t largest = st.facts.largest_request;
    if (s.chance(12)) {
      constexpr std::array<unsigned, 5> shifts{5, 8, 16, 32, 63};
      const std::uint64_t alias =
          (std::uint64_t{1} << shifts[s.below(shifts.size())]) + (id > 1 ? s.below(id) : 0);
      if (alias <= largest && !shadow.is_live(alias)) id = alias;
    } else if (s.chance(3)) {  // the ids an engine may take for "no request"
      const std::uint64_t edge = s.chance(50) ? 0 : largest;
      if (!shadow.is_live(edge)) id = edge;
    } else if (s.chance(4)) {  // equal modulo a table of a decimal size (max_num_seqs)
      constexpr std::array<std::uint64_t, 3> sizes{100, 1000, 10000};
      const id_vector live = shadow.live_requests();
      const std::uint64_t base = live.empty() ? id : pick(s, live);
      const std::uint64_t alias = base + sizes[s.below(sizes.size())];
      if (alias > base && alias <= largest && !shadow.is_live(alias)) id = alias;
    }
    st.proposed[st.proposals++ % st.proposed.size()] = id;
    return id;
  }

  /// A request id proposed lately that is not live (its allocation or fork was refused, or it was
  /// freed), or 0 when there is none.
  static std::uint64_t not_live_proposal(gen::source& s, const state& st) {
    const std::size_t known = st.proposals < st.proposed.size() ? st.proposals : st.proposed.size();
    for (std::size_t tries = 0; tries < known; ++tries) {
      const std::uint64_t id = st.proposed[s.below(known)];
      if (id != 0 && !st.shadow.is_live(id)) return id;
    }
    return 0;
  }

  static block_pool_operation free_of(state& st, std::uint64_t request) {
    st.last_freed = request;
    return free_operation(request);
  }

  static std::uint64_t namespace_like(gen::source& s, const state& st, std::uint64_t base) {
    const std::size_t roll = s.below(100);
    if (roll < 70) return base;
    if (roll < 92) return s.below(3);
    if (roll < 94) return st.facts.largest_namespace;  // the value an engine may take for "empty"
    if (roll < 96 && st.facts.signed_namespaces) return ~base;  // -(base + 1), signed parameter
    constexpr std::array<unsigned, 4> shifts{8, 16, 32, 63};
    const std::uint64_t alias = (std::uint64_t{1} << shifts[s.below(shifts.size())]) + base;
    return alias <= st.facts.largest_namespace ? alias : base;
  }

  /// Keeps `made` among the prompts later ones are drawn from.
  static void remember(gen::source& s, state& st, const block_pool_prompt& made) {
    if (st.history.size() < 16)
      st.history.push_back(made);
    else
      st.history[s.below(st.history.size())] = made;
  }

  /// The next follow-up that is still a valid call, or the draining, or the prompt a refused
  /// append would have completed; nullopt when there is none.
  static std::optional<block_pool_operation> follow_up(gen::source& s, state& st) {
    const block_pool_shadow& shadow = st.shadow;
    const id_vector live = shadow.live_requests();
    if (st.draining) {  // free every live request, reset, then ask for an earlier prompt again
      if (!live.empty()) return free_of(st, pick(s, live));
      st.draining = false;
      st.repeat_next = true;
      return reset_prefix_cache_operation();
    }
    if (st.repeat_next) {
      st.repeat_next = false;
      return allocate(s, st, true);
    }
    while (!st.pending.empty()) {  // the rest of a lockstep decode, a crowd or a twin, while valid
      const block_pool_operation op = st.pending.back();
      st.pending.pop_back();
      if (op.kind == block_pool_operation_kind::allocate
              ? !shadow.is_live(op.request)
              : shadow.is_live(op.request) &&
                    shadow.tokens(op.request).size() + op.tokens.size() <= max_operation_tokens)
        return op;
    }
    if (st.refused.kind == block_pool_operation_kind::append) {  // what it would have added
      const block_pool_operation last = st.refused;
      st.refused = {};
      token_vector whole = shadow.tokens(last.request);
      const bool again = s.chance(60);
      if (shadow.is_live(last.request) && whole.size() == st.refused_length && again &&
          whole.size() + last.tokens.size() <= max_operation_tokens) {
        whole.insert(whole.end(), last.tokens.begin(), last.tokens.end());
        return allocate_operation(new_request(s, st), shadow.namespace_of(last.request), whole);
      }
    }
    return std::nullopt;
  }

  /// The allocation of `first` by a new request, with `second`'s by another one next (both cut to
  /// what an operation holds, and kept among the prompts later ones are drawn from).
  static block_pool_operation allocate_pair(gen::source& s, state& st, block_pool_prompt first,
                                            block_pool_prompt second) {
    for (block_pool_prompt* made : {&first, &second}) {
      if (made->tokens.size() > max_operation_tokens) made->tokens.resize(max_operation_tokens);
      remember(s, st, *made);
    }
    const std::uint64_t one = new_request(s, st);
    std::uint64_t other = new_request(s, st);
    if (other == one) other = st.next_request++;
    st.pending.push_back(allocate_operation(other, second.ns, second.tokens));
    return allocate_operation(one, first.ns, first.tokens);
  }

  /// Two prompts a lossy key confuses: a twin pair after a shared prefix, then the same tail. The
  /// second is allocated right after the first, by another request.
  static block_pool_operation twins(gen::source& s, state& st) {
    struct twin {
      std::array<std::int32_t, 3> one;
      std::array<std::int32_t, 3> other;
      std::size_t size;
    };
    constexpr std::int32_t float_step = std::int32_t{1} << 24;
    constexpr std::int32_t top = INT32_MAX;
    constexpr std::array<twin, 11> pairs{{
        {{1, 12, 0}, {11, 2, 0}, 2},   // decimal text joined without a separator
        {{2, 0, 0}, {-2, 0, 0}, 1},    // the sign dropped
        {{top, 0, 0}, {-1, 0, 0}, 1},  // the sign bit masked off
        {{INT32_MIN, 0, 0}, {0, 0, 0}, 1},
        {{float_step, 0, 0}, {float_step + 1, 0, 0}, 1},  // equal as a float
        {{1, 0, 0}, {65537, 0, 0}, 1},                    // equal in the low 16 bits
        {{3, 0, 0}, {259, 0, 0}, 1},                      // equal in the low 8 bits
        {{1, 2, 3}, {3, 2, 1}, 3},                        // the same tokens in another order
        {{1, 2, 0}, {2, 1, 0}, 2},
        {{1, 32, 0}, {2, 1, 0}, 2},  // equal under h = 31 h + t
        {{1, 34, 0}, {2, 1, 0}, 2},  // equal under h = 33 h + t
    }};
    const std::size_t bs = st.shadow.block_size();
    if (s.chance(10)) {  // a block of zeros, then the other prompt: a hash seeded with 0
      const std::uint64_t ns = s.below(3);
      block_pool_prompt later{ns, fresh_tokens(s, bs * between(s, 1, 2))};
      block_pool_prompt zeros{later.ns, token_vector(bs, 0)};
      zeros.tokens.insert(zeros.tokens.end(), later.tokens.begin(), later.tokens.end());
      return allocate_pair(s, st, std::move(zeros), std::move(later));
    }
    const twin& pair = pairs[s.below(pairs.size())];
    token_vector head;
    if (!st.history.empty() && s.chance(40)) {  // after a whole block of an earlier prompt
      const block_pool_prompt& base = st.history[s.below(st.history.size())];
      if (base.tokens.size() >= bs)
        head.assign(base.tokens.begin(), base.tokens.begin() + static_cast<std::ptrdiff_t>(bs));
    }
    const token_vector tail = fresh_tokens(s, s.below(2 * bs + 1));
    block_pool_prompt first{s.below(3), head};
    block_pool_prompt second = first;
    const bool swap = s.chance(50);
    for (std::size_t i = 0; i < pair.size; ++i) {
      first.tokens.push_back(swap ? pair.other[i] : pair.one[i]);
      second.tokens.push_back(swap ? pair.one[i] : pair.other[i]);
    }
    first.tokens.insert(first.tokens.end(), tail.begin(), tail.end());
    second.tokens.insert(second.tokens.end(), tail.begin(), tail.end());
    return allocate_pair(s, st, std::move(first), std::move(second));
  }

  /// 17 or 33 requests with the same prompt of whole blocks: every one after the first shares them.
  static block_pool_operation crowd(gen::source& s, state& st) {
    const std::size_t bs = st.shadow.block_size();
    block_pool_prompt made{s.below(3), {}};
    if (!st.history.empty()) {
      const block_pool_prompt& base = st.history[s.below(st.history.size())];
      made = base;
      made.tokens.resize(base.tokens.size() / bs * bs);
    }
    if (made.tokens.empty()) made.tokens = fresh_tokens(s, bs);
    const std::uint64_t first = new_request(s, st);
    const std::size_t others = s.chance(30) ? 32 : 16;  // past 4 and 5 bits, 16 and 32 slots
    for (std::size_t i = 0; i < others; ++i) {
      std::uint64_t id = st.next_request++;
      if (id == first) id = st.next_request++;
      st.pending.push_back(allocate_operation(id, made.ns, made.tokens));
    }
    return allocate_operation(first, made.ns, made.tokens);
  }

  /// A new request's prompt: fresh tokens, an earlier prompt (whole, cut at a block edge or
  /// anywhere and then extended, or with another first block), or what a live request holds.
  static block_pool_operation allocate(gen::source& s, state& st, bool repeat = false) {
    const block_pool_shadow& shadow = st.shadow;
    const std::size_t bs = shadow.block_size();
    const std::size_t longest_fit = shadow.num_blocks() * bs + 1;
    const std::size_t longest =
        longest_fit < max_operation_tokens ? longest_fit : max_operation_tokens;
    block_pool_prompt made{};
    const std::size_t drawn = s.below(100);
    const std::size_t roll = repeat ? 20 : drawn;
    if (!repeat && roll >= 95) return twins(s, st);
    if (!repeat && roll >= 93) return crowd(s, st);
    const id_vector live = shadow.live_requests();
    if (st.history.empty() || roll < 13) {
      made.ns = s.below(3);
      made.tokens = fresh_tokens(s, between(s, 1, longest));
    } else if (roll < 20 && !live.empty()) {  // what a live request holds now, decoded tokens too
      const std::uint64_t from = pick(s, live);
      made.ns = s.chance(50) ? namespace_like(s, st, shadow.namespace_of(from)) : s.below(3);
      made.tokens = shadow.tokens(from);
      if (s.chance(50)) made.tokens.resize(made.tokens.size() / bs * bs);
      if (made.tokens.empty()) made.tokens = fresh_tokens(s, 1);
    } else if (roll >= 85) {  // an earlier prompt with another first block
      const block_pool_prompt& base = st.history[s.below(st.history.size())];
      made = base;
      made.ns = namespace_like(s, st, base.ns);
      const std::size_t head = made.tokens.size() > bs ? bs : 1;
      for (std::size_t i = 0; i < head; ++i) made.tokens[i] = token(s);
      made.tokens[0] = base.tokens[0] == 1 ? 2 : 1;
    } else {
      const block_pool_prompt base = st.history[s.below(st.history.size())];
      made.ns = namespace_like(s, st, base.ns);
      made.tokens = base.tokens;
      if (roll >= 40) {  // share whole leading blocks (or any prefix), then go on alone
        const std::size_t blocks = base.tokens.size() / bs;
        const std::size_t cut =
            !s.chance(30) ? bs * between(s, 0, blocks) : between(s, 0, base.tokens.size());
        made.tokens.resize(cut);
        const std::size_t tail = between(s, cut == 0 ? 1 : 0, bs + 1);
        for (std::size_t i = 0; i < tail && made.tokens.size() < max_operation_tokens; ++i)
          made.tokens.push_back(token(s));
      }
    }
    remember(s, st, made);
    return allocate_operation(new_request(s, st), made.ns, made.tokens);
  }
};

/// Every command of the pool runs the same way: the step on the pool, judged by the shadow.
struct block_pool_command : block_pool_draws {
  template <class Session>
  static step_outcome run(Session& pool, block_pool_state& st, const block_pool_operation& op,
                          const check_options&) {
    const block_pool_step step = step_block_pool(pool.engine(), pool.made(), st.shadow, op);
    step_outcome out;
    out.valid = step.valid;
    out.failed = !step.verdict.ok();
    out.actual = observed(step.verdict.actual);
    out.expected = observed(step.verdict.expected);
    out.message = step.verdict.what;
    return out;
  }

  static std::string call(const block_pool_operation& op) { return call_code(op); }
};

/// `pool.free_blocks()`. The first command, so that shrinking turns other operations into it: a
/// count that drifts shows without the calls that would have run into it.
struct free_blocks_command : block_pool_command {
  static constexpr unsigned weight = 8;
  static bool enabled(const block_pool_state&) { return true; }
  static block_pool_operation draw(gen::source& s, block_pool_state& st, const check_options&) {
    if (auto next = follow_up(s, st)) return *next;
    return free_blocks_operation();
  }
};

/// `pool.allocate(request, ns, tokens)` of a new request.
struct allocate_command : block_pool_command {
  static constexpr unsigned weight = 38;
  static bool enabled(const block_pool_state&) { return true; }
  static block_pool_operation draw(gen::source& s, block_pool_state& st, const check_options&) {
    if (auto next = follow_up(s, st)) return *next;
    return allocate(s, st);
  }
};

/// `pool.free(request)`: a live request mostly; else one freed already, one whose allocation or
/// fork was refused, or one never allocated.
struct free_command : block_pool_command {
  static constexpr unsigned weight = 22;
  static bool enabled(const block_pool_state& st) { return st.shadow.live_count() != 0; }
  static block_pool_operation draw(gen::source& s, block_pool_state& st, const check_options&) {
    if (auto next = follow_up(s, st)) return *next;
    const id_vector live = st.shadow.live_requests();
    if (live.empty()) return free_blocks_operation();
    const std::size_t roll = s.below(100);
    std::uint64_t request = 0;
    if (roll < 66 || st.last_freed == 0)
      request = pick(s, live);
    else if (roll < 84)
      request = st.last_freed;  // freed twice
    else if (roll < 94 && (request = not_live_proposal(s, st)) != 0)
      return free_operation(request);  // refused, or freed already
    else
      request = st.next_request + 100;  // never allocated
    return free_of(st, request);
  }
};

/// `pool.append(request, tokens)` of a live request: the tokens that fill its partial block, one,
/// a few, or enough for two more blocks.
struct append_command : block_pool_command {
  static constexpr unsigned weight = 8;
  static bool enabled(const block_pool_state& st) { return st.shadow.live_count() != 0; }
  static block_pool_operation draw(gen::source& s, block_pool_state& st, const check_options&) {
    if (auto next = follow_up(s, st)) return *next;
    const id_vector live = st.shadow.live_requests();
    if (live.empty()) return free_blocks_operation();
    const std::uint64_t request = pick(s, live);
    const std::size_t length = st.shadow.tokens(request).size();
    if (length >= max_operation_tokens) return free_blocks_operation();
    const std::size_t bs = st.shadow.block_size();
    const std::size_t roll = s.below(100);
    const std::size_t two = between(s, bs, 2 * bs);
    std::size_t k = roll < 40   ? bs - length % bs
                    : roll < 65 ? 1
                    : roll < 85 ? between(s, 1, bs + 2)
                                : bs - length % bs + two;  // two blocks
    if (k > max_operation_tokens - length) k = max_operation_tokens - length;
    // Kept: if the append is refused, the next operation may ask for the tokens it would have
    // added (a refused append must leave no block cached under them).
    st.refused = append_operation(request, fresh_tokens(s, k));
    st.refused_length = length;
    return st.refused;
  }
};

/// A second request with a live one's prompt (parallel sampling without a fork), then the same
/// tokens appended to both, as greedy decoding makes them: equal blocks in two copies, where a pool
/// that references one copy and hands out the other goes wrong.
struct lockstep_command : block_pool_command {
  static constexpr unsigned weight = 5;
  static bool enabled(const block_pool_state& st) { return st.shadow.live_count() != 0; }
  static block_pool_operation draw(gen::source& s, block_pool_state& st, const check_options&) {
    if (auto next = follow_up(s, st)) return *next;
    const id_vector live = st.shadow.live_requests();
    if (live.empty()) return free_blocks_operation();
    const std::uint64_t first = pick(s, live);
    const std::uint64_t second = new_request(s, st);
    const token_vector tokens = fresh_tokens(s, between(s, 1, st.shadow.block_size() + 1));
    st.pending.push_back(append_operation(second, tokens));
    st.pending.push_back(append_operation(first, tokens));
    return allocate_operation(second, st.shadow.namespace_of(first), st.shadow.tokens(first));
  }
};

/// `pool.fork(parent, child)`, then often a decode of both sides with tokens that differ; with no
/// free block, mostly of a parent whose last block is partial (a fork that has to be refused).
struct fork_command : block_pool_command {
  static constexpr unsigned weight = 11;
  static bool enabled(const block_pool_state& st) {
    return st.facts.forks && st.shadow.live_count() != 0;
  }
  static block_pool_operation draw(gen::source& s, block_pool_state& st, const check_options&) {
    if (auto next = follow_up(s, st)) return *next;
    const id_vector live = st.shadow.live_requests();
    if (live.empty() || !st.facts.forks) return free_blocks_operation();
    std::uint64_t parent = pick(s, live);
    const bool partial_parent = s.chance(70);
    if (st.shadow.free_blocks() == 0 && partial_parent)
      for (const std::uint64_t id : live)
        if (st.shadow.tokens(id).size() % st.shadow.block_size() != 0) parent = id;
    const std::uint64_t child = new_request(s, st);
    if (s.chance(60)) {
      token_vector mine = fresh_tokens(s, between(s, 1, st.shadow.block_size() + 1));
      token_vector theirs = mine;
      theirs[0] = mine[0] == 1 ? 2 : 1;
      const bool child_first = s.chance(50);
      st.pending.push_back(
          append_operation(child_first ? parent : child, child_first ? mine : theirs));
      st.pending.push_back(
          append_operation(child_first ? child : parent, child_first ? theirs : mine));
    }
    return fork_operation(parent, child);
  }
};

/// `pool.reset_prefix_cache()` while requests are live (to be refused).
struct reset_command : block_pool_command {
  static constexpr unsigned weight = 8;
  static bool enabled(const block_pool_state& st) {
    return st.facts.resets && st.shadow.live_count() != 0;
  }
  static block_pool_operation draw(gen::source& s, block_pool_state& st, const check_options&) {
    if (auto next = follow_up(s, st)) return *next;
    return st.facts.resets ? reset_prefix_cache_operation() : free_blocks_operation();
  }
};

/// A drain: every live request freed, one per operation, then `reset_prefix_cache()` and an earlier
/// prompt again (a reset that forgets the blocks' state but keeps their hashes).
struct drain_command : block_pool_command {
  static constexpr unsigned weight = 4;
  static bool enabled(const block_pool_state& st) {
    return st.facts.resets && st.shadow.live_count() != 0;
  }
  static block_pool_operation draw(gen::source& s, block_pool_state& st, const check_options&) {
    if (auto next = follow_up(s, st)) return *next;
    const id_vector live = st.shadow.live_requests();
    if (live.empty() || !st.facts.resets) return free_blocks_operation();
    st.draining = true;
    return free_of(st, pick(s, live));
  }
};

/// The machine of kvc::check_block_pool. A sequence's pool geometry is drawn first (its choices
/// lowered, a smaller pool of smaller blocks), unless the options or the factory fix it.
struct block_pool_machine {
  using operation = block_pool_operation;
  using engine = detail::erased_block_pool;
  struct setup {
    std::size_t num_blocks = 0;
    std::size_t block_size = 0;
  };
  using state = block_pool_state;
  using commands = command_list<free_blocks_command, allocate_command, free_command, append_command,
                                lockstep_command, fork_command, reset_command, drain_command>;

  /// Block sizes 1, 2, 3, 4, 5, 8, 12, 16 and 32; 2 to 10 blocks, 2 to 8 of 8 or 12 tokens, 2 to 6
  /// of 16, 2 or 3 of 32, and a quarter of the pools of blocks of 1 or 2 tokens have 17 to 40
  /// blocks. Always four choices.
  static setup draw_setup(gen::source& s, const engine& pool, const check_options& options) {
    const std::size_t roll = s.below(100);
    const std::size_t blocks_choice = s.below(9);
    const bool large = s.chance(25);
    const std::size_t large_blocks = 17 + s.below(24);
    setup made{};
    made.block_size = options.block_size != 0 ? options.block_size
                      : roll < 8              ? 1
                      : roll < 36             ? 2
                      : roll < 52             ? 3
                      : roll < 70             ? 4
                      : roll < 77             ? 5
                      : roll < 83             ? 8
                      : roll < 87             ? 12
                      : roll < 96             ? 16
                                              : 32;
    if (pool.facts.fixed_geometry) return {pool.facts.fixed_blocks, options.block_size};
    const std::size_t most = made.block_size >= 32   ? 3
                             : made.block_size >= 16 ? 6
                             : made.block_size >= 8  ? 8
                                                     : 10;
    made.num_blocks = options.blocks != 0 ? options.blocks : 2 + blocks_choice % (most - 1);
    // Now and then a large pool of small blocks: block tables longer than 16 entries.
    if (options.blocks == 0 && made.block_size <= 2 && large) made.num_blocks = large_blocks;
    return made;
  }
  static std::vector<std::size_t> arguments(const setup& s) { return {s.num_blocks, s.block_size}; }
  static state start(engine_session<block_pool_machine>& pool, const setup& s,
                     const check_options& options) {
    return state{block_pool_shadow(s.num_blocks, s.block_size, options.policy, options.exact,
                                   options.max_live_requests),
                 pool.engine().facts};
  }
  /// Up to the longest kvc makes (crowds of 33, evictions after churn) unless `max_steps` asks for
  /// shorter ones than its default: an operation costs microseconds.
  static std::size_t most_steps(const check_options& options) {
    if (options.max_steps >= check_options{}.max_steps) return max_sequence_steps;
    return options.max_steps;
  }
};

}  // namespace kvc::library::stateful
