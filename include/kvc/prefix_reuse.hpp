// kvc/prefix_reuse.hpp - FA-98601: prefix cache reuse stays inside its namespace.
//
// Contract: the number of leading tokens a request may take from a cached sequence is the length of
// their common prefix when the cache's namespace equals the request's, and 0 otherwise. Comparing
// tokens alone (the recorded failure) lets one model or adapter read another's KV entries; comparing
// namespaces but returning the shorter length (the recorded unsuccessful fix) reuses tokens that
// differ.
#pragma once

#include <cstddef>
#include <iterator>
#include <ranges>
#include <type_traits>
#include <utility>

#include "concepts.hpp"
#include "detail/equal.hpp"
#include "detail/fast_paths.hpp"

namespace kvc {

namespace detail {

/// Length of the common prefix of two token sequences.
template <class R1, class R2>
[[nodiscard]] constexpr std::size_t common_prefix_length(const R1& cached,
                                                         const R2& requested) noexcept {
  using T1 = std::ranges::range_value_t<const R1>;
  using T2 = std::ranges::range_value_t<const R2>;
  if constexpr (std::ranges::contiguous_range<const R1> && std::ranges::contiguous_range<const R2> &&
                std::is_same_v<T1, T2>) {
    // Pointers, and `==` without a call per token: constant evaluation counts every step, and
    // 65,536 tokens must fit in clang's default budget. (Same types: `==` is exact.)
    const auto* c = std::ranges::data(cached);
    const auto* r = std::ranges::data(requested);
    const std::size_t shorter = std::ranges::size(cached) < std::ranges::size(requested)
                                    ? std::ranges::size(cached)
                                    : std::ranges::size(requested);
    std::size_t length = 0;
    while (length < shorter && static_cast<bool>(c[length] == r[length])) ++length;
    return length;
  } else {
    auto c = std::ranges::begin(cached);
    auto r = std::ranges::begin(requested);
    const auto c_end = std::ranges::end(cached);
    const auto r_end = std::ranges::end(requested);
    std::size_t length = 0;
    for (; c != c_end && r != r_end && equal_ids(*c, *r); ++c, ++r) ++length;
    return length;
  }
}

}  // namespace detail

/// Function object type of `kvc::reusable_prefix_length`.
struct reusable_prefix_length_fn {
  /// The common token prefix of `cached_tokens` and `requested_tokens` when `cache_namespace ==
  /// request_namespace`, otherwise 0. The sequences may differ in length and element type; integer
  /// tokens compare by value across signedness.
  template <class CacheNs, class RequestNs, class Cached, class Requested>
    requires comparable_with<CacheNs, RequestNs> && comparable_sequences<Cached, Requested>
  [[nodiscard]] constexpr std::size_t operator()(const CacheNs& cache_namespace,
                                                 const RequestNs& request_namespace,
                                                 const Cached& cached_tokens,
                                                 const Requested& requested_tokens) const noexcept {
    if (!detail::equal_ids(cache_namespace, request_namespace)) return 0;
    if constexpr (detail::fast_prefix_sequences<Cached, Requested>) {
      if (!std::is_constant_evaluated())
        return detail::fast_common_prefix_length(cached_tokens, requested_tokens);
    }
    return detail::common_prefix_length(cached_tokens, requested_tokens);
  }

  /// Block-granular reuse, as paged KV caches reuse whole blocks: the common prefix rounded down to
  /// a multiple of `block_size` when the namespaces are equal, otherwise 0. A `block_size` of 0 or
  /// below reuses nothing.
  template <class CacheNs, class RequestNs, class Cached, class Requested, integer BlockSize>
    requires comparable_with<CacheNs, RequestNs> && comparable_sequences<Cached, Requested>
  [[nodiscard]] constexpr std::size_t operator()(const CacheNs& cache_namespace,
                                                 const RequestNs& request_namespace,
                                                 const Cached& cached_tokens,
                                                 const Requested& requested_tokens,
                                                 BlockSize block_size) const noexcept {
    if (std::cmp_less_equal(block_size, 0)) return 0;
    const std::size_t prefix =
        (*this)(cache_namespace, request_namespace, cached_tokens, requested_tokens);
    if (std::cmp_greater(block_size, prefix)) return 0;  // also keeps the cast below exact
    return prefix - prefix % static_cast<std::size_t>(block_size);
  }
};

/// Prefix reuse bounded by namespace identity; see `reusable_prefix_length_fn::operator()`.
inline constexpr reusable_prefix_length_fn reusable_prefix_length{};

}  // namespace kvc
