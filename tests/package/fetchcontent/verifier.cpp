// kvc::conformance through FetchContent: one suite checked at compile time, with the light headers
// (kvc/verification/checks.hpp and the spec's own) rather than all of kvc/conformance.hpp, and at
// run time by kvc::check, which the kvc_conformance library built here compiles.
#include <kvc/append_admission.hpp>
#include <kvc/specs/append_admission.hpp>
#include <kvc/verification/checks.hpp>
#include <kvc/verification/report.hpp>

#include <cstdio>

static_assert(kvc::verify(kvc::suites::append_admission, kvc::admitted_append));

int main() {
  const auto report = kvc::check(kvc::suites::append_admission, kvc::admitted_append);
  const bool ok = report.passed() && !report.fixtures.empty();
  std::puts(ok ? "kvc::conformance through FetchContent: ok"
               : "kvc::conformance through FetchContent: FAILED");
  return ok ? 0 : 1;
}
