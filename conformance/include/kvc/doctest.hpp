// kvc/doctest.hpp - kvc's suites as doctest checks.
//
//   TEST_CASE("my engine's admission") {
//     KVC_CHECK_CONFORMS(kvc::suites::append_admission, my_engine::admit);
//   }
//
// runs `kvc::check(suite, impl)` and reports every failing fixture as a doctest failure of its own
// (like FAIL_CHECK: the test case goes on) with the fixture's label, inputs, actual and expected
// results. Includes <doctest/doctest.h>; the implementation need not be constexpr.
#pragma once

#include <string>

#include <doctest/doctest.h>

#include <kvc/verification/report.hpp>

namespace kvc::detail {

/// `fixture "negative request": inputs (16, 0, -1), actual -1, expected 0`.
[[nodiscard]] inline std::string describe_failure(const fixture_outcome& f) {
  return "fixture \"" + f.label + "\": inputs (" + f.inputs + "), actual " + f.actual +
         ", expected " + f.expected;
}

}  // namespace kvc::detail

/// One doctest failure per fixture of `suite` that `impl` fails; nothing when it passes them all.
#define KVC_CHECK_CONFORMS(suite, impl)                                                     \
  do {                                                                                      \
    const ::kvc::conformance_report kvc_conformance_report_ = ::kvc::check((suite), (impl)); \
    for (const auto& kvc_fixture_ : kvc_conformance_report_.fixtures) {                     \
      if (!kvc_fixture_.passed)                                                             \
        DOCTEST_FAIL_CHECK(::kvc::detail::describe_failure(kvc_fixture_));                  \
    }                                                                                       \
  } while (false)
