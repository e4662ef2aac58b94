// Optional forms at run time: kvc::check reports a fixture of a form the implementation does not
// take as skipped (not failed, not run), counts the skips, and KVC_CHECK_CONFORMS raises nothing
// for them; an implementation that takes the form is judged on it.
#include <doctest/doctest.h>

#include <kvc/doctest.hpp>
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/report.hpp>

#include <boost/hana/tuple.hpp>

#include <cstddef>
#include <sstream>
#include <string>

namespace {

template <class Label, class Inputs, class Expected>
constexpr auto sized(Label label, Inputs in, Expected expected) {
  return kvc::fixture<Label, kvc::optional_form<kvc::direct_call, "the sized form">, Inputs,
                      Expected>{label, in, expected};
}
// Block counts: `impl(tokens)` (blocks of 16), and, optionally, `impl(tokens, block_size)`.
constexpr auto suite = boost::hana::make_tuple(
    kvc::make_fixture(kvc::label<"one block">, kvc::inputs(16), 1),
    sized(kvc::label<"blocks of 4">, kvc::inputs(9, 4), 3),
    kvc::make_fixture(kvc::label<"a partial block">, kvc::inputs(17), 2));

int calls = 0;
int blocks(int tokens) {  // not constexpr: counts its calls
  ++calls;
  return (tokens + 15) / 16;
}
struct ignores_block_size {
  int operator()(int tokens) const { return (tokens + 15) / 16; }
  int operator()(int tokens, int) const { return (tokens + 15) / 16; }
};

}  // namespace

TEST_CASE("optional form: a fixture of a form the implementation lacks is skipped, not run") {
  calls = 0;
  const kvc::conformance_report report = kvc::check(suite, blocks);
  CHECK(calls == 2);
  REQUIRE(report.fixtures.size() == 3);
  CHECK(report.passed());
  CHECK(report.failures().empty());
  CHECK(report.skipped() == 1);
  const kvc::fixture_outcome& skipped = report.fixtures[1];
  CHECK(skipped.skipped);
  CHECK(skipped.passed);  // not failed
  CHECK(skipped.label == "blocks of 4");
  CHECK(skipped.inputs == "9, 4");
  CHECK(skipped.actual == "(skipped: does not implement the sized form)");
  CHECK(skipped.expected == "3");
  CHECK_FALSE(report.fixtures[0].skipped);
  std::ostringstream table;
  table << report;
  CHECK(table.str().find("| blocks of 4 | (skipped: does not implement the sized form) | 3 | Skipped |") !=
        std::string::npos);
  CHECK(table.str().find("1 of 3 fixtures skipped") != std::string::npos);
  CHECK(kvc::conforms(suite, blocks));
  KVC_CHECK_CONFORMS(suite, blocks);  // no failure raised for the skipped fixture
}

TEST_CASE("optional form: an implementation that takes the form is judged on it") {
  const kvc::conformance_report report = kvc::check(suite, ignores_block_size{});
  CHECK_FALSE(report.passed());
  CHECK(report.skipped() == 0);
  REQUIRE(report.failures().size() == 1);
  CHECK(report.failures().front().label == "blocks of 4");
  CHECK(report.failures().front().actual == "1");
  CHECK_FALSE(kvc::conforms(suite, ignores_block_size{}));
  std::ostringstream table;
  table << report;
  CHECK(table.str().find("skipped") == std::string::npos);
}
