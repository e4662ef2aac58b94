// conformance/src/explore.cpp - `kvc::explore`'s search over one input type of a suite: draw a
// case with the spec's generator, compare the implementation with the contract under the suite's
// policy and profile, and shrink the first failing case.
#include <kvc/explore.hpp>

#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include "each_table.hpp"
#include "gen/shrink.hpp"
#include "gen/source.hpp"
#include "specs/all.hpp"
#include "value_text.hpp"

namespace kvc {

std::ostream& operator<<(std::ostream& stream, const exploration_report& report) {
  std::string out = "kvc::explore " + report.suite + ": " + (report.failed ? "FAILED" : "passed") +
                    " (seed " + std::to_string(report.seed) + ", " +
                    std::to_string(report.cases_run) + " cases";
  if (report.not_covered != 0)
    out += ", " + std::to_string(report.not_covered) + " not covered by the profile";
  if (report.outside_parameter_types != 0)
    out += ", " + std::to_string(report.outside_parameter_types) + " outside the parameter types";
  out += ")\n";
  for (const auto& note : report.notes) out += "  note: " + note + "\n";
  if (report.failed) {
    out += "  failing case " + std::to_string(report.failing_case) + ", shrunk in " +
           std::to_string(report.shrink_runs) + " runs\n";
    out += "  inputs:   " + report.inputs + "\n";
    out += "  actual:   " + report.actual + "\n";
    out += "  expected: " + report.expected + "\n";
    out += "  as a fixture:\n    " + report.fixture + "\n";
    out += "  as a test case:\n" + report.test_case;
  }
  return stream << out;
}

namespace detail {

/// What one explored case came to.
enum class case_state { passed, failed, not_covered, outside_parameter_types };

template <class Row>
void explore_rows(const erased_call_of<Row>& impl, const exploration_context& context,
                  exploration_report& report) {
  using shape = typename Row::inputs_type::shape;
  using In = runtime_inputs_t<typename Row::inputs_type>;
  using Expected = typename Row::expected_type;
  using Result = typename shape::result;
  if (!impl.takes()) return;  // a form the implementation leaves out

  struct ran {
    case_state state = case_state::passed;
    In inputs{};
    Expected expected{};
    Result actual{};
  };
  const auto run = [&](gen::source& choices) {
    ran r;
    r.inputs = library::generator<shape>::template draw<In>(choices, context);
    if (!covered_by(context.profile, r.inputs)) {
      r.state = case_state::not_covered;
      return r;
    }
    r.expected = static_cast<Expected>(shape::reference(r.inputs, context.policy));
    const call_outcome<Result> outcome = impl(r.inputs, r.expected, context.profile);
    r.actual = outcome.actual;
    r.state = !outcome.fit ? case_state::outside_parameter_types
              : outcome.agrees ? case_state::passed
                               : case_state::failed;
    return r;
  };

  for (std::size_t i = 0; i < context.cases; ++i) {
    gen::source choices(gen::case_seed(context.options.seed, (context.table << 40) + i));
    const ran r = run(choices);
    if (r.state == case_state::not_covered) {
      ++report.not_covered;
      continue;
    }
    if (r.state == case_state::outside_parameter_types) {
      ++report.outside_parameter_types;
      continue;
    }
    ++report.cases_run;
    if (r.state == case_state::passed) continue;

    report.failed = true;
    report.failing_case = report.cases_run - 1;
    std::size_t runs = 0;
    const std::vector<std::uint64_t> shrunk = gen::shrink(
        choices.consumed(),
        [&](const std::vector<std::uint64_t>& candidate, std::vector<std::uint64_t>& consumed) {
          gen::source replay(candidate);
          const ran again = run(replay);
          consumed = replay.consumed();
          return again.state == case_state::failed;
        },
        gen::shrink_budget{context.options.max_shrink_runs}, runs);
    report.shrink_runs = runs;
    gen::source replay(shrunk);
    const ran minimal = run(replay);
    report.inputs = text::inputs_of(minimal.inputs);
    report.actual = text::of(minimal.actual);
    report.expected = text::of(minimal.expected);
    report.fixture = "{\"explored\", " + text::table_inputs_of(minimal.inputs) + ", " +
                     text::of(minimal.expected) + "},";
    const bool bound = context.profile.reuse == reuse_match::bound &&
                       std::is_same_v<Result, integer_result> && requires { shape::under; };
    report.test_case = "TEST_CASE(\"kvc explore: " + report.suite + ", seed " +
                       std::to_string(report.seed) + "\") {\n  CHECK(impl(" +
                       text::arguments_of(minimal.inputs) + ") " + (bound ? "<= " : "== ") +
                       text::of(minimal.expected) + ");\n}\n";
    return;
  }
}

}  // namespace detail

namespace library {
/// Instantiates `kvc::explore`'s search for every table of kvc's suites.
void instantiate_explore_rows() {
  each_table([](const auto* row) {
    using Row = std::remove_cvref_t<decltype(*row)>;
    void (*search)(const detail::erased_call_of<Row>&, const detail::exploration_context&,
                   exploration_report&) = &detail::explore_rows<Row>;
    static_cast<void>(search);
  });
}
}  // namespace library

}  // namespace kvc
