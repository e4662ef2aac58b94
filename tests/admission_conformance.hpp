// tests/admission_conformance.hpp - the checks the admission suites' run-time tests share
// (tests/append_admission_conformance.cpp, batch_admission_conformance.cpp,
// request_admission_conformance.cpp): a correct implementation passes both halves
// (both_halves.hpp), and a known-bad one fails both, kvc::check naming the fixture that rejects it
// first.
#pragma once

#include <doctest/doctest.h>

#include "both_halves.hpp"

#include <kvc/explore.hpp>
#include <kvc/verification/report.hpp>

#include <cstdint>
#include <ctime>
#include <sstream>
#include <string>
#include <string_view>

namespace kvc_test::admission {

using kvc_test::passes;
using kvc_test::text_of;

/// `impl` fails `suite`'s fixtures, the first failing one being `first_failing`, and fails its
/// exploration with the default options (the shrunk counterexample as a fixture line and a test
/// case).
template <class Suite, class Impl>
void rejected(const std::string& name, const Suite& suite, const Impl& impl,
              std::string_view first_failing) {
  const kvc::conformance_report checked = kvc::check(suite, impl);
  CHECK_MESSAGE(!checked.passed(), name << " passed kvc::check " << checked.suite);
  const auto failures = checked.failures();
  if (!failures.empty())
    CHECK_MESSAGE(failures.front().label == first_failing,
                  name << " first failed \"" << failures.front().label << "\"");
  const kvc::exploration_report explored = kvc::explore(suite, impl);
  CHECK_MESSAGE(!explored.passed(), name << " passed kvc::explore " << explored.suite);
  if (!explored.passed()) {
    CHECK(explored.fixture.starts_with("{\"explored\", {"));
    CHECK(explored.test_case.find("CHECK(impl(") != std::string::npos);
    MESSAGE(name << " (" << explored.suite << "): " << explored.inputs << " -> " << explored.actual
                 << ", expected " << explored.expected);
  }
}

}  // namespace kvc_test::admission
