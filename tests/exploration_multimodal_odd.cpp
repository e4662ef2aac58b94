// tests/exploration_multimodal_odd.cpp - the multimodal descriptor's checks rebuilt for policies
// whose block sizes divide none of the standard ones, {3, true} and {7, false}: kvc's contract
// passes, every mutant under the policy and kvc's contract under the other policies fail.
#include <doctest/doctest.h>

#include <kvc/descriptors/multimodal_prefix.hpp>
#include <kvc/explore.hpp>

#include "exploration_support.hpp"

TEST_CASE("exploration rejects every multimodal mutant under the policies {3, true} and {7, false}") {
  namespace v = kvc::verification;
  constexpr kvc::reuse_policy odd_recompute{3, true};
  constexpr kvc::reuse_policy odd_blocks{7, false};
  const auto odd = v::describe_contract<"multimodal_prefix under odd policies">(
      v::multimodal_prefix_reuse_under_check<"under {3, true}", odd_recompute, v::exact_policy,
                                             v::blocks_of_16_policy, odd_blocks>(),
      v::multimodal_prefix_reuse_under_check<"under {7, false}", odd_blocks, v::exact_policy,
                                             v::recompute_last_policy, odd_recompute>());
  const auto found = kvc_test::explore_descriptor(odd);
  MESSAGE("odd policies: " << found.suites << " suites, " << found.mutants << " mutants, "
                           << found.mutants_missed << " missed");
  CHECK(found.suites == 2);
  CHECK(found.mutants_missed == 0);
}
