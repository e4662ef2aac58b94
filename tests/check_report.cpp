// kvc::check and KVC_CHECK_CONFORMS: a suite run at run time against implementations that need not
// be constexpr, reported fixture by fixture.
#include <doctest/doctest.h>

#include <kvc/conformance.hpp>
#include <kvc/doctest.hpp>

#include <cstddef>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

// Not constexpr: a std::vector inside, and a call counter.
int calls = 0;
int admit_strictly(int capacity, int used, int requested) {
  ++calls;
  const std::vector<int> slots(static_cast<std::size_t>(capacity > 0 ? capacity : 0));
  // Wrong on purpose: a request that fills the cache exactly is refused.
  if (requested < 0 || used < 0 || used > capacity) return 0;
  return requested < capacity - used ? requested : 0;
}

// Right, but a std::function: not usable in a constant expression.
const std::function<int(int, int, int)> admit_function = [](int capacity, int used, int requested) {
  if (requested < 0 || used < 0 || used > capacity) return 0;
  return requested <= capacity - used ? requested : 0;
};

}  // namespace

TEST_CASE("kvc::check passes kvc's own contract on every suite it is given") {
  const auto report = kvc::check(kvc::suites::prefix_reuse, kvc::reusable_prefix_length);
  CHECK(report.passed());
  CHECK(report.fixtures.size() == kvc::suite_size<decltype(kvc::suites::prefix_reuse)>);
  CHECK(report.failures().empty());
  CHECK(report.fixtures.front().label == "same namespace prefix");
  CHECK(report.fixtures.front().inputs == "\"m\", \"m\", ['a'], ['a', 'b']");
  CHECK(kvc::check(kvc::suites::segment_positions, kvc::segment_positions).passed());
  CHECK(kvc::check(kvc::suites::namespace_isolation, kvc::reusable_prefix_length).passed());
}

TEST_CASE("kvc::check runs implementations that are not constexpr") {
  CHECK(kvc::check(kvc::suites::append_admission, admit_function).passed());

  calls = 0;
  const auto report = kvc::check(kvc::suites::append_admission, admit_strictly);
  CHECK_FALSE(report.passed());
  // Every fixture is run, not only up to the first failure.
  CHECK(calls == static_cast<int>(report.fixtures.size()));
  const auto failures = report.failures();
  REQUIRE_FALSE(failures.empty());
  CHECK(failures.front().label == "fits exactly");
  CHECK(failures.front().actual == "0");
  CHECK(failures.front().expected == "3");
  CHECK_FALSE(failures.front().passed);
  for (const auto& f : failures) {
    CHECK(f.actual == "0");
    CHECK(f.expected != "0");
  }
}

TEST_CASE("kvc::check reports range results and inputs as text") {
  // Wrong on purpose: positions never restart.
  const auto counting = [](const auto& segments) {
    std::vector<std::size_t> positions;
    for (std::size_t i = 0; i < segments.size(); ++i) positions.push_back(i);
    return positions;
  };
  const auto report = kvc::check(kvc::suites::segment_positions, counting);
  CHECK_FALSE(report.passed());
  bool found = false;
  for (const auto& f : report.failures()) {
    CHECK(f.actual.starts_with("[0, 1"));
    CHECK(f.expected.starts_with("[0"));
    found = true;
  }
  CHECK(found);
}

TEST_CASE("a conformance report prints as the records' Markdown table") {
  std::ostringstream out;
  out << kvc::check(kvc::suites::append_admission, admit_strictly);
  const std::string table = out.str();
  CHECK(table.starts_with("| Boundary fixture | Actual | Expected | Outcome |\n|---|---|---|---|\n"));
  CHECK(table.find("| fits exactly | 0 | 3 | Failed |\n") != std::string::npos);
  CHECK(table.find("| empty append | 0 | 0 | Passed |\n") != std::string::npos);

  std::ostringstream lists;
  lists << kvc::check(kvc::suites::segment_offsets, kvc::segment_offsets);
  CHECK(lists.str().find("| alternating runs | `[0, 1, 2, 3]` | `[0, 1, 2, 3]` | Passed |\n") !=
        std::string::npos);
}

