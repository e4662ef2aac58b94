// kvc-report: prints what every implementation returns for every fixture, in the form of the
// failure records' tables (Markdown) or their observation objects (JSON Lines).
#include "report.hpp"

#include <cstdio>
#include <iostream>
#include <string_view>

namespace {

constexpr std::string_view usage =
    "usage: kvc-report [--json] [--full]\n"
    "\n"
    "Runs each suite against kvc's contract (reference) and known-bad implementations:\n"
    "prefix_reuse, append_admission and segment_positions against the failure records'\n"
    "seed_failure and seed_unsuccessful_fix; namespace_isolation, block_prefix_reuse,\n"
    "segment_offsets, segment_run_count, max_segment_length and batch_admission against\n"
    "the engine bugs they guard against.\n"
    "\n"
    "  (default)  one Markdown table per suite and implementation:\n"
    "             | Boundary fixture | Actual | Expected | Outcome |\n"
    "  --json     one JSON object per line instead: {\"suite\", \"implementation\",\n"
    "             \"observations\": [{\"check\", \"actual\", \"expected\", \"passed\"}], \"passed\"}\n"
    "  --full     every fixture of the recorded suites, not only the records' own\n"
    "  --help     this text\n";

}  // namespace

int main(int argc, char** argv) {
  bool json = false;
  auto scope = kvc::report::scope::records;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--json") {
      json = true;
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
  const auto tables = kvc::report::all_tables(scope);
  if (json) {
    kvc::report::print_json(std::cout, tables);
  } else {
    kvc::report::print_markdown(std::cout, tables);
  }
  return std::cout.good() ? 0 : 1;
}
