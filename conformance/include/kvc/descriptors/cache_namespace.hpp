// kvc/descriptors/cache_namespace.hpp - the descriptor of namespace isolation with structured
// namespaces: which suites kvc's reference must pass, and which known-bad implementations
// (kvc/contracts/cache_namespace.hpp) each suite must reject.
//
// A descriptor is a constant, evaluated where it is defined, so it is costly to include: only kvc's
// own proofs and the tools that loop over every contract (kvc-report, the fuzz seeds, the Python
// package) need it, through kvc/verification/contracts.hpp. kvc/conformance.hpp does not include
// it.
#pragma once

#include <kvc/contracts/cache_namespace.hpp>
#include <kvc/descriptors/prefix_reuse.hpp>
#include <kvc/verification/descriptor.hpp>

namespace kvc::verification {

/// Namespace isolation for an engine with policy P: kvc's contract under P passes; the aliasing
/// comparisons under P, every token-side mutant under P, and kvc's contract under the other
/// standard policies (correct engines of another policy), fail. The namespace mutants added since
/// the first 22 are proved in the exact suite only: the policy suite's whole-block copy of each
/// exact fixture keeps its namespaces (static_checks/namespace_isolation_under.cpp proves the
/// copies' premise), and with their policy forms one shard of the proofs took g++ past 4 GB.
template <fixed_label Name, reuse_policy P, reuse_policy... Others, class... Engines>
[[nodiscard]] constexpr auto namespace_isolation_under_check(const Engines&... engines) noexcept {
  namespace bad = mutants::prefix_reuse;
  return check_suite<Name, "">(
      suites::namespace_isolation_under<P>, reusable_prefix_length_under<P>,
      named<"the contract under another policy">(reusable_prefix_length_under<Others>)...,
      engines...,
      named<"concatenated_key under the policy">(bad::under<P>(mutants::cache_namespace::concatenated_key)),
      named<"adapter_name_only under the policy">(bad::under<P>(mutants::cache_namespace::adapter_name_only)),
      named<"ignores_salt under the policy">(bad::under<P>(mutants::cache_namespace::ignores_salt)),
      named<"ignores_adapter under the policy">(bad::under<P>(mutants::cache_namespace::ignores_adapter)),
      named<"salt_prefix_match under the policy">(bad::under<P>(mutants::cache_namespace::salt_prefix_match)),
      named<"slash_joined_key under the policy">(bad::under<P>(mutants::cache_namespace::slash_joined_key)),
      named<"untagged_tuple under the policy">(bad::under<P>(mutants::cache_namespace::untagged_tuple)),
      named<"salt_then_adapter_key under the policy">(bad::under<P>(mutants::cache_namespace::salt_then_adapter_key)),
      named<"base_cache_serves_adapters under the policy">(bad::under<P>(mutants::cache_namespace::base_cache_serves_adapters)),
      named<"revision_as_uint32 under the policy">(bad::under<P>(mutants::cache_namespace::revision_as_uint32)),
      named<"case_insensitive under the policy">(bad::under<P>(mutants::cache_namespace::case_insensitive)),
      named<"c_string_compare under the policy">(bad::under<P>(mutants::cache_namespace::c_string_compare)),
      named<"trims_whitespace under the policy">(bad::under<P>(mutants::cache_namespace::trims_whitespace)),
      named<"compares_length_and_last_character under the policy">(bad::under<P>(mutants::cache_namespace::compares_length_and_last_character)),
      named<"revision_only_with_adapter under the policy">(bad::under<P>(mutants::cache_namespace::revision_only_with_adapter)),
      named<"unit_separator_key under the policy">(bad::under<P>(mutants::cache_namespace::unit_separator_key)),
      named<"colon_joined_key under the policy">(bad::under<P>(mutants::cache_namespace::colon_joined_key)),
      named<"bar_joined_key under the policy">(bad::under<P>(mutants::cache_namespace::bar_joined_key)),
      named<"nul_joined_key under the policy">(bad::under<P>(mutants::cache_namespace::nul_joined_key)),
      named<"tokens_in_8_bits under the policy">(bad::under<P>(mutants::cache_namespace::tokens_in_8_bits)),
      named<"tokens_in_16_bits under the policy">(bad::under<P>(mutants::cache_namespace::tokens_in_16_bits)),
      named<"length_in_8_bits under the policy">(bad::under<P>(mutants::cache_namespace::length_in_8_bits)),
      named<"chunk_tail_skips_boundary under the policy">(bad::under<P>(bad::chunk_tail_skips_boundary)),
      named<"capped_at_4096 under the policy">(bad::under<P>(bad::capped_at_4096)),
      named<"equal_long_lengths_match_whole under the policy">(bad::under<P>(bad::equal_long_lengths_match_whole)),
      named<"compares_ends_only under the policy">(bad::under<P>(bad::compares_ends_only)),
      named<"samples_every_other_token under the policy">(bad::under<P>(bad::samples_every_other_token)),
      named<"chunk_sums_of_8 under the policy">(bad::under<P>(bad::chunk_sums_of_8)),
      named<"block_xor_of_16 under the policy">(bad::under<P>(bad::block_xor_of_16)));
}

/// Structured namespaces: every field separates, and no two fields run into each other.
inline constexpr auto cache_namespace_contract = describe_contract<"cache_namespace">(
    check_suite<"namespace_isolation", "fuzz_cache_namespace">(
        suites::namespace_isolation, kvc::reusable_prefix_length,
        named<"concatenated_key">(mutants::cache_namespace::concatenated_key),
        named<"adapter_name_only">(mutants::cache_namespace::adapter_name_only),
        named<"ignores_salt">(mutants::cache_namespace::ignores_salt),
        named<"ignores_adapter">(mutants::cache_namespace::ignores_adapter),
        named<"salt_prefix_match">(mutants::cache_namespace::salt_prefix_match),
        named<"slash_joined_key">(mutants::cache_namespace::slash_joined_key),
        named<"untagged_tuple">(mutants::cache_namespace::untagged_tuple),
        named<"salt_then_adapter_key">(mutants::cache_namespace::salt_then_adapter_key),
        named<"base_cache_serves_adapters">(mutants::cache_namespace::base_cache_serves_adapters),
        named<"revision_as_uint32">(mutants::cache_namespace::revision_as_uint32),
        named<"case_insensitive">(mutants::cache_namespace::case_insensitive),
        named<"c_string_compare">(mutants::cache_namespace::c_string_compare),
        named<"trims_whitespace">(mutants::cache_namespace::trims_whitespace),
        named<"compares_length_and_last_character">(mutants::cache_namespace::compares_length_and_last_character),
        named<"revision_only_with_adapter">(mutants::cache_namespace::revision_only_with_adapter),
        named<"unit_separator_key">(mutants::cache_namespace::unit_separator_key),
        named<"colon_joined_key">(mutants::cache_namespace::colon_joined_key),
        named<"bar_joined_key">(mutants::cache_namespace::bar_joined_key),
        named<"nul_joined_key">(mutants::cache_namespace::nul_joined_key),
        named<"tokens_in_8_bits">(mutants::cache_namespace::tokens_in_8_bits),
        named<"tokens_in_16_bits">(mutants::cache_namespace::tokens_in_16_bits),
        named<"length_in_8_bits">(mutants::cache_namespace::length_in_8_bits),
        named<"character_sum_names">(mutants::cache_namespace::character_sum_names),
        named<"weighted_sum_names">(mutants::cache_namespace::weighted_sum_names),
        named<"adapter_case_insensitive">(mutants::cache_namespace::adapter_case_insensitive),
        named<"adapter_c_string_compare">(mutants::cache_namespace::adapter_c_string_compare),
        named<"salt_c_string_compare">(mutants::cache_namespace::salt_c_string_compare),
        named<"salt_trims_whitespace">(mutants::cache_namespace::salt_trims_whitespace),
        named<"revision_folded_to_32_bits">(mutants::cache_namespace::revision_folded_to_32_bits),
        named<"revision_as_double">(mutants::cache_namespace::revision_as_double),
        named<"revision_appended_to_adapter">(mutants::cache_namespace::revision_appended_to_adapter),
        named<"comma_joined_key">(mutants::cache_namespace::comma_joined_key),
        named<"at_joined_key">(mutants::cache_namespace::at_joined_key),
        named<"newline_joined_key">(mutants::cache_namespace::newline_joined_key),
        named<"dash_joined_key">(mutants::cache_namespace::dash_joined_key),
        named<"underscore_joined_key">(mutants::cache_namespace::underscore_joined_key),
        named<"salt_only_when_requested">(mutants::cache_namespace::salt_only_when_requested),
        named<"salt_first_8_bytes">(mutants::cache_namespace::salt_first_8_bytes),
        named<"names_first_64_bytes">(mutants::cache_namespace::names_first_64_bytes),
        named<"bar_joined_with_revision">(mutants::cache_namespace::bar_joined_with_revision),
        named<"nul_joined_with_revision">(mutants::cache_namespace::nul_joined_with_revision),
        named<"chunk_tail_skips_boundary">(mutants::prefix_reuse::chunk_tail_skips_boundary),
        named<"capped_at_4096">(mutants::prefix_reuse::capped_at_4096),
        named<"equal_long_lengths_match_whole">(mutants::prefix_reuse::equal_long_lengths_match_whole),
        named<"compares_ends_only">(mutants::prefix_reuse::compares_ends_only),
        named<"samples_every_other_token">(mutants::prefix_reuse::samples_every_other_token),
        named<"chunk_sums_of_8">(mutants::prefix_reuse::chunk_sums_of_8),
        named<"block_xor_of_16">(mutants::prefix_reuse::block_xor_of_16)),
    namespace_isolation_under_check<"namespace_isolation_under exact", exact_policy,
                                    blocks_of_16_policy, recompute_last_policy, vllm_policy>(),
    namespace_isolation_under_check<"namespace_isolation_under blocks of 16", blocks_of_16_policy,
                                    exact_policy, recompute_last_policy, vllm_policy>(),
    namespace_isolation_under_check<"namespace_isolation_under last token recomputed",
                                    recompute_last_policy, exact_policy, blocks_of_16_policy,
                                    vllm_policy>(named<"recomputes_within_shorter">(
        mutants::prefix_reuse::recomputes_within_shorter<recompute_last_policy>)),
    namespace_isolation_under_check<"namespace_isolation_under blocks of 16, last token recomputed",
                                    vllm_policy, exact_policy, blocks_of_16_policy,
                                    recompute_last_policy>(named<"recomputes_within_shorter">(
        mutants::prefix_reuse::recomputes_within_shorter<vllm_policy>)));

}  // namespace kvc::verification
