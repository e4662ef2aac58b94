// kvc/contracts/prefix_reuse.hpp - the verification of prefix reuse (FA-98601) and its block-
// granular form: known-bad implementations (their descriptor: kvc/descriptors/).
//
// The known-bad implementations are plausible ways to get the contract wrong; the descriptor
// (kvc/descriptors/) ties them to the suites that must reject them
// (kvc/verification/descriptor.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include <kvc/detail/equal.hpp>
#include <kvc/detail/ranges.hpp>

#include <array>
#include <kvc/prefix_reuse.hpp>
#include <kvc/verification/descriptor.hpp>
#include <kvc/suites/prefix_reuse.hpp>
#include <kvc/suites/block_prefix_reuse.hpp>
#include <kvc/suites/block_prefix_reuse_under.hpp>
#include <kvc/suites/prefix_reuse_under.hpp>
#include <kvc/verification/expected_under_policy.hpp>
#include <kvc/verification/standard_policies.hpp>

namespace kvc::mutants::prefix_reuse {

namespace detail {
template <class A, class B>
constexpr std::size_t shorter(const A& a, const B& b) noexcept {
  return std::ranges::size(a) < std::ranges::size(b) ? std::ranges::size(a) : std::ranges::size(b);
}
template <class A, class B>
constexpr std::size_t common_prefix(const A& a, const B& b) noexcept {
  std::size_t i = 0;
  while (i < shorter(a, b) && kvc::detail::equal_ids(a[i], b[i])) ++i;
  return i;
}
}  // namespace detail

/// The record's failure: counts equal positions, namespaces ignored.
inline constexpr auto seed_failure = [](const auto&, const auto&, const auto& cached,
                                        const auto& requested) {
  std::size_t equal_positions = 0;
  for (std::size_t i = 0; i < detail::shorter(cached, requested); ++i)
    if (kvc::detail::equal_ids(cached[i], requested[i])) ++equal_positions;
  return equal_positions;
};

/// The record's unsuccessful fix: checks namespaces, then returns the shorter length.
inline constexpr auto seed_unsuccessful_fix = [](const auto& cache_ns, const auto& request_ns,
                                                 const auto& cached, const auto& requested) {
  return cache_ns != request_ns ? std::size_t{0} : detail::shorter(cached, requested);
};

/// The common prefix with no namespace check at all.
inline constexpr auto ignores_namespace = [](const auto&, const auto&, const auto& cached,
                                             const auto& requested) {
  return detail::common_prefix(cached, requested);
};

/// Checks namespaces, then counts equal positions instead of stopping at the first mismatch.
inline constexpr auto counts_equal_positions = [](const auto& cache_ns, const auto& request_ns,
                                                  const auto& cached, const auto& requested) {
  return cache_ns != request_ns ? std::size_t{0} : seed_failure(cache_ns, request_ns, cached, requested);
};

/// Treats one namespace as compatible with another it is a prefix of ("m" with "m1").
inline constexpr auto namespace_prefix_match = [](const auto& cache_ns, const auto& request_ns,
                                                  const auto& cached, const auto& requested) {
  const bool compatible = cache_ns.substr(0, request_ns.size()) == request_ns ||
                          request_ns.substr(0, cache_ns.size()) == cache_ns;
  return compatible ? detail::common_prefix(cached, requested) : std::size_t{0};
};

/// Compares namespaces by everything but their last character (a truncated key).
inline constexpr auto namespace_truncated = [](const auto& cache_ns, const auto& request_ns,
                                               const auto& cached, const auto& requested) {
  const auto cut = [](auto ns) { return ns.empty() ? ns : ns.substr(0, ns.size() - 1); };
  return cut(cache_ns) == cut(request_ns) ? detail::common_prefix(cached, requested)
                                          : std::size_t{0};
};

/// An empty namespace acts as a wildcard that matches any other.
inline constexpr auto empty_namespace_is_wildcard = [](const auto& cache_ns, const auto& request_ns,
                                                       const auto& cached, const auto& requested) {
  const bool compatible = cache_ns.empty() || request_ns.empty() || cache_ns == request_ns;
  return compatible ? detail::common_prefix(cached, requested) : std::size_t{0};
};

/// Reuses everything but the last common token (off by one).
inline constexpr auto drops_last_token = [](const auto& cache_ns, const auto& request_ns,
                                            const auto& cached, const auto& requested) {
  const auto prefix = cache_ns == request_ns ? detail::common_prefix(cached, requested) : 0;
  return prefix == 0 ? std::size_t{0} : prefix - 1;
};

/// Counts the first mismatching token too (off by one the other way).
inline constexpr auto includes_mismatch = [](const auto& cache_ns, const auto& request_ns,
                                             const auto& cached, const auto& requested) {
  if (cache_ns != request_ns) return std::size_t{0};
  const auto prefix = detail::common_prefix(cached, requested);
  return prefix < detail::shorter(cached, requested) ? prefix + 1 : prefix;
};

/// Bounds the match by the cached length only, so a longer cache is reused whole.
inline constexpr auto reuses_whole_cache_on_first_match =
    [](const auto& cache_ns, const auto& request_ns, const auto& cached, const auto& requested) {
      if (cache_ns != request_ns || std::ranges::size(cached) == 0 ||
          std::ranges::size(requested) == 0 || !kvc::detail::equal_ids(cached[0], requested[0]))
        return std::size_t{0};
      return std::ranges::size(cached);
    };

/// Gives up after a fixed window of 32 tokens.
inline constexpr auto capped_window = [](const auto& cache_ns, const auto& request_ns,
                                         const auto& cached, const auto& requested) {
  const auto prefix = cache_ns == request_ns ? detail::common_prefix(cached, requested) : 0;
  return prefix > 32 ? std::size_t{32} : prefix;
};

/// Keeps the matched length in a `std::uint8_t` (a narrow per-slot counter): 300 reads as 44.
inline constexpr auto length_in_8_bits = [](const auto& cache_ns, const auto& request_ns,
                                            const auto& cached, const auto& requested) {
  const auto prefix = cache_ns == request_ns ? detail::common_prefix(cached, requested) : 0;
  return static_cast<std::size_t>(static_cast<std::uint8_t>(prefix));
};

/// Compares namespaces by their length and last character only (a cheap key, or a hash of them):
/// "a-lora" is "b-lora".
inline constexpr auto compares_length_and_last_character =
    [](const auto& cache_ns, const auto& request_ns, const auto& cached, const auto& requested) {
      const bool same = cache_ns.size() == request_ns.size() &&
                        (cache_ns.empty() || cache_ns.back() == request_ns.back());
      return same ? detail::common_prefix(cached, requested) : std::size_t{0};
    };

// --- Block-granular reuse: impl(cache_ns, request_ns, cached, requested, block_size) ------------

/// Counts a partially matched block as reusable (rounds up).
inline constexpr auto block_rounds_up = [](const auto& cache_ns, const auto& request_ns,
                                           const auto& cached, const auto& requested, int block) {
  if (cache_ns != request_ns || block <= 0) return std::size_t{0};
  const auto prefix = detail::common_prefix(cached, requested);
  const auto b = static_cast<std::size_t>(block);
  return (prefix + b - 1) / b * b;
};

/// Treats a block size of 0 as "no blocking" and reuses the exact prefix.
inline constexpr auto block_zero_means_exact = [](const auto& cache_ns, const auto& request_ns,
                                                  const auto& cached, const auto& requested,
                                                  int block) {
  if (cache_ns != request_ns) return std::size_t{0};
  const auto prefix = detail::common_prefix(cached, requested);
  return block <= 0 ? prefix : prefix - prefix % static_cast<std::size_t>(block);
};

/// Rounds the shorter sequence's length instead of the common prefix.
inline constexpr auto block_rounds_shorter_length =
    [](const auto& cache_ns, const auto& request_ns, const auto& cached, const auto& requested,
       int block) {
      if (cache_ns != request_ns || block <= 0) return std::size_t{0};
      const auto shorter = detail::shorter(cached, requested);
      return shorter - shorter % static_cast<std::size_t>(block);
    };

/// Returns the number of whole blocks rather than the number of tokens they hold.
inline constexpr auto block_count_not_tokens = [](const auto& cache_ns, const auto& request_ns,
                                                  const auto& cached, const auto& requested,
                                                  int block) {
  if (cache_ns != request_ns || block <= 0) return std::size_t{0};
  return detail::common_prefix(cached, requested) / static_cast<std::size_t>(block);
};

/// Rounds correctly but never checks the namespaces.
inline constexpr auto block_ignores_namespace = [](const auto&, const auto&, const auto& cached,
                                                   const auto& requested, int block) {
  if (block <= 0) return std::size_t{0};
  const auto prefix = detail::common_prefix(cached, requested);
  return prefix - prefix % static_cast<std::size_t>(block);
};

}  // namespace kvc::mutants::prefix_reuse

