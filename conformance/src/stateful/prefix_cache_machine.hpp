// conformance/src/stateful/prefix_cache_machine.hpp - kvc::check_prefix_cache as a machine
// (machine.hpp): `insert`, `lookup` and `erase`, each drawn, run against kvc::model::prefix_cache
// and printed in one place.
//
// The sequences are biased towards the shapes in which caches have been wrong. A uniformly random
// sequence almost never looks up what it inserted; here most operations derive from an earlier
// insert: the same tokens, a strict prefix, an extension, one token changed (often to a value that
// aliases it when stored narrowed: + 65536, + 256), under the same namespace, under a neighbouring
// one (one field apart, namespace_pool.hpp), or after that namespace was erased and inserted into
// again; lengths cluster around the policy's block edges, and some pass 8 and 16 tokens, where a
// cache keyed by its first tokens is still right. Every insert fits kvc::model::prefix_cache.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include <kvc/model/prefix_cache.hpp>
#include <kvc/stateful/check_options.hpp>
#include <kvc/stateful/operations.hpp>
#include <kvc/stateful/prefix_cache_check.hpp>

#include "../gen/source.hpp"
#include "machine.hpp"
#include "namespace_pool.hpp"
#include "operation_text.hpp"

namespace kvc::library::stateful {

/// A prefix-cache sequence's state: the model, and what the generator remembers to derive
/// operations from (every insert drawn, the namespace erased last).
struct prefix_cache_state {
  model::prefix_cache model{};
  std::vector<cache_operation> inserted{};
  std::size_t erased = namespace_pool_size;
  /// The policy's block size (0 without blocks): generated lengths cluster around its edges.
  std::size_t block = 0;
};

/// The prefix cache's generator: the domain's draws every command composes.
struct prefix_cache_draws {
  using tokens_type = decltype(cache_operation{}.tokens);

  /// One of the inserts drawn so far (the first for choice 0). Requires one.
  static const cache_operation& earlier(gen::source& s, const prefix_cache_state& state) {
    return state.inserted[s.below(state.inserted.size())];
  }

  /// One of the pool mostly (its first for choice 0), a tenant sometimes.
  static cache_namespace any_namespace(gen::source& s) {
    if (s.chance(25)) return tenant_pool[s.below(tenant_pool.size())];
    return namespace_pool[s.below(namespace_pool_size)];
  }

  /// `ns` itself `same` percent of the time (choice 0), a neighbour `neighbour` percent, else any
  /// namespace.
  static cache_namespace related_namespace(gen::source& s, const cache_namespace& ns,
                                           std::size_t same, std::size_t neighbour) {
    const std::size_t roll = s.below(100);
    if (roll < same) return ns;
    const std::size_t index = namespace_index(ns);
    if (roll < same + neighbour && index < namespace_pool_size)
      return namespace_pool[namespace_neighbours[index][s.below(4)]];
    return any_namespace(s);
  }

  /// Mostly a small alphabet, so that sequences share prefixes; sometimes the extremes of int32
  /// and values at 2^16 and 2^8, which alias small ones when stored narrowed.
  static std::int32_t token(gen::source& s) {
    if (!s.chance(8)) return static_cast<std::int32_t>(s.below(5));
    switch (s.below(5)) {
      case 0:
        return -1;
      case 1:
        return std::numeric_limits<std::int32_t>::max();
      case 2:
        return std::numeric_limits<std::int32_t>::min();
      case 3:
        return 65536 + static_cast<std::int32_t>(s.below(5));
      default:
        return 256 + static_cast<std::int32_t>(s.below(5));
    }
  }

  /// A value that equals `token` once narrowed to 16 or 8 bits, or another one.
  static std::int32_t changed_token(gen::source& s, std::int32_t token) {
    const auto small = static_cast<std::int64_t>(token);
    switch (s.below(4)) {
      case 0:
        if (small >= 0 && small < 65536) return static_cast<std::int32_t>(small + 65536);
        break;
      case 1:
        if (small >= 0 && small < 256) return static_cast<std::int32_t>(small + 256);
        break;
      default:
        break;
    }
    const std::int32_t other = prefix_cache_draws::token(s);
    return other == token ? token ^ 1 : other;
  }

