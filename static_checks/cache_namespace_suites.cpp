// Static checks of the structured-namespace suites: kvc's contract passes namespace_isolation and
// namespace_isolation_under<P> under each standard policy; every known-bad implementation of
// tests/mutants/cache_namespace.hpp (and the token-side ones of tests/mutants/prefix_reuse.hpp) is
// rejected by namespace_isolation, and again with each standard policy applied to its result; the
// contract under one standard policy fails the suites of the others; the premise of the
// whole-block fixtures holds; and kvc::cache_namespace's own identity and hashing. Compiled, never
// run.
#include <kvc/cache_namespace.hpp>
#include <kvc/prefix_reuse.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/specs/cache_namespace.hpp>
#include <kvc/verification/standard_policies.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <type_traits>

#include "mutants/cache_namespace.hpp"
#include "mutants/prefix_reuse.hpp"

namespace {

namespace bad = kvc::mutants::cache_namespace;
namespace tokens_bad = kvc::mutants::prefix_reuse;
namespace suites = kvc::suites;
using kvc::cache_namespace;
using kvc::reuse_policy;
using kvc::verification::blocks_of_16_policy;
using kvc::verification::exact_policy;
using kvc::verification::recompute_last_policy;
using kvc::verification::reusable_prefix_length_under;
using kvc::verification::vllm_policy;
using std::size_t;

// --- kvc's contract passes every suite -------------------------------------------------------------

static_assert(kvc::verify(suites::namespace_isolation, kvc::reusable_prefix_length));
static_assert(kvc::verify(suites::namespace_isolation_under<exact_policy>,
                          reusable_prefix_length_under<exact_policy>));
static_assert(kvc::verify(suites::namespace_isolation_under<blocks_of_16_policy>,
                          reusable_prefix_length_under<blocks_of_16_policy>));
static_assert(kvc::verify(suites::namespace_isolation_under<recompute_last_policy>,
                          reusable_prefix_length_under<recompute_last_policy>));
static_assert(kvc::verify(suites::namespace_isolation_under<vllm_policy>,
                          reusable_prefix_length_under<vllm_policy>));
// A policy beyond the standard four: blocks of 3 that do not divide 16.
static_assert(kvc::verify(suites::namespace_isolation_under<reuse_policy{.block_size = 3}>,
                          reusable_prefix_length_under<reuse_policy{.block_size = 3}>));

static_assert(decltype(suites::namespace_isolation)::size == 58);
static_assert(decltype(suites::namespace_isolation_under<exact_policy>)::size == 70);

// --- Every known-bad implementation rejected by namespace_isolation --------------------------------

static_assert(!kvc::conforms(suites::namespace_isolation, bad::concatenated_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::adapter_name_only));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::ignores_salt));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::ignores_adapter));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::salt_prefix_match));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::slash_joined_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::untagged_tuple));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::salt_then_adapter_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::base_cache_serves_adapters));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::revision_as_uint32));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::case_insensitive));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::c_string_compare));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::trims_whitespace));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::compares_length_and_last_character));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::revision_only_with_adapter));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::unit_separator_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::colon_joined_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::bar_joined_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::nul_joined_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::tokens_in_8_bits));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::tokens_in_16_bits));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::length_in_8_bits));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::character_sum_names));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::weighted_sum_names));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::adapter_case_insensitive));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::adapter_c_string_compare));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::salt_c_string_compare));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::salt_trims_whitespace));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::revision_folded_to_32_bits));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::revision_as_double));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::revision_appended_to_adapter));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::comma_joined_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::at_joined_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::newline_joined_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::dash_joined_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::underscore_joined_key));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::salt_only_when_requested));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::salt_first_8_bytes));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::names_first_64_bytes));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::bar_joined_with_revision));
static_assert(!kvc::conforms(suites::namespace_isolation, bad::nul_joined_with_revision));
// Token comparisons that look right on short inputs. (capped_at_4096 fails only the run-time
// fixture of 5,000 tokens: tests/cache_namespace_conformance.cpp proves kvc::check rejects it.)
static_assert(!kvc::conforms(suites::namespace_isolation, tokens_bad::chunk_tail_skips_boundary));
static_assert(kvc::conforms(suites::namespace_isolation, tokens_bad::capped_at_4096));
static_assert(!kvc::conforms(suites::namespace_isolation, tokens_bad::equal_long_lengths_match_whole));
static_assert(!kvc::conforms(suites::namespace_isolation, tokens_bad::compares_ends_only));
static_assert(!kvc::conforms(suites::namespace_isolation, tokens_bad::samples_every_other_token));
static_assert(!kvc::conforms(suites::namespace_isolation, tokens_bad::chunk_sums_of_8));
static_assert(!kvc::conforms(suites::namespace_isolation, tokens_bad::block_xor_of_16));

