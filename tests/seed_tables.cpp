// The failure records' tables, reproduced cell for cell: each record's suite run by kvc::check
// against the record's two published implementations gives the table the record published
// (tests/data/seed_tables.jsonl, transcribed from the records: one JSON object per suite and
// implementation, each observation a fixture's label, result, expected result and outcome).
#include <kvc/specs/append_admission.hpp>
#include <kvc/specs/prefix_reuse.hpp>
#include <kvc/specs/segment_positions.hpp>
#include <kvc/verification/report.hpp>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstddef>
#include <fstream>
#include <string>

#include "mutants/append_admission.hpp"
#include "mutants/prefix_reuse.hpp"
#include "mutants/segment_positions.hpp"

namespace {

/// A record's value as kvc's reports print it: `3`, `[0, 1, 2]`.
std::string as_report_text(const nlohmann::json& value) {
  if (!value.is_array()) return value.dump();
  std::string out = "[";
  for (std::size_t i = 0; i < value.size(); ++i) out += (i == 0 ? "" : ", ") + value[i].dump();
  return out + "]";
}

/// kvc::check's report of the record's suite against the record's implementation `name`.
template <class Suite, class Failure, class Fix>
kvc::conformance_report checked(const Suite& suite, const std::string& name, const Failure& failure,
                                const Fix& fix) {
  return name == "seed_failure" ? kvc::check(suite, failure) : kvc::check(suite, fix);
}

kvc::conformance_report report_for(const std::string& suite, const std::string& implementation) {
  if (suite == "prefix_reuse")
    return checked(kvc::suites::seed_prefix_reuse<1>, implementation,
                   kvc::mutants::prefix_reuse::seed_failure,
                   kvc::mutants::prefix_reuse::seed_unsuccessful_fix);
  if (suite == "append_admission")
    return checked(kvc::suites::seed_append_admission<1>, implementation,
                   kvc::mutants::append_admission::seed_failure,
                   kvc::mutants::append_admission::seed_unsuccessful_fix);
  REQUIRE(suite == "segment_positions");
  return checked(kvc::suites::seed_segment_positions<1>, implementation,
                 kvc::mutants::segment_positions::seed_failure,
                 kvc::mutants::segment_positions::seed_unsuccessful_fix);
}

}  // namespace

TEST_CASE("the failure records' tables reproduce cell for cell") {
  std::ifstream records(KVC_SEED_TABLES);
  REQUIRE(records);
  std::size_t tables = 0;
  for (std::string line; std::getline(records, line);) {
    const nlohmann::json table = nlohmann::json::parse(line);
    const std::string suite = table.at("suite");
    const std::string implementation = table.at("implementation");
    INFO(suite << " / " << implementation);
    REQUIRE((implementation == "seed_failure" || implementation == "seed_unsuccessful_fix"));
    const kvc::conformance_report report = report_for(suite, implementation);
    const nlohmann::json& observations = table.at("observations");
    REQUIRE(report.fixtures.size() == observations.size());
    for (std::size_t i = 0; i < observations.size(); ++i) {
      const nlohmann::json& row = observations[i];
      const kvc::fixture_outcome& outcome = report.fixtures[i];
      CHECK(outcome.label == row.at("check").get<std::string>());
      CHECK(outcome.actual == as_report_text(row.at("actual")));
      CHECK(outcome.expected == as_report_text(row.at("expected")));
      CHECK(outcome.passed == row.at("passed").get<bool>());
    }
    CHECK(report.passed() == table.at("passed").get<bool>());
    ++tables;
  }
  CHECK(tables == 6);
}
