// kvc-report: runs every suite of every contract against kvc's reference and the known-bad
// implementations, and prints a summary (one line per suite, any unexpected result in full), the
// failure records' tables (Markdown, --tables) or their observation objects (JSON Lines, --json).
#include "report.hpp"

#include <kvc/verification/contracts.hpp>

#include <algorithm>
#include <cstddef>
#include <iostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// Every shard's function (tools/CMakeLists.txt generates the list, one per part of each contract).
#define KVC_REPORT_SHARD(function, contract, part) shard_tables function(scope fixtures);
namespace kvc::report {
#include "report_shards.inc"
}  // namespace kvc::report
#undef KVC_REPORT_SHARD

namespace {

constexpr std::string_view usage =
    "usage: kvc-report [--tables | --json] [--full] [--mutants]\n"
    "\n"
    "Runs every suite of every kvc contract against kvc's contract (reference) and the\n"
    "known-bad implementations the contract's descriptor lists: the failure records'\n"
    "seed_failure and seed_unsuccessful_fix on the records' own fixtures, and the mutants\n"
    "modelling engine bugs on every other suite.\n"
    "\n"
    "  (default)  a summary: one line per suite (the reference's fixtures passed, the\n"
    "             known-bad implementations rejected), and in full the table of any\n"
    "             reference that fails a fixture or known-bad implementation that passes\n"
    "  --tables   one Markdown table per suite and implementation, long lists elided\n"
    "             (head, tail, length): | Boundary fixture | Actual | Expected | Outcome |\n"
    "  --json     one JSON object per line instead: {\"suite\", \"implementation\",\n"
    "             \"observations\": [{\"check\", \"actual\", \"expected\", \"passed\"}], \"passed\"}\n"
    "  --full     every fixture of every suite against every implementation\n"
    "  --mutants  the table of known-bad implementations each suite rejects (Markdown)\n"
    "  --help     this text\n";

/// The README's table of known-bad implementations: one row per suite, with every implementation
/// the suite is proven to reject (the records' first).
void print_mutant_table(std::ostream& out) {
  out << "| contract | suite | known-bad implementations rejected |\n|---|---|---|\n";
  boost::hana::for_each(kvc::verification::contracts, [&](const auto& contract) {
    boost::hana::for_each(contract.checks, [&](const auto& check) {
      std::string names;
      const auto add = [&names](const auto& name) {
        names += (names.empty() ? "`" : ", `") + std::string(boost::hana::to<const char*>(name)) + "`";
      };
      boost::hana::for_each(check.records, [&](const auto& record) {
        boost::hana::for_each(record.rows, [&](const auto& row) { add(row.name); });
      });
      boost::hana::for_each(check.mutants, [&](const auto& mutant) { add(mutant.name); });
      out << "| `" << boost::hana::to<const char*>(contract.name) << "` | `"
          << boost::hana::to<const char*>(check.name) << "` | " << names << " |\n";
    });
  });
}

/// Every shard's tables, in the descriptors' order; `consistent` false when the shards do not cover
/// exactly the descriptors' contracts in their order (the list in tools/CMakeLists.txt has drifted).
std::vector<kvc::report::table> all_tables(kvc::report::scope fixtures, bool& consistent) {
  std::vector<kvc::report::shard_tables> shards;
#define KVC_REPORT_SHARD(function, contract, part) shards.push_back(kvc::report::function(fixtures));
#include "report_shards.inc"
#undef KVC_REPORT_SHARD
  std::vector<std::string> covered;
  std::vector<kvc::report::numbered_table> numbered;
  for (auto& shard : shards) {
    if (covered.empty() || covered.back() != shard.contract) covered.push_back(shard.contract);
    for (auto& t : shard.tables) numbered.push_back(std::move(t));
  }
  std::vector<std::string> described;
  boost::hana::for_each(kvc::verification::contracts, [&described](const auto& contract) {
    described.emplace_back(boost::hana::to<const char*>(contract.name));
  });
  consistent = covered == described;
  std::stable_sort(numbered.begin(), numbered.end(),
                   [](const auto& a, const auto& b) { return a.check < b.check; });
  std::vector<kvc::report::table> tables;
  tables.reserve(numbered.size());
  for (auto& t : numbered) tables.push_back(std::move(t.value));
  return tables;
}

/// `text` (a report cell) with a list of more than 13 elements shortened to its first 8, its
/// length and its last 4: `[0, 1, ..., (65537 elements), ..., 65536]`. Nested lists are kept whole
/// within the elements shown.
std::string elided(const std::string& text) {
  constexpr std::size_t head = 8, tail = 4;
  if (text.size() < 2 || text.front() != '[' || text.back() != ']') return text;
  std::vector<std::string> elements;
  std::size_t depth = 0, start = 1;
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    const char c = text[i];
    if (c == '[' || c == '{' || c == '(') ++depth;
    else if ((c == ']' || c == '}' || c == ')') && depth > 0) --depth;
    else if (c == '"') {
      for (++i; i + 1 < text.size() && text[i] != '"'; ++i)
        if (text[i] == '\\') ++i;
    } else if (c == ',' && depth == 0) {
      elements.push_back(text.substr(start, i - start));
      start = i + 2;
    }
  }
  elements.push_back(text.substr(start, text.size() - 1 - start));
  if (elements.size() <= head + tail + 1) return text;
  std::string out = "[";
  for (std::size_t i = 0; i < head; ++i) out += elements[i] + ", ";
  out += "... (" + std::to_string(elements.size()) + " elements), ...";
  for (std::size_t i = elements.size() - tail; i < elements.size(); ++i) out += ", " + elements[i];
  return out + "]";
}

