// kvc/descriptors/prefix_reuse.hpp - the descriptor of prefix reuse: which suites kvc's reference
// must pass, and which known-bad implementations (kvc/contracts/prefix_reuse.hpp) each suite must
// reject.
//
// A descriptor is a constant, evaluated where it is defined, so it is costly to include: only kvc's
// own proofs and the tools that loop over every contract (kvc-report, the fuzz seeds, the Python
// package) need it, through kvc/verification/contracts.hpp. kvc/conformance.hpp does not include
// it.
#pragma once

#include <kvc/contracts/prefix_reuse.hpp>
#include <kvc/verification/descriptor.hpp>

namespace kvc::verification {

/// The policy suite for P: kvc's contract under P passes; every exact mutant under P, and the
/// engines written for the other standard policies, fail.
template <fixed_label Name, reuse_policy P, class... OtherEngines>
[[nodiscard]] constexpr auto prefix_reuse_under_check(const OtherEngines&... others) noexcept {
  namespace bad = mutants::prefix_reuse;
  return check_suite<Name, "">(
      suites::prefix_reuse_under<P>, reusable_prefix_length_under<P>, others...,
      named<"seed_failure under the policy">(bad::under<P>(bad::seed_failure)),
      named<"seed_unsuccessful_fix under the policy">(bad::under<P>(bad::seed_unsuccessful_fix)),
      named<"ignores_namespace under the policy">(bad::under<P>(bad::ignores_namespace)),
      named<"counts_equal_positions under the policy">(bad::under<P>(bad::counts_equal_positions)),
      named<"namespace_prefix_match under the policy">(bad::under<P>(bad::namespace_prefix_match)),
      named<"namespace_truncated under the policy">(bad::under<P>(bad::namespace_truncated)),
      named<"empty_namespace_is_wildcard under the policy">(
          bad::under<P>(bad::empty_namespace_is_wildcard)),
      named<"drops_last_token under the policy">(bad::under<P>(bad::drops_last_token)),
      named<"includes_mismatch under the policy">(bad::under<P>(bad::includes_mismatch)),
      named<"reuses_whole_cache_on_first_match under the policy">(
          bad::under<P>(bad::reuses_whole_cache_on_first_match)),
      named<"capped_window under the policy">(bad::under<P>(bad::capped_window)),
      named<"length_in_8_bits under the policy">(bad::under<P>(bad::length_in_8_bits)),
      named<"compares_length_and_last_character under the policy">(
          bad::under<P>(bad::compares_length_and_last_character)),
      named<"namespace_character_sum under the policy">(bad::under<P>(bad::namespace_character_sum)),
      named<"namespace_character_xor under the policy">(bad::under<P>(bad::namespace_character_xor)),
      named<"namespace_weighted_sum under the policy">(bad::under<P>(bad::namespace_weighted_sum)),
      named<"namespace_case_insensitive under the policy">(bad::under<P>(bad::namespace_case_insensitive)),
      named<"namespace_c_string_compare under the policy">(bad::under<P>(bad::namespace_c_string_compare)),
      named<"namespace_trims_whitespace under the policy">(bad::under<P>(bad::namespace_trims_whitespace)),
      named<"namespace_first_64_bytes under the policy">(bad::under<P>(bad::namespace_first_64_bytes)),
      named<"namespace_trailing_slash_stripped under the policy">(
          bad::under<P>(bad::namespace_trailing_slash_stripped)));
}

/// The block suite for P: kvc's block form under P passes; every exact block mutant under P, and
/// kvc's block form under the other standard policies (correct engines of another policy), fail.
template <fixed_label Name, reuse_policy P, reuse_policy... Others>
[[nodiscard]] constexpr auto block_prefix_reuse_under_check() noexcept {
  namespace bad = mutants::prefix_reuse;
  return check_suite<Name, "">(
      suites::block_prefix_reuse_under<P>, block_reuse_under<P>,
      named<"block form under another policy">(block_reuse_under<Others>)...,
      named<"block_rounds_up under the policy">(bad::under_with_blocks<P>(bad::block_rounds_up)),
      named<"block_zero_means_exact under the policy">(
          bad::under_with_blocks<P>(bad::block_zero_means_exact)),
      named<"block_rounds_shorter_length under the policy">(
          bad::under_with_blocks<P>(bad::block_rounds_shorter_length)),
      named<"block_count_not_tokens under the policy">(
          bad::under_with_blocks<P>(bad::block_count_not_tokens)),
      named<"block_ignores_namespace under the policy">(
          bad::under_with_blocks<P>(bad::block_ignores_namespace)));
}

/// Prefix reuse: the record's suite (with its two published implementations) and block reuse.
inline constexpr auto prefix_reuse_contract = describe_contract<"prefix_reuse">(
    with_record(
        check_suite<"prefix_reuse", "fuzz_prefix_reuse">(
            suites::prefix_reuse, kvc::reusable_prefix_length,
            named<"ignores_namespace">(mutants::prefix_reuse::ignores_namespace),
            named<"counts_equal_positions">(mutants::prefix_reuse::counts_equal_positions),
            named<"namespace_prefix_match">(mutants::prefix_reuse::namespace_prefix_match),
            named<"namespace_truncated">(mutants::prefix_reuse::namespace_truncated),
            named<"empty_namespace_is_wildcard">(mutants::prefix_reuse::empty_namespace_is_wildcard),
            named<"drops_last_token">(mutants::prefix_reuse::drops_last_token),
            named<"includes_mismatch">(mutants::prefix_reuse::includes_mismatch),
            named<"reuses_whole_cache_on_first_match">(
                mutants::prefix_reuse::reuses_whole_cache_on_first_match),
            named<"capped_window">(mutants::prefix_reuse::capped_window),
            named<"length_in_8_bits">(mutants::prefix_reuse::length_in_8_bits),
            named<"compares_length_and_last_character">(
                mutants::prefix_reuse::compares_length_and_last_character),
            named<"namespace_character_sum">(mutants::prefix_reuse::namespace_character_sum),
            named<"namespace_character_xor">(mutants::prefix_reuse::namespace_character_xor),
            named<"namespace_weighted_sum">(mutants::prefix_reuse::namespace_weighted_sum),
            named<"namespace_case_insensitive">(mutants::prefix_reuse::namespace_case_insensitive),
            named<"namespace_c_string_compare">(mutants::prefix_reuse::namespace_c_string_compare),
            named<"namespace_trims_whitespace">(mutants::prefix_reuse::namespace_trims_whitespace),
            named<"namespace_first_64_bytes">(mutants::prefix_reuse::namespace_first_64_bytes),
            named<"namespace_trailing_slash_stripped">(
                mutants::prefix_reuse::namespace_trailing_slash_stripped)),
        // The record's table: same namespace prefix, different model, same namespace mismatch,
        // same namespace empty, different namespace empty, same namespace full.
        record(suites::seed_prefix_reuse<1>,
               published<"seed_failure">(mutants::prefix_reuse::seed_failure,
                                         std::array{true, false, true, true, true, true}),
               published<"seed_unsuccessful_fix">(mutants::prefix_reuse::seed_unsuccessful_fix,
                                                  std::array{true, true, false, true, true, true}))),
    check_suite<"block_prefix_reuse", "fuzz_prefix_reuse">(
        suites::block_prefix_reuse, kvc::reusable_prefix_length,
        named<"block_rounds_up">(mutants::prefix_reuse::block_rounds_up),
        named<"block_zero_means_exact">(mutants::prefix_reuse::block_zero_means_exact),
        named<"block_rounds_shorter_length">(mutants::prefix_reuse::block_rounds_shorter_length),
        named<"block_count_not_tokens">(mutants::prefix_reuse::block_count_not_tokens),
        named<"block_ignores_namespace">(mutants::prefix_reuse::block_ignores_namespace)),
    prefix_reuse_under_check<"prefix_reuse_under exact", exact_policy>(
        named<"whole_blocks_engine">(mutants::prefix_reuse::whole_blocks_engine),
        named<"token_radix_engine">(mutants::prefix_reuse::token_radix_engine),
        named<"vllm_engine">(mutants::prefix_reuse::vllm_engine)),
    prefix_reuse_under_check<"prefix_reuse_under blocks of 16", blocks_of_16_policy>(
        named<"exact_engine">(mutants::prefix_reuse::exact_engine),
        named<"token_radix_engine">(mutants::prefix_reuse::token_radix_engine),
        named<"vllm_engine">(mutants::prefix_reuse::vllm_engine)),
    prefix_reuse_under_check<"prefix_reuse_under last token recomputed", recompute_last_policy>(
        named<"exact_engine">(mutants::prefix_reuse::exact_engine),
        named<"whole_blocks_engine">(mutants::prefix_reuse::whole_blocks_engine),
        named<"vllm_engine">(mutants::prefix_reuse::vllm_engine),
        named<"recomputes_within_shorter">(
            mutants::prefix_reuse::recomputes_within_shorter<recompute_last_policy>)),
    prefix_reuse_under_check<"prefix_reuse_under blocks of 16, last token recomputed",
                             vllm_policy>(
        named<"exact_engine">(mutants::prefix_reuse::exact_engine),
        named<"whole_blocks_engine">(mutants::prefix_reuse::whole_blocks_engine),
        named<"token_radix_engine">(mutants::prefix_reuse::token_radix_engine),
        named<"recomputes_within_shorter">(
            mutants::prefix_reuse::recomputes_within_shorter<vllm_policy>)),
    block_prefix_reuse_under_check<"block_prefix_reuse_under exact", exact_policy,
                                   blocks_of_16_policy, recompute_last_policy, vllm_policy>(),
    block_prefix_reuse_under_check<"block_prefix_reuse_under blocks of 16", blocks_of_16_policy,
                                   exact_policy, recompute_last_policy, vllm_policy>(),
    block_prefix_reuse_under_check<"block_prefix_reuse_under last token recomputed",
                                   recompute_last_policy, exact_policy, blocks_of_16_policy,
                                   vllm_policy>(),
    block_prefix_reuse_under_check<"block_prefix_reuse_under blocks of 16, last token recomputed",
                                   vllm_policy, exact_policy, blocks_of_16_policy,
                                   recompute_last_policy>());

}  // namespace kvc::verification
