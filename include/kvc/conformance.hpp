// kvc/conformance.hpp - conformance suites for every kvc contract, and the checks that run them.
//
//   static_assert(kvc::verify(kvc::suites::prefix_reuse, my_engine::reusable_prefix));
//
// fails the build when `my_engine::reusable_prefix` drifts from the contract and names the fixture
// it fails. Needs Boost.Hana (header-only); the contract headers themselves do not.
#pragma once

#include "fixture.hpp"
#include "kvc.hpp"
#include "suites/append_admission.hpp"
#include "suites/batch_admission.hpp"
#include "suites/cache_namespace.hpp"
#include "suites/prefix_reuse.hpp"
#include "suites/segment_offsets.hpp"
#include "suites/segment_positions.hpp"