// Which fixtures do it (0-based, in the suite's order): 9 and 10 are the two slash joins, 11 and
// 12 the adapter-and-salt shapes, 13 a base model against an adapter, 14 revisions 2^32 apart, 15
// to 17 the model names in case, after a NUL and with a trailing space; 40 to 45 the adapter's
// case, the adapter's and the salt's NUL, the salt's trailing space, and revisions that a 32-bit
// fold and a double alias. Every other fixture is there for other mutants.
constexpr size_t fixture_count = decltype(suites::namespace_isolation)::size;
constexpr std::array<bool, fixture_count> fails_only(std::initializer_list<size_t> failed) {
  std::array<bool, fixture_count> row{};
  for (size_t i = 0; i < fixture_count; ++i) row[i] = true;
  for (const size_t i : failed) row[i] = false;
  return row;
}
constexpr auto outcomes = [](const auto& impl) {
  return kvc::outcomes(suites::namespace_isolation, impl);
};
static_assert(outcomes(bad::slash_joined_key) == fails_only({9, 10}));
static_assert(outcomes(bad::untagged_tuple) == fails_only({11}));
static_assert(outcomes(bad::salt_then_adapter_key) == fails_only({11, 12}));
static_assert(outcomes(bad::base_cache_serves_adapters) == fails_only({13}));
static_assert(outcomes(bad::revision_as_uint32) == fails_only({14}));
static_assert(outcomes(bad::case_insensitive) == fails_only({15, 40}));
static_assert(outcomes(bad::c_string_compare) == fails_only({16, 41, 42}));
static_assert(outcomes(bad::trims_whitespace) == fails_only({17, 43}));
static_assert(outcomes(bad::revision_folded_to_32_bits) == fails_only({44}));
static_assert(outcomes(bad::revision_as_double) == fails_only({45}));

// --- ... and again under every standard policy, the policy applied to its result -------------------
// (each `rejected_under<P, M>` is a constant of its own, so that each gets the compiler's whole
// evaluation budget; a failing static_assert names the implementation)

template <reuse_policy P, const auto& Exact>
constexpr bool rejected_under =
    !kvc::conforms(suites::namespace_isolation_under<P>, tokens_bad::under<P>(Exact));
template <const auto& Exact>
constexpr bool rejected_under_every_policy =
    rejected_under<exact_policy, Exact> && rejected_under<blocks_of_16_policy, Exact> &&
    rejected_under<recompute_last_policy, Exact> && rejected_under<vllm_policy, Exact>;

