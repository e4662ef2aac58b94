// kvc/verification/report.hpp - `kvc::check(suite, impl)`: a suite run at run time, for any
// implementation (constexpr or not), as a report of every fixture's inputs, actual and expected
// results; it prints as the failure records' Markdown table.
//
//   std::cout << kvc::check(kvc::suites::prefix_reuse, my_engine::reusable_prefix);
//
// Needs no exceptions and no RTTI; values are printed as in kvc/verification/text.hpp.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/hana/for_each.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/transform.hpp>
#include <boost/hana/unpack.hpp>

#include <kvc/detail/deferred.hpp>
#include <kvc/exploration/engine_profile.hpp>

#include "checks.hpp"
#include "report_builder.hpp"
#include "results.hpp"
#include "text.hpp"

namespace kvc {

/// One fixture of a `kvc::conformance_report`: its label, its inputs, what the implementation
/// returned and what the contract demands, as text, and whether the two are equal.
struct fixture_outcome {
  /// The fixture's label.
  std::string label;
  std::string inputs;    ///< the call's arguments, comma-separated: `16, 12, 4`
  std::string actual;    ///< `3`, `-1`, `[0, 1, 2]`, `true`
  std::string expected;  ///< the same form
  /// Whether `actual` equals `expected` (true for a skipped fixture).
  bool passed = false;
  /// Not run: the fixture is of a form the implementation does not take (an optional form,
  /// kvc/verification/optional_form.hpp). A skipped fixture is not failed: `passed` is true, and
  /// `actual` says which form is missing.
  bool skipped = false;
  /// Not run: the fixture is outside the engine profile of a restricted suite
  /// (`kvc::restrict_to`). Not failed, and never counted as passed: `actual` says so.
  bool not_covered = false;
};

/// What `kvc::check(suite, impl)` found: one `fixture_outcome` per fixture, in the suite's order.
/// `out << report` prints the records' table:
///
///   | Boundary fixture | Actual | Expected | Outcome |
///   |---|---|---|---|
///   | negative request | -1 | 0 | Failed |
struct conformance_report {
  /// One outcome per fixture, in the suite's order.
  std::vector<fixture_outcome> fixtures;

  // The members below are templates whose calls depend on their parameter, so that a file that
  // includes this header and never looks at a report does not compile them
  // (kvc/detail/deferred.hpp).

  /// True when every fixture passed (and for an empty suite).
  template <class Deferred = void>
  [[nodiscard]] bool passed() const noexcept {
    const auto& all = detail::deferred<Deferred>(fixtures);
    return std::all_of(all.begin(), all.end(), [](const auto& f) { return f.passed; });
  }

  /// How many fixtures were skipped (forms the implementation does not take).
  template <class Deferred = void>
  [[nodiscard]] std::size_t skipped() const noexcept {
    const auto& all = detail::deferred<Deferred>(fixtures);
    return static_cast<std::size_t>(
        std::count_if(all.begin(), all.end(), [](const auto& f) { return f.skipped; }));
  }

  /// How many fixtures are outside the engine profile (`kvc::restrict_to`), not run.
  template <class Deferred = void>
  [[nodiscard]] std::size_t not_covered() const noexcept {
    const auto& all = detail::deferred<Deferred>(fixtures);
    return static_cast<std::size_t>(
        std::count_if(all.begin(), all.end(), [](const auto& f) { return f.not_covered; }));
  }

  /// What the engine profile of a restricted suite gives up, in words.
  std::vector<std::string> notes;

  /// The fixtures that failed, in order.
  template <class Deferred = void>
  [[nodiscard]] std::vector<fixture_outcome> failures() const {
    std::vector<detail::dependent_t<Deferred, fixture_outcome>> failed;
    for (const auto& f : fixtures)
      if (!f.passed) failed.push_back(f);
    return failed;
  }

