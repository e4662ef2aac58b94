// kvc/stateful/block_pool_operations.hpp - the operations of a paged KV block pool, the adapter an
// engine's pool provides for them, and how one operation is applied to an engine's pool or to
// kvc::model::block_pool.
//
// The adapter (`kvc::block_pool_adapter`), member by member. Requests and namespaces are integers
// of any type (kvc converts its values to each member's parameter types explicitly, so -Wconversion
// stays quiet); tokens are a `std::span<const std::int32_t>`, or a `const
// std::vector<std::int32_t>&` when the pool does not take a span.
//
//   allocate(request, ns, tokens)  admits a new request: the leading tokens served from cached
//                                  blocks, or a refusal that changed nothing. It returns a
//                                  `std::optional` of an integer (nullopt: refused), a signed
//                                  integer (negative: refused), or a type with `explicit operator
//                                  bool` and a `cached_tokens` member
//                                  (kvc::model::block_allocation)
//   append(request, tokens)        decode: adds tokens to a live request, all or nothing; anything
//                                  that converts to bool (admitted). Besides new blocks at the
//                                  end, it may move the partial last block to a free block (copy
//                                  on write) or a block it fills to a cached block of equal
//                                  content (deduplication on fill); nothing else may move
//   free(request)                  drops a request's references; a request that is not live frees
//                                  nothing
//   free_blocks()                  an integer: the blocks no live request references, cached or not
//   block_table(request)           a sized range of integer block ids (any distinct values) of a
//                                  live request, in token order
//   fork(parent, child)            optional: the child shares the parent's full blocks; the
//                                  partial last block is copied into a free block for the child
//                                  or for the parent, or shared until one side appends (copy on
//                                  write); converts to bool (admitted)
//   reset_prefix_cache()           optional: forgets every cached block; false, changing nothing,
//                                  while any request is live
//
// kvc never allocates a live request again, never appends to or forks a request that is not live,
// never forks into a live child and never allocates an empty prompt.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include <kvc/bounded_list.hpp>
#include <kvc/concepts.hpp>
#include <kvc/detail/ranges.hpp>

#include "operations.hpp"

namespace kvc {

/// What a block-pool operation does.
enum class block_pool_operation_kind : unsigned char {
  allocate,     ///< `pool.allocate(request, ns, tokens)`, observed: cached tokens, -1 refused
  append,       ///< `pool.append(request, tokens)`, observed: 1 admitted, 0 refused
  free,         ///< `pool.free(request)`
  fork,         ///< `pool.fork(request, child)`, observed: 1 admitted, 0 refused
  free_blocks,  ///< `pool.free_blocks()`, observed
  reset_prefix_cache,  ///< `pool.reset_prefix_cache()`, observed: 1 done, 0 refused
};

/// One call on a block pool.
struct block_pool_operation {
  /// Which member function is called.
  block_pool_operation_kind kind = block_pool_operation_kind::free_blocks;
  /// The request it is called for (the parent of a fork).
  std::uint64_t request = 0;
  /// The namespace of an allocation, or the child of a fork.
  std::uint64_t other = 0;
  /// The tokens of an allocation or an append.
  bounded_list<std::int32_t, max_operation_tokens> tokens{};