static_assert(rejected_under_every_policy<bad::concatenated_key>);
static_assert(rejected_under_every_policy<bad::adapter_name_only>);
static_assert(rejected_under_every_policy<bad::ignores_salt>);
static_assert(rejected_under_every_policy<bad::ignores_adapter>);
static_assert(rejected_under_every_policy<bad::salt_prefix_match>);
static_assert(rejected_under_every_policy<bad::slash_joined_key>);
static_assert(rejected_under_every_policy<bad::untagged_tuple>);
static_assert(rejected_under_every_policy<bad::salt_then_adapter_key>);
static_assert(rejected_under_every_policy<bad::base_cache_serves_adapters>);
static_assert(rejected_under_every_policy<bad::revision_as_uint32>);
static_assert(rejected_under_every_policy<bad::case_insensitive>);
static_assert(rejected_under_every_policy<bad::c_string_compare>);
static_assert(rejected_under_every_policy<bad::trims_whitespace>);
static_assert(rejected_under_every_policy<bad::compares_length_and_last_character>);
static_assert(rejected_under_every_policy<bad::revision_only_with_adapter>);
static_assert(rejected_under_every_policy<bad::unit_separator_key>);
static_assert(rejected_under_every_policy<bad::colon_joined_key>);
static_assert(rejected_under_every_policy<bad::bar_joined_key>);
static_assert(rejected_under_every_policy<bad::nul_joined_key>);
static_assert(rejected_under_every_policy<bad::tokens_in_8_bits>);
static_assert(rejected_under_every_policy<bad::tokens_in_16_bits>);
static_assert(rejected_under_every_policy<bad::length_in_8_bits>);
static_assert(rejected_under_every_policy<bad::character_sum_names>);
static_assert(rejected_under_every_policy<bad::weighted_sum_names>);
static_assert(rejected_under_every_policy<bad::adapter_case_insensitive>);
static_assert(rejected_under_every_policy<bad::adapter_c_string_compare>);
static_assert(rejected_under_every_policy<bad::salt_c_string_compare>);
static_assert(rejected_under_every_policy<bad::salt_trims_whitespace>);
static_assert(rejected_under_every_policy<bad::revision_folded_to_32_bits>);
static_assert(rejected_under_every_policy<bad::revision_as_double>);
static_assert(rejected_under_every_policy<bad::revision_appended_to_adapter>);
static_assert(rejected_under_every_policy<bad::comma_joined_key>);
static_assert(rejected_under_every_policy<bad::at_joined_key>);
static_assert(rejected_under_every_policy<bad::newline_joined_key>);
static_assert(rejected_under_every_policy<bad::dash_joined_key>);
static_assert(rejected_under_every_policy<bad::underscore_joined_key>);
static_assert(rejected_under_every_policy<bad::salt_only_when_requested>);
static_assert(rejected_under_every_policy<bad::salt_first_8_bytes>);
static_assert(rejected_under_every_policy<bad::names_first_64_bytes>);
static_assert(rejected_under_every_policy<bad::bar_joined_with_revision>);
static_assert(rejected_under_every_policy<bad::nul_joined_with_revision>);
static_assert(rejected_under_every_policy<tokens_bad::chunk_tail_skips_boundary>);
static_assert(rejected_under_every_policy<tokens_bad::equal_long_lengths_match_whole>);
static_assert(rejected_under_every_policy<tokens_bad::compares_ends_only>);
static_assert(rejected_under_every_policy<tokens_bad::samples_every_other_token>);
static_assert(rejected_under_every_policy<tokens_bad::chunk_sums_of_8>);
static_assert(rejected_under_every_policy<tokens_bad::block_xor_of_16>);

// --- The contract under one standard policy fails the suites of the others -------------------------

template <reuse_policy P>
constexpr std::array<bool, 4> passes_which = {
    kvc::conforms(suites::namespace_isolation_under<P>, reusable_prefix_length_under<exact_policy>),
    kvc::conforms(suites::namespace_isolation_under<P>,
                  reusable_prefix_length_under<blocks_of_16_policy>),
    kvc::conforms(suites::namespace_isolation_under<P>,
                  reusable_prefix_length_under<recompute_last_policy>),
    kvc::conforms(suites::namespace_isolation_under<P>, reusable_prefix_length_under<vllm_policy>),
};
static_assert(passes_which<exact_policy> == std::array{true, false, false, false});
static_assert(passes_which<blocks_of_16_policy> == std::array{false, true, false, false});
static_assert(passes_which<recompute_last_policy> == std::array{false, false, true, false});
static_assert(passes_which<vllm_policy> == std::array{false, false, false, true});

