// kvc/verification/adapter_checks.hpp - what the test-framework adapters (kvc/doctest.hpp,
// kvc/gtest.hpp, kvc/catch2.hpp) run and print: every check of kvc/conformance.hpp (the stateful
// checks among them, each returning a report with `passed()` and `out << report`),
// `kvc::check_block_pool` where its header exists, and the failure text
// (kvc/verification/failure_text.hpp).
#pragma once

#include <kvc/conformance.hpp>
#include <kvc/verification/failure_text.hpp>

#if __has_include(<kvc/stateful/block_pool_check.hpp>)
#include <kvc/stateful/block_pool_check.hpp>
#endif
