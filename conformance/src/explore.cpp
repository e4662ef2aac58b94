// conformance/src/explore.cpp - `kvc::explore`'s search over one input type of a suite: draw a
// case with the spec's generator, compare the implementation with the contract under the suite's
// policy and profile, and shrink the first failing case.
#include <kvc/explore.hpp>

#include <ostream>
#include <string>
#include <type_traits>
#include <vector>


namespace kvc {

std::ostream& operator<<(std::ostream& stream, const exploration_report& report) {
  std::string out = "kvc::explore " + report.suite + ": " + (report.failed ? "FAILED" : "passed") +
                    " (seed " + std::to_string(report.seed) + ", " +
                    std::to_string(report.cases_run) + " cases";
  if (report.not_covered != 0)
    out += ", " + std::to_string(report.not_covered) + " not covered by the profile";
  if (report.outside_parameter_types != 0)
    out += ", " + std::to_string(report.outside_parameter_types) + " outside the parameter types";
  out += ")\n";
  for (const auto& note : report.notes) out += "  note: " + note + "\n";
  if (report.failed) {
    out += "  failing case " + std::to_string(report.failing_case) + ", shrunk in " +
           std::to_string(report.shrink_runs) + " runs\n";
    out += "  inputs:   " + report.inputs + "\n";
    out += "  actual:   " + report.actual + "\n";
    out += "  expected: " + report.expected + "\n";
    out += "  as a fixture:\n    " + report.fixture + "\n";
    out += "  as a test case:\n" + report.test_case;
  }
  return stream << out;
}


}  // namespace kvc
