// kvc/stateful/prefix_cache_generator.hpp - the operation sequences kvc's stateful checks call
// prefix caches with: seeded, and biased towards the shapes in which caches have been wrong.
//
// A uniformly random sequence almost never looks up what it inserted. Here most operations derive
// from an earlier insert: the same tokens, a strict prefix, an extension, one token changed (often
// to a value that aliases it when stored narrowed: + 65536, + 256), under the same namespace, under
// a neighbouring one (one field apart), or after that namespace was erased; lengths cluster around
// the policy's block edges.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <kvc/model/prefix_cache.hpp>
#include <kvc/reuse_policy.hpp>

#include "check_options.hpp"
#include "namespace_pool.hpp"
#include "operations.hpp"
#include "seeded_random.hpp"

namespace kvc::detail {

/// Generates one sequence of prefix-cache operations, one operation per `next()`. Every insert fits
/// `kvc::model::prefix_cache` (at most 64 tokens; at most 64 operations per sequence).
/// (A template only so that a translation unit that never uses it does not compile it: the
/// alias `kvc::detail::prefix_cache_generator` names it.)
template <class Deferred = void>
class basic_prefix_cache_generator {
 public:
  /// The sequence of `seed`, with lengths around the block edges of `policy`.
  basic_prefix_cache_generator(std::uint64_t seed, reuse_policy policy)
      : random_(seed), block_(policy.block_size > 1 ? policy.block_size : 0) {
    inserted_.reserve(max_sequence_steps);
  }

  /// The next operation.
  cache_operation next() {
    const std::size_t roll = random_.below(100);
    if (inserted_.empty() ? roll < 75 : roll < 38) return insert();
    if (inserted_.empty() || roll < 85) return lookup();
    return erase();
  }
  /// The next operation (the model's state does not steer cache sequences).
  cache_operation next(const model::prefix_cache&) { return next(); }

 private:
  using tokens_type = decltype(cache_operation{}.tokens);

  cache_operation insert() {
    cache_operation op{cache_operation_kind::insert, {}, {}};
    if (erased_ < namespace_pool_size && random_.percent(60)) {
      // Erase, then re-insert: the namespace must start empty again, not resurrect old entries.
      op.ns = namespace_pool<Deferred>[erased_];
      op.tokens = inserted_.empty() || random_.percent(30) ? fresh_tokens()
                                                           : derived_tokens(earlier().tokens);
      erased_ = namespace_pool_size;
    } else if (inserted_.empty() || random_.percent(35)) {
      op.ns = any_namespace();
      op.tokens = fresh_tokens();
    } else {
      const cache_operation& base = earlier();
      op.ns = related_namespace(base.ns, 50, 30);
      op.tokens = derived_tokens(base.tokens);
    }
    inserted_.push_back(op);
    return op;
  }

  cache_operation lookup() {
    cache_operation op{cache_operation_kind::lookup, {}, {}};
    if (inserted_.empty() || random_.percent(8)) {
      op.ns = any_namespace();
      op.tokens = fresh_tokens();
      return op;
    }
    const cache_operation& base = earlier();
    op.ns = related_namespace(base.ns, 60, 30);
    op.tokens = random_.percent(25) ? base.tokens : derived_tokens(base.tokens);
    return op;
  }

  cache_operation erase() {
    const cache_namespace ns = random_.percent(85)
                                   ? earlier().ns
                                   : namespace_pool<Deferred>[random_.below(namespace_pool_size)];
    erased_ = namespace_index<Deferred>(ns);
    return erase_operation(ns);
  }

  const cache_operation& earlier() { return inserted_[random_.below(inserted_.size())]; }

  /// `ns` itself `same` percent of the time, a neighbour `neighbour` percent, else any namespace.
  cache_namespace related_namespace(const cache_namespace& ns, std::size_t same,
                                    std::size_t neighbour) {
    const std::size_t roll = random_.below(100);
    if (roll < same) return ns;
    const std::size_t index = namespace_index<Deferred>(ns);
    if (roll < same + neighbour && index < namespace_pool_size)
      return namespace_pool<Deferred>[namespace_neighbours[index][random_.below(4)]];
    return any_namespace();
  }

