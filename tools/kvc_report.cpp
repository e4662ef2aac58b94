// kvc-report: prints what every implementation returns for every fixture, in the form of the
// failure records' tables (Markdown) or their observation objects (JSON Lines).
#include "report.hpp"

#include <algorithm>
#include <cstddef>
#include <iostream>
#include <string_view>
#include <utility>
#include <vector>

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

/// Every shard's tables, in the descriptors' order.
std::vector<kvc::report::table> all_tables(kvc::report::scope fixtures) {
  std::vector<kvc::report::numbered_table> numbered;
  [&]<std::size_t... Shard>(std::index_sequence<Shard...>) {
    (kvc::report::add_tables<Shard>(numbered, fixtures), ...);
  }(std::make_index_sequence<KVC_REPORT_SHARDS>{});
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
      kvc::report::print_mutant_table(std::cout);
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
  const auto tables = all_tables(scope);
  if (json) {
    kvc::report::print_json(std::cout, tables);
  } else {
    kvc::report::print_markdown(std::cout, tables);
  }
  return std::cout.good() ? 0 : 1;
}
