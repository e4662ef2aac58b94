// tests/mutants/prefix_reuse.hpp - known-bad implementations of prefix reuse (FA-98601) and of
// its block-granular form: plausible ways to get the contract wrong, each with the mistake it
// makes. static_checks/prefix_reuse_suites.cpp proves every one rejected by the fixtures of the
// suite it belongs to, and tests/prefix_reuse_conformance.cpp by kvc::check and by kvc::explore.
// Test material: not installed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <kvc/detail/equal.hpp>
#include <kvc/detail/ranges.hpp>
#include <kvc/prefix_reuse.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/specs/lookup_shapes.hpp>

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

// --- Token comparisons that look right on short inputs ------------------------------------------

namespace detail {
/// `prefix(cached, requested)` where the namespaces are equal (`==`: a string or a
/// `kvc::cache_namespace`), else 0: a bug in the token comparison alone.
template <class Prefix>
struct prefix_in_same_namespace {
  Prefix prefix;

  template <class CacheNs, class RequestNs, class Cached, class Requested>
  constexpr auto operator()(const CacheNs& cache_ns, const RequestNs& request_ns,
                            const Cached& cached, const Requested& requested) const {
    return cache_ns == request_ns ? prefix(cached, requested) : std::size_t{0};
  }
};
template <class Prefix>
constexpr prefix_in_same_namespace<Prefix> in_same_namespace(Prefix prefix) noexcept {
  return {prefix};
}

/// Whole chunks of `Chunk` tokens matched by a digest that ignores the order of the ids (`Fold`:
/// a sum or an xor), then single tokens: a chunk whose ids are permuted matches.
template <std::size_t Chunk, class Fold>
struct chunk_digest_prefix {
  Fold fold;

  template <class Cached, class Requested>
  constexpr std::size_t operator()(const Cached& cached, const Requested& requested) const {
    const std::size_t n = shorter(cached, requested);
    std::size_t i = 0;
    while (i + Chunk <= n) {
      long long a = 0, b = 0;
      for (std::size_t k = 0; k < Chunk; ++k) {
        a = fold(a, static_cast<long long>(cached[i + k]));
        b = fold(b, static_cast<long long>(requested[i + k]));
      }
      if (a != b) break;
      i += Chunk;
    }
    while (i < n && kvc::detail::equal_ids(cached[i], requested[i])) ++i;
    return i;
  }
};
template <std::size_t Chunk, class Fold>
constexpr prefix_in_same_namespace<chunk_digest_prefix<Chunk, Fold>> chunks_by_digest(
    Fold fold) noexcept {
  return {{fold}};
}
}  // namespace detail

/// Gives up after 4,096 tokens (a lookup bounded by an old context window): 5,000 reads as 4,096.
inline constexpr auto capped_at_4096 = detail::in_same_namespace([](const auto& cached,
                                                                    const auto& requested) {
  const std::size_t prefix = detail::common_prefix(cached, requested);
  return prefix > 4096 ? std::size_t{4096} : prefix;
});

/// Takes two sequences of one length past 512 tokens for the same one (a shortcut for long
/// repeated prompts).
inline constexpr auto equal_long_lengths_match_whole =
    detail::in_same_namespace([](const auto& cached, const auto& requested) {
      const std::size_t n = std::ranges::size(cached);
      return n == std::ranges::size(requested) && n > 512 ? n
                                                          : detail::common_prefix(cached, requested);
    });

/// Past 32 tokens, compares the first and the last 16 of the shorter length only.
inline constexpr auto compares_ends_only = detail::in_same_namespace([](const auto& cached,
                                                                        const auto& requested) {
  const std::size_t n = detail::shorter(cached, requested);
  if (n <= 32) return detail::common_prefix(cached, requested);
  for (std::size_t i = 0; i < 16; ++i)
    if (!kvc::detail::equal_ids(cached[i], requested[i])) return i;
  for (std::size_t i = n - 16; i < n; ++i)
    if (!kvc::detail::equal_ids(cached[i], requested[i])) return i;
  return n;
});

/// Past 32 tokens, compares every other token only (a sampled check).
inline constexpr auto samples_every_other_token =
    detail::in_same_namespace([](const auto& cached, const auto& requested) {
      const std::size_t n = detail::shorter(cached, requested);
      if (n <= 32) return detail::common_prefix(cached, requested);
      for (std::size_t i = 0; i < n; i += 2)
        if (!kvc::detail::equal_ids(cached[i], requested[i])) return i;
      return n;
    });

