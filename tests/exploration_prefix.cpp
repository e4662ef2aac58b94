// tests/exploration_prefix.cpp - kvc::explore on the prefix-reuse and namespace suites: kvc's
// contract passes, every known-bad implementation of the descriptors is rejected by exploration
// alone, for the standard policies and for policies whose block sizes do not divide each other.
#include <cstddef>
#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <doctest/doctest.h>

#include <kvc/contracts/cache_namespace.hpp>
#include <kvc/contracts/prefix_reuse.hpp>
#include <kvc/explore.hpp>

#include "exploration_support.hpp"

TEST_CASE("exploration rejects every known-bad prefix implementation") {
  const auto found = kvc_test::explore_descriptor(kvc::verification::prefix_reuse_contract);
  MESSAGE("prefix_reuse descriptor: " << found.suites << " suites, " << found.mutants
                                      << " mutants, " << found.mutants_missed << " missed");
  CHECK(found.suites >= 10);
  CHECK(found.mutants_missed == 0);
}

TEST_CASE("exploration rejects every known-bad namespace implementation") {
  const auto found = kvc_test::explore_descriptor(kvc::verification::cache_namespace_contract);
  MESSAGE("cache_namespace descriptor: " << found.suites << " suites, " << found.mutants
                                         << " mutants, " << found.mutants_missed << " missed");
  CHECK(found.suites >= 1);
  CHECK(found.mutants_missed == 0);
}
