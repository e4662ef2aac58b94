// tools/report_tables.hpp - kvc-report's tables: every suite of a contract descriptor
// (kvc::verification::contracts) run against its reference implementation, the implementations its
// failure record publishes and its known-bad implementations, tabulated in the records' own form.
// Each table is a `kvc::check(suite, impl)` report, the same a user prints for their own
// implementation. The shards (tools/report_shard.cpp) include this header and one descriptor
// only: neither the rest of kvc/conformance.hpp nor the JSON printing of tools/report.hpp, which
// every one of them would otherwise parse and compile again.
#pragma once

#include <kvc/verification/report.hpp>

#include <boost/hana/at.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace kvc::report {

namespace hana = boost::hana;

/// One table: a suite run against one implementation (`kvc::check`), under their names.
struct table {
  std::string suite;
  std::string implementation;
  kvc::conformance_report report;

  [[nodiscard]] bool passed() const { return report.passed(); }
};

/// Runs every fixture of `suite` against `impl`.
template <class Suite, class Impl>
[[nodiscard]] table run(std::string suite_name, std::string implementation, const Suite& suite,
                        const Impl& impl) {
  return table{std::move(suite_name), std::move(implementation), kvc::check(suite, impl)};
}

/// Which fixtures and implementations to report: the records' own fixtures against the records'
/// implementations (their published tables) and every other suite against its mutants, or every
/// fixture of every suite against every implementation.
enum class scope { records, full };

/// The tables of one suite check, numbered by its contract's place and its own (see
/// `checks_per_contract`) so that tables built in several translation units can be put back in
/// the descriptors' order.
struct numbered_table {
  std::size_t check;
  table value;
};

/// More suite checks than any contract has: a table's number is its contract's index times this,
/// plus the check's index in the contract.
inline constexpr std::size_t checks_per_contract = 1000;

/// Every table of one suite check (`position` is its number, see `numbered_table`): the suite
/// against `reference` (kvc's contract), the implementations its failure records publish and its
/// known-bad implementations.
template <class Check>
void add_check_tables(std::vector<numbered_table>& tables, std::size_t position, const Check& check,
                      scope fixtures) {
  const char* suite_name = hana::to<const char*>(check.name);
  const auto add = [&](const auto& suite, const char* name, const auto& impl) {
    tables.push_back({position, run(suite_name, name, suite, impl)});
  };
  const auto add_mutants = [&](const auto& suite) {
    hana::for_each(check.mutants, [&](const auto& mutant) {
      add(suite, hana::to<const char*>(mutant.name), mutant.impl);
    });
  };
  const auto add_records = [&](const auto& suite) {
    hana::for_each(check.records, [&](const auto& record) {
      hana::for_each(record.rows, [&](const auto& row) {
        add(suite, hana::to<const char*>(row.name), row.impl);
      });
    });
  };
  constexpr bool recorded = decltype(hana::length(check.records))::value > 0;
  if constexpr (recorded) {
    if (fixtures == scope::records) {
      const auto& record_fixtures = hana::at_c<0>(check.records).fixtures;
      add(record_fixtures, "reference", check.reference);
      add_records(record_fixtures);
      return;
    }
  }
  add(check.suite, "reference", check.reference);
  add_records(check.suite);
  add_mutants(check.suite);
}

/// The tables of part `Part` of `Parts` of one contract's suite checks (those whose index is `Part`
/// modulo `Parts`), numbered by the contract's place among all contracts (`contract_index`) and the
/// check's place in it. Running every check instantiates `kvc::check` for each (suite,
/// implementation) pair, which is most of kvc-report's compile time and memory: tools/CMakeLists.txt
/// compiles one translation unit per part of each contract (tools/report_shard.cpp), each with only
/// that contract's descriptor.
template <std::size_t Parts, std::size_t Part, class Contract>
void add_contract_tables(std::vector<numbered_table>& tables, std::size_t contract_index,
                         const Contract& contract, scope fixtures) {
  [&]<std::size_t... Check>(std::index_sequence<Check...>) {
    const auto add_check = [&]<std::size_t K>(std::integral_constant<std::size_t, K>) {
      if constexpr (K % Parts == Part)
        add_check_tables(tables, contract_index * checks_per_contract + K,
                         hana::at_c<K>(contract.checks), fixtures);
    };
    (add_check(std::integral_constant<std::size_t, Check>{}), ...);
  }(std::make_index_sequence<decltype(hana::length(contract.checks))::value>{});
}

/// What one shard adds: the contract it covers (its name, to be checked against the descriptors'
/// order) and its tables.
struct shard_tables {
  std::string contract;
  std::vector<numbered_table> tables;
};

}  // namespace kvc::report
