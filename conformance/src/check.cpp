// conformance/src/check.cpp - `kvc::check`'s run over a table of fixtures, and its report.
#include <kvc/verification/report.hpp>

#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

#include "value_text.hpp"

namespace kvc {

bool conformance_report::passed() const noexcept {
  return std::all_of(fixtures.begin(), fixtures.end(), [](const auto& f) { return f.passed; });
}
std::size_t conformance_report::skipped() const noexcept {
  return static_cast<std::size_t>(
      std::count_if(fixtures.begin(), fixtures.end(), [](const auto& f) { return f.skipped; }));
}
std::size_t conformance_report::not_covered() const noexcept {
  return static_cast<std::size_t>(
      std::count_if(fixtures.begin(), fixtures.end(), [](const auto& f) { return f.not_covered; }));
}
std::vector<fixture_outcome> conformance_report::failures() const {
  std::vector<fixture_outcome> failed;
  for (const auto& f : fixtures)
    if (!f.passed) failed.push_back(f);
  return failed;
}

std::ostream& operator<<(std::ostream& stream, const conformance_report& report) {
  std::string out = "| Boundary fixture | Actual | Expected | Outcome |\n|---|---|---|---|\n";
  for (const auto& f : report.fixtures) {
    // Lists are code spans, as in the records.
    const bool list = f.actual.starts_with('[') || f.expected.starts_with('[');
    const auto cell = [list](const std::string& text) { return list ? "`" + text + "`" : text; };
    out += "| " + f.label + " | " + cell(f.actual) + " | " + cell(f.expected) + " | " +
           (f.not_covered ? "Not covered" : f.skipped ? "Skipped" : f.passed ? "Passed" : "Failed") +
           " |\n";
  }
  if (const std::size_t outside = report.not_covered(); outside != 0) {
    out += "\n" + std::to_string(outside) + " of " + std::to_string(report.fixtures.size()) +
           " fixtures not covered by the engine profile:";
    for (const auto& f : report.fixtures)
      if (f.not_covered) out += "\n  - " + f.label;
    out += "\n";
  }
  for (const auto& note : report.notes) out += "\nnote: " + note + "\n";
  if (const std::size_t skipped = report.skipped(); skipped != 0)
    out += "\n" + std::to_string(skipped) + " of " + std::to_string(report.fixtures.size()) +
           " fixtures skipped: forms the implementation does not take\n";
  return stream << out;
}

std::vector<std::string> profile_consequences(const engine_profile& profile) {
  std::vector<std::string> said;
  if (!profile.keys_salt)
    said.emplace_back(
        "the engine does not key on the cache salt: tenants that share a model and adapter share "
        "KV entries (one tenant's prompt is a cache hit for another)");
  if (!profile.keys_adapter_revision)
    said.emplace_back(
        "the engine does not key on the adapter revision: an adapter reloaded under the same name "
        "reuses KV entries computed with its old weights");
  if (!profile.keys_adapter)
    said.emplace_back(
        "the engine does not key on the adapter: requests of different adapters share KV entries");
  if (!profile.keys_model)
    said.emplace_back(
        "the engine does not key on the model: requests of different models share KV entries");
  if (profile.reuse == reuse_match::bound)
    said.emplace_back(
        "reuse is checked as a bound: results below the contract's pass (safety only, not "
        "efficiency)");
  return said;
}

namespace detail {

std::string suite_name(std::string_view name, bool has_policy, const reuse_policy& policy,
                       bool restricted) {
  std::string out(name);
  if (has_policy)
    out += "<{" + std::to_string(policy.block_size) + ", " +
           (policy.recompute_last_token ? "true" : "false") + ", " +
           (policy.keep_logits_at_cache_end ? "true" : "false") + "}>";
  if (restricted) out += " restricted to an engine profile";
  return out;
}

}  // namespace detail


}  // namespace kvc