  /// The tokens as the span the pool is called with.
  [[nodiscard]] constexpr std::span<const std::int32_t> token_span() const noexcept {
    return {tokens.storage.data(), tokens.count};
  }
};

namespace detail {

template <class Tokens>
[[nodiscard]] constexpr block_pool_operation with_tokens(block_pool_operation op,
                                                         const Tokens& tokens) noexcept {
  for (const auto token : tokens)
    if (op.tokens.size() < max_operation_tokens)
      op.tokens.push_back(static_cast<std::int32_t>(token));
  return op;
}

}  // namespace detail

/// An allocation of `request` with `tokens` under namespace `ns` (at most `max_operation_tokens`
/// tokens are kept).
template <class Tokens = std::initializer_list<std::int32_t>>
[[nodiscard]] constexpr block_pool_operation allocate_operation(std::uint64_t request,
                                                                std::uint64_t ns,
                                                                const Tokens& tokens) noexcept {
  return detail::with_tokens({block_pool_operation_kind::allocate, request, ns, {}}, tokens);
}
/// An append of `tokens` to `request`.
template <class Tokens = std::initializer_list<std::int32_t>>
[[nodiscard]] constexpr block_pool_operation append_operation(std::uint64_t request,
                                                              const Tokens& tokens) noexcept {
  return detail::with_tokens({block_pool_operation_kind::append, request, 0, {}}, tokens);
}
/// A free of `request`.
[[nodiscard]] constexpr block_pool_operation free_operation(std::uint64_t request) noexcept {
  return {block_pool_operation_kind::free, request, 0, {}};
}
/// A fork of `parent` into `child`.
[[nodiscard]] constexpr block_pool_operation fork_operation(std::uint64_t parent,
                                                            std::uint64_t child) noexcept {
  return {block_pool_operation_kind::fork, parent, child, {}};
}
/// A look at `free_blocks()`.
[[nodiscard]] constexpr block_pool_operation free_blocks_operation() noexcept {
  return {block_pool_operation_kind::free_blocks, 0, 0, {}};
}
/// A reset of the prefix cache.
[[nodiscard]] constexpr block_pool_operation reset_prefix_cache_operation() noexcept {
  return {block_pool_operation_kind::reset_prefix_cache, 0, 0, {}};
}

namespace detail {

#define KVC_DETAIL_MEMBER_TRAIT(name)   \
  template <class Pool>                 \
  struct name##_member {                \
    using type = void;                  \
  };                                    \
  template <class Pool>                 \
  requires requires {                   \
    &Pool::name;                        \
  }                                     \
  struct name##_member<Pool> {          \
    using type = decltype(&Pool::name); \
  };
/// The type of `&Pool::allocate` (and of the other members), or void for a template or an
/// overload set: then kvc's values are passed unconverted.
KVC_DETAIL_MEMBER_TRAIT(allocate)
KVC_DETAIL_MEMBER_TRAIT(append)
KVC_DETAIL_MEMBER_TRAIT(free)
KVC_DETAIL_MEMBER_TRAIT(fork)
KVC_DETAIL_MEMBER_TRAIT(block_table)
#undef KVC_DETAIL_MEMBER_TRAIT

/// Whether `Pool` takes tokens as a `std::span<const std::int32_t>` (else a vector).
template <class Pool>
concept takes_token_span = requires(Pool& pool, std::span<const std::int32_t> tokens) {
  pool.allocate(0, 0, tokens);
  pool.append(0, tokens);
};

/// `op`'s tokens as `Pool` takes them.
template <class Pool>
[[nodiscard]] constexpr auto pool_tokens(const block_pool_operation& op) {
  if constexpr (takes_token_span<Pool>)
    return op.token_span();
  else
    return std::vector<std::int32_t>(op.tokens.begin(), op.tokens.end());
}

/// The result of an `allocate`: the cached tokens, or nullopt for a refusal. A negative value
/// inside a `std::optional` (or a type with `cached_tokens`) is an admission with a wrong hit, and
/// stays negative.
template <class Result>
[[nodiscard]] constexpr std::optional<std::int64_t> allocation_value(
    const Result& result) noexcept {
  using R = std::remove_cvref_t<Result>;
  if constexpr (requires {
                  result.has_value();
                  *result;
                }) {
    if (!result.has_value()) return std::nullopt;
    return observed_value(*result).value;
  } else if constexpr (requires {
                         result.cached_tokens;
                         static_cast<bool>(result);
                       }) {
    if (!static_cast<bool>(result)) return std::nullopt;
    return observed_value(result.cached_tokens).value;
  } else {
    static_assert(std::is_signed_v<R>,
                  "kvc: allocate() must return std::optional<integer>, a signed integer (negative: "
                  "refused), or a type with explicit operator bool and cached_tokens");
    const std::int64_t value = observed_value(result).value;
    if (value < 0) return std::nullopt;
    return value;
  }
}

