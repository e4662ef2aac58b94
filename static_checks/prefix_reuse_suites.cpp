// Static checks of the prefix-reuse suites (FA-98601): kvc's contract passes every suite, exact and
// under each standard policy; every known-bad implementation of tests/mutants/prefix_reuse.hpp is
// rejected by the suite it belongs to, and again with each standard policy applied to its result;
// a correct engine of one policy fails the suites of the others; the record's published outcome
// rows reproduce; the policy suites' expectation function agrees with tables written out by hand;
// and the contract's own interface. Compiled, never run.
#include <kvc/prefix_reuse.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/specs/prefix_reuse.hpp>
#include <kvc/verification/standard_policies.hpp>

#include <algorithm>
#include <array>
#include <climits>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "mutants/prefix_reuse.hpp"

namespace {

namespace bad = kvc::mutants::prefix_reuse;
namespace suites = kvc::suites;
using kvc::reuse_policy;
using kvc::verification::block_reuse_under;
using kvc::verification::blocks_of_16_policy;
using kvc::verification::exact_policy;
using kvc::verification::recompute_last_policy;
using kvc::verification::reusable_prefix_length_under;
using kvc::verification::vllm_policy;
using std::size_t;

// --- kvc's contract passes every suite -------------------------------------------------------------

template <size_t... N>
constexpr bool seed_family_holds =
    (kvc::verify(suites::seed_prefix_reuse<N>, kvc::reusable_prefix_length) && ...);
static_assert(seed_family_holds<0, 1, 2, 3, 4, 5, 6, 7, 8>);
static_assert(seed_family_holds<64, 1000>);
static_assert(kvc::verify(suites::prefix_reuse, kvc::reusable_prefix_length));
static_assert(kvc::verify(suites::extra_prefix_reuse, kvc::reusable_prefix_length));
static_assert(kvc::verify(suites::block_prefix_reuse, kvc::reusable_prefix_length));

template <reuse_policy P>
constexpr bool policy_suites_hold =
    kvc::verify(suites::prefix_reuse_under<P>, reusable_prefix_length_under<P>) &&
    kvc::verify(suites::block_prefix_reuse_under<P>, block_reuse_under<P>);
static_assert(policy_suites_hold<exact_policy>);
static_assert(policy_suites_hold<blocks_of_16_policy>);
static_assert(policy_suites_hold<recompute_last_policy>);
static_assert(policy_suites_hold<vllm_policy>);
// Policies beyond the standard four: blocks that do not divide 16, and the logits kept at the
// cache's end (llama.cpp's session files).
static_assert(policy_suites_hold<reuse_policy{.block_size = 3, .recompute_last_token = true}>);
static_assert(policy_suites_hold<reuse_policy{.block_size = 7}>);
static_assert(policy_suites_hold<reuse_policy{
    .block_size = 1, .recompute_last_token = true, .keep_logits_at_cache_end = true}>);

// --- The record: its two published implementations and their outcome rows --------------------------
// Same namespace prefix, different model, same namespace mismatch, same namespace empty, different
// namespace empty, same namespace full.

static_assert(kvc::outcomes(suites::seed_prefix_reuse<1>, bad::seed_failure) ==
              std::array{true, false, true, true, true, true});
static_assert(kvc::outcomes(suites::seed_prefix_reuse<1>, bad::seed_unsuccessful_fix) ==
              std::array{true, true, false, true, true, true});
static_assert(!kvc::conforms(suites::prefix_reuse, bad::seed_failure));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::seed_unsuccessful_fix));

// --- Every known-bad implementation rejected by its suite ------------------------------------------

