// kvc/verification/adapter_checks.hpp - what the test-framework adapters (kvc/doctest.hpp,
// kvc/gtest.hpp, kvc/catch2.hpp) run and print: every check of kvc/conformance.hpp (the stateful
// checks among them, `kvc::check_block_pool` too, each returning a report with `passed()` and
// `out << report`), and the failure text (kvc/verification/failure_text.hpp).
#pragma once

#include <kvc/conformance.hpp>
#include <kvc/verification/failure_text.hpp>
