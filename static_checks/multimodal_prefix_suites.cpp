// Static checks of the multimodal prefix-reuse suites: kvc's contract passes every suite (the
// policy suite under the four standard policies and one more); every known-bad implementation of
// tests/mutants/multimodal_prefix.hpp is rejected by the suite it belongs to; four engines'
// matching before and after their fixes is judged as the records say; and the fixtures hold what
// their suites' descriptions promise. Compiled, never run.
#include <kvc/explore.hpp>
#include <kvc/multimodal_prefix.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/suites/multimodal_prefix_reuse.hpp>
#include <kvc/suites/multimodal_prefix_reuse_edges.hpp>
#include <kvc/suites/multimodal_prefix_reuse_under.hpp>
#include <kvc/verification/standard_policies.hpp>

#include <cstddef>
#include <type_traits>

#include "multimodal_engines.hpp"
#include "mutants/multimodal_prefix.hpp"

namespace {

using kvc::reuse_policy;
using kvc::suites::multimodal_prefix_reuse;
using kvc::suites::multimodal_prefix_reuse_edges;
using kvc::suites::multimodal_prefix_reuse_under;
using kvc::verification::blocks_of_16_policy;
using kvc::verification::exact_policy;
using kvc::verification::multimodal_prefix_length_under;
using kvc::verification::recompute_last_policy;
using kvc::verification::vllm_policy;
namespace bad = kvc::mutants::multimodal_prefix;

// --- The suites ----------------------------------------------------------------------------------

static_assert(decltype(multimodal_prefix_reuse)::size == 25);
static_assert(decltype(multimodal_prefix_reuse_edges)::size == 17);
static_assert(decltype(multimodal_prefix_reuse_under<vllm_policy>)::size == 25 + 14);
static_assert(
    kvc::suite_policy<
        std::remove_cvref_t<decltype(multimodal_prefix_reuse_under<reuse_policy{3, true}>)>> ==
    reuse_policy{3, true});
static_assert(kvc::explorable<decltype(multimodal_prefix_reuse)>);
static_assert(kvc::explorable<decltype(multimodal_prefix_reuse_edges)>);
static_assert(kvc::explorable<decltype(multimodal_prefix_reuse_under<reuse_policy{7, false}>)>);
static_assert(kvc::explorable<decltype(kvc::restrict_to<kvc::profiles::conservative_reuse>(
                  multimodal_prefix_reuse))>);
// The policy suite is one table, the public `multimodal_prefix_reuse_under_fixtures<P>`.
static_assert(
    std::is_same_v<std::remove_cvref_t<decltype(multimodal_prefix_reuse_under<vllm_policy>)>,
                   kvc::suite<kvc::specs::multimodal_prefix_reuse_under_suite<vllm_policy>,
                              kvc::suites::multimodal_prefix_reuse_under_fixtures<vllm_policy>>>);

// What the descriptions promise of the fixtures: every list of the engine bugs' suite (and of its
// policy form) is valid, without zero-length items, and items of one hash have one length over
// equal placeholder ids, on either side, as content hashes produce them; the edges suite holds
// what they do not.
template <class Table>
constexpr bool every_list_from_hashed_content(const Table& table) {
  for (const auto& row : table) {
    const auto& in = row.inputs;
    if (!kvc::detail::valid_items(in.cached_items, in.cached_tokens.size()) ||
        !kvc::detail::valid_items(in.requested_items, in.requested_tokens.size()))
      return false;
    const auto token = [&in](bool cached, std::size_t i) {
      return cached ? in.cached_tokens[i] : in.requested_tokens[i];
    };
    for (int a_side = 0; a_side < 2; ++a_side)
      for (const kvc::multimodal_item& a : a_side == 0 ? in.cached_items : in.requested_items) {
        if (a.length == 0) return false;
        for (int b_side = 0; b_side < 2; ++b_side)
          for (const kvc::multimodal_item& b : b_side == 0 ? in.cached_items : in.requested_items) {
            if (a.content_hash != b.content_hash) continue;
            if (a.length != b.length) return false;
            for (std::size_t k = 0; k < a.length; ++k)
              if (token(a_side == 0, a.offset + k) != token(b_side == 0, b.offset + k))
                return false;
          }
      }
  }
  return true;
}
static_assert(
    every_list_from_hashed_content(kvc::specs::multimodal_tables::multimodal_prefix_reuse));
static_assert(every_list_from_hashed_content(kvc::specs::multimodal_tables::after_whole_blocks));
static_assert(
    !every_list_from_hashed_content(kvc::specs::multimodal_tables::multimodal_prefix_reuse_edges));

// --- kvc's contract passes every suite -----------------------------------------------------------

static_assert(kvc::verify(multimodal_prefix_reuse, kvc::multimodal_prefix_length));
static_assert(kvc::verify(multimodal_prefix_reuse_edges, kvc::multimodal_prefix_length));
static_assert(kvc::verify(multimodal_prefix_reuse_under<exact_policy>,
                          multimodal_prefix_length_under<exact_policy>));
static_assert(kvc::verify(multimodal_prefix_reuse_under<blocks_of_16_policy>,
                          multimodal_prefix_length_under<blocks_of_16_policy>));
static_assert(kvc::verify(multimodal_prefix_reuse_under<recompute_last_policy>,
                          multimodal_prefix_length_under<recompute_last_policy>));
static_assert(kvc::verify(multimodal_prefix_reuse_under<vllm_policy>,
                          multimodal_prefix_length_under<vllm_policy>));
// Under the exact policy the policy suite's first 25 fixtures are the exact suite's.
static_assert(kvc::verify(multimodal_prefix_reuse_under<exact_policy>,
                          kvc::multimodal_prefix_length));
// Under any policy, not only the four standard ones.
constexpr reuse_policy blocks_of_4{.block_size = 4, .recompute_last_token = true};
static_assert(kvc::verify(multimodal_prefix_reuse_under<blocks_of_4>, [](const auto&... args) {
  return kvc::multimodal_prefix_length(args..., blocks_of_4);
}));

// --- Every mutant rejected by its suite ----------------------------------------------------------

// The engine bugs' suite.
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::ids_only));
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::hash_mod_vocabulary));
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::spans_without_content));
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::positions_ignored));
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::no_reuse_with_items));
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::stops_at_first_item));
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::first_item_only));
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::request_items_only));
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::cached_items_only));
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::ignores_namespace));
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::includes_first_disagreement));
static_assert(!kvc::conforms(multimodal_prefix_reuse, bad::counts_agreeing_positions));

