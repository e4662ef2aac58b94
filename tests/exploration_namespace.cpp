// tests/exploration_namespace.cpp - kvc::explore on the namespace suites: every known-bad
// namespace comparison (joined keys, truncations, case folding, trimmed text), exact and under the
// standard policies, is rejected by exploration alone.
#include <doctest/doctest.h>

#include <kvc/descriptors/cache_namespace.hpp>
#include <kvc/explore.hpp>

#include "exploration_support.hpp"

TEST_CASE("exploration rejects every known-bad namespace implementation") {
  const auto found = kvc_test::explore_descriptor(kvc::verification::cache_namespace_contract);
  MESSAGE("cache_namespace descriptor: " << found.suites << " suites, " << found.mutants
                                         << " mutants, " << found.mutants_missed << " missed");
  CHECK(found.suites >= 5);
  CHECK(found.mutants_missed == 0);
}
