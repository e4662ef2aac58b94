// kvc/exploration/exploration_loop.hpp - the search every suite's exploration shares: draw a case
// in one of the suite's input forms, compute the contract's result for it, run the
// implementation, compare, and shrink the first difference to a minimal counterexample.
//
// A suite's exploration (kvc/exploration/*_exploration.hpp) supplies what is particular to it, as
// static members of a family type F:
//   F::profile                                     the engine profile it is checked under
//   F::template generate<Call>(generator, owned)   a case, in the owned form of `Call`'s inputs
//   F::template covered<Call>(inputs)              whether the profile covers the case
//   F::template expected<Call>(inputs)             the contract's result
//   F::template callable<Call, Impl>               whether `impl` takes `Call`'s inputs
//   F::template actual<Call>(impl, inputs)         the implementation's result
//   F::template agrees<Call>(actual, expected, inputs)   whether they agree
//   F::template fixture_line<Call>(inputs, expected)     the case as a fixture expression
// and the list of input forms, `F::forms`, a `type_list` of `case_form<Call, Inputs>`. A family may
// also supply `F::shrink_candidates(owned)`, smaller cases that keep a relation between its inputs
// the generic candidates (kvc/exploration/case_values.hpp) would break; they are tried first.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/lazy_suite.hpp>
#include <kvc/exploration/case_values.hpp>
#include <kvc/exploration/engine_profile.hpp>
#include <kvc/exploration/exploration_report.hpp>
#include <kvc/exploration/explore_options.hpp>
#include <kvc/exploration/value_generators.hpp>
#include <kvc/stateful/seeded_random.hpp>
#include <kvc/verification/offered_arguments.hpp>
#include <kvc/verification/report.hpp>
#include <kvc/verification/results.hpp>