// The edges suite.
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, bad::ignores_item_length));
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, bad::ignores_item_boundaries));
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, bad::placeholder_ids_ignored));
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, bad::zero_length_marks_token));
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, bad::accepts_invalid_items));
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, bad::range_check_wraps));
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, bad::overlaps_allowed));
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, bad::empty_items_unchecked));
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, bad::cached_items_checked_only));
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, bad::checks_items_in_prefix_only));
// The edges' mutants take every input a content hash produces as the contract does: the engine
// bugs' suite cannot tell them apart, which is why the edges suite exists.
static_assert(kvc::conforms(multimodal_prefix_reuse, bad::ignores_item_length));
static_assert(kvc::conforms(multimodal_prefix_reuse, bad::placeholder_ids_ignored));
static_assert(kvc::conforms(multimodal_prefix_reuse, bad::accepts_invalid_items));

// The policy suite under P: kvc's contract under each other standard policy, and every mutant of
// the engine bugs' suite with P applied to its result, fail.
template <reuse_policy P>
constexpr bool rejects_every_mutant_under() {
  constexpr auto suite = multimodal_prefix_reuse_under<P>;
  return !kvc::conforms(suite, bad::under<P>(bad::ids_only)) &&
         !kvc::conforms(suite, bad::under<P>(bad::hash_mod_vocabulary)) &&
         !kvc::conforms(suite, bad::under<P>(bad::spans_without_content)) &&
         !kvc::conforms(suite, bad::under<P>(bad::positions_ignored)) &&
         !kvc::conforms(suite, bad::under<P>(bad::no_reuse_with_items)) &&
         !kvc::conforms(suite, bad::under<P>(bad::stops_at_first_item)) &&
         !kvc::conforms(suite, bad::under<P>(bad::first_item_only)) &&
         !kvc::conforms(suite, bad::under<P>(bad::request_items_only)) &&
         !kvc::conforms(suite, bad::under<P>(bad::cached_items_only)) &&
         !kvc::conforms(suite, bad::under<P>(bad::ignores_namespace)) &&
         !kvc::conforms(suite, bad::under<P>(bad::includes_first_disagreement)) &&
         !kvc::conforms(suite, bad::under<P>(bad::counts_agreeing_positions));
}
template <reuse_policy P, reuse_policy... Others>
constexpr bool rejects_the_other_policies() {
  return (
      !kvc::conforms(multimodal_prefix_reuse_under<P>, multimodal_prefix_length_under<Others>) &&
      ...);
}
static_assert(rejects_every_mutant_under<exact_policy>());
static_assert(rejects_every_mutant_under<blocks_of_16_policy>());
static_assert(rejects_every_mutant_under<recompute_last_policy>());
static_assert(rejects_every_mutant_under<vllm_policy>());
static_assert(rejects_the_other_policies<exact_policy, blocks_of_16_policy, recompute_last_policy,
                                         vllm_policy>());