static_assert(!kvc::conforms(suites::prefix_reuse, bad::ignores_namespace));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::counts_equal_positions));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::namespace_prefix_match));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::namespace_truncated));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::empty_namespace_is_wildcard));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::drops_last_token));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::includes_mismatch));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::reuses_whole_cache_on_first_match));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::capped_window));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::length_in_8_bits));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::compares_length_and_last_character));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::namespace_character_sum));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::namespace_character_xor));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::namespace_weighted_sum));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::namespace_case_insensitive));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::namespace_c_string_compare));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::namespace_trims_whitespace));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::namespace_first_64_bytes));
static_assert(!kvc::conforms(suites::prefix_reuse, bad::namespace_trailing_slash_stripped));

static_assert(!kvc::conforms(suites::block_prefix_reuse, bad::block_rounds_up));
static_assert(!kvc::conforms(suites::block_prefix_reuse, bad::block_zero_means_exact));
static_assert(!kvc::conforms(suites::block_prefix_reuse, bad::block_rounds_shorter_length));
static_assert(!kvc::conforms(suites::block_prefix_reuse, bad::block_count_not_tokens));
static_assert(!kvc::conforms(suites::block_prefix_reuse, bad::block_ignores_namespace));

// What the record's own fixtures miss: these pass them, and only kvc's fixtures reject them.
static_assert(kvc::conforms(suites::seed_prefix_reuse<1>, bad::counts_equal_positions));
static_assert(kvc::conforms(suites::seed_prefix_reuse<1>, bad::namespace_prefix_match));
static_assert(kvc::conforms(suites::seed_prefix_reuse<1>, bad::empty_namespace_is_wildcard));
static_assert(kvc::conforms(suites::seed_prefix_reuse<1>, bad::capped_window));

// --- ... and again under every standard policy, the policy applied to its result -------------------
// (each `rejected_under<P, M>` is a constant of its own, so that each gets the compiler's whole
// evaluation budget; a failing static_assert names the implementation)

template <reuse_policy P, const auto& Exact>
constexpr bool rejected_under = !kvc::conforms(suites::prefix_reuse_under<P>, bad::under<P>(Exact));
template <const auto& Exact>
constexpr bool rejected_under_every_policy =
    rejected_under<exact_policy, Exact> && rejected_under<blocks_of_16_policy, Exact> &&
    rejected_under<recompute_last_policy, Exact> && rejected_under<vllm_policy, Exact>;

static_assert(rejected_under_every_policy<bad::seed_failure>);
static_assert(rejected_under_every_policy<bad::seed_unsuccessful_fix>);
static_assert(rejected_under_every_policy<bad::ignores_namespace>);
static_assert(rejected_under_every_policy<bad::counts_equal_positions>);
static_assert(rejected_under_every_policy<bad::namespace_prefix_match>);
static_assert(rejected_under_every_policy<bad::namespace_truncated>);
static_assert(rejected_under_every_policy<bad::empty_namespace_is_wildcard>);
static_assert(rejected_under_every_policy<bad::drops_last_token>);
static_assert(rejected_under_every_policy<bad::includes_mismatch>);
static_assert(rejected_under_every_policy<bad::reuses_whole_cache_on_first_match>);
static_assert(rejected_under_every_policy<bad::capped_window>);
static_assert(rejected_under_every_policy<bad::length_in_8_bits>);
static_assert(rejected_under_every_policy<bad::compares_length_and_last_character>);
static_assert(rejected_under_every_policy<bad::namespace_character_sum>);
static_assert(rejected_under_every_policy<bad::namespace_character_xor>);
static_assert(rejected_under_every_policy<bad::namespace_weighted_sum>);
static_assert(rejected_under_every_policy<bad::namespace_case_insensitive>);
static_assert(rejected_under_every_policy<bad::namespace_c_string_compare>);
static_assert(rejected_under_every_policy<bad::namespace_trims_whitespace>);
static_assert(rejected_under_every_policy<bad::namespace_first_64_bytes>);
static_assert(rejected_under_every_policy<bad::namespace_trailing_slash_stripped>);

template <reuse_policy P, const auto& Exact>
constexpr bool block_rejected_under =
    !kvc::conforms(suites::block_prefix_reuse_under<P>, bad::under_with_blocks<P>(Exact));
