// The serving contracts: structured namespaces, block-granular reuse, varlen offsets, batch
// admission.
#include <kvc/kvc.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <system_error>
#include <unordered_map>
#include <vector>

// [snippet]
#include <kvc/kvc.hpp>

// Namespaces are compared field by field: no concatenation aliasing, no sharing across revisions.
constexpr kvc::cache_namespace tenant_a{.model = "llama-3-8b", .adapter = "sql", .adapter_revision = 3,
                                        .salt = "org_1"};
static_assert(tenant_a != kvc::cache_namespace{"llama-3-8b", "sql", 3, "org_12"});
static_assert(tenant_a != kvc::cache_namespace{"llama-3-8b", "sql", 4, "org_1"});

// Paged caches reuse whole blocks: 37 common tokens are two blocks of 16.
constexpr std::array<int, 40> cached{};
constexpr std::array<int, 37> prompt{};
static_assert(kvc::reusable_prefix_length(tenant_a, tenant_a, cached, prompt, 16) == 32);

// Varlen attention takes run offsets plus the total (cu_seqlens) and the longest run (max_seqlen).
constexpr std::array packed{4, 4, 4, 9, 9, 4};
static_assert(kvc::segment_offsets(packed) == std::array<std::size_t, 4>{0, 3, 5, 6});
static_assert(kvc::max_segment_length(packed) == 3);

// A scheduler step is admitted whole or not at all: 3 + 3 do not fit in 5 free slots.
static_assert(kvc::admitted_batch(10, 5, std::array{3, 3}) == 0);
static_assert(kvc::admitted_batch(10, 4, std::array{3, 3}) == 6);
// [snippet]

int main() {
  // Long-lived cache entries own their namespace; lookups use the view without allocating.
  std::unordered_map<kvc::owning_cache_namespace, int, kvc::cache_namespace_hash, std::equal_to<>>
      blocks_per_namespace;
  blocks_per_namespace[kvc::owning_cache_namespace::from(tenant_a)] = 12;
  const auto hit = blocks_per_namespace.find(tenant_a);

  // cu_seqlens for flash-attn's varlen kernels are int32.
  const std::vector<std::int64_t> segments{7, 7, 7, 3, 3, 7, 7};
  std::vector<std::int32_t> cu_seqlens(kvc::segment_run_count(segments) + 1);
  const auto status = kvc::segment_offsets(segments, std::span{cu_seqlens});

  std::printf("namespace hit: %s; cu_seqlens:", hit != blocks_per_namespace.end() ? "yes" : "no");
  for (const auto offset : cu_seqlens) std::printf(" %d", offset);
  std::printf("\n");
  return hit != blocks_per_namespace.end() && status == std::errc{} &&
                 cu_seqlens == std::vector<std::int32_t>{0, 3, 5, 7}
             ? 0
             : 1;
}