  /// A length: near a block edge (k * B - 1, k * B, k * B + 1) when the policy has blocks, else
  /// short, sometimes 0, and sometimes long: a cache keyed by its first 8 or 16 tokens, or that
  /// compares only that many, is right on every short sequence.
  static std::size_t length(gen::source& s, std::size_t block) {
    if (block != 0 && !s.chance(25)) {
      const std::size_t blocks = max_operation_tokens / block;
      const std::size_t edge = block * (1 + s.below(blocks == 0 ? 1 : blocks));
      const std::size_t near = edge - 1 + s.below(3);
      return near < max_operation_tokens ? near : max_operation_tokens;
    }
    const std::size_t roll = s.below(100);
    if (roll < 4) return 0;
    if (roll < 14) return 9 + s.below(max_operation_tokens - 8);
    return 1 + s.below(8);
  }

  static tokens_type fresh_tokens(gen::source& s, std::size_t block) {
    tokens_type tokens{};
    const std::size_t n = length(s, block);
    for (std::size_t i = 0; i < n; ++i) tokens.push_back(token(s));
    return tokens;
  }

  /// A length below `count`: a block edge below it, or any.
  static std::size_t shorter(gen::source& s, std::size_t count, std::size_t block) {
    if (block != 0 && count > block && s.chance(60)) {
      const std::size_t edge = block * (1 + s.below((count - 1) / block));
      const std::size_t near = edge - 1 + s.below(3);
      return near < count ? near : count - 1;
    }
    return s.below(count);
  }

  static void grow(gen::source& s, tokens_type& tokens, std::size_t block) {
    std::size_t target = tokens.count + 1 + s.below(4);
    if (block != 0 && s.chance(50)) {
      const std::size_t edge = (tokens.count / block + 1) * block;
      target = edge - 1 + s.below(3);
    }
    while (tokens.count < target && tokens.count < max_operation_tokens) tokens.push_back(token(s));
  }

  /// The same tokens but shorter, longer, or with one token changed, or a shared prefix that then
  /// diverges.
  static tokens_type derived_tokens(gen::source& s, const tokens_type& base, std::size_t block) {
    tokens_type tokens = base;
    switch (s.below(4)) {
      case 0:  // a strict prefix
        tokens.count = tokens.count == 0 ? 0 : shorter(s, tokens.count, block);
        break;
      case 1:  // an extension
        grow(s, tokens, block);
        break;
      case 2:  // one token changed
        if (tokens.count != 0) {
          const std::size_t at = s.below(tokens.count);
          tokens.storage[at] = changed_token(s, tokens.storage[at]);
        } else {
          grow(s, tokens, block);
        }
        break;
      default:  // a shared prefix, then something else
        tokens.count = tokens.count == 0 ? 0 : shorter(s, tokens.count, block);
        grow(s, tokens, block);
        break;
    }
    return tokens;
  }
};

/// `cache.insert(ns, tokens)`: not observed; the model holds every sequence inserted.
struct insert_command : prefix_cache_draws {
  static constexpr unsigned weight = 38;
  static bool enabled(const prefix_cache_state&) { return true; }

  static cache_operation draw(gen::source& s, prefix_cache_state& state, const check_options&) {
    cache_operation op{cache_operation_kind::insert, {}, {}};
    // Both drawn whatever the state, so that an operation deleted before this one leaves its
    // choices where they were; choice 0 draws an insert of its own, not one derived from an
    // earlier insert, so that the earlier one can then be deleted.
    const bool again = s.chance(60);
    const bool fresh = !s.chance(65);
    if (state.erased < namespace_pool_size && again) {
      // Erase, then insert again: the namespace must start empty, not resurrect old entries.
      op.ns = namespace_pool[state.erased];
      op.tokens = state.inserted.empty() || s.chance(30)
                      ? fresh_tokens(s, state.block)
                      : derived_tokens(s, earlier(s, state).tokens, state.block);
      state.erased = namespace_pool_size;
    } else if (state.inserted.empty() || fresh) {
      op.ns = any_namespace(s);
      op.tokens = fresh_tokens(s, state.block);
    } else {
      const cache_operation& base = earlier(s, state);
      op.ns = related_namespace(s, base.ns, 50, 30);
      op.tokens = derived_tokens(s, base.tokens, state.block);
    }
    state.inserted.push_back(op);
    return op;
  }