// An engine that keeps the last token one short of the shorter sequence rather than of the
// request: wrong under both policies that recompute the last token.
static_assert(!kvc::conforms(suites::namespace_isolation_under<recompute_last_policy>,
                             tokens_bad::recomputes_within_shorter<recompute_last_policy>));
static_assert(!kvc::conforms(suites::namespace_isolation_under<vllm_policy>,
                             tokens_bad::recomputes_within_shorter<vllm_policy>));

// --- The premise of the whole-block fixtures --------------------------------------------------------
// The policy suite reads "the exact fixture reused nothing" as "the namespaces differ": that holds
// because every fixture of the exact suite has token sequences that share their first token.
constexpr bool every_fixture_shares_a_token = [] {
  for (const auto& row : kvc::specs::namespace_isolation) {
    const auto& in = row.inputs;
    if (in.cached.empty() || in.requested.empty() || in.cached[0] != in.requested[0]) return false;
  }
  return true;
}();
static_assert(every_fixture_shares_a_token);
// Those fixtures hold the fewest equal tokens that reuse a whole block under the policy: one fewer
// reuses nothing.
template <reuse_policy P>
constexpr bool fewest_that_reuse_a_block = [] {
  const size_t n = kvc::specs::namespace_tables::whole_block_tokens(P);
  return kvc::specs::expected_under(P, n, n, n) == P.block_size &&
         kvc::specs::expected_under(P, n - 1, n - 1, n - 1) == 0;
}();
static_assert(fewest_that_reuse_a_block<exact_policy>);
static_assert(fewest_that_reuse_a_block<blocks_of_16_policy>);
static_assert(fewest_that_reuse_a_block<recompute_last_policy>);
static_assert(fewest_that_reuse_a_block<vllm_policy>);

// --- Engines that recompute the last token and compare namespaces field by field --------------------

/// Field-by-field namespace comparison, the matched prefix one short of a full match.
constexpr auto recomputing_engine = [](const cache_namespace& cached_ns,
                                       const cache_namespace& request_ns,
                                       std::span<const int> cached, std::span<const int> prompt) {
  if (!(cached_ns == request_ns)) return size_t{0};
  size_t matched = 0;
  while (matched < cached.size() && matched < prompt.size() && cached[matched] == prompt[matched])
    ++matched;
  return matched == prompt.size() && matched > 0 ? matched - 1 : matched;
};

/// The same engine over whole blocks of 16, never the last prompt token (vLLM).
constexpr auto recomputing_block_engine = [](const cache_namespace& cached_ns,
                                             const cache_namespace& request_ns,
                                             std::span<const int> cached,
                                             std::span<const int> prompt) {
  const size_t cap = prompt.empty() ? 0 : prompt.size() - 1;
  const size_t matched = recomputing_engine(cached_ns, request_ns, cached, prompt);
  return (matched < cap ? matched : cap) / 16 * 16;
};

/// Whether `a1 + a2` and `b1 + b2` spell the same text.
constexpr bool same_text(std::string_view a1, std::string_view a2, std::string_view b1,
                         std::string_view b2) {
  if (a1.size() + a2.size() != b1.size() + b2.size()) return false;
  for (size_t i = 0; i < a1.size() + a2.size(); ++i) {
    const char x = i < a1.size() ? a1[i] : a2[i - a1.size()];
    const char y = i < b1.size() ? b1[i] : b2[i - b1.size()];
    if (x != y) return false;
  }
  return true;
}