namespace kvc::exploration {

using kvc::detail::type_list;

/// One input form of a suite: its fixtures' call shape and their inputs' run-time form.
template <class Call, class Inputs>
struct case_form {
  using call = Call;
  using inputs = Inputs;
};

// --- The forms of a suite: one per distinct (call shape, run-time inputs) of its fixtures -------

template <class List, class T>
struct append_unique;
template <class... Ts, class T>
struct append_unique<type_list<Ts...>, T> {
  using type = std::conditional_t<(std::is_same_v<Ts, T> || ...), type_list<Ts...>,
                                  type_list<Ts..., T>>;
};

/// The form of fixture type F.
template <class F>
using form_of_fixture =
    case_form<typename F::call,
              typename call_inputs_of<std::remove_cvref_t<decltype(F::inputs)>>::type>;

/// `forms + std::type_identity<T>{}`: the list with T appended, unless it holds T already. A left
/// fold of it over a suite's fixtures keeps each form once in one pass, each step instantiated on
/// the (short) list of forms so far rather than on the rest of the suite's fixture types.
template <class... Forms, class T>
[[nodiscard]] constexpr auto operator+(type_list<Forms...>, std::type_identity<T>) noexcept {
  if constexpr ((std::is_same_v<Forms, T> || ...))
    return type_list<Forms...>{};
  else
    return type_list<Forms..., T>{};
}

template <class Suite>
struct forms_of_suite;
template <class... F>
struct forms_of_suite<boost::hana::tuple<F...>> {
  using type = decltype((type_list<>{} + ... + std::type_identity<form_of_fixture<F>>{}));
};

/// The input forms of a suite type.
template <class Suite>
using suite_forms = typename forms_of_suite<suite_fixtures_t<Suite>>::type;

/// Keeps the forms `Impl` can be called with.
template <class F, class Impl, class Forms>
struct callable_forms;
template <class F, class Impl, class... Forms>
struct callable_forms<F, Impl, type_list<Forms...>> {
  template <class List, class Form>
  using keep = std::conditional_t<F::template callable<typename Form::call, typename Form::inputs, Impl>,
                                  typename append_unique<List, Form>::type, List>;
  template <class List, class... Rest>
  struct fold {
    using type = List;
  };
  template <class List, class First, class... Rest>
  struct fold<List, First, Rest...> : fold<keep<List, First>, Rest...> {};
  using type = typename fold<type_list<>, Forms...>::type;
};

template <class List>
struct list_size;
template <class... T>
struct list_size<type_list<T...>> {
  static constexpr std::size_t value = sizeof...(T);
};

template <class>
inline constexpr bool no_form_fits_v = false;

/// Whether `impl` takes a direct call's inputs in some offered form.
template <class Impl, class Inputs>
struct direct_callable;
template <class Impl, class... A>
struct direct_callable<Impl, boost::hana::tuple<A...>> {
  static constexpr bool value =
      !std::is_same_v<typename kvc::detail::first_fitting_forms<Impl, kvc::detail::all_forms, A...>::type,
                      kvc::detail::no_call_shape_fits>;
};

// --- One case ------------------------------------------------------------------------------------

/// What one case showed.
struct case_outcome {
  bool covered = true;        ///< inside the engine's profile
  bool representable = true;  ///< every input fits the implementation's parameter types
  bool agrees = true;         ///< the implementation's result agrees with the contract's
};

/// The owned form of a case of input form `Form`.
template <class Form>
using owned_case_t = typename owned_case_of<typename Form::inputs>::type;

/// An implementation as the loop over one family's input form sees it: two functions of its own
/// (run a case; its result as text), so that the loop, the shrinking and the report, which are
/// the same for every implementation, are compiled once per family and form rather than once per
/// implementation (kvc's exploration tests run hundreds of implementations through each suite).
template <class Owned>
struct erased_implementation {
  const void* impl = nullptr;
  case_outcome (*run)(const void* impl, const Owned& owned) = nullptr;
  std::string (*actual_text)(const void* impl, const Owned& owned) = nullptr;
};

/// One case of form `Form` run against the implementation of type `Impl` at `impl`.
template <class F, class Form, class Impl>
[[nodiscard]] case_outcome run_case(const void* impl_address, const owned_case_t<Form>& owned) {
  using call = typename Form::call;
  using inputs_t = typename Form::inputs;
  const Impl& impl = *static_cast<const Impl*>(impl_address);
  const inputs_t inputs = viewer<inputs_t>::view(owned);
  case_outcome outcome;
  if (!F::template covered<call>(inputs)) {
    outcome.covered = false;
    return outcome;
  }
  if (!F::template representable<call>(impl, inputs)) {
    outcome.representable = false;
    return outcome;
  }
#if defined(__cpp_exceptions)
  try {
#endif
    const auto actual = F::template actual<call>(impl, inputs);
    outcome.agrees = F::template agrees<call>(actual, F::template expected<call>(inputs), inputs);
#if defined(__cpp_exceptions)
  } catch (...) {
    outcome.agrees = false;
  }
#endif
  return outcome;
}

/// What the implementation of type `Impl` at `impl` returns for a case, as text (or what it threw).
template <class F, class Form, class Impl>
[[nodiscard]] std::string actual_text(const void* impl_address, const owned_case_t<Form>& owned) {
  using inputs_t = typename Form::inputs;
  const Impl& impl = *static_cast<const Impl*>(impl_address);
  const inputs_t inputs = viewer<inputs_t>::view(owned);
#if defined(__cpp_exceptions)
  try {
#endif
    return kvc::detail::to_text(F::template actual<typename Form::call>(impl, inputs), false);
#if defined(__cpp_exceptions)
  } catch (const std::exception& e) {
    return std::string("(threw: ") + e.what() + ")";
  } catch (...) {
    return "(threw)";
  }
#endif
}

/// The implementation `impl` as the loop over form `Form` of family F sees it.
template <class F, class Form, class Impl>
[[nodiscard]] erased_implementation<owned_case_t<Form>> erase(const Impl& impl) noexcept {
  return {&impl, &run_case<F, Form, Impl>, &actual_text<F, Form, Impl>};
}

template <class Owned>
[[nodiscard]] bool fails(const erased_implementation<Owned>& impl, const Owned& owned) {
  const case_outcome o = impl.run(impl.impl, owned);
  return o.covered && o.representable && !o.agrees;
}

/// Fills the report's counterexample from the shrunk case.
template <class F, class Form>
void describe_failure(exploration_report& report,
                      const erased_implementation<owned_case_t<Form>>& impl,
                      const owned_case_t<Form>& owned) {
  using call = typename Form::call;
  using inputs_t = typename Form::inputs;
  const inputs_t inputs = viewer<inputs_t>::view(owned);
  const auto expected = F::template expected<call>(inputs);
  report.inputs = kvc::detail::inputs_text(inputs);
  report.expected = kvc::detail::to_text(expected, false);
  report.actual = impl.actual_text(impl.impl, owned);
  report.fixture = F::template fixture_line<call>(inputs, expected);
  report.test_case = "TEST_CASE(\"kvc::explore " + report.suite + ", seed " +
                     std::to_string(report.seed) + "\") {\n  static constexpr auto fixture =\n      " +
                     report.fixture + ";\n  CHECK(kvc::passes(fixture, impl));\n}\n";
}

/// Shrinks a failing case: repeatedly takes the first smaller candidate that still fails (the
/// family's own candidates first, when it has any, then the generic ones, made one at a time),
/// until none does or `options.max_shrink_runs` re-runs are spent.
template <class F, class Owned>
[[nodiscard]] Owned shrink(const erased_implementation<Owned>& impl, Owned owned,
                           const explore_options& options, std::size_t& runs) {
  const auto still_fails = [&](Owned&& candidate) {
    if (runs >= options.max_shrink_runs) return false;
    ++runs;
    if (!fails(impl, candidate)) return false;
    owned = std::move(candidate);
    return true;
  };
  for (;;) {
    if (runs >= options.max_shrink_runs) break;
    bool progress = false;
    if constexpr (requires { F::shrink_candidates(owned); }) {
      for (auto& candidate : F::shrink_candidates(owned))
        if (still_fails(std::move(candidate))) {
          progress = true;
          break;
        }
    }
    if (!progress) {
      const Owned current = owned;
      progress = offer_candidates(current, candidate_test<Owned>(still_fails));
    }
    if (!progress) break;
  }
  return owned;
}

template <class F, class Form>
bool explore_one(const erased_implementation<owned_case_t<Form>>& impl, case_generator& generator,
                 const explore_options& options, std::size_t index, exploration_report& report) {
  owned_case_t<Form> owned{};
  F::template generate<typename Form::call>(generator, owned, options);
  const case_outcome outcome = impl.run(impl.impl, owned);
  if (!outcome.covered) {
    ++report.not_covered;
    return true;
  }
  if (!outcome.representable) {
    ++report.outside_parameter_types;
    return true;
  }
  ++report.cases_run;
  if (outcome.agrees) return true;
  report.failed = true;
  report.failing_case = index;
  std::size_t runs = 0;
  const auto shrunk = shrink<F>(impl, owned, options, runs);
  report.shrink_runs = runs;
  describe_failure<F, Form>(report, impl, shrunk);
  return false;
}

/// Explores the suite of family F against `impl`: `options.cases` cases (default
/// `kvc::default_exploration_cases`), spread over the suite's input forms that `impl` takes.
template <class F, class Impl>
[[nodiscard]] exploration_report run_exploration(const Impl& impl, const explore_options& options,
                                                 std::string name) {
  using forms = typename callable_forms<F, Impl, typename F::forms>::type;
  constexpr std::size_t form_count = list_size<forms>::value;
  static_assert(form_count != 0 || no_form_fits_v<Impl>,
                "kvc::explore: the implementation takes none of this suite's input forms at run "
                "time. Exploration offers every sequence as a std::span<const T>, a const "
                "std::vector<T>& (or a generic `const auto&`), never as a fixed-size std::array; "
                "string namespaces as std::string_view, const std::string& or "
                "kvc::cache_namespace.");
  exploration_report report;
  report.suite = std::move(name);
  report.seed = options.seed;
  report.notes = profile_consequences(F::profile);
  if constexpr (form_count != 0) {
    const std::size_t cases = options.cases == 0 ? default_exploration_cases : options.cases;
    // A function is run through a pointer to it: erase() keeps the address of an object.
    using held_type = std::conditional_t<std::is_function_v<Impl>, Impl*, const Impl&>;
    held_type held = impl;
    case_generator generator(options.seed);
    for (std::size_t index = 0; index < cases; ++index) {
      const std::size_t chosen = generator.below(form_count);
      bool go_on = true;
      [&]<class... Form>(type_list<Form...>) {
        std::size_t at = 0;
        ((at++ == chosen
              ? (go_on = explore_one<F, Form>(erase<F, Form>(held), generator, options, index,
                                              report))
              : false),
         ...);
      }(forms{});
      if (!go_on) break;
    }
  }
  return report;
}

/// What every family does unless it says otherwise: a direct call (`impl(inputs...)` in any form
/// the suites offer), results compared as `kvc::check` compares them, fixtures made with
/// `kvc::make_fixture`.
struct direct_family {
  template <class Call, class Inputs, class Impl>
  static constexpr bool callable = direct_callable<Impl, Inputs>::value;