  /// One of the pool mostly, a tenant sometimes.
  cache_namespace any_namespace() {
    if (random_.percent(25)) return tenant_pool<Deferred>[random_.below(tenant_pool<Deferred>.size())];
    return namespace_pool<Deferred>[random_.below(namespace_pool_size)];
  }

  /// Mostly a small alphabet, so that sequences share prefixes; sometimes the extremes of int32.
  std::int32_t token() {
    if (random_.percent(92)) return static_cast<std::int32_t>(random_.below(5));
    switch (random_.below(5)) {
      case 0: return std::numeric_limits<std::int32_t>::max();
      case 1: return std::numeric_limits<std::int32_t>::min();
      case 2: return -1;
      case 3: return 65536 + static_cast<std::int32_t>(random_.below(5));
      default: return 256 + static_cast<std::int32_t>(random_.below(5));
    }
  }

  /// A value that equals `token` once narrowed to 16 or 8 bits, or another small one.
  std::int32_t changed_token(std::int32_t token) {
    const auto small = static_cast<std::int64_t>(token);
    switch (random_.below(4)) {
      case 0:
        if (small >= 0 && small < 65536) return static_cast<std::int32_t>(small + 65536);
        break;
      case 1:
        if (small >= 0 && small < 256) return static_cast<std::int32_t>(small + 256);
        break;
      default:
        break;
    }
    const std::int32_t other = this->token();
    return other == token ? token ^ 1 : other;
  }

  /// A length: near a block edge (k * B - 1, k * B, k * B + 1) when the policy has blocks, else
  /// short, sometimes 0, and sometimes long: a cache keyed by its first 8 or 16 tokens, or that
  /// compares only that many, is right on every short sequence.
  std::size_t length() {
    if (block_ != 0 && random_.percent(75)) {
      const std::size_t blocks = max_operation_tokens / block_;
      const std::size_t edge = block_ * random_.between(1, blocks == 0 ? 1 : blocks);
      const std::size_t near = edge - 1 + random_.below(3);
      return near < max_operation_tokens ? near : max_operation_tokens;
    }
    const std::size_t roll = random_.below(100);
    if (roll < 4) return 0;
    if (roll < 14) return random_.between(9, max_operation_tokens);
    return random_.between(1, 8);
  }

  tokens_type fresh_tokens() {
    tokens_type tokens{};
    const std::size_t n = length();
    for (std::size_t i = 0; i < n; ++i) tokens.push_back(token());
    return tokens;
  }

  /// The same tokens but shorter, longer, or with one token changed, or a shared prefix that then
  /// diverges.
  tokens_type derived_tokens(const tokens_type& base) {
    tokens_type tokens = base;
    switch (random_.below(4)) {
      case 0:  // a strict prefix
        tokens.count = tokens.count == 0 ? 0 : shorter(tokens.count);
        break;
      case 1:  // an extension
        grow(tokens);
        break;
      case 2:  // one token changed
        if (tokens.count != 0) {
          const std::size_t at = random_.below(tokens.count);
          tokens.storage[at] = changed_token(tokens.storage[at]);
        } else {
          grow(tokens);
        }
        break;
      default:  // a shared prefix, then something else
        tokens.count = tokens.count == 0 ? 0 : shorter(tokens.count);
        grow(tokens);
        break;
    }
    return tokens;
  }

  /// A length below `count`: a block edge below it, or any.
  std::size_t shorter(std::size_t count) {
    if (block_ != 0 && count > block_ && random_.percent(60)) {
      const std::size_t edge = block_ * random_.between(1, (count - 1) / block_);
      const std::size_t near = edge - 1 + random_.below(3);
      return near < count ? near : count - 1;
    }
    return random_.below(count);
  }

  void grow(tokens_type& tokens) {
    std::size_t target = tokens.count + random_.between(1, 4);
    if (block_ != 0 && random_.percent(50)) {
      const std::size_t edge = (tokens.count / block_ + 1) * block_;
      target = edge - 1 + random_.below(3);
    }
    while (tokens.count < target && tokens.count < max_operation_tokens) tokens.push_back(token());
  }

  seeded_random random_;
  std::size_t block_;
  std::vector<cache_operation> inserted_;
  std::size_t erased_ = namespace_pool_size;
};

/// kvc's prefix cache generator (see basic_prefix_cache_generator).
using prefix_cache_generator = basic_prefix_cache_generator<>;

}  // namespace kvc::detail
