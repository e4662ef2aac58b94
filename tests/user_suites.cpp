// Users' own suites at run time: kvc::check on a Hana tuple of fixtures gives the report kvc::check
// gives for kvc's suites (the same outcomes, text and table), for implementations that need not be
// constexpr, and kvc's fixtures viewed by kvc::fixtures_of are reported as their suite reports
// them.
#include <doctest/doctest.h>

#include <kvc/prefix_reuse.hpp>
#include <kvc/specs/append_admission.hpp>
#include <kvc/specs/cache_namespace.hpp>
#include <kvc/specs/prefix_reuse.hpp>
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/join_fixtures.hpp>
#include <kvc/verification/report.hpp>

#include <boost/hana/at.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/tuple.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace hana = boost::hana;

constexpr auto block_suite = hana::make_tuple(
    kvc::make_fixture(kvc::label<"first block">, kvc::inputs(std::size_t{15}, std::size_t{16}),
                      std::size_t{0}),
    kvc::make_fixture(kvc::label<"block boundary">, kvc::inputs(std::size_t{16}, std::size_t{16}),
                      std::size_t{1}));

// Not constexpr: a std::function, and a call counter.
int calls = 0;
const std::function<std::size_t(std::size_t, std::size_t)> block_of_rounding_up =
    [](std::size_t index, std::size_t block_size) {
      ++calls;
      return (index + block_size - 1) / block_size;
    };
std::size_t block_of(std::size_t index, std::size_t block_size) {
  const std::vector<std::size_t> blocks(1, index / block_size);
  return blocks.front();
}

bool same_outcome(const kvc::fixture_outcome& a, const kvc::fixture_outcome& b) {
  return a.label == b.label && a.inputs == b.inputs && a.actual == b.actual &&
         a.expected == b.expected && a.passed == b.passed && a.skipped == b.skipped &&
         a.not_covered == b.not_covered;
}

// A prefix lookup of the engine's own, over vectors: not constexpr.
std::size_t vector_lookup(std::string_view cache_ns, std::string_view request_ns,
                          const std::vector<int>& cached, const std::vector<int>& requested) {
  return kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested);
}
// Wrong: ignores the namespaces.
std::size_t namespace_blind(std::string_view, std::string_view, const std::vector<int>& cached,
                            const std::vector<int>& requested) {
  return kvc::reusable_prefix_length(0, 0, cached, requested);
}

constexpr auto own_prefix_fixtures = hana::make_tuple(
    kvc::make_fixture(kvc::label<"own: tenants differ">,
                      kvc::inputs("tenant-7/llama", "tenant-8/llama", std::array<char, 2>{'a', 'b'},
                                  std::array<char, 2>{'a', 'b'}),
                      std::size_t{0}),
    kvc::make_fixture(
        kvc::label<"own: models differ after a NUL">,
        kvc::inputs("m\0a", "m\0b", std::array<char, 1>{'a'}, std::array<char, 1>{'a'}),
        std::size_t{0}));

}  // namespace

TEST_CASE("user suites: kvc::check runs every fixture of a Hana tuple and reports it") {
  CHECK(kvc::check(block_suite, block_of).passed());
  CHECK(kvc::conforms(block_suite, block_of));
  CHECK(kvc::outcomes(block_suite, block_of) == std::array{true, true});

  calls = 0;
  const kvc::conformance_report report = kvc::check(block_suite, block_of_rounding_up);
  CHECK(calls == 2);  // every fixture is run, not only up to the first failure
  CHECK_FALSE(report.passed());
  CHECK(report.suite.empty());
  REQUIRE(report.fixtures.size() == 2);
  const kvc::fixture_outcome& first = report.fixtures[0];
  CHECK(first.label == "first block");
  CHECK(first.inputs == "15, 16");
  CHECK(first.actual == "1");
  CHECK(first.expected == "0");
  CHECK_FALSE(first.passed);
  CHECK(report.fixtures[1].passed);
  CHECK(report.failures().size() == 1);
  CHECK_FALSE(kvc::conforms(block_suite, block_of_rounding_up));
  CHECK_FALSE(static_cast<bool>(kvc::verify(block_suite, block_of_rounding_up)));
  CHECK(kvc::outcomes(block_suite, block_of_rounding_up) == std::array{false, true});
  CHECK_FALSE(kvc::passes(hana::at_c<0>(block_suite), block_of_rounding_up));
  CHECK(kvc::observe(hana::at_c<0>(block_suite), block_of_rounding_up) == 1);

  std::ostringstream table;
  table << report;
  CHECK(table.str() ==
        "| Boundary fixture | Actual | Expected | Outcome |\n|---|---|---|---|\n"
        "| first block | 1 | 0 | Failed |\n| block boundary | 1 | 1 | Passed |\n");
}

TEST_CASE("user suites: values print as kvc's reports print them") {
  const auto echo_positions = [](std::span<const int> ids) {
    std::vector<std::size_t> positions;
    for (std::size_t i = 0; i < ids.size(); ++i) positions.push_back(i);
    return positions;
  };
  const auto suite =
      hana::make_tuple(kvc::make_fixture(kvc::label<"restarts">, kvc::inputs(std::array{7, 7, 9}),
                                         std::array<std::size_t, 3>{0, 1, 0}));
  const auto report = kvc::check(suite, echo_positions);
  REQUIRE(report.fixtures.size() == 1);
  CHECK(report.fixtures[0].inputs == "[7, 7, 9]");
  CHECK(report.fixtures[0].actual == "[0, 1, 2]");
  CHECK(report.fixtures[0].expected == "[0, 1, 0]");
  std::ostringstream table;
  table << report;
  CHECK(table.str().find("| restarts | `[0, 1, 2]` | `[0, 1, 0]` | Failed |\n") !=
        std::string::npos);

  const auto same = [](std::string_view a, std::string_view b) { return a == b; };
  const auto texts =
      hana::make_tuple(kvc::make_fixture(kvc::label<"quoted">, kvc::inputs("m\"1", "m\0a"), false));
  const auto quoted = kvc::check(texts, same);
  REQUIRE(quoted.fixtures.size() == 1);
  CHECK(quoted.fixtures[0].inputs == "\"m\\\"1\", \"m\\0a\"");
  CHECK(quoted.fixtures[0].actual == "false");
  CHECK(quoted.passed());
}

