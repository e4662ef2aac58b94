// kvc/descriptors/multimodal_prefix.hpp - the descriptor of multimodal prefix reuse: which suites
// kvc's reference must pass, and which known-bad implementations
// (kvc/contracts/multimodal_prefix.hpp) each suite must reject.
//
// A descriptor is a constant, evaluated where it is defined, so it is costly to include: only kvc's
// own proofs and the tools that loop over every contract (kvc-report, the fuzz seeds, the Python
// package) need it, through kvc/verification/contracts.hpp. kvc/conformance.hpp does not include
// it.
#pragma once

#include <kvc/contracts/multimodal_prefix.hpp>
#include <kvc/descriptors/prefix_reuse.hpp>
#include <kvc/verification/descriptor.hpp>

namespace kvc::verification {

/// The policy suite for P: kvc's contract under P passes; every mutant of the exact suite under P,
/// `extra` (mistakes only some policies can make) and kvc's contract under the other standard
/// policies fail.
template <fixed_label Name, reuse_policy P, reuse_policy... Others, class... Extra>
[[nodiscard]] constexpr auto multimodal_prefix_reuse_under_check(const Extra&... extra) noexcept {
  namespace bad = mutants::multimodal_prefix;
  return check_suite<Name, "">(
      suites::multimodal_prefix_reuse_under<P>, multimodal_prefix_length_under<P>,
      named<"the contract under another policy">(multimodal_prefix_length_under<Others>)...,
      extra..., named<"ids_only under the policy">(bad::under<P>(bad::ids_only)),
      named<"hash_mod_vocabulary under the policy">(bad::under<P>(bad::hash_mod_vocabulary)),
      named<"spans_without_content under the policy">(bad::under<P>(bad::spans_without_content)),
      named<"positions_ignored under the policy">(bad::under<P>(bad::positions_ignored)),
      named<"no_reuse_with_items under the policy">(bad::under<P>(bad::no_reuse_with_items)),
      named<"stops_at_first_item under the policy">(bad::under<P>(bad::stops_at_first_item)),
      named<"first_item_only under the policy">(bad::under<P>(bad::first_item_only)),
      named<"request_items_only under the policy">(bad::under<P>(bad::request_items_only)),
      named<"cached_items_only under the policy">(bad::under<P>(bad::cached_items_only)),
      named<"ignores_namespace under the policy">(bad::under<P>(bad::ignores_namespace)),
      named<"includes_first_disagreement under the policy">(
          bad::under<P>(bad::includes_first_disagreement)),
      named<"counts_agreeing_positions under the policy">(
          bad::under<P>(bad::counts_agreeing_positions)));
}

/// Identity-aware prefix reuse: the engine bugs' suite, the edges suite, and both under the four
/// standard policies.
inline constexpr auto multimodal_prefix_contract = describe_contract<"multimodal_prefix">(
    check_suite<"multimodal_prefix_reuse", "fuzz_multimodal_prefix">(
        suites::multimodal_prefix_reuse, kvc::multimodal_prefix_length,
        named<"ids_only">(mutants::multimodal_prefix::ids_only),
        named<"hash_mod_vocabulary">(mutants::multimodal_prefix::hash_mod_vocabulary),
        named<"spans_without_content">(mutants::multimodal_prefix::spans_without_content),
        named<"positions_ignored">(mutants::multimodal_prefix::positions_ignored),
        named<"no_reuse_with_items">(mutants::multimodal_prefix::no_reuse_with_items),
        named<"stops_at_first_item">(mutants::multimodal_prefix::stops_at_first_item),
        named<"first_item_only">(mutants::multimodal_prefix::first_item_only),
        named<"request_items_only">(mutants::multimodal_prefix::request_items_only),
        named<"cached_items_only">(mutants::multimodal_prefix::cached_items_only),
        named<"ignores_namespace">(mutants::multimodal_prefix::ignores_namespace),
        named<"includes_first_disagreement">(
            mutants::multimodal_prefix::includes_first_disagreement),
        named<"counts_agreeing_positions">(mutants::multimodal_prefix::counts_agreeing_positions)),
    check_suite<"multimodal_prefix_reuse_edges", "fuzz_multimodal_prefix">(
        suites::multimodal_prefix_reuse_edges, kvc::multimodal_prefix_length,
        named<"ignores_item_length">(mutants::multimodal_prefix::ignores_item_length),
        named<"ignores_item_boundaries">(mutants::multimodal_prefix::ignores_item_boundaries),
        named<"placeholder_ids_ignored">(mutants::multimodal_prefix::placeholder_ids_ignored),
        named<"zero_length_marks_token">(mutants::multimodal_prefix::zero_length_marks_token),
        named<"accepts_invalid_items">(mutants::multimodal_prefix::accepts_invalid_items),
        named<"range_check_wraps">(mutants::multimodal_prefix::range_check_wraps),
        named<"overlaps_allowed">(mutants::multimodal_prefix::overlaps_allowed),
        named<"empty_items_unchecked">(mutants::multimodal_prefix::empty_items_unchecked),
        named<"cached_items_checked_only">(mutants::multimodal_prefix::cached_items_checked_only),
        named<"checks_items_in_prefix_only">(
            mutants::multimodal_prefix::checks_items_in_prefix_only)),
    multimodal_prefix_reuse_under_check<"multimodal_prefix_reuse_under exact", exact_policy,
                                        blocks_of_16_policy, recompute_last_policy, vllm_policy>(),
    multimodal_prefix_reuse_under_check<"multimodal_prefix_reuse_under blocks of 16",
                                        blocks_of_16_policy, exact_policy, recompute_last_policy,
                                        vllm_policy>(named<"item_cut_after_rounding">(
        mutants::multimodal_prefix::item_cut_after_rounding<blocks_of_16_policy>)),
    multimodal_prefix_reuse_under_check<"multimodal_prefix_reuse_under last token recomputed",
                                        recompute_last_policy, exact_policy, blocks_of_16_policy,
                                        vllm_policy>(named<"cap_from_cached_length">(
        mutants::multimodal_prefix::cap_from_cached_length<recompute_last_policy>)),
    multimodal_prefix_reuse_under_check<
        "multimodal_prefix_reuse_under blocks of 16, last token recomputed", vllm_policy,
        exact_policy, blocks_of_16_policy, recompute_last_policy>(
        named<"item_cut_after_rounding">(
            mutants::multimodal_prefix::item_cut_after_rounding<vllm_policy>),
        named<"cap_from_cached_length">(
            mutants::multimodal_prefix::cap_from_cached_length<vllm_policy>)));

}  // namespace kvc::verification
