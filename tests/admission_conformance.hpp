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

/// What `rejected` expects of a known-bad implementation's reports (both_halves.hpp), and that the
/// first failing fixture is `first_failing`.
inline void expect_rejected_first_by(std::string_view name, const kvc::conformance_report& checked,
                                     const kvc::exploration_report& explored,
                                     std::string_view first_failing) {
  kvc_test::expect_rejected(name, checked, explored);
  if (!explored.passed()) CHECK(explored.fixture.starts_with("{\"explored\", {"));
  const auto failures = checked.failures();
  if (!failures.empty())
    CHECK_MESSAGE(failures.front().label == first_failing,
                  name << " first failed \"" << failures.front().label << "\"");
}

/// `impl` fails `suite`'s fixtures, the first failing one being `first_failing`, and fails its
/// exploration with the default options (the shrunk counterexample as a fixture line and a test
/// case).
template <class Suite, class Impl>
void rejected(std::string_view name, const Suite& suite, const Impl& impl, std::string_view first_failing) {
  expect_rejected_first_by(name, kvc::check(suite, impl), kvc::explore(suite, impl), first_failing);
}

}  // namespace kvc_test::admission