/// The same engines with SGLang's key: the salt, then the adapter, concatenated.
constexpr auto salt_then_adapter = [](const cache_namespace& a, const cache_namespace& b) {
  return a.model == b.model && a.adapter_revision == b.adapter_revision &&
         same_text(a.salt, a.adapter, b.salt, b.adapter);
};
constexpr auto concatenated_recomputing_engine = [](const cache_namespace& cached_ns,
                                                    const cache_namespace& request_ns,
                                                    std::span<const int> cached,
                                                    std::span<const int> prompt) {
  return salt_then_adapter(cached_ns, request_ns)
             ? recomputing_engine(cached_ns, cached_ns, cached, prompt)
             : size_t{0};
};
constexpr auto concatenated_recomputing_block_engine = [](const cache_namespace& cached_ns,
                                                          const cache_namespace& request_ns,
                                                          std::span<const int> cached,
                                                          std::span<const int> prompt) {
  return salt_then_adapter(cached_ns, request_ns)
             ? recomputing_block_engine(cached_ns, cached_ns, cached, prompt)
             : size_t{0};
};

// Correct engines pass the suite of their own policy...
static_assert(kvc::verify(suites::namespace_isolation_under<recompute_last_policy>,
                          recomputing_engine));
static_assert(kvc::verify(suites::namespace_isolation_under<vllm_policy>, recomputing_block_engine));
// ...and fail the exact suite, for a reason that has nothing to do with isolation.
static_assert(!kvc::conforms(suites::namespace_isolation, recomputing_engine));
// With the concatenated key, the same engines fail both policy suites.
static_assert(!kvc::conforms(suites::namespace_isolation_under<recompute_last_policy>,
                             concatenated_recomputing_engine));
static_assert(!kvc::conforms(suites::namespace_isolation_under<vllm_policy>,
                             concatenated_recomputing_block_engine));

// --- kvc::cache_namespace: field-by-field identity, no aliasing, length-separated hashing ----------

// The fields and their order are the interface.
static_assert(std::is_aggregate_v<cache_namespace>);
// The text fields are std::string_views that refuse temporary std::strings (namespace_lifetime.cpp).
static_assert(std::derived_from<decltype(cache_namespace::model), std::string_view>);
static_assert(std::same_as<decltype(cache_namespace::model), kvc::namespace_text>);
static_assert(std::same_as<decltype(cache_namespace::adapter), kvc::namespace_text>);
static_assert(std::same_as<decltype(cache_namespace::adapter_revision), std::uint64_t>);
static_assert(std::same_as<decltype(cache_namespace::salt), kvc::namespace_text>);
static_assert(cache_namespace{"m"} == cache_namespace{"m", "", 0, ""});

// Equality is field by field: no concatenation aliasing.
static_assert(cache_namespace{"ab", "c"} != cache_namespace{"a", "bc"});
static_assert(cache_namespace{"m", "org_1", 0, "2345"} != cache_namespace{"m", "org_12345", 0, ""});
static_assert(cache_namespace{"m", "", 0, "org_1"} != cache_namespace{"m", "", 0, "org_12"});
static_assert(cache_namespace{"m", "a", 1} != cache_namespace{"m", "a", 2});

// So is the hash: every field, each with its length.
static_assert(kvc::hash_value(cache_namespace{"ab", "c"}) != kvc::hash_value(cache_namespace{"a", "bc"}));
static_assert(kvc::hash_value(cache_namespace{"m", "", 0, "ab"}) !=
              kvc::hash_value(cache_namespace{"m", "a", 0, "b"}));
static_assert(kvc::hash_value(cache_namespace{"m", "a", 1}) != kvc::hash_value(cache_namespace{"m", "a", 2}));
static_assert(kvc::hash_value(cache_namespace{"m", "a", 1, "s"}) ==
              kvc::hash_value(cache_namespace{"m", "a", 1, "s"}));

// The namespace of every prefix function.
constexpr std::array four_tokens{1, 2, 3, 4};
static_assert(kvc::reusable_prefix_length(cache_namespace{"m", "sql", 3, "t"},
                                          cache_namespace{"m", "sql", 3, "t"}, four_tokens,
                                          four_tokens, 2) == 4);
static_assert(kvc::reusable_prefix_length(cache_namespace{"m", "sql", 3, "t"},
                                          cache_namespace{"m", "sql", 4, "t"}, four_tokens,
                                          four_tokens, 2) == 0);

}  // namespace
