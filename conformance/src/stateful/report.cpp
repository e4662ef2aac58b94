// conformance/src/stateful/report.cpp - a stateful report printed, and its counterexample as a
// doctest test case to paste (a cache's or an allocator's `kvc::stateful_report`, a block pool's
// `kvc::block_pool_report`).
#include <kvc/stateful/block_pool_report.hpp>
#include <kvc/stateful/stateful_report.hpp>

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>

#include "block_pool_text.hpp"
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

std::string block_pool_report::replay() const {
  if (passed()) return {};
  const std::string policy = "kvc::reuse_policy{" + std::to_string(options.policy.block_size) +
                             ", " + (options.policy.recompute_last_token ? "true" : "false") + "}";
  std::string code =
      "TEST_CASE(\"kvc replay: block pool, seed " + std::to_string(seed) +
      "\") {\n  auto pool = make_pool(" +
      (factory_takes_geometry ? std::to_string(num_blocks) + ", " + std::to_string(block_size)
                              : std::string()) +
      ");\n  kvc::block_pool_shadow shadow(" + std::to_string(num_blocks) + ", " +
      std::to_string(block_size) + ", " + policy + ", " + (exact ? "true" : "false") +
      (options.max_live_requests != 0 ? ", " + std::to_string(options.max_live_requests)
                                      : std::string()) +
      ");\n";
  code += "  for (const kvc::block_pool_operation& op : {";
  for (std::size_t i = 0; i < operations.size(); ++i)
    code += std::string(i == 0 ? "" : ",") + "\n           " +
            library::stateful::operation_literal(operations[i]);
  code += "}) {\n    const kvc::block_pool_verdict verdict = kvc::check_block_pool_step(" +
          std::string(through_pointer ? "*pool" : "pool") +
          ", shadow, op);\n    CHECK_MESSAGE(verdict.ok(), verdict.what);\n  }\n";
  return code + "}\n";
}

std::ostream& operator<<(std::ostream& stream, const block_pool_report& report) {
  const std::string mode = report.exact ? "exact" : "bound";
  if (report.passed())
    return stream << "kvc::check_block_pool passed: seed " + std::to_string(report.seed) + ", " +
                         std::to_string(report.sequences_run) + " sequences, " +
                         std::to_string(report.operations_run) +
                         " operations checked against the KV-content shadow (" + mode + ")\n";
  std::string out = "kvc::check_block_pool FAILED: seed " + std::to_string(report.seed) +
                    ", sequence " + std::to_string(report.sequences_to_failure) + " of " +
                    std::to_string(report.options.sequences) + " (" +
                    std::to_string(report.num_blocks) + " blocks of " +
                    std::to_string(report.block_size) + " tokens, " + mode + ") failed after " +
                    std::to_string(report.original_length) + " operations; shrunk to " +
                    std::to_string(report.shrunk_length()) + " in " +
                    std::to_string(report.shrink_runs) + " runs\n";
  for (std::size_t i = 0; i < report.shrunk_length(); ++i) {
    out += "  " + std::to_string(i + 1) + ". " +
           library::stateful::call_code(report.operations[i]);
    if (i < report.returned.size() && report.returned[i] != "-")
      out += " -> " + report.returned[i];
    out += '\n';
  }
  out += "  wrong at " + std::to_string(report.failing_step) + ": " + report.message +
         "\nreplay:\n" + report.replay();
  return stream << out;
}

}  // namespace kvc