TEST_CASE("user suites: a value outside the implementation's types fails, never narrowed") {
  // 257 as an 8-bit id would read as 1, and the two ids as one run.
  const auto runs = [](std::span<const std::uint8_t> ids) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < ids.size(); ++i)
      if (i == 0 || ids[i] != ids[i - 1]) ++count;
    return count;
  };
  const auto suite = hana::make_tuple(
      kvc::make_fixture(kvc::label<"ids past 8 bits">, kvc::inputs(std::array{1, 257}),
                        std::size_t{2}),
      kvc::make_fixture(kvc::label<"small ids">, kvc::inputs(std::array{1, 1}), std::size_t{1}));
  const auto report = kvc::check(suite, runs);
  REQUIRE(report.fixtures.size() == 2);
  CHECK_FALSE(report.passed());
  CHECK_FALSE(report.fixtures[0].passed);
  CHECK(report.fixtures[0].actual == "(an input does not fit the implementation's parameter type)");
  CHECK(report.fixtures[1].actual == "1");
  CHECK_FALSE(kvc::conforms(suite, runs));
}

TEST_CASE("user suites: kvc's fixtures viewed by kvc::fixtures_of report as their suite does") {
  const auto kvc_fixtures = kvc::fixtures_of(kvc::suites::prefix_reuse);
  const kvc::conformance_report of_suite = kvc::check(kvc::suites::prefix_reuse, namespace_blind);
  const kvc::conformance_report of_views = kvc::check(kvc_fixtures, namespace_blind);
  REQUIRE(of_views.fixtures.size() == of_suite.fixtures.size());
  for (std::size_t i = 0; i < of_suite.fixtures.size(); ++i) {
    INFO(of_suite.fixtures[i].label);
    CHECK(same_outcome(of_views.fixtures[i], of_suite.fixtures[i]));
  }
  CHECK_FALSE(of_views.passed());

  // Joined to a user's own: kvc's rows first, as their suite reports them, then the user's.
  const auto joined = kvc::join_fixtures(kvc::suites::prefix_reuse, own_prefix_fixtures);
  const kvc::conformance_report right = kvc::check(joined, vector_lookup);
  CHECK(right.passed());
  REQUIRE(right.fixtures.size() == of_suite.fixtures.size() + 2);
  CHECK(right.fixtures.front().label == "same namespace prefix");
  CHECK(right.fixtures.front().inputs == "\"m\", \"m\", ['a'], ['a', 'b']");
  CHECK(right.fixtures.back().label == "own: models differ after a NUL");
  CHECK(right.fixtures.back().inputs == "\"m\\0a\", \"m\\0b\", ['a'], ['a']");
  CHECK(kvc::conforms(joined, vector_lookup));

  const kvc::conformance_report wrong = kvc::check(joined, namespace_blind);
  REQUIRE(wrong.fixtures.size() == right.fixtures.size());
  for (std::size_t i = 0; i < of_suite.fixtures.size(); ++i)
    CHECK(same_outcome(wrong.fixtures[i], of_suite.fixtures[i]));
  CHECK_FALSE(wrong.fixtures.back().passed);
  CHECK(wrong.fixtures.back().actual == "1");
  CHECK(wrong.fixtures.back().expected == "0");
  CHECK(kvc::outcomes(joined, namespace_blind).back() == false);
}

TEST_CASE("user suites: a restricted suite's fixtures keep its profile and its notes") {
  const auto revision_blind =
      [](const kvc::cache_namespace& cache_ns, const kvc::cache_namespace& request_ns,
         const std::vector<int>& cached, const std::vector<int>& requested) {
        kvc::cache_namespace a = cache_ns, b = request_ns;
        a.adapter_revision = b.adapter_revision = 0;
        return kvc::reusable_prefix_length(a, b, cached, requested);
      };
  const auto restricted = kvc::restrict_to<kvc::profiles::vllm>(kvc::suites::namespace_isolation);
  const kvc::conformance_report of_suite = kvc::check(restricted, revision_blind);
  const kvc::conformance_report of_views = kvc::check(kvc::fixtures_of(restricted), revision_blind);
  CHECK(of_views.passed());
  CHECK(of_views.not_covered() == of_suite.not_covered());
  CHECK(of_views.not_covered() > 0);
  CHECK(of_views.notes == of_suite.notes);
  CHECK_FALSE(of_views.notes.empty());
  CHECK_FALSE(
      kvc::check(kvc::fixtures_of(kvc::suites::namespace_isolation), revision_blind).passed());
}

TEST_CASE("user suites: kvc's value suites need no Boost.Hana, and take the same implementation") {
  const auto admit = [](int capacity, int used, int requested) {
    if (requested < 0 || used < 0 || used > capacity) return 0;
    return requested <= capacity - used ? requested : 0;
  };
  CHECK(kvc::conforms(kvc::suites::append_admission, admit));
  CHECK(kvc::check(kvc::suites::append_admission, admit).passed());
  CHECK(kvc::check(kvc::fixtures_of(kvc::suites::append_admission), admit).passed());
  CHECK(decltype(hana::length(kvc::fixtures_of(kvc::suites::append_admission)))::value ==
        decltype(kvc::suites::append_admission)::size);
}
