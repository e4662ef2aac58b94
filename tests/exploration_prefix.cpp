// tests/exploration_prefix.cpp - kvc::explore on the exact prefix-reuse suites: kvc's contract
// passes, every known-bad implementation of the descriptor is rejected by exploration alone.
// (The descriptor's policy suites are explored in tests/exploration_prefix_under.cpp.)
#include <doctest/doctest.h>

#include <kvc/descriptors/prefix_reuse.hpp>
#include <kvc/explore.hpp>

#include "exploration_support.hpp"

TEST_CASE("exploration rejects every known-bad exact prefix implementation") {
  const auto found = kvc_test::explore_descriptor<0, 2>(kvc::verification::prefix_reuse_contract);
  MESSAGE("prefix_reuse, block_prefix_reuse: " << found.suites << " suites, " << found.mutants
                                               << " mutants, " << found.mutants_missed << " missed");
  CHECK(found.suites == 2);
  CHECK(found.mutants_missed == 0);
}