template <const auto& Exact>
constexpr bool block_rejected_under_every_policy =
    block_rejected_under<exact_policy, Exact> && block_rejected_under<blocks_of_16_policy, Exact> &&
    block_rejected_under<recompute_last_policy, Exact> && block_rejected_under<vllm_policy, Exact>;

static_assert(block_rejected_under_every_policy<bad::block_rounds_up>);
static_assert(block_rejected_under_every_policy<bad::block_zero_means_exact>);
static_assert(block_rejected_under_every_policy<bad::block_rounds_shorter_length>);
static_assert(block_rejected_under_every_policy<bad::block_count_not_tokens>);
static_assert(block_rejected_under_every_policy<bad::block_ignores_namespace>);

// --- A correct engine of one policy passes that policy's suite and fails the others' ---------------

/// vLLM: hashes the request's full blocks of 16 up to num_tokens - 1 and reuses the cached ones.
constexpr auto vllm_blocks = [](std::string_view cache_ns, std::string_view request_ns,
                                std::span<const std::int32_t> cached,
                                std::span<const std::int32_t> requested) -> size_t {
  if (cache_ns != request_ns) return 0;
  constexpr size_t block = 16;
  const size_t max_hit = requested.empty() ? 0 : requested.size() - 1;
  size_t hit = 0;
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
                                std::span<const std::int32_t> requested) -> size_t {
  if (cache_ns != request_ns) return 0;
  size_t matched = 0;
  while (matched < cached.size() && matched < requested.size() &&
         cached[matched] == requested[matched])
    ++matched;
  if (matched == requested.size() && matched > 0) --matched;  // llama.cpp's n_past--
  return matched;
};

/// Blocks of 16 reused whole, no token recomputed (TensorRT-LLM with a full-block match).
constexpr auto whole_blocks = [](std::string_view cache_ns, std::string_view request_ns,
                                 std::span<const std::int32_t> cached,
                                 std::span<const std::int32_t> requested) -> size_t {
  return kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested) / 16 * 16;
};

/// Which of exact reuse, whole blocks, the token radix and vLLM's blocks pass the suite under P:
/// as engines write them, then as generic implementations.
template <reuse_policy P>
constexpr std::array<bool, 8> passes_which = {
    kvc::conforms(suites::prefix_reuse_under<P>, kvc::reusable_prefix_length),
    kvc::conforms(suites::prefix_reuse_under<P>, whole_blocks),
    kvc::conforms(suites::prefix_reuse_under<P>, token_radix),
    kvc::conforms(suites::prefix_reuse_under<P>, vllm_blocks),
    kvc::conforms(suites::prefix_reuse_under<P>, bad::exact_engine),
    kvc::conforms(suites::prefix_reuse_under<P>, bad::whole_blocks_engine),
    kvc::conforms(suites::prefix_reuse_under<P>, bad::token_radix_engine),
    kvc::conforms(suites::prefix_reuse_under<P>, bad::vllm_engine),
};
static_assert(passes_which<exact_policy> ==
              std::array{true, false, false, false, true, false, false, false});
static_assert(passes_which<blocks_of_16_policy> ==
              std::array{false, true, false, false, false, true, false, false});
static_assert(passes_which<recompute_last_policy> ==
              std::array{false, false, true, false, false, false, true, false});
static_assert(passes_which<vllm_policy> ==
              std::array{false, false, false, true, false, false, false, true});
static_assert(kvc::verify(suites::prefix_reuse_under<vllm_policy>, vllm_blocks));
static_assert(kvc::verify(suites::prefix_reuse_under<recompute_last_policy>, token_radix));

// An engine that keeps the last token one short of the shorter sequence rather than of the
// request: wrong under both policies that recompute the last token.
static_assert(!kvc::conforms(suites::prefix_reuse_under<recompute_last_policy>,
                             bad::recomputes_within_shorter<recompute_last_policy>));
static_assert(!kvc::conforms(suites::prefix_reuse_under<vllm_policy>,
                             bad::recomputes_within_shorter<vllm_policy>));