static_assert(rejects_the_other_policies<blocks_of_16_policy, exact_policy, recompute_last_policy,
                                         vllm_policy>());
static_assert(rejects_the_other_policies<recompute_last_policy, exact_policy, blocks_of_16_policy,
                                         vllm_policy>());
static_assert(rejects_the_other_policies<vllm_policy, exact_policy, blocks_of_16_policy,
                                         recompute_last_policy>());
// Mistakes only some policies can make: rounding before the items cut the prefix (whole blocks),
// and keeping the cache's last token out instead of the request's (the last token recomputed).
static_assert(!kvc::conforms(multimodal_prefix_reuse_under<blocks_of_16_policy>,
                             bad::item_cut_after_rounding<blocks_of_16_policy>));
static_assert(!kvc::conforms(multimodal_prefix_reuse_under<vllm_policy>,
                             bad::item_cut_after_rounding<vllm_policy>));
static_assert(!kvc::conforms(multimodal_prefix_reuse_under<recompute_last_policy>,
                             bad::cap_from_cached_length<recompute_last_policy>));
static_assert(!kvc::conforms(multimodal_prefix_reuse_under<vllm_policy>,
                             bad::cap_from_cached_length<vllm_policy>));

// --- Engines before and after their fixes, as they are written -----------------------------------
// (Span token ids and items, kvc::cache_namespace keys: the suites offer their string namespaces
// as kvc::cache_namespace models.)

namespace engines = kvc_test::engines;

static_assert(!kvc::conforms(multimodal_prefix_reuse, engines::sglang_before_fix));
static_assert(kvc::verify(multimodal_prefix_reuse, engines::sglang_after_fix));
static_assert(!kvc::conforms(multimodal_prefix_reuse, engines::trtllm_before_fix));
static_assert(kvc::verify(multimodal_prefix_reuse, engines::trtllm_after_fix));
static_assert(!kvc::conforms(multimodal_prefix_reuse, engines::lmdeploy_before_fix));
static_assert(kvc::verify(multimodal_prefix_reuse, engines::lmdeploy_after_fix));
// vLLM reuses whole blocks of 16 within num_tokens - 1: its policy's suite judges it.
static_assert(!kvc::conforms(multimodal_prefix_reuse_under<vllm_policy>, engines::vllm_before_fix));
static_assert(kvc::verify(multimodal_prefix_reuse_under<vllm_policy>, engines::vllm_after_fix));
static_assert(!kvc::conforms(multimodal_prefix_reuse, engines::vllm_after_fix));

// Which fixture each "before" fails first, as kvc::outcomes shows it: the bug shape it was.
template <class Suite, class Impl>
constexpr std::size_t first_failure(const Suite& suite, const Impl& impl) {
  const auto outcomes = kvc::outcomes(suite, impl);
  std::size_t i = 0;
  while (i < outcomes.size() && outcomes[i]) ++i;
  return i;
}
static_assert(first_failure(multimodal_prefix_reuse, engines::trtllm_before_fix) ==
              0);  // equal ids, different images
static_assert(first_failure(multimodal_prefix_reuse, engines::lmdeploy_before_fix) ==
              0);  // (the same)
static_assert(first_failure(multimodal_prefix_reuse, engines::sglang_before_fix) ==
              3);  // a derived id equal to text
// vLLM before its fix: the same embeddings at other positions of one block, and nothing else.
static_assert(first_failure(multimodal_prefix_reuse_under<vllm_policy>, engines::vllm_before_fix) ==
              25 + 5);
constexpr auto vllm_before_outcomes =
    kvc::outcomes(multimodal_prefix_reuse_under<vllm_policy>, engines::vllm_before_fix);
static_assert([] {
  std::size_t failed = 0;
  for (const bool passed : vllm_before_outcomes) failed += passed ? 0 : 1;
  return failed;
}() == 1);
// What it reuses there: two blocks, where the contract reuses one.
static_assert(kvc::observe(kvc::suites::multimodal_prefix_reuse_under_fixtures<vllm_policy>[25 + 5],
                           engines::vllm_before_fix) == 32);
static_assert(kvc::suites::multimodal_prefix_reuse_under_fixtures<vllm_policy>[25 + 5].expected ==
              16);

// The fixed engines key items by content, position and nothing else: they meet no edge kvc decides
// beyond that, and the edges suite tells them apart from the contract.
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, engines::sglang_after_fix));
static_assert(!kvc::conforms(multimodal_prefix_reuse_edges, engines::trtllm_after_fix));

}  // namespace
