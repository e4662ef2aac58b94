// Static checks of prefix reuse under reuse policies: the fixtures' expectation function against
// hand-written tables, and engine-shaped implementations passing exactly the suite of their own
// policy. Compiled, never run.
#include <kvc/prefix_reuse.hpp>
#include <kvc/suites/prefix_reuse_under.hpp>
#include <kvc/verification/checks.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>

namespace {

using kvc::reuse_policy;
using kvc::fixtures::expected_under;
using kvc::suites::prefix_reuse_under;

constexpr reuse_policy exact{};
constexpr reuse_policy blocks_of_16{.block_size = 16};
constexpr reuse_policy recompute_last{.recompute_last_token = true};
constexpr reuse_policy blocks_of_16_recompute_last{.block_size = 16, .recompute_last_token = true};

// --- expected_under, against tables written out by hand --------------------------------------
// Each row: exact common prefix, request length, then the result under exact, blocks of 16, last
// token recomputed, and both.
struct row {
  std::size_t prefix, requested, exact, blocks, recompute, both;
};
constexpr std::array<row, 14> table{{
    {0, 0, 0, 0, 0, 0},      {0, 5, 0, 0, 0, 0},      {1, 1, 1, 0, 0, 0},
    {1, 2, 1, 0, 1, 0},      {2, 2, 2, 0, 1, 0},      {15, 20, 15, 0, 15, 0},
    {16, 16, 16, 16, 15, 0}, {16, 17, 16, 16, 16, 16}, {17, 17, 17, 16, 16, 16},
    {31, 40, 31, 16, 31, 16}, {32, 32, 32, 32, 31, 16}, {33, 33, 33, 32, 32, 32},
    {41, 42, 41, 32, 41, 32}, {48, 50, 48, 48, 48, 48},
}};
constexpr bool table_holds() {
  for (const row& r : table) {
    if (expected_under(exact, r.prefix, r.requested) != r.exact) return false;
    if (expected_under(blocks_of_16, r.prefix, r.requested) != r.blocks) return false;
    if (expected_under(recompute_last, r.prefix, r.requested) != r.recompute) return false;
    if (expected_under(blocks_of_16_recompute_last, r.prefix, r.requested) != r.both) return false;
  }
  return true;
}
static_assert(table_holds());
// Other block sizes, and the block size 0 that reuses nothing.
static_assert(expected_under({.block_size = 4}, 13, 20) == 12);
static_assert(expected_under({.block_size = 4, .recompute_last_token = true}, 13, 13) == 12);
static_assert(expected_under({.block_size = 4, .recompute_last_token = true}, 12, 12) == 8);
static_assert(expected_under({.block_size = 0}, 13, 20) == 0);

// --- Engines as they write it: each passes exactly its own policy's suite ---------------------

/// vLLM: hashes the request's full blocks of 16 up to num_tokens - 1 and reuses the cached ones.
constexpr auto vllm_blocks = [](std::string_view cache_ns, std::string_view request_ns,
                                std::span<const std::int32_t> cached,
                                std::span<const std::int32_t> requested) -> std::size_t {
  if (cache_ns != request_ns) return 0;
  constexpr std::size_t block = 16;
  const std::size_t max_hit = requested.empty() ? 0 : requested.size() - 1;
  std::size_t hit = 0;
  while (hit + block <= max_hit && hit + block <= cached.size() &&
         std::equal(cached.begin() + static_cast<std::ptrdiff_t>(hit),
                    cached.begin() + static_cast<std::ptrdiff_t>(hit + block),
                    requested.begin() + static_cast<std::ptrdiff_t>(hit)))
    hit += block;
  return hit;
};

/// SGLang (page size 1) and llama.cpp: the matched prefix, one short of a full match.
constexpr auto token_radix = [](std::string_view cache_ns, std::string_view request_ns,
                                std::span<const std::int32_t> cached,
                                std::span<const std::int32_t> requested) -> std::size_t {
  if (cache_ns != request_ns) return 0;
  std::size_t matched = 0;
  while (matched < cached.size() && matched < requested.size() &&
         cached[matched] == requested[matched])
    ++matched;
  if (matched == requested.size() && matched > 0) --matched;  // llama.cpp's n_past--
  return matched;
};

/// Blocks of 16 reused whole, no token recomputed (TensorRT-LLM with a full-block match).
constexpr auto whole_blocks = [](std::string_view cache_ns, std::string_view request_ns,
                                 std::span<const std::int32_t> cached,
                                 std::span<const std::int32_t> requested) -> std::size_t {
  const std::size_t prefix = kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested);
  return prefix / 16 * 16;
};

constexpr auto exact_reuse = kvc::reusable_prefix_length;

template <reuse_policy P>
constexpr std::array<bool, 4> passes_which = {
    kvc::conforms(prefix_reuse_under<P>, exact_reuse),
    kvc::conforms(prefix_reuse_under<P>, whole_blocks),
    kvc::conforms(prefix_reuse_under<P>, token_radix),
    kvc::conforms(prefix_reuse_under<P>, vllm_blocks),
};
static_assert(passes_which<exact> == std::array{true, false, false, false});
static_assert(passes_which<blocks_of_16> == std::array{false, true, false, false});
static_assert(passes_which<recompute_last> == std::array{false, false, true, false});
static_assert(passes_which<blocks_of_16_recompute_last> == std::array{false, false, false, true});
static_assert(kvc::verify(prefix_reuse_under<blocks_of_16_recompute_last>, vllm_blocks));
static_assert(kvc::verify(prefix_reuse_under<recompute_last>, token_radix));

// --- The policy form's interface ---------------------------------------------------------------

using prefix_fn = decltype(kvc::reusable_prefix_length);
using tokens = std::array<int, 2>;
static_assert(std::same_as<std::invoke_result_t<prefix_fn, int, int, tokens, tokens, reuse_policy>,
                           std::size_t>);
static_assert(std::is_nothrow_invocable_v<prefix_fn, int, int, tokens, tokens, reuse_policy>);
static_assert(std::is_aggregate_v<reuse_policy> && std::is_trivially_copyable_v<reuse_policy>);
static_assert(reuse_policy{}.block_size == 1 && !reuse_policy{}.recompute_last_token);
// The default policy is the exact contract, and the integer block form is the policy without the
// cap.
constexpr std::array<int, 40> forty{};
constexpr std::array<int, 37> thirty_seven{};
static_assert(kvc::reusable_prefix_length(0, 0, forty, thirty_seven, reuse_policy{}) == 37);
static_assert(kvc::reusable_prefix_length(0, 0, forty, thirty_seven, blocks_of_16) ==
              kvc::reusable_prefix_length(0, 0, forty, thirty_seven, 16));
static_assert(kvc::reusable_prefix_length(0, 0, forty, thirty_seven, blocks_of_16_recompute_last) ==
              32);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, blocks_of_16_recompute_last) == 32);
static_assert(kvc::reusable_prefix_length(0, 0, thirty_seven, thirty_seven, recompute_last) == 36);
static_assert(kvc::reusable_prefix_length(0, 1, forty, forty, recompute_last) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, forty, std::array<int, 0>{}, recompute_last) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, reuse_policy{.block_size = 0}) == 0);
// A policy is a structural type: it names a suite.
static_assert(kvc::suite_size<decltype(prefix_reuse_under<reuse_policy{.block_size = 4}>)> ==
              kvc::suite_size<decltype(prefix_reuse_under<exact>)>);

}  // namespace