  template <class Call, class Impl, class Inputs>
  [[nodiscard]] static bool representable(const Impl& impl, const Inputs& inputs) {
    return kvc::direct_call::representable(impl, inputs);
  }

  template <class Call, class Impl, class Inputs>
  [[nodiscard]] static auto actual(const Impl& impl, const Inputs& inputs) {
    return kvc::direct_call::invoke(impl, inputs);
  }

  template <class Call, class A, class E, class Inputs>
  [[nodiscard]] static bool agrees(const A& actual, const E& expected, const Inputs&) {
    return kvc::detail::same_result(actual, expected);
  }

  /// The inputs as `kvc::inputs(...)`.
  template <class Inputs>
  [[nodiscard]] static std::string inputs_literal(const Inputs& inputs) {
    return boost::hana::unpack(inputs, [](const auto&... input) {
      std::string out = "kvc::inputs(";
      bool first = true;
      ((out += (first ? "" : ", ") + value_literal(input), first = false), ...);
      return out + ")";
    });
  }

  template <class Call, class Inputs, class E>
  [[nodiscard]] static std::string fixture_line(const Inputs& inputs, const E& expected) {
    return "kvc::make_fixture(kvc::label<\"explored\">, " + inputs_literal(inputs) + ", " +
           value_literal(expected) + ")";
  }
};

}  // namespace kvc::exploration