/// Compares 64-token chunks, then the tail one token past the last equal chunk (a loop whose tail
/// starts at `end + 1`): a mismatch at token 64 is skipped.
inline constexpr auto chunk_tail_skips_boundary =
    detail::in_same_namespace([](const auto& cached, const auto& requested) {
      const std::size_t n = detail::shorter(cached, requested);
      std::size_t i = 0;
      while (i + 64 <= n) {
        bool equal = true;
        for (std::size_t k = 0; k < 64; ++k)
          equal = equal && kvc::detail::equal_ids(cached[i + k], requested[i + k]);
        if (!equal) break;
        i += 64;
      }
      if (i == 0 || i == n) return detail::common_prefix(cached, requested);
      std::size_t j = i + 1;
      while (j < n && kvc::detail::equal_ids(cached[j], requested[j])) ++j;
      return j;
    });

/// Matches 8-token chunks by the sum of their ids: two ids swapped within a chunk match.
inline constexpr auto chunk_sums_of_8 =
    detail::chunks_by_digest<8>([](long long digest, long long id) { return digest + id; });

/// Matches 16-token blocks by the xor of their ids (a block hash that ignores order).
inline constexpr auto block_xor_of_16 =
    detail::chunks_by_digest<16>([](long long digest, long long id) { return digest ^ id; });

// --- String namespaces compared by less than their bytes ----------------------------------------

namespace detail {
/// Reuses the common prefix where `same(cache_ns, request_ns)`, else nothing.
template <class Same>
struct prefix_when_namespaces {
  Same same;

  template <class CacheNs, class RequestNs, class Cached, class Requested>
  constexpr std::size_t operator()(const CacheNs& cache_ns, const RequestNs& request_ns,
                                   const Cached& cached, const Requested& requested) const {
    return same(std::string_view{cache_ns}, std::string_view{request_ns})
               ? common_prefix(cached, requested)
               : std::size_t{0};
  }
};
template <class Same>
constexpr prefix_when_namespaces<Same> when_namespaces(Same same) noexcept {
  return {same};
}

/// One length and one `Fold` over the characters, each weighted by `Weight(i)`.
template <class Fold, class Weight>
struct same_digest_of {
  Fold fold;
  Weight weight;

  constexpr bool operator()(std::string_view x, std::string_view y) const {
    if (x.size() != y.size()) return false;
    long long a = 0, b = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
      a = fold(a, weight(i) * static_cast<unsigned char>(x[i]));
      b = fold(b, weight(i) * static_cast<unsigned char>(y[i]));
    }
    return a == b;
  }
};
template <class Fold, class Weight>
constexpr same_digest_of<Fold, Weight> same_digest(Fold fold, Weight weight) noexcept {
  return {fold, weight};
}
inline constexpr auto plus = [](long long d, long long c) { return d + c; };
inline constexpr auto exclusive_or = [](long long d, long long c) { return d ^ c; };
inline constexpr auto unweighted = [](std::size_t) { return 1LL; };
inline constexpr auto by_position = [](std::size_t i) { return static_cast<long long>(i) + 1; };

/// Names equal with ASCII letters folded to lower case.
inline constexpr auto same_ignoring_case = [](std::string_view x, std::string_view y) {
  const auto lower = [](char ch) {
    return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch;
  };
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (lower(x[i]) != lower(y[i])) return false;
  return true;
};

/// Names equal as C strings (`strcmp`): nothing after an embedded NUL counts.
inline constexpr auto same_as_c_strings = [](std::string_view x, std::string_view y) {
  for (std::size_t i = 0;; ++i) {
    const char a = i < x.size() ? x[i] : '\0';
    const char b = i < y.size() ? y[i] : '\0';
    if (a != b) return false;
    if (a == '\0') return true;
  }
};

/// Names equal in their first 64 bytes (a fixed-size key buffer).
inline constexpr auto same_first_64 = [](std::string_view x, std::string_view y) {
  return x.substr(0, 64) == y.substr(0, 64);
};

/// Names equal once surrounding spaces and tabs are trimmed.
inline constexpr auto same_trimmed = [](std::string_view x, std::string_view y) {
  const auto trim = [](std::string_view t) {
    while (!t.empty() && (t.front() == ' ' || t.front() == '\t')) t.remove_prefix(1);
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t')) t.remove_suffix(1);
    return t;
  };
  return trim(x) == trim(y);
};
}  // namespace detail

/// Compares namespaces by their length and the sum of their characters (an additive checksum):
/// "lora-ab" is "lora-ba".
inline constexpr auto namespace_character_sum =
    detail::when_namespaces(detail::same_digest(detail::plus, detail::unweighted));
/// Compares namespaces by their length and the xor of their characters.
inline constexpr auto namespace_character_xor =
    detail::when_namespaces(detail::same_digest(detail::exclusive_or, detail::unweighted));
