// tools/report.hpp - kvc-report's engine: every suite run against the reference implementation and
// the two implementations each failure record publishes, tabulated in the records' own form.
#pragma once

#include <kvc/conformance.hpp>
#include <kvc/mutants/append_admission.hpp>
#include <kvc/mutants/batch_admission.hpp>
#include <kvc/mutants/cache_namespace.hpp>
#include <kvc/mutants/prefix_reuse.hpp>
#include <kvc/mutants/segment_offsets.hpp>
#include <kvc/mutants/segment_positions.hpp>

#include <boost/hana/for_each.hpp>
#include <boost/hana/string.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <ostream>
#include <ranges>
#include <string>
#include <string_view>
#include <vector>

namespace kvc::report {

using json = nlohmann::ordered_json;

/// One row of a record's table: `{"check", "actual", "expected", "passed"}`.
struct observation {
  std::string check;
  json actual;
  json expected;
  bool passed = false;
};

/// One table: a suite run against one implementation.
struct table {
  std::string suite;
  std::string implementation;
  std::vector<observation> observations;

  [[nodiscard]] bool passed() const {
    return std::ranges::all_of(observations, &observation::passed);
  }
};

/// A result as JSON: an integer as a number, a range as an array.
template <class T>
[[nodiscard]] json to_json(const T& value) {
  if constexpr (std::ranges::range<T>) {
    json array = json::array();
    for (const auto& element : value) array.push_back(to_json(element));
    return array;
  } else {
    return json(value);
  }
}

/// A result as the records print it: `3`, `-1`, `[0, 1, 2]`.
[[nodiscard]] inline std::string to_text(const json& value) {
  if (!value.is_array()) return value.dump();
  std::string text = "[";
  for (std::size_t i = 0; i < value.size(); ++i) text += (i > 0 ? ", " : "") + to_text(value[i]);
  return text + "]";
}

/// Runs every fixture of `suite` against `impl`.
template <class Suite, class Impl>
[[nodiscard]] table run(std::string suite_name, std::string implementation, const Suite& suite,
                        const Impl& impl) {
  table result{std::move(suite_name), std::move(implementation), {}};
  hana::for_each(suite, [&](const auto& fixture) {
    result.observations.push_back({hana::to<const char*>(fixture.label),
                                   to_json(kvc::observe(fixture, impl)), to_json(fixture.expected),
                                   kvc::passes(fixture, impl)});
  });
  return result;
}

/// Which fixtures to report for the contracts with a failure record: the record's own (its
/// published table), or the full suite.
enum class scope { records, full };

/// An implementation and the name the report gives it.
template <class Impl>
struct named {
  const char* name;
  const Impl& impl;
};
template <class Impl>
named(const char*, const Impl&) -> named<Impl>;

/// Every suite against kvc's contract (`reference`) and known-bad implementations: for the three
/// recorded contracts, the record's `seed_failure` and `seed_unsuccessful_fix`; for the serving
/// contracts, the engine bugs their mutants model.
[[nodiscard]] inline std::vector<table> all_tables(scope fixtures) {
  std::vector<table> tables;
  const auto add = [&tables](const char* suite_name, const auto& suite, const auto&... impls) {
    (tables.push_back(run(suite_name, impls.name, suite, impls.impl)), ...);
  };
  const auto recorded = [&](const char* suite_name, const auto& record, const auto& full,
                            const auto& reference, const auto& failure, const auto& fix) {
    const auto add_all = [&](const auto& suite) {
      add(suite_name, suite, named{"reference", reference}, named{"seed_failure", failure},
          named{"seed_unsuccessful_fix", fix});
    };
    if (fixtures == scope::records) {
      add_all(record);
    } else {
      add_all(full);
    }
  };
  namespace bad = kvc::mutants;
  recorded("prefix_reuse", suites::seed_prefix_reuse<1>, suites::prefix_reuse,
           kvc::reusable_prefix_length, bad::prefix_reuse::seed_failure,
           bad::prefix_reuse::seed_unsuccessful_fix);
  recorded("append_admission", suites::seed_append_admission<1>, suites::append_admission,
           kvc::admitted_append, bad::append_admission::seed_failure,
           bad::append_admission::seed_unsuccessful_fix);
  recorded("segment_positions", suites::seed_segment_positions<1>, suites::segment_positions,
           kvc::segment_positions, bad::segment_positions::seed_failure,
           bad::segment_positions::seed_unsuccessful_fix);
  add("namespace_isolation", suites::namespace_isolation,
      named{"reference", kvc::reusable_prefix_length},
      named{"concatenated_key", bad::cache_namespace::concatenated_key},
      named{"adapter_name_only", bad::cache_namespace::adapter_name_only});
  add("block_prefix_reuse", suites::block_prefix_reuse,
      named{"reference", kvc::reusable_prefix_length},
      named{"block_rounds_up", bad::prefix_reuse::block_rounds_up},
      named{"block_zero_means_exact", bad::prefix_reuse::block_zero_means_exact});
  add("segment_offsets", suites::segment_offsets, named{"reference", kvc::segment_offsets},
      named{"no_total", bad::segment_offsets::no_total},
      named{"merges_reused_ids", bad::segment_offsets::merges_reused_ids});
  add("segment_run_count", suites::segment_run_count, named{"reference", kvc::segment_run_count},
      named{"counts_distinct_ids", bad::segment_offsets::counts_distinct_ids});
  add("max_segment_length", suites::max_segment_length,
      named{"reference", kvc::max_segment_length},
      named{"longest_per_id", bad::segment_offsets::longest_per_id});
  add("batch_admission", suites::batch_admission, named{"reference", kvc::admitted_batch},
      named{"greedy_partial", bad::batch_admission::greedy_partial},
      named{"checks_sum_only", bad::batch_admission::checks_sum_only});
  return tables;
}

/// One JSON object per table, one per line: the records' observation format.
inline void print_json(std::ostream& out, const std::vector<table>& tables) {
  for (const auto& t : tables) {
    json observations = json::array();
    for (const auto& o : t.observations)
      observations.push_back(
          {{"check", o.check}, {"actual", o.actual}, {"expected", o.expected}, {"passed", o.passed}});
    const json line = {{"suite", t.suite},
                       {"implementation", t.implementation},
                       {"observations", observations},
                       {"passed", t.passed()}};
    out << line.dump() << '\n';
  }
}

/// One Markdown table per (suite, implementation), in the records' form.
inline void print_markdown(std::ostream& out, const std::vector<table>& tables) {
  for (const auto& t : tables) {
    out << "### " << t.suite << " / " << t.implementation << " — "
        << (t.passed() ? "passed" : "failed") << "\n\n"
        << "| Boundary fixture | Actual | Expected | Outcome |\n"
        << "|---|---|---|---|\n";
    for (const auto& o : t.observations) {
      const bool list = o.actual.is_array() || o.expected.is_array();
      const auto cell = [list](const json& value) {
        return list ? "`" + to_text(value) + "`" : to_text(value);
      };
      out << "| " << o.check << " | " << cell(o.actual) << " | " << cell(o.expected) << " | "
          << (o.passed ? "Passed" : "Failed") << " |\n";
    }
    out << '\n';
  }
}

}  // namespace kvc::report
