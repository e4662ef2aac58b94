// tests/exploration_positions_descriptor.cpp - every known-bad implementation of the position-id
// descriptor, rejected by kvc::explore alone.
#include <doctest/doctest.h>

#include <kvc/descriptors/offsets_from_positions.hpp>
#include <kvc/explore.hpp>

#include "exploration_checks.hpp"

namespace checks = kvc_test::exploration_checks;

TEST_CASE("exploration rejects every known-bad position-id implementation of the descriptor") {
  const auto found = checks::explore_known_bad(kvc::verification::offsets_from_positions_contract);
  MESSAGE("offsets_from_positions descriptor: " << found.rejected << " rejected, " << found.missed
                                                << " missed, " << found.array_only
                                                << " array-only");
  CHECK(found.missed == 0);
  CHECK(found.rejected == 29);
  CHECK(found.array_only == 0);
}