// kvc's block form under each standard policy passes that policy's block suite only.
template <reuse_policy P>
constexpr std::array<bool, 4> block_passes_which = {
    kvc::conforms(suites::block_prefix_reuse_under<P>, block_reuse_under<exact_policy>),
    kvc::conforms(suites::block_prefix_reuse_under<P>, block_reuse_under<blocks_of_16_policy>),
    kvc::conforms(suites::block_prefix_reuse_under<P>, block_reuse_under<recompute_last_policy>),
    kvc::conforms(suites::block_prefix_reuse_under<P>, block_reuse_under<vllm_policy>),
};
static_assert(block_passes_which<exact_policy> == std::array{true, false, false, false});
static_assert(block_passes_which<blocks_of_16_policy> == std::array{false, true, false, false});
static_assert(block_passes_which<recompute_last_policy> == std::array{false, false, true, false});
static_assert(block_passes_which<vllm_policy> == std::array{false, false, false, true});

// A block engine that recomputes the last token passes its policy's block suite, and fails the
// exact block suites.
constexpr auto block_engine_recomputing = [](std::string_view cache_ns, std::string_view request_ns,
                                             std::span<const int> cached,
                                             std::span<const int> prompt, int block) {
  if (block <= 0 || cache_ns != request_ns) return size_t{0};
  const size_t cap = prompt.empty() ? 0 : prompt.size() - 1;
  size_t matched = 0;
  while (matched < cached.size() && matched < prompt.size() && cached[matched] == prompt[matched])
    ++matched;
  const size_t reusable = matched < cap ? matched : cap;
  return reusable - reusable % static_cast<size_t>(block);
};
static_assert(kvc::verify(suites::block_prefix_reuse_under<recompute_last_policy>,
                          block_engine_recomputing));
static_assert(!kvc::conforms(suites::block_prefix_reuse, block_engine_recomputing));
static_assert(!kvc::conforms(suites::block_prefix_reuse_under<exact_policy>,
                             block_engine_recomputing));

// A policy is a structural value: it names a suite, of the same fixtures under every policy.
static_assert(decltype(suites::prefix_reuse_under<reuse_policy{.block_size = 4}>)::size ==
              decltype(suites::prefix_reuse_under<exact_policy>)::size);
static_assert(decltype(suites::prefix_reuse)::size == 27);
static_assert(decltype(suites::prefix_reuse_under<exact_policy>)::size == 49);
static_assert(decltype(suites::block_prefix_reuse)::size == 12);
static_assert(decltype(suites::block_prefix_reuse_under<exact_policy>)::size == 25);

// --- The policy suites' expected values, against tables written out by hand ------------------------
// Each row: exact common prefix, request length, then the result under exact, blocks of 16, last
// token recomputed, and both.

using kvc::specs::expected_under;

