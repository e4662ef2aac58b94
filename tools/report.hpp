// tools/report.hpp - kvc-report's output: the tables of tools/report_tables.hpp as the records'
// JSON lines or as Markdown.
#pragma once

#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

#include "report_tables.hpp"

namespace kvc::report {

using json = nlohmann::ordered_json;

/// A result as JSON, from its text (kvc::check's): an integer as a number, a list as an array.
[[nodiscard]] inline json to_json(const std::string& text) {
  json value = json::parse(text, nullptr, false);
  return value.is_discarded() ? json(text) : value;
}

/// One JSON object per table, one per line: the records' observation format.
inline void print_json(std::ostream& out, const std::vector<table>& tables) {
  for (const auto& t : tables) {
    json observations = json::array();
    for (const auto& f : t.report.fixtures) {
      observations.push_back({{"check", f.label},
                              {"actual", to_json(f.actual)},
                              {"expected", to_json(f.expected)},
                              {"passed", f.passed}});
      if (f.skipped) observations.back()["skipped"] = true;  // a form the implementation lacks
    }
    const json line = {{"suite", t.suite},
                       {"implementation", t.implementation},
                       {"observations", observations},
                       {"passed", t.passed()}};
    out << line.dump() << '\n';
  }
}

/// One Markdown table per (suite, implementation), in the records' form (`kvc::conformance_report`'s
/// own `<<`) under a heading naming both.
inline void print_markdown(std::ostream& out, const std::vector<table>& tables) {
  for (const auto& t : tables) {
    out << "### " << t.suite << " / " << t.implementation << " — "
        << (t.passed() ? "passed" : "failed") << "\n\n"
        << t.report << '\n';
  }
}

}  // namespace kvc::report
