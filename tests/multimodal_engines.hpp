// tests/multimodal_engines.hpp - four engines' multimodal prefix matching, reconstructed before and
// after their fixes, as engine-shaped functions the multimodal suites must judge: every "before"
// fails kvc::suites::multimodal_prefix_reuse, every "after" passes it (vLLM's: the suite under its
// policy, `multimodal_prefix_reuse_under<{16, true}>`). Shared by
// static_checks/multimodal_prefix_suites.cpp (constant evaluation) and
// tests/multimodal_prefix_conformance.cpp (run time, vector signatures). No doctest here.
//
// Each takes what the engine holds: the two requests' cache keys as `kvc::cache_namespace`s, token
// ids as `std::span<const std::int32_t>` and items as `std::span<const kvc::multimodal_item>`, and
// returns how many leading prompt tokens it would take from the cache. Each reproduces the
// engine's matching rule as its issue and fix describe it, in the simplest code that does: a
// token-by-token loop where the engine compares a radix tree or blocks of size 1, a block loop
// where it hashes blocks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include <kvc/cache_namespace.hpp>
#include <kvc/multimodal_item.hpp>

namespace kvc_test::engines {

using token_ids = std::span<const std::int32_t>;
using item_list = std::span<const kvc::multimodal_item>;

/// The item holding token `i`, or null. (Engines keep a per-token map; a scan does here.)
constexpr const kvc::multimodal_item* item_at(item_list items, std::size_t i) noexcept {
  for (const kvc::multimodal_item& item : items)
    if (i >= item.offset && i - item.offset < item.length) return &item;
  return nullptr;
}

// --- SGLang #2151, fixed by #2256 ----------------------------------------------------------------
// The radix cache is keyed by the input ids after `pad_input_ids`, which overwrites every token of
// an image with a value derived from the image's hash. Before the fix that value was the hash
// modulo the vocabulary size: it collides with ordinary text tokens (and with other images). The
// fix stopped reducing the hash to the vocabulary; SGLang's pad values today lie past it (a shift
// plus the hash modulo 2^30), which the fixed version here follows.

inline constexpr std::int64_t vocab_size = 32000;

template <bool Fixed>
constexpr std::int64_t sglang_padded_id(token_ids ids, item_list items, std::size_t i) noexcept {
  const kvc::multimodal_item* item = item_at(items, i);
  if (item == nullptr) return ids[i];
  if constexpr (Fixed)
    return vocab_size + static_cast<std::int64_t>(item->content_hash % (std::uint64_t{1} << 30));
  else
    return static_cast<std::int64_t>(item->content_hash % static_cast<std::uint64_t>(vocab_size));
}

template <bool Fixed>
constexpr std::size_t sglang_match(const kvc::cache_namespace& cache_key,
                                   const kvc::cache_namespace& request_key, token_ids cached,
                                   item_list cached_items, token_ids requested,
                                   item_list requested_items) noexcept {
  if (cache_key != request_key) return 0;
  std::size_t matched = 0;
  while (matched < cached.size() && matched < requested.size() &&
         sglang_padded_id<Fixed>(cached, cached_items, matched) ==
             sglang_padded_id<Fixed>(requested, requested_items, matched))
    ++matched;
  return matched;
}

constexpr std::size_t sglang_before_fix(const kvc::cache_namespace& cache_key,
                                        const kvc::cache_namespace& request_key, token_ids cached,
                                        item_list cached_items, token_ids requested,
                                        item_list requested_items) noexcept {
  return sglang_match<false>(cache_key, request_key, cached, cached_items, requested,
                             requested_items);
}
constexpr std::size_t sglang_after_fix(const kvc::cache_namespace& cache_key,
                                       const kvc::cache_namespace& request_key, token_ids cached,
                                       item_list cached_items, token_ids requested,
                                       item_list requested_items) noexcept {
  return sglang_match<true>(cache_key, request_key, cached, cached_items, requested,
                            requested_items);
}

// --- TensorRT-LLM #14125 -------------------------------------------------------------------------
// A block is reused when its key matches: its token ids and, once multimodal hashing is in the key,
// one extra key per item the block holds tokens of -- the item's hash and the offset, within the
// item, of the block's first token of it. The bug: the key had the token ids only. Blocks of one
// token here (tokens_per_block = 1), so that the exact suite applies.

template <bool Fixed>
constexpr bool trtllm_same_block(token_ids cached, item_list cached_items, token_ids requested,
                                 item_list requested_items, std::size_t i) noexcept {
  if (cached[i] != requested[i]) return false;
  if constexpr (Fixed) {
    const kvc::multimodal_item* a = item_at(cached_items, i);
    const kvc::multimodal_item* b = item_at(requested_items, i);
    if (a == nullptr || b == nullptr) return a == b;
    return a->content_hash == b->content_hash && i - a->offset == i - b->offset;
  }
  return true;
}

template <bool Fixed>
constexpr std::size_t trtllm_reuse(const kvc::cache_namespace& cache_key,
                                   const kvc::cache_namespace& request_key, token_ids cached,
                                   item_list cached_items, token_ids requested,
                                   item_list requested_items) noexcept {
  if (cache_key != request_key) return 0;
  std::size_t blocks = 0;
  while (blocks < cached.size() && blocks < requested.size() &&
         trtllm_same_block<Fixed>(cached, cached_items, requested, requested_items, blocks))
    ++blocks;
  return blocks;
}

constexpr std::size_t trtllm_before_fix(const kvc::cache_namespace& cache_key,
                                        const kvc::cache_namespace& request_key, token_ids cached,
                                        item_list cached_items, token_ids requested,
                                        item_list requested_items) noexcept {
  return trtllm_reuse<false>(cache_key, request_key, cached, cached_items, requested,
                             requested_items);
}
constexpr std::size_t trtllm_after_fix(const kvc::cache_namespace& cache_key,
                                       const kvc::cache_namespace& request_key, token_ids cached,
                                       item_list cached_items, token_ids requested,
                                       item_list requested_items) noexcept {
  return trtllm_reuse<true>(cache_key, request_key, cached, cached_items, requested,
                            requested_items);
}

// --- LMDeploy #4933, fixed by #4985 --------------------------------------------------------------
// The prefix-cache trie's extra identity holds the multimodal span a token belongs to (its start
// and end), and before the fix not the span's content: two requests with equal ids and spans but
// different embeddings share KV. The fix hashes the content into the identity.

template <bool Fixed>
constexpr std::size_t lmdeploy_match(const kvc::cache_namespace& cache_key,
                                     const kvc::cache_namespace& request_key, token_ids cached,
                                     item_list cached_items, token_ids requested,
                                     item_list requested_items) noexcept {
  if (cache_key != request_key) return 0;
  std::size_t matched = 0;
  for (; matched < cached.size() && matched < requested.size(); ++matched) {
    if (cached[matched] != requested[matched]) break;
    const kvc::multimodal_item* a = item_at(cached_items, matched);
    const kvc::multimodal_item* b = item_at(requested_items, matched);
    if (a == nullptr || b == nullptr) {
      if (a != b) break;
      continue;
    }
    if (a->offset != b->offset || a->length != b->length) break;
    if (Fixed && a->content_hash != b->content_hash) break;
  }
  return matched;
}

constexpr std::size_t lmdeploy_before_fix(const kvc::cache_namespace& cache_key,
                                          const kvc::cache_namespace& request_key, token_ids cached,
                                          item_list cached_items, token_ids requested,
                                          item_list requested_items) noexcept {
  return lmdeploy_match<false>(cache_key, request_key, cached, cached_items, requested,
                               requested_items);
}
constexpr std::size_t lmdeploy_after_fix(const kvc::cache_namespace& cache_key,
                                         const kvc::cache_namespace& request_key, token_ids cached,
                                         item_list cached_items, token_ids requested,
                                         item_list requested_items) noexcept {
  return lmdeploy_match<true>(cache_key, request_key, cached, cached_items, requested,
                              requested_items);
}

// --- vLLM #56655, fixed by #56656 ----------------------------------------------------------------
// Full blocks of 16 are hashed, each block's hash chained to its parent's, and a request reuses the
// leading cached blocks within num_tokens - 1 (the last prompt token is recomputed). Positions that
// hold prompt embeddings have token id 0, and the block key holds a digest of the block's embedding
// rows -- here each row's item hash and offset within the item, in order -- but before the fix not
// the mask saying which of the block's positions those rows stand at. The fix adds the mask. So it
// passes kvc::suites::multimodal_prefix_reuse_under<{16, true}>, not the exact suite.

inline constexpr std::size_t vllm_block_size = 16;

template <bool Fixed>
constexpr bool vllm_same_block(token_ids cached, item_list cached_items, token_ids requested,
                               item_list requested_items, std::size_t start) noexcept {
  const std::size_t end = start + vllm_block_size;
  for (std::size_t i = start; i < end; ++i) {
    if (cached[i] != requested[i]) return false;
    if (Fixed && (item_at(cached_items, i) == nullptr) != (item_at(requested_items, i) == nullptr))
      return false;
  }
  // The embedding rows of the block, in order, each side's position of them left out.
  std::size_t c = start, r = start;
  for (;;) {
    while (c < end && item_at(cached_items, c) == nullptr) ++c;
    while (r < end && item_at(requested_items, r) == nullptr) ++r;
    if (c == end || r == end) return c == end && r == end;
    const kvc::multimodal_item* a = item_at(cached_items, c);
    const kvc::multimodal_item* b = item_at(requested_items, r);
    if (a->content_hash != b->content_hash || c - a->offset != r - b->offset) return false;
    ++c;
    ++r;
  }
}

template <bool Fixed>
constexpr std::size_t vllm_computed_tokens(const kvc::cache_namespace& cache_key,
                                           const kvc::cache_namespace& request_key,
                                           token_ids cached, item_list cached_items,
                                           token_ids requested,
                                           item_list requested_items) noexcept {
  if (cache_key != request_key) return 0;
  const std::size_t max_hit = requested.empty() ? 0 : requested.size() - 1;
  std::size_t hit = 0;
  while (hit + vllm_block_size <= max_hit && hit + vllm_block_size <= cached.size() &&
         vllm_same_block<Fixed>(cached, cached_items, requested, requested_items, hit))
    hit += vllm_block_size;
  return hit;
}

constexpr std::size_t vllm_before_fix(const kvc::cache_namespace& cache_key,
                                      const kvc::cache_namespace& request_key, token_ids cached,
                                      item_list cached_items, token_ids requested,
                                      item_list requested_items) noexcept {
  return vllm_computed_tokens<false>(cache_key, request_key, cached, cached_items, requested,
                                     requested_items);
}
constexpr std::size_t vllm_after_fix(const kvc::cache_namespace& cache_key,
                                     const kvc::cache_namespace& request_key, token_ids cached,
                                     item_list cached_items, token_ids requested,
                                     item_list requested_items) noexcept {
  return vllm_computed_tokens<true>(cache_key, request_key, cached, cached_items, requested,
                                    requested_items);
}

}  // namespace kvc_test::engines