/// The tables with every long list elided, for reading.
std::vector<kvc::report::table> readable(std::vector<kvc::report::table> tables) {
  for (auto& t : tables)
    for (auto& f : t.report.fixtures) {
      f.inputs = elided("[" + f.inputs + "]");
      f.inputs = f.inputs.substr(1, f.inputs.size() - 2);
      f.actual = elided(f.actual);
      f.expected = elided(f.expected);
    }
  return tables;
}

/// One line per suite: how many fixtures the reference passed and how many known-bad
/// implementations the suite rejects; then, in full, every table that is not as the descriptors
/// say (a reference that fails, a known-bad implementation that passes every fixture). Returns
/// whether every table was as expected.
bool print_summary(std::ostream& out, const std::vector<kvc::report::table>& tables) {
  std::vector<const kvc::report::table*> unexpected;
  std::size_t suites = 0;
  for (std::size_t i = 0; i < tables.size();) {
    std::size_t end = i;
    while (end < tables.size() && tables[end].suite == tables[i].suite) ++end;
    std::size_t rejected = 0, others = 0;
    std::string reference = "no reference";
    for (std::size_t k = i; k < end; ++k) {
      const auto& t = tables[k];
      if (t.implementation == "reference") {
        const auto failed = t.report.failures().size();
        reference = "reference passes " + std::to_string(t.report.fixtures.size() - failed) +
                    " of " + std::to_string(t.report.fixtures.size());
        if (failed != 0) unexpected.push_back(&t);
      } else {
        ++others;
        if (!t.passed()) ++rejected;
        else unexpected.push_back(&t);
      }
    }
    out << tables[i].suite << ": " << reference << "; " << rejected << " of " << others
        << " known-bad implementations rejected\n";
    ++suites;
    i = end;
  }
  out << "kvc-report: " << suites << " suites, " << tables.size() << " tables; "
      << (unexpected.empty() ? "every result as the descriptors say"
                             : std::to_string(unexpected.size()) + " unexpected, below")
      << " (--tables prints every table)\n";
  for (const auto* t : unexpected) {
    const auto shown = readable({*t});
    out << "\n### " << t->suite << " / " << t->implementation << " — "
        << (t->passed() ? "passed" : "failed") << "\n\n" << shown.front().report << '\n';
  }
  return unexpected.empty();
}

}  // namespace

int main(int argc, char** argv) {
  bool json = false;
  bool full_tables = false;
  auto scope = kvc::report::scope::records;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--json") {
      json = true;
    } else if (arg == "--tables") {
      full_tables = true;
    } else if (arg == "--mutants") {
      print_mutant_table(std::cout);
      return std::cout.good() ? 0 : 1;
    } else if (arg == "--full") {
      scope = kvc::report::scope::full;
    } else if (arg == "--help" || arg == "-h") {
      std::cout << usage;
      return 0;
    } else {
      std::cerr << "kvc-report: unknown argument '" << arg << "'\n\n" << usage;
      return 2;
    }
  }
  bool consistent = false;
  const auto tables = all_tables(scope, consistent);
  if (!consistent) {
    std::cerr << "kvc-report: its shards (tools/CMakeLists.txt) do not cover the descriptors of "
                 "kvc/verification/contracts.hpp in their order\n";
    return 3;
  }
  if (json) {
    kvc::report::print_json(std::cout, tables);
  } else if (full_tables) {
    kvc::report::print_markdown(std::cout, readable(tables));
  } else {
    // The records' own implementations on their own fixtures: seed_failure fails by design, and a
    // published unsuccessful fix may pass or fail, so only the reference decides the exit status.
    print_summary(std::cout, tables);
  }
  return std::cout.good() ? 0 : 1;
}