TEST_CASE("values print as text") {
  using kvc::detail::to_text;
  CHECK(to_text(-1) == "-1");
  CHECK(to_text(std::int64_t{INT64_MIN}) == "-9223372036854775808");
  CHECK(to_text(SIZE_MAX) == std::to_string(SIZE_MAX));
  CHECK(to_text(true) == "true");
  CHECK(to_text('a') == "'a'");
  CHECK(to_text(std::string_view{"m\"1"}) == "\"m\\\"1\"");
  CHECK(to_text(std::array{1, 2, 3}) == "[1, 2, 3]");
  CHECK(to_text(std::vector<int>{}) == "[]");
  CHECK(to_text(kvc::cache_namespace{"llama", "sql", 2, "org_1"}) ==
        "{\"llama\", \"sql\", 2, \"org_1\"}");
  struct opaque {};
  CHECK(to_text(opaque{}) == "?");
  CHECK(kvc::detail::to_text(std::vector<int>(100, 7), false).ends_with(", 7, ...]"));
}

TEST_CASE("KVC_CHECK_CONFORMS passes a conforming implementation") {
  KVC_CHECK_CONFORMS(kvc::suites::append_admission, admit_function);
  KVC_CHECK_CONFORMS(kvc::suites::prefix_reuse, kvc::reusable_prefix_length);
}

// Fails (one failure per failing fixture) without failing the run: should_fail inverts it.
TEST_CASE("KVC_CHECK_CONFORMS fails a wrong implementation" * doctest::should_fail()) {
  KVC_CHECK_CONFORMS(kvc::suites::append_admission, admit_strictly);
}

TEST_CASE("KVC_CHECK_CONFORMS takes a suite whose name holds commas") {
  KVC_CHECK_CONFORMS(kvc::suites::prefix_reuse_under<kvc::reuse_policy{16, true}>,
                     [](const auto& c, const auto& r, const auto& cached, const auto& requested) {
                       return kvc::reusable_prefix_length(c, r, cached, requested,
                                                          kvc::reuse_policy{16, true});
                     });
}

TEST_CASE("a failure's text escapes NUL and control characters, so no framework cuts it") {
  using kvc::detail::printable_text;
  CHECK(printable_text(std::string_view("m\0a", 3)) == "m\\0a");
  CHECK(printable_text("a\tb\nc\rd\x01\x7f") == "a\\tb\\nc\\rd\\x01\\x7f");
  CHECK(printable_text("caf\xc3\xa9") == "caf\xc3\xa9");  // UTF-8 is kept
  CHECK(printable_text("two\nlines\t!", /*keep_line_breaks=*/true) == "two\nlines\t!");
  CHECK(printable_text(std::string_view("a\0", 2), true) == "a\\0");

  // The namespace fixture whose models differ after a NUL: every field survives in the message.
  const auto ignores_after_nul = [](const kvc::cache_namespace& c, const kvc::cache_namespace& r,
                                    const auto& cached, const auto& requested) {
    const auto cut = [](const kvc::cache_namespace& ns) {
      const std::string_view model = ns.model;
      return kvc::cache_namespace{model.substr(0, model.find('\0')), ns.adapter,
                                  ns.adapter_revision, ns.salt};
    };
    return kvc::reusable_prefix_length(cut(c), cut(r), cached, requested);
  };
  const kvc::conformance_report report = kvc::check(kvc::suites::namespace_isolation, ignores_after_nul);
  REQUIRE_FALSE(report.passed());
  const std::string text = kvc::detail::describe_failures(report);
  CHECK(text.find('\0') == std::string::npos);
  CHECK(text.find("models differ after an embedded NUL") != std::string::npos);
  CHECK(text.find("\\0") != std::string::npos);
  CHECK(text.find(", expected 0") != std::string::npos);
  CHECK(text.starts_with(std::to_string(report.failures().size()) + " of " +
                         std::to_string(report.fixtures.size()) + " fixtures failed:\n  fixture \""));
  CHECK(kvc::detail::describe_failures(kvc::check(kvc::suites::prefix_reuse,
                                                  kvc::reusable_prefix_length))
            .empty());
}
