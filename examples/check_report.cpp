// Readable failures: kvc::check runs a suite at run time, against an implementation that need not
// be constexpr, and reports every fixture: label, inputs, actual and expected results.
// [snippet]
#include <kvc/specs/append_admission.hpp>
#include <kvc/verification/report.hpp>

#include <iostream>
#include <vector>

// An engine's admission check that is not constexpr: it logs every request.
namespace my_engine {
std::vector<int> admission_log;
int admit(int capacity, int used, int requested) {
  admission_log.push_back(requested);
  if (requested < 0 || used < 0 || used > capacity) return 0;
  return requested < capacity - used ? requested : 0;  // wrong: a request that fits exactly
}
}  // namespace my_engine

int main() {
  const kvc::conformance_report report = kvc::check(kvc::suites::append_admission, my_engine::admit);
  std::cout << report;  // | Boundary fixture | Actual | Expected | Outcome |, one row per fixture
  for (const kvc::fixture_outcome& f : report.failures())
    std::cout << f.label << ": admit(" << f.inputs << ") returned " << f.actual << ", expected "
              << f.expected << '\n';  // fits exactly: admit(4, 1, 3) returned 0, expected 3
  return report.passed() ? 1 : 0;     // this one must fail
}
// [snippet]
