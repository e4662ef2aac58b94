// conformance/src/run_tables.hpp - the run-time checks over one table of a suite, written once for
// every table type: `kvc::check`'s run of the fixtures and `kvc::explore`'s search with the spec's
// generator. Each spec's source (conformance/src/specs/<contract>.cpp) includes this and its
// generator, and instantiates both for every table of its contract (`instantiate`); the calls in
// users' files link to those instantiations.
#pragma once

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <kvc/explore.hpp>
#include <kvc/verification/report.hpp>

#include "gen/shrink.hpp"
#include "gen/source.hpp"
#include "generators.hpp"
#include "value_text.hpp"

namespace kvc {
namespace detail {

template <class Row>
void check_rows(std::span<const Row> rows, const erased_call_of<Row>& impl,
                const engine_profile& profile, std::vector<fixture_outcome>& out) {
  using shape = typename Row::inputs_type::shape;
  for (const Row& row : rows) {
    fixture_outcome outcome;
    outcome.label = std::string(row.label.view());
    outcome.inputs = text::inputs_of(row.inputs);
    outcome.expected = text::of(row.expected);
    if (!impl.takes()) {
      outcome.passed = outcome.skipped = true;
      if constexpr (requires { shape::optional_form; })
        outcome.actual = "(does not implement " + std::string(shape::optional_form) + ")";
      else
        outcome.actual = "(not called: the implementation takes none of this fixture's forms)";
    } else if (!covered_by(profile, row.inputs)) {
      outcome.passed = outcome.not_covered = true;  // not run: not failed, though never "Passed"
      outcome.actual = "(not covered: outside the engine profile)";
    } else {
      const auto result = impl(to_runtime(row.inputs), to_runtime_field(row.expected), profile);
      if (!result.fit) {
        // Failed, never narrowed: the engine's parameter types cannot hold the fixture's values.
        outcome.passed = false;
        outcome.actual = "(an input does not fit the implementation's parameter type)";
      } else {
        outcome.actual = text::of(result.actual);
        outcome.passed = result.agrees;
      }
    }
    out.push_back(std::move(outcome));
  }
}


/// What one explored case came to.
enum class case_state { passed, failed, not_covered, outside_parameter_types };

template <class Row>
void explore_rows(const erased_call_of<Row>& impl, const exploration_context& context,
                  exploration_report& report) {
  using shape = typename Row::inputs_type::shape;
  using In = runtime_inputs_t<typename Row::inputs_type>;
  using Expected = runtime_field_t<typename Row::expected_type>;
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
    // The simplest failing run seen and the choices it read (as the shrinker keeps them): the
    // shrunk case's failure as it was seen, for an implementation whose result for the same
    // inputs changes from one call to the next.
    ran simplest_failure = r;
    std::vector<std::uint64_t> simplest_failure_choices = choices.consumed();
    gen::drop_trailing_zeros(simplest_failure_choices);
    const std::vector<std::uint64_t> shrunk = gen::shrink(
        choices.consumed(),
        [&](const std::vector<std::uint64_t>& candidate, std::vector<std::uint64_t>& consumed) {
          gen::source replay(candidate);
          ran again = run(replay);
          consumed = replay.consumed();
          if (again.state != case_state::failed) return false;
          std::vector<std::uint64_t> read = consumed;
          gen::drop_trailing_zeros(read);
          if (gen::simpler(read, simplest_failure_choices)) {
            simplest_failure = std::move(again);
            simplest_failure_choices = std::move(read);
          }
          return true;
        },
        gen::shrink_budget{context.options.max_shrink_runs}, runs);
    report.shrink_runs = runs;
    gen::source replay(shrunk);
    ran minimal = run(replay);
    if (minimal.state != case_state::failed) {
      // The same inputs passed when run again: report the failure that was seen.
      report.notes.emplace_back(
          "the implementation returned another result when the counterexample's inputs were run "
          "again: it is not deterministic (a result cached by an address, state kept between calls)");
      if (simplest_failure_choices == shrunk) minimal = std::move(simplest_failure);
    }
    report.inputs = text::inputs_of(minimal.inputs);
    report.actual = text::of(minimal.actual);
    report.expected = text::of(minimal.expected);
    std::string expected_literal;
    if constexpr (text::integer_vector<Expected>)
      text::append_sequence_literal(expected_literal, minimal.expected);  // a table's list
    else
      expected_literal = text::of(minimal.expected);
    report.fixture = "{\"explored\", " + text::table_inputs_of(minimal.inputs) + ", " +
                     expected_literal + "},";
    const bool bound = context.profile.reuse == reuse_match::bound &&
                       std::is_same_v<Result, integer_result> && requires { shape::under; };
    // The check of the call, as the shape calls it: a generator whose shape is not
    // `impl(inputs...) == expected` (an implementation that fills `out`) writes its own.
    std::string check;
    if constexpr (requires { library::generator<shape>::test_case_body(minimal.inputs, minimal.expected); })
      check = library::generator<shape>::test_case_body(minimal.inputs, minimal.expected);
    else
      check = "  CHECK(impl(" + text::arguments_of(minimal.inputs) + ") " + (bound ? "<= " : "== ") +
              text::of(minimal.expected) + ");\n";
    report.test_case = "TEST_CASE(\"kvc explore: " + report.suite + ", seed " +
                       std::to_string(report.seed) + "\") {\n" + check + "}\n";
    return;
  }
}

}  // namespace detail

namespace library {

/// Where `instantiate_suite` stores the address of every check it instantiates: a stored address
/// is a use an optimizing build cannot drop, so the instantiations are emitted for users' files to
/// link to.
inline const void* volatile instantiated_check = nullptr;

/// Instantiates the run-time checks for every table of `s`.
template <class Info, const auto&... Tables>
void instantiate_suite(const suite<Info, Tables...>&) {
  const auto one = []<class Row>(std::type_identity<Row>) {
    void (*run)(std::span<const Row>, const detail::erased_call_of<Row>&, const engine_profile&,
                std::vector<fixture_outcome>&) = &detail::check_rows<Row>;
    instantiated_check = reinterpret_cast<const void*>(run);
    // A stateful scenario's suite is explored by its subject's check, not by a generator.
    if constexpr (!detail::is_stateful_shape<typename Row::inputs_type::shape>) {
      void (*search)(const detail::erased_call_of<Row>&, const detail::exploration_context&,
                     exploration_report&) = &detail::explore_rows<Row>;
      instantiated_check = reinterpret_cast<const void*>(search);
    }
  };
  (one(std::type_identity<std::remove_cvref_t<decltype(Tables[0])>>{}), ...);
}

/// Instantiates the run-time checks for every table of every suite of `contract` (a policy suite's
/// tables have the same types under every policy).
template <class... Suites>
void instantiate(const contract<Suites...>& c) {
  c.for_each_suite([]<class S>(const S& s) {
    if constexpr (is_policy_suites_v<S>)
      instantiate_suite(typename S::template under<reuse_policy{}>{});
    else
      instantiate_suite(s);
  });
}

}  // namespace library
}  // namespace kvc
