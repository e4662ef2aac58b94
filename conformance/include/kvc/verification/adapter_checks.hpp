// kvc/verification/adapter_checks.hpp - what the test-framework adapters (kvc/doctest.hpp,
// kvc/gtest.hpp, kvc/catch2.hpp) run and print: every check of kvc/conformance.hpp, the stateful
// checks (`kvc::check_prefix_cache`, `kvc::check_slot_allocator`, `kvc::check_block_pool`, each
// returning a report with `passed()` and `out << report`) where their headers exist, and the
// failure text (kvc/verification/failure_text.hpp).
#pragma once

#include <kvc/conformance.hpp>
#include <kvc/verification/failure_text.hpp>

#if __has_include(<kvc/stateful/prefix_cache_check.hpp>)
#include <kvc/stateful/prefix_cache_check.hpp>
#endif
#if __has_include(<kvc/stateful/slot_allocator_check.hpp>)
#include <kvc/stateful/slot_allocator_check.hpp>
#endif
#if __has_include(<kvc/stateful/block_pool_check.hpp>)
#include <kvc/stateful/block_pool_check.hpp>
#endif
#if __has_include(<kvc/stateful/check_options.hpp>)
#include <kvc/stateful/check_options.hpp>
#endif
