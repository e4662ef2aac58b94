// tests/exploration_prefix_under.cpp - kvc::explore on the prefix suites under the four standard
// policies: every known-bad implementation under the policy, and the engines of the other
// policies, are rejected by exploration alone.
#include <doctest/doctest.h>

#include <kvc/descriptors/prefix_reuse.hpp>
#include <kvc/explore.hpp>

#include "exploration_support.hpp"

TEST_CASE("exploration rejects every known-bad prefix implementation under a policy") {
  const auto found = kvc_test::explore_descriptor<2, 6>(kvc::verification::prefix_reuse_contract);
  MESSAGE("prefix_reuse_under: " << found.suites << " suites, " << found.mutants << " mutants, "
                                 << found.mutants_missed << " missed");
  CHECK(found.suites == 4);
  CHECK(found.mutants_missed == 0);
}
