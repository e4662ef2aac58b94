// kvc/verification/fixture_report.hpp - `kvc::check` on a Hana tuple of fixtures: the same
// `kvc::conformance_report` as for kvc's suites, every fixture run at run time, for any
// implementation (constexpr or not).
//
// A row of kvc's tables (`kvc::fixtures_of`) is run by the library's compiled check of its table;
// a user's own fixture is run and printed here, header-only (its types are the user's), by the
// library's printer of values (kvc/verification/value_text.hpp), so that both read alike.
#pragma once

#include <span>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/erased.hpp>
#include <kvc/spec/offered.hpp>
#include <kvc/spec/shape.hpp>
#include <kvc/verification/fixture_checks.hpp>
#include <kvc/verification/label.hpp>
#include <kvc/verification/report.hpp>
#include <kvc/verification/typed_fixture.hpp>
#include <kvc/verification/value_text.hpp>

namespace kvc {

namespace detail {

/// The arguments of a user's fixture as text, comma-separated (long sequences shortened), as
/// `kvc::check` prints a table's inputs.
template <class... A>
[[nodiscard]] std::string arguments_text(const boost::hana::tuple<A...>& arguments) {
  return boost::hana::unpack(arguments, [](const auto&... argument) {
    std::string out;
    bool first = true;
    const auto one = [&](const auto& value) {
      if (!first) out += ", ";
      first = false;
      text::append_value(out, value, false);
    };
    (one(argument), ...);
    return out;
  });
}

/// Runs a user's fixture against `impl` and appends its outcome to `report`.
template <class Label, class... A, class Expected, class Impl>
void report_fixture(conformance_report& report,
                    const fixture<Label, boost::hana::tuple<A...>, Expected>& f, const Impl& impl) {
  fixture_outcome outcome;
  outcome.label = std::string(label_view<Label>);
  outcome.inputs = arguments_text(f.inputs);
  outcome.expected = text::of(f.expected);
  if constexpr (takes<Impl, A...>) {
    const bool fit = boost::hana::unpack(f.inputs, [&](const auto&... argument) {
      return call_offered(
          impl,
          [&](const auto& actual) {
            outcome.actual = text::of(actual);
            outcome.passed = same_result(actual, f.expected);
          },
          argument...);
    });
    if (!fit) {
      // Failed, never narrowed: the implementation's types cannot hold the call, as for a row of
      // kvc's tables.
      outcome.passed = false;
      outcome.actual = "(an input does not fit the implementation's parameter type)";
    }
  }
  report.fixtures.push_back(std::move(outcome));
}

/// Runs the row `f` views against `impl` (the library's check of its table) and appends its
/// outcome to `report`; the first restricted suite's notes are the report's.
template <class Row, class Impl>
void report_fixture(conformance_report& report, const table_fixture<Row>& f, const Impl& impl) {
  if (report.notes.empty() && !(f.profile == engine_profile{}))
    report.notes = profile_consequences(f.profile);
  check_rows<Row>(std::span<const Row>(f.row, 1), erase<Row>(impl), f.profile, report.fixtures);
}

}  // namespace detail

/// Runs every fixture of `fixtures` (a Hana tuple of a user's fixtures and of kvc's,
/// `kvc::fixtures_of`) against `impl` at run time: one `kvc::fixture_outcome` per fixture, in
/// order, as `kvc::check` reports a suite of kvc's. A tuple has no name: the report's `suite` is
/// empty.
template <class... F, class Impl>
[[nodiscard]] conformance_report check(const boost::hana::tuple<F...>& fixtures, const Impl& impl) {
  detail::require_fixtures_take<Impl, F...>();
  conformance_report report;
  if constexpr (detail::fixtures_can_call<Impl, F...>) {
    report.fixtures.reserve(sizeof...(F));
    boost::hana::unpack(fixtures, [&report, &impl](const auto&... f) {
      (detail::report_fixture(report, f, impl), ...);
    });
  }
  return report;
}

}  // namespace kvc