struct row {
  size_t prefix, requested, exact, blocks, recompute, both;
};
constexpr std::array<row, 14> table{{
    {0, 0, 0, 0, 0, 0},       {0, 5, 0, 0, 0, 0},       {1, 1, 1, 0, 0, 0},
    {1, 2, 1, 0, 1, 0},       {2, 2, 2, 0, 1, 0},       {15, 20, 15, 0, 15, 0},
    {16, 16, 16, 16, 15, 0},  {16, 17, 16, 16, 16, 16}, {17, 17, 17, 16, 16, 16},
    {31, 40, 31, 16, 31, 16}, {32, 32, 32, 32, 31, 16}, {33, 33, 33, 32, 32, 32},
    {41, 42, 41, 32, 41, 32}, {48, 50, 48, 48, 48, 48},
}};
constexpr bool table_holds() {
  for (const row& r : table) {
    const size_t cached = r.requested + 8;  // a longer cache: the logits at its end are not kept
    if (expected_under(exact_policy, r.prefix, r.requested, cached) != r.exact) return false;
    if (expected_under(blocks_of_16_policy, r.prefix, r.requested, cached) != r.blocks) return false;
    if (expected_under(recompute_last_policy, r.prefix, r.requested, cached) != r.recompute)
      return false;
    if (expected_under(vllm_policy, r.prefix, r.requested, cached) != r.both) return false;
  }
  return true;
}
static_assert(table_holds());
// Other block sizes, and the block size 0 that reuses nothing.
static_assert(expected_under({.block_size = 4}, 13, 20, 20) == 12);
static_assert(expected_under({.block_size = 4, .recompute_last_token = true}, 13, 13, 20) == 12);
static_assert(expected_under({.block_size = 4, .recompute_last_token = true}, 12, 12, 20) == 8);
static_assert(expected_under({.block_size = 0}, 13, 20, 20) == 0);
// Whole blocks of the policy's and of the call's at once: 12 of a prefix of 13 in blocks of 4
// under blocks of 3 (rounding to 4 first, then to 3, gives 9).
static_assert(expected_under({.block_size = 3}, 13, 20, 20, 4) == 12);
// The logits kept at the cache's end: a request equal to the cache is reused whole.
constexpr reuse_policy session{
    .block_size = 1, .recompute_last_token = true, .keep_logits_at_cache_end = true};
static_assert(expected_under(session, 16, 16, 16) == 16);
static_assert(expected_under(session, 16, 16, 20) == 15);
static_assert(expected_under(session, 12, 16, 16) == 12);

// --- The contract's interface: namespaces and tokens of many types ---------------------------------

struct model_adapter {
  std::string_view model;
  std::uint64_t adapter = 0;
  friend constexpr bool operator==(const model_adapter&, const model_adapter&) = default;
};

static_assert(kvc::reusable_prefix_length(7, 7L, std::array{1, 2, 3}, std::array{1, 2, 4}) == 2);
static_assert(kvc::reusable_prefix_length(7, 8, std::array{1, 2, 3}, std::array{1, 2, 3}) == 0);
static_assert(kvc::reusable_prefix_length(model_adapter{"llama", 3}, model_adapter{"llama", 3},
                                          std::array{5, 6}, std::array{5, 6}) == 2);
static_assert(kvc::reusable_prefix_length(model_adapter{"llama", 3}, model_adapter{"llama", 4},
                                          std::array{5, 6}, std::array{5, 6}) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, std::array<std::int16_t, 3>{1, 2, 3},
                                          std::array<std::uint64_t, 2>{1, 2}) == 2);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{-1, 5}, std::array{UINT_MAX, 5U}) == 0);
static_assert(kvc::reusable_prefix_length(
                  0, 0, std::array<std::string_view, 3>{"the", "cat", "sat"},
                  std::array<std::string_view, 3>{"the", "cat", "ran"}) == 2);
static_assert(kvc::reusable_prefix_length(std::string_view{"m"}, std::string_view{"m"},
                                          std::array{'a'}, std::array{'a'}) == 1);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{INT64_MIN, INT64_MAX},
                                          std::array{INT64_MIN, INT64_MIN}) == 1);

// C arrays and spans are token sequences too.
constexpr int cached_c[] = {1, 2, 3, 4};
constexpr long requested_c[] = {1, 2, 3, 5, 6};
static_assert(kvc::reusable_prefix_length(1, 1, cached_c, requested_c) == 3);
static_assert(kvc::reusable_prefix_length(1, 2, cached_c, requested_c) == 0);
static_assert(kvc::reusable_prefix_length(1, 1, std::span{cached_c}, std::span{requested_c}) == 3);
static_assert(kvc::reusable_prefix_length(1, 1, std::span{cached_c}.first(2), requested_c) == 2);
static_assert(kvc::reusable_prefix_length(std::string_view{"m"}, std::string_view{"m"},
                                          std::string_view{"abcd"}, std::string_view{"abxd"}) == 2);