/// `op`'s allocation on `pool`: the cached tokens, or nullopt for a refusal.
template <class Pool>
[[nodiscard]] constexpr std::optional<std::int64_t> allocate_on(Pool& pool,
                                                                const block_pool_operation& op) {
  using member = typename allocate_member<Pool>::type;
  return allocation_value(pool.allocate(as_parameter<0, member>(op.request),
                                        as_parameter<1, member>(op.other), pool_tokens<Pool>(op)));
}

/// A block table a pool returns: a sized range of integers.
template <class Table>
concept block_id_range = std::ranges::sized_range<const std::remove_cvref_t<Table>> &&
    integer<std::remove_cvref_t<std::ranges::range_value_t<const std::remove_cvref_t<Table>>>>;

}  // namespace detail

/// A paged KV block pool kvc can drive (see the top of this header for each member's meaning).
template <class Pool>
concept block_pool_adapter = requires(Pool& pool, std::uint64_t id) {
  detail::allocation_value(
      pool.allocate(id, id, detail::pool_tokens<Pool>(block_pool_operation{})));
  static_cast<bool>(pool.append(id, detail::pool_tokens<Pool>(block_pool_operation{})));
  pool.free(id);
  requires integer<std::remove_cvref_t<decltype(pool.free_blocks())>>;
  requires detail::block_id_range<decltype(pool.block_table(id))>;
};

/// Whether `Pool` has `fork(parent, child)`.
template <class Pool>
concept block_pool_with_fork = requires(Pool& pool, std::uint64_t id) {
  static_cast<bool>(pool.fork(id, id));
};
/// Whether `Pool` has `reset_prefix_cache()`.
template <class Pool>
concept block_pool_with_reset = requires(Pool& pool) {
  static_cast<bool>(pool.reset_prefix_cache());
};

/// Applies `op` to `pool` (an engine's, or `kvc::model::block_pool`) and returns what it observed:
/// an allocation's cached tokens (-1: refused), an append's or a fork's admission (1 or 0), a
/// reset's (1 done, 0 refused), `free_blocks()`; nothing for `free`. A fork or reset on a pool
/// without the member observes nothing.
template <class Pool>
constexpr observation apply_operation(Pool& pool, const block_pool_operation& op) {
  using detail::as_parameter;
  switch (op.kind) {
    case block_pool_operation_kind::allocate: {
      const std::optional<std::int64_t> hit = detail::allocate_on(pool, op);
      return {true, hit ? *hit : -1};
    }
    case block_pool_operation_kind::append: {
      using member = typename detail::append_member<Pool>::type;
      return detail::observed_value(static_cast<bool>(
          pool.append(as_parameter<0, member>(op.request), detail::pool_tokens<Pool>(op))));
    }
    case block_pool_operation_kind::free:
      static_cast<void>(
          pool.free(as_parameter<0, typename detail::free_member<Pool>::type>(op.request)));
      return {};
    case block_pool_operation_kind::fork:
      if constexpr (block_pool_with_fork<Pool>) {
        using member = typename detail::fork_member<Pool>::type;
        return detail::observed_value(static_cast<bool>(
            pool.fork(as_parameter<0, member>(op.request), as_parameter<1, member>(op.other))));
      } else {
        return {};
      }
    case block_pool_operation_kind::reset_prefix_cache:
      if constexpr (block_pool_with_reset<Pool>)
        return detail::observed_value(static_cast<bool>(pool.reset_prefix_cache()));
      else
        return {};
    case block_pool_operation_kind::free_blocks:
      break;
  }
  return detail::observed_value(pool.free_blocks());
}

}  // namespace kvc
