// kvc/conformance.hpp - every contract, every suite of kvc's specs, and every check that runs
// them: for users who want it all, and for the test-framework adapters (kvc/doctest.hpp,
// kvc/gtest.hpp, kvc/catch2.hpp).
//
//   static_assert(kvc::verify(kvc::suites::prefix_reuse, my_engine::reusable_prefix));
//
// fails the build when `my_engine::reusable_prefix` drifts from the contract and names the fixture
// it fails,
//
//   std::cout << kvc::check(kvc::suites::prefix_reuse, my_engine::reusable_prefix);
//
// prints every fixture's outcome at run time, and
//
//   std::cout << kvc::explore(kvc::suites::prefix_reuse, my_engine::reusable_prefix);
//
// searches beyond the fixtures; the stateful checks (`kvc::check_prefix_cache`,
// `kvc::check_slot_allocator`, `kvc::check_block_pool`) and the linearizability of a concurrent budget are here too. A test
// file that checks one suite includes that suite's header
// (kvc/suites/<suite>.hpp) and kvc/verification/checks.hpp instead, and compiles in less. Needs
// Boost.Hana (header-only); the contract headers themselves do not.
#pragma once

#include <kvc/explore.hpp>
#include <kvc/kvc.hpp>
#include <kvc/specs/all.hpp>
#include <kvc/stateful/block_pool_check.hpp>
#include <kvc/stateful/budget_history.hpp>
#include <kvc/stateful/budget_shrink.hpp>
#include <kvc/stateful/check_options.hpp>
#include <kvc/stateful/linearizability.hpp>
#include <kvc/stateful/prefix_cache_check.hpp>
#include <kvc/stateful/slot_allocator_check.hpp>
#include <kvc/stateful/stateful_report.hpp>
#include <kvc/suites/block_pool_scenarios.hpp>
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/join_fixtures.hpp>
#include <kvc/verification/report.hpp>
#include <kvc/verification/standard_policies.hpp>
