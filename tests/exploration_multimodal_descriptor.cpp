// tests/exploration_multimodal_descriptor.cpp - kvc::explore on the multimodal suites: every
// known-bad implementation of the descriptor is rejected by exploration alone.
#include <doctest/doctest.h>

#include <kvc/descriptors/multimodal_prefix.hpp>
#include <kvc/explore.hpp>

#include "exploration_support.hpp"

TEST_CASE("exploration rejects every known-bad exact multimodal implementation") {
  const auto found = kvc_test::explore_descriptor<0, 2>(kvc::verification::multimodal_prefix_contract);
  MESSAGE("multimodal_prefix_reuse, _edges: " << found.suites << " suites, " << found.mutants
                                              << " mutants, " << found.mutants_missed << " missed");
  CHECK(found.suites == 2);
  CHECK(found.mutants_missed == 0);
}

TEST_CASE("exploration rejects every known-bad multimodal implementation under a policy") {
  const auto found = kvc_test::explore_descriptor<2>(kvc::verification::multimodal_prefix_contract);
  MESSAGE("multimodal_prefix_reuse_under: " << found.suites << " suites, " << found.mutants
                                            << " mutants, " << found.mutants_missed << " missed");
  CHECK(found.suites == 4);
  CHECK(found.mutants_missed == 0);
}
