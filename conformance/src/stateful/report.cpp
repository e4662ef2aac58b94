// conformance/src/stateful/report.cpp - a stateful report printed, and its counterexample as a
// doctest test case to paste.
#include <kvc/stateful/stateful_report.hpp>

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

#include "operation_text.hpp"

namespace kvc {

namespace {

/// Shrunk operation `i` as the call it makes on `object` (`cache.`, `allocator->`, or nothing).
std::string call_of(const stateful_report& report, std::size_t i, std::string_view object) {
  return std::string(object) + (report.subject == stateful_subject::prefix_cache
                                    ? library::stateful::call_code(report.cache_operations[i])
                                    : library::stateful::call_code(report.allocator_operations[i]));
}

/// Step `i` as a statement: an observed call is checked against the model's value, as a bound
/// when the check was one.
std::string replay_line(const stateful_report& report, std::size_t i, std::string_view object) {
  const std::string expression = call_of(report, i, object);
  if (i >= report.observed.size() || !report.observed[i].observed) return expression + ";";
  const std::int64_t value = report.observed[i].value;
  if (report.subject == stateful_subject::slot_allocator &&
      report.allocator_operations[i].kind == allocator_operation_kind::try_reserve)
    return value != 0 ? "CHECK(" + expression + ");" : "CHECK_FALSE(" + expression + ");";
  if (report.exact) return "CHECK(" + expression + " == " + std::to_string(value) + ");";
  const bool below_zero = i + 1 == report.failing_step && report.actual < 0;
  return below_zero ? "CHECK(" + expression + " >= 0);"
                    : "CHECK(" + expression + " <= " + std::to_string(value) + ");";
}

}  // namespace

std::string stateful_report::replay() const {
  if (passed()) return {};
  const bool cache = subject == stateful_subject::prefix_cache;
  const std::string object = cache ? (through_pointer ? "cache->" : "cache.")
                                   : (through_pointer ? "allocator->" : "allocator.");
  std::string code =
      "TEST_CASE(\"kvc replay: " + std::string(cache ? "prefix cache" : "slot allocator") +
      ", seed " + std::to_string(seed) + "\") {\n";
  if (cache)
    code += "  auto cache = make_cache();\n";
  else
    code += "  auto allocator = make_allocator(" +
            (factory_takes_capacity ? std::to_string(options.capacity) : std::string()) + ");\n";
  for (std::size_t i = 0; i < shrunk_length(); ++i)
    code += "  " + replay_line(*this, i, object) + "\n";
  return code + "}\n";
}

std::ostream& operator<<(std::ostream& stream, const stateful_report& report) {
  const std::string name = report.subject == stateful_subject::prefix_cache
                               ? "kvc::check_prefix_cache"
                               : "kvc::check_slot_allocator";
  const std::string mode =
      report.subject == stateful_subject::slot_allocator || report.options.exact ? "exact"
                                                                                 : "bound";
  if (report.passed())
    return stream << name + " passed: seed " + std::to_string(report.seed) + ", " +
                         std::to_string(report.sequences_run) + " sequences, " +
                         std::to_string(report.operations_run) +
                         " operations checked against the model (" + mode + ")\n";
  std::string out = name + " FAILED: seed " + std::to_string(report.seed) + ", sequence " +
                    std::to_string(report.sequences_to_failure) + " of " +
                    std::to_string(report.options.sequences) + " failed after " +
                    std::to_string(report.original_length) + " operations; shrunk to " +
                    std::to_string(report.shrunk_length()) + " in " +
                    std::to_string(report.shrink_runs) +
                    " runs (run again with the same options to reproduce)\n";
  for (std::size_t i = 0; i < report.shrunk_length(); ++i) {
    out += "  " + std::to_string(i + 1) + ". " + call_of(report, i, "");
    if (i + 1 == report.failing_step) {
      out += " returned " + std::to_string(report.actual) + ", expected ";
      if (report.exact)
        out += std::to_string(report.expected);
      else
        out += "0.." + std::to_string(report.expected) + " (bound: the model says " +
               std::to_string(report.expected) + ")";
    }
    out += '\n';
  }
  out += "replay:\n" + report.replay();
  return stream << out;
}

}  // namespace kvc
