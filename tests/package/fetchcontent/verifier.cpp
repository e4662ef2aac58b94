// kvc::conformance through FetchContent: one suite checked at compile time, with the light headers
// (kvc/verification/checks.hpp and the suite's own) rather than all of kvc/conformance.hpp.
#include <kvc/append_admission.hpp>
#include <kvc/suites/append_admission.hpp>
#include <kvc/verification/checks.hpp>

#include <cstdio>

static_assert(kvc::verify(kvc::suites::append_admission, kvc::admitted_append));

int main() {
  std::puts("kvc::conformance through FetchContent: ok");
  return 0;
}
