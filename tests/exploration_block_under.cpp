// tests/exploration_block_under.cpp - kvc::explore on the block suites under the four standard
// policies: the block mutants under the policy, and kvc's block form under the other policies,
// are rejected by exploration alone.
#include <doctest/doctest.h>

#include <kvc/descriptors/prefix_reuse.hpp>
#include <kvc/explore.hpp>

#include "exploration_support.hpp"

TEST_CASE("exploration rejects every known-bad block implementation under a policy") {
  const auto found = kvc_test::explore_descriptor<6>(kvc::verification::prefix_reuse_contract);
  MESSAGE("block_prefix_reuse_under: " << found.suites << " suites, " << found.mutants
                                       << " mutants, " << found.mutants_missed << " missed");
  CHECK(found.suites == 4);
  CHECK(found.mutants_missed == 0);
}