  /// Prints the records' Markdown table: one row per fixture, Passed, Failed or Skipped.
  template <class Deferred = void>
  friend std::ostream& operator<<(std::ostream& stream, const conformance_report& report) {
    detail::report_builder out;
    out << "| Boundary fixture | Actual | Expected | Outcome |\n|---|---|---|---|\n";
    for (const auto& f : report.fixtures) {
      // Lists are code spans, as in the records.
      const bool list = f.actual.starts_with('[') || f.expected.starts_with('[');
      const auto cell = [list](const std::string& text) {
        return list ? "`" + text + "`" : text;
      };
      out << "| " << f.label << " | " << cell(f.actual) << " | " << cell(f.expected) << " | "
          << (f.not_covered ? "Not covered" : f.skipped ? "Skipped" : f.passed ? "Passed" : "Failed")
          << " |\n";
    }
    if (const std::size_t outside = report.not_covered(); outside != 0) {
      out << "\n" << outside << " of " << report.fixtures.size()
          << " fixtures not covered by the engine profile:";
      for (const auto& f : report.fixtures)
        if (f.not_covered) out << "\n  - " << f.label;
      out << "\n";
    }
    for (const auto& note : report.notes) out << "\nnote: " << note << "\n";
    if (const std::size_t skipped = report.skipped(); skipped != 0)
      out << "\n" << skipped << " of " << report.fixtures.size()
          << " fixtures skipped: forms the implementation does not take\n";
    return stream << out.text;
  }
};

namespace detail {

struct string_sink {
  std::string text;
  void put(char c) { text += c; }
  void put(std::string_view more) { text += more; }
};

/// `value` as text (kvc/verification/text.hpp); `whole`: long ranges are not shortened.
template <class T>
[[nodiscard]] std::string to_text(const T& value, bool whole = true) {
  string_sink sink;
  write_value(sink, value, whole);
  return std::move(sink.text);
}

/// A fixture's inputs as text, comma-separated; long ranges are shortened.
template <class Inputs>
[[nodiscard]] std::string inputs_text(const Inputs& inputs) {
  return boost::hana::unpack(inputs, [](const auto&... input) {
    string_sink sink;
    bool first = true;
    const auto one = [&sink, &first](const auto& value) {
      if (!first) sink.put(", ");
      first = false;
      write_value(sink, value, false);
    };
    (one(input), ...);
    return std::move(sink.text);
  });
}

/// A fixture as a run sees it: its label as text, references to its inputs and result. A fixture's
/// label is a type of its own (a Hana string), so that a run keyed on the fixture is instantiated
/// once per fixture and implementation; keyed on the view, once per call shape, inputs' and
/// result's types and implementation, which many fixtures of a suite share.
template <class Call, class Inputs, class Expected>
struct fixture_view {
  using call = Call;
  const char* label;
  const Inputs& inputs;
  const Expected& expected;
};

/// The view of fixture `f`, which must outlive it.
struct view_fixture_fn {
  template <class Fixture>
  [[nodiscard]] auto operator()(const Fixture& f) const {
    return fixture_view<typename Fixture::call, std::remove_cvref_t<decltype(f.inputs)>,
                        std::remove_cvref_t<decltype(f.expected)>>{
        boost::hana::to<const char*>(f.label), f.inputs, f.expected};
  }
};

/// The views of every fixture of `suite`, in its order (instantiated once per suite, not per
/// implementation checked against it).
template <class Suite>
[[nodiscard]] auto fixture_views(const Suite& suite) {
  return boost::hana::transform(fixtures_of(suite), view_fixture_fn{});
}

/// The outcome of fixture `f`, whose run showed `actual` (as text) and `passed`; or, `actual`
/// null, whose input did not fit the implementation's type. The same for every implementation,
/// so instantiated once per view type, not per (view, implementation).
template <class View>
[[nodiscard]] fixture_outcome outcome_of(const View& f, std::string* actual, bool passed) {
  if (actual == nullptr) {
    // Converted, a value would change: the fixture is refused, not run.
    return fixture_outcome{f.label, inputs_text(f.inputs),
                           "(an input does not fit the implementation's type)",
                           to_text(f.expected), false};
  }
  return fixture_outcome{f.label, inputs_text(f.inputs), std::move(*actual), to_text(f.expected),
                         passed};
}

/// One fixture run against `impl`, as the report shows it.
template <class View, class Impl>
[[nodiscard]] fixture_outcome run_outcome(const View& f, const Impl& impl) {
  if (!View::call::representable(impl, f.inputs)) return outcome_of(f, nullptr, false);
  const auto actual = kvc::observe(f, impl);
  std::string text = to_text(actual);
  return outcome_of(f, &text, fixture_agrees(f, actual));
}

/// A fixture outside the engine profile: not run, not failed, not passed.
template <class View>
[[nodiscard]] fixture_outcome not_covered_outcome(const View& f) {
  fixture_outcome outcome{f.label, inputs_text(f.inputs),
                          "(not covered: outside the engine profile)", to_text(f.expected), true};
  outcome.not_covered = true;
  return outcome;
}

/// A fixture of a form the implementation does not take: not run, not failed.
template <class View>
[[nodiscard]] fixture_outcome skipped_outcome(const View& f) {
  return fixture_outcome{f.label, inputs_text(f.inputs),
                         std::string("(skipped: does not implement ") + View::call::form.chars +
                             ")",
                         to_text(f.expected), true, true};
}

}  // namespace detail

/// Runs every fixture of `suite` against `impl` at run time and reports each: unlike
/// `kvc::verify`, `impl` need not be `constexpr` (a function using `std::vector`, a
/// `std::function`, a lambda with state all work), and every fixture is run, not only up to the
/// first failure.
template <class Suite, class Impl>
[[nodiscard]] conformance_report check(const Suite& suite, const Impl& impl) {
  if constexpr (!detail::suite_can_call<Impl, Suite>) detail::name_unmatched_parameter<Impl, Suite>();
  detail::require_call_shape<Impl, detail::suite_can_call<Impl, Suite>>();
  conformance_report report;
  if constexpr (detail::suite_can_call<Impl, Suite>) {
    report.fixtures.reserve(suite_size<Suite>);
    const auto views = detail::fixture_views(suite);
    boost::hana::for_each(views, [&report, &impl](const auto& f) {
      using fixture_type = std::remove_cvref_t<decltype(f)>;
      if constexpr (requires { fixture_type::call::profile; }) {
        if (report.notes.empty() && report.fixtures.empty())
          report.notes = profile_consequences(fixture_type::call::profile);
      }
      if constexpr (detail::skips<fixture_type, Impl>) {
        report.fixtures.push_back(detail::skipped_outcome(f));
      } else if (!detail::covered_fixture(f)) {
        report.fixtures.push_back(detail::not_covered_outcome(f));
      } else {
        report.fixtures.push_back(detail::run_outcome(f, impl));
      }
    });
  }
  return report;
}

}  // namespace kvc