/// Compares namespaces by their length and a sum of characters weighted by position (1, 2, ...):
/// "ab" is "ca".
inline constexpr auto namespace_weighted_sum =
    detail::when_namespaces(detail::same_digest(detail::plus, detail::by_position));
/// Compares namespaces by their first 64 bytes only (a fixed-size key buffer).
inline constexpr auto namespace_first_64_bytes = detail::when_namespaces(detail::same_first_64);
/// Strips a trailing '/' from namespaces (path-like names normalized): "org/m/" is "org/m".
inline constexpr auto namespace_trailing_slash_stripped =
    detail::when_namespaces([](std::string_view x, std::string_view y) {
      if (x.ends_with('/')) x.remove_suffix(1);
      if (y.ends_with('/')) y.remove_suffix(1);
      return x == y;
    });
/// Compares namespaces case-insensitively: "Lora" is "lora".
inline constexpr auto namespace_case_insensitive = detail::when_namespaces(detail::same_ignoring_case);
/// Compares namespaces as C strings: "m\0a" is "m\0b".
inline constexpr auto namespace_c_string_compare = detail::when_namespaces(detail::same_as_c_strings);
/// Trims spaces and tabs around namespaces: "m " is "m".
inline constexpr auto namespace_trims_whitespace = detail::when_namespaces(detail::same_trimmed);

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

// --- Under a reuse policy: impl(cache_ns, request_ns, cached, requested), the policy built in ---

namespace detail {
/// An exact-reuse implementation with a reuse policy applied to its result: how the bug of `exact`
/// shows in an engine whose policy is `policy`. The policy is a value, so that one type (and one
/// instantiation of each check) serves every policy.
template <class Exact>
struct exact_under_policy {
  Exact exact;
  kvc::reuse_policy policy;

  template <class CacheNs, class RequestNs, class Cached, class Requested>
  constexpr std::size_t operator()(const CacheNs& cache_ns, const RequestNs& request_ns,
                                   const Cached& cached, const Requested& requested) const {
    return kvc::specs::expected_under(policy, exact(cache_ns, request_ns, cached, requested),
                                      std::ranges::size(requested), std::ranges::size(cached));
  }
};

/// A block-granular implementation with a reuse policy applied to its result.
template <class ExactBlocks>
struct blocks_under_policy {
  ExactBlocks exact;
  kvc::reuse_policy policy;

  template <class CacheNs, class RequestNs, class Cached, class Requested>
  constexpr std::size_t operator()(const CacheNs& cache_ns, const RequestNs& request_ns,
                                   const Cached& cached, const Requested& requested,
                                   int block_size) const {
    return kvc::specs::expected_under(policy,
                                      exact(cache_ns, request_ns, cached, requested, block_size),
                                      std::ranges::size(requested), std::ranges::size(cached));
  }
};
}  // namespace detail

/// `exact` (an exact-reuse implementation) with policy P applied to its result.
template <kvc::reuse_policy P, class Exact>
[[nodiscard]] constexpr detail::exact_under_policy<Exact> under(Exact exact) noexcept {
  return {exact, P};
}

/// `exact` (a block-granular implementation) with policy P applied to its result.
template <kvc::reuse_policy P, class ExactBlocks>
[[nodiscard]] constexpr detail::blocks_under_policy<ExactBlocks> under_with_blocks(
    ExactBlocks exact) noexcept {
  return {exact, P};
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

namespace detail {
/// The engine of `recomputes_within_shorter<P>`.
template <kvc::reuse_policy P>
struct recomputing_within_shorter {
  template <class CacheNs, class RequestNs, class Cached, class Requested>
  constexpr std::size_t operator()(const CacheNs& cache_ns, const RequestNs& request_ns,
                                   const Cached& cached, const Requested& requested) const {
    if (P.block_size == 0 || !(cache_ns == request_ns)) return std::size_t{0};
    const std::size_t exact = common_prefix(cached, requested);
    const std::size_t n = shorter(cached, requested);
    const std::size_t cap = n == 0 ? 0 : n - 1;
    const std::size_t capped = P.recompute_last_token && exact > cap ? cap : exact;
    return capped - capped % P.block_size;
  }
};
}  // namespace detail

/// An engine with policy P that keeps the last token for recomputation one short of the shorter
/// sequence rather than of the request: a whole cached prefix inside a longer request loses its
/// last token, and with blocks its last block (32 cached of 40 requested: 16 under vLLM's policy).
template <kvc::reuse_policy P>
inline constexpr detail::recomputing_within_shorter<P> recomputes_within_shorter{};

}  // namespace kvc::mutants::prefix_reuse