  template <class Session>
  static step_outcome run(Session& cache, prefix_cache_state& state, const cache_operation& op,
                          const check_options&) {
    static_cast<void>(cache.apply(op));
    static_cast<void>(state.model.insert(op.ns, op.token_span()));
    return {};
  }

  static std::string call(const cache_operation& op) { return call_code(op); }
};

/// `cache.lookup(ns, tokens)`: observed, and compared with the model's
/// `lookup(ns, tokens, options.policy)`, exactly or as a bound.
struct lookup_command : prefix_cache_draws {
  static constexpr unsigned weight = 47;
  static bool enabled(const prefix_cache_state&) { return true; }

  static cache_operation draw(gen::source& s, prefix_cache_state& state, const check_options&) {
    cache_operation op{cache_operation_kind::lookup, {}, {}};
    const bool fresh = !s.chance(92);  // choice 0: a lookup of its own (see insert_command)
    if (state.inserted.empty() || fresh) {
      op.ns = any_namespace(s);
      op.tokens = fresh_tokens(s, state.block);
      return op;
    }
    const cache_operation& base = earlier(s, state);
    op.ns = related_namespace(s, base.ns, 60, 30);
    op.tokens = !s.chance(75) ? base.tokens : derived_tokens(s, base.tokens, state.block);
    return op;
  }

  template <class Session>
  static step_outcome run(Session& cache, prefix_cache_state& state, const cache_operation& op,
                          const check_options& options) {
    step_outcome out;
    out.actual = cache.apply(op);
    out.expected =
        detail::observed_value(state.model.lookup(op.ns, op.token_span(), options.policy));
    out.failed = !agrees(out.actual, out.expected, options.exact);
    return out;
  }

  static std::string call(const cache_operation& op) { return call_code(op); }
};

/// `cache.erase(ns)`: not observed; the model forgets the namespace's entries.
struct erase_command : prefix_cache_draws {
  static constexpr unsigned weight = 15;
  /// An erase names a namespace inserted into before.
  static bool enabled(const prefix_cache_state& state) { return !state.inserted.empty(); }

  static cache_operation draw(gen::source& s, prefix_cache_state& state, const check_options&) {
    const cache_namespace ns =
        !s.chance(15) ? earlier(s, state).ns : namespace_pool[s.below(namespace_pool_size)];
    state.erased = namespace_index(ns);
    return erase_operation(ns);
  }

  template <class Session>
  static step_outcome run(Session& cache, prefix_cache_state& state, const cache_operation& op,
                          const check_options&) {
    static_cast<void>(cache.apply(op));
    static_cast<void>(state.model.erase(op.ns));
    return {};
  }

  static std::string call(const cache_operation& op) { return call_code(op); }
};

/// The machine of kvc::check_prefix_cache.
struct prefix_cache_machine {
  using operation = cache_operation;
  using engine = detail::erased_prefix_cache;
  struct setup {};
  using state = prefix_cache_state;
  using commands = command_list<insert_command, lookup_command, erase_command>;

  static setup draw_setup(gen::source&, const engine&, const check_options&) { return {}; }
  static std::vector<std::size_t> arguments(const setup&) { return {}; }
  static state start(engine_session<prefix_cache_machine>&, const setup&,
                     const check_options& options) {
    state s;
    s.inserted.reserve(max_sequence_steps);
    s.block = options.policy.block_size > 1 ? options.policy.block_size : 0;
    return s;
  }
  static std::size_t most_steps(const check_options& options) {
    return options.max_steps < max_sequence_steps ? options.max_steps : max_sequence_steps;
  }
};

}  // namespace kvc::library::stateful
