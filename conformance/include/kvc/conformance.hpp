// kvc/conformance.hpp - conformance suites for every kvc contract, and the checks that run them.
//
//   static_assert(kvc::verify(kvc::suites::prefix_reuse, my_engine::reusable_prefix));
//
// fails the build when `my_engine::reusable_prefix` drifts from the contract and names the fixture
// it fails, and
//
//   std::cout << kvc::explore(kvc::suites::prefix_reuse, my_engine::reusable_prefix);
//
// searches beyond the fixtures at run time (kvc/explore.hpp). Needs Boost.Hana (header-only); the
// contract headers themselves do not.
//
// The known-bad implementations (kvc::mutants) are here; the descriptors that prove each suite
// rejects them are not, since they cost more to compile than everything else together
// (kvc/verification/contracts.hpp has them all).
#pragma once

#include <kvc/contracts/append_admission.hpp>
#include <kvc/contracts/batch_admission.hpp>
#include <kvc/contracts/cache_namespace.hpp>
#include <kvc/contracts/multimodal_prefix.hpp>
#include <kvc/contracts/offsets_from_positions.hpp>
#include <kvc/contracts/prefix_cache_scenarios.hpp>
#include <kvc/contracts/prefix_reuse.hpp>
#include <kvc/contracts/request_admission.hpp>
#include <kvc/contracts/segment_offsets.hpp>
#include <kvc/contracts/segment_positions.hpp>
#include <kvc/contracts/slot_allocator_scenarios.hpp>
#include <kvc/explore.hpp>
#include <kvc/kvc.hpp>
#include <kvc/stateful/block_pool_check.hpp>
#include <kvc/stateful/budget_shrink.hpp>
#include <kvc/stateful/check_options.hpp>
#include <kvc/stateful/linearizability.hpp>
#include <kvc/stateful/prefix_cache_check.hpp>
#include <kvc/stateful/slot_allocator_check.hpp>
#include <kvc/stateful/stateful_report.hpp>
#include <kvc/suites/block_pool_scenarios.hpp>
#include <kvc/suites/prefix_cache_scenarios.hpp>
#include <kvc/suites/slot_allocator_scenarios.hpp>
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/report.hpp>