using prefix_fn = decltype(kvc::reusable_prefix_length);
using two_tokens = std::array<int, 2>;
static_assert(std::same_as<std::invoke_result_t<prefix_fn, int, int, two_tokens, two_tokens>, size_t>);
static_assert(std::is_nothrow_invocable_v<prefix_fn, int, int, two_tokens, two_tokens>);
// A function object: copyable, passable as a value, usable in constant expressions.
static_assert(std::is_empty_v<prefix_fn> && std::is_trivially_copyable_v<prefix_fn>);

// Readable rejections: namespaces or tokens that cannot be compared, and non-sequences.
struct opaque {};
static_assert(!std::invocable<prefix_fn, opaque, opaque, two_tokens, two_tokens>);
static_assert(!std::invocable<prefix_fn, int, std::string_view, two_tokens, two_tokens>);
static_assert(!std::invocable<prefix_fn, int, int, std::array<opaque, 1>, std::array<opaque, 1>>);
static_assert(!std::invocable<prefix_fn, int, int, std::array<int, 1>, std::array<opaque, 1>>);
static_assert(!std::invocable<prefix_fn, int, int, int, int>);
static_assert(!kvc::comparable_sequences<std::array<opaque, 1>, std::array<opaque, 1>>);

// The block form: any integer type for the block size, and its extremes.
constexpr std::array<int, 40> forty{};
constexpr std::array<int, 37> thirty_seven{};
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, std::uint8_t{16}) == 32);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, std::int64_t{-16}) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, UINT64_MAX) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, INT64_MIN) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, size_t{40}) == 40);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, 41) == 0);
static_assert(!std::invocable<prefix_fn, int, int, two_tokens, two_tokens, double>);
static_assert(!std::invocable<prefix_fn, int, int, two_tokens, two_tokens, bool>);

// The policy form: the default policy is the exact contract, and the integer block form is the
// policy without the cap.
static_assert(std::same_as<
              std::invoke_result_t<prefix_fn, int, int, two_tokens, two_tokens, reuse_policy>, size_t>);
static_assert(std::is_nothrow_invocable_v<prefix_fn, int, int, two_tokens, two_tokens, reuse_policy>);
static_assert(std::is_aggregate_v<reuse_policy> && std::is_trivially_copyable_v<reuse_policy>);
static_assert(reuse_policy{}.block_size == 1 && !reuse_policy{}.recompute_last_token);
static_assert(kvc::reusable_prefix_length(0, 0, forty, thirty_seven, reuse_policy{}) == 37);
static_assert(kvc::reusable_prefix_length(0, 0, forty, thirty_seven, blocks_of_16_policy) ==
              kvc::reusable_prefix_length(0, 0, forty, thirty_seven, 16));
static_assert(kvc::reusable_prefix_length(0, 0, forty, thirty_seven, vllm_policy) == 32);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, vllm_policy) == 32);
static_assert(kvc::reusable_prefix_length(0, 0, thirty_seven, thirty_seven, recompute_last_policy) ==
              36);
static_assert(kvc::reusable_prefix_length(0, 1, forty, forty, recompute_last_policy) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, forty, std::array<int, 0>{}, recompute_last_policy) ==
              0);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, reuse_policy{.block_size = 0}) == 0);

// --- Namespaces taken as const std::string& --------------------------------------------------------
// A form the suites offer. g++ 12 evaluates std::string in constant expressions; clang++ 14 with
// libstdc++ 12 does not, so this is checked where the standard library allows it.
#if defined(__GNUC__) && !defined(__clang__)
constexpr auto string_namespace_lookup = [](const std::string& cache_ns, const std::string& request_ns,
                                            std::span<const int> cached,
                                            std::span<const int> requested) -> std::size_t {
  return kvc::reusable_prefix_length(std::string_view(cache_ns), std::string_view(request_ns), cached,
                                     requested, vllm_policy);
};
static_assert(kvc::verify(suites::prefix_reuse_under<vllm_policy>, string_namespace_lookup));
#endif

}  // namespace
