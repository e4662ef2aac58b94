// kvc-report: prints what every implementation returns for every fixture, in the form of the
// failure records' tables (Markdown) or their observation objects (JSON Lines).
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
    "usage: kvc-report [--json] [--full] [--mutants]\n"
    "\n"
    "Runs every suite of every kvc contract against kvc's contract (reference) and the\n"
    "known-bad implementations the contract's descriptor lists: the failure records'\n"
    "seed_failure and seed_unsuccessful_fix on the records' own fixtures, and the mutants\n"
    "modelling engine bugs on every other suite.\n"
    "\n"
    "  (default)  one Markdown table per suite and implementation:\n"
    "             | Boundary fixture | Actual | Expected | Outcome |\n"
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

}  // namespace

int main(int argc, char** argv) {
  bool json = false;
  auto scope = kvc::report::scope::records;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--json") {
      json = true;
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
  } else {
    kvc::report::print_markdown(std::cout, tables);
  }
  return std::cout.good() ? 0 : 1;
}