namespace kvc::mutants::prefix_reuse {

// --- Under a reuse policy: impl(cache_ns, request_ns, cached, requested), the policy built in ---

/// An exact-reuse implementation with policy P applied to its result: how the bug of `exact`
/// shows in an engine whose policy is P.
template <kvc::reuse_policy P, class Exact>
[[nodiscard]] constexpr auto under(Exact exact) noexcept {
  return [exact](const auto& cache_ns, const auto& request_ns, const auto& cached,
                 const auto& requested) {
    return kvc::fixtures::expected_under(P, exact(cache_ns, request_ns, cached, requested),
                                         std::ranges::size(requested), std::ranges::size(cached));
  };
}

/// A block-granular implementation with policy P applied to its result.
template <kvc::reuse_policy P, class ExactBlocks>
[[nodiscard]] constexpr auto under_with_blocks(ExactBlocks exact) noexcept {
  return [exact](const auto& cache_ns, const auto& request_ns, const auto& cached,
                 const auto& requested, int block_size) {
    return kvc::fixtures::expected_under(
        P, exact(cache_ns, request_ns, cached, requested, block_size), std::ranges::size(requested),
        std::ranges::size(cached));
  };
}

/// Correct engines, each for one standard policy and so wrong for the others:
/// exact reuse (no blocks, nothing recomputed);
inline constexpr auto exact_engine = [](const auto& cache_ns, const auto& request_ns,
                                        const auto& cached, const auto& requested) {
  return cache_ns == request_ns ? detail::common_prefix(cached, requested) : std::size_t{0};
};
/// whole blocks of 16, nothing recomputed (TensorRT-LLM matching full blocks);
inline constexpr auto whole_blocks_engine = [](const auto& cache_ns, const auto& request_ns,
                                               const auto& cached, const auto& requested) {
  return exact_engine(cache_ns, request_ns, cached, requested) / 16 * 16;
};
/// the matched prefix one short of a full match (SGLang with page size 1, llama.cpp's n_past--);
inline constexpr auto token_radix_engine = [](const auto& cache_ns, const auto& request_ns,
                                              const auto& cached, const auto& requested) {
  const std::size_t matched = exact_engine(cache_ns, request_ns, cached, requested);
  return matched == std::ranges::size(requested) && matched > 0 ? matched - 1 : matched;
};
/// full blocks of 16 within num_tokens - 1 (vLLM).
inline constexpr auto vllm_engine = [](const auto& cache_ns, const auto& request_ns,
                                       const auto& cached, const auto& requested) {
  const std::size_t size = std::ranges::size(requested);
  const std::size_t max_hit = size == 0 ? 0 : size - 1;
  const std::size_t matched = exact_engine(cache_ns, request_ns, cached, requested);
  return (matched < max_hit ? matched : max_hit) / 16 * 16;
};

}  // namespace kvc::mutants::prefix_reuse

namespace kvc::verification {

/// kvc's contract with policy P: the reference of `kvc::suites::prefix_reuse_under<P>`.
template <reuse_policy P>
inline constexpr auto reusable_prefix_length_under =
    [](const auto& cache_ns, const auto& request_ns, const auto& cached, const auto& requested) {
      return kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested, P);
    };

/// kvc's block form with policy P: whole blocks of the argument within P's cap and blocks (the
/// reference of `kvc::suites::block_prefix_reuse_under<P>`).
template <reuse_policy P>
inline constexpr auto block_reuse_under = [](const auto& cache_ns, const auto& request_ns,
                                             const auto& cached, const auto& requested,
                                             int block_size) -> std::size_t {
  return kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested, block_size, P);
};

}  // namespace kvc::verification
