// kvc/verification/fixture_checks.hpp - `kvc::verify`, `kvc::conforms` and `kvc::outcomes` on a
// Hana tuple of fixtures (a user's own, kvc's viewed by `kvc::fixtures_of`, or both), and
// `kvc::passes` and `kvc::observe` on one of them: the checks of kvc/spec/checks.hpp, with the same
// verdict, offered forms and diagnostics.
//
// A user's fixture is checked through a view of its inputs and result, so that the check is
// instantiated once per inputs' and result's types and implementation, not once per fixture; its
// label reaches a failing verdict as a function pointer (kvc/verification/label.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include <kvc/spec/checks.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/offered.hpp>
#include <kvc/spec/shape.hpp>
#include <kvc/spec/verdict.hpp>
#include <kvc/verification/label.hpp>
#include <kvc/verification/typed_fixture.hpp>

namespace kvc {

namespace detail {

/// A user's fixture as the checks see it: its inputs and result, and the function that names it.
template <class Inputs, class Expected>
struct offered_fixture {
  const Inputs& inputs;
  const Expected& expected;
  void (*failed)() noexcept;
};

template <class Label, class Inputs, class Expected>
[[nodiscard]] constexpr offered_fixture<Inputs, Expected> checked_view(
    const fixture<Label, Inputs, Expected>& f) noexcept {
  return {f.inputs, f.expected, failure_of_label<Label>};
}
template <class Row>
[[nodiscard]] constexpr const table_fixture<Row>& checked_view(
    const table_fixture<Row>& f) noexcept {
  return f;
}

/// The call of a user's fixture, `impl(inputs...)`, as `name_unmatched_parameter` reads a shape:
/// its arguments' types are those of the fixture's Hana tuple (asked in unevaluated operands only).
template <class... A>
struct offered_arguments;
struct offered_call {
  static constexpr bool direct_call = true;
  template <class... A, class F>
  static auto visit(const offered_arguments<A...>&, F&& f)
      -> decltype(f(std::declval<const A&>()...));
};
template <class... A>
struct offered_arguments {
  using shape = offered_call;
};

/// Whether a fixture of type F can call `Impl`, whether it is of an optional form (skipped by an
/// implementation that does not take it), and the diagnostic naming the parameter it cannot reach.
template <class Impl, class F>
struct fixture_call;
template <class Impl, class Label, class... A, class Expected>
struct fixture_call<Impl, fixture<Label, boost::hana::tuple<A...>, Expected>> {
  static constexpr bool takes = detail::takes<Impl, A...>;
  static constexpr bool optional = false;
  static constexpr void name_unmatched() noexcept {
    name_unmatched_parameter<offered_call, Impl, offered_arguments<A...>>();
  }
};
template <class Impl, class Row>
struct fixture_call<Impl, table_fixture<Row>> {
  using in = typename Row::inputs_type;
  static constexpr bool takes = shape_takes<typename in::shape, Impl, in>;
  static constexpr bool optional = is_optional_shape<typename in::shape>;
  static constexpr void name_unmatched() noexcept {
    name_unmatched_parameter<typename in::shape, Impl, in>();
  }
};

/// Whether the fixtures `F...` can call `Impl`: every one but those of an optional form, and at
/// least one (or there is none).
template <class Impl, class... F>
inline constexpr bool fixtures_can_call =
    ((fixture_call<Impl, F>::takes || fixture_call<Impl, F>::optional) && ...) &&
    (sizeof...(F) == 0 || (fixture_call<Impl, F>::takes || ...));

template <class Impl, class First, class... Rest>
constexpr void name_first_unmatched() noexcept {
  if constexpr (!fixture_call<Impl, First>::takes && !fixture_call<Impl, First>::optional)
    fixture_call<Impl, First>::name_unmatched();
  else if constexpr (sizeof...(Rest) != 0)
    name_first_unmatched<Impl, Rest...>();
  else
    fixture_call<Impl, First>::name_unmatched();
}

/// Stops the compilation with one message, naming the parameter where it can, when the fixtures
/// cannot call `Impl`.
template <class Impl, class... F>
constexpr void require_fixtures_take() noexcept {
  if constexpr (!fixtures_can_call<Impl, F...>) {
    name_first_unmatched<Impl, F...>();
    static_assert(fixtures_can_call<Impl, F...>, KVC_NO_FORM_FITS_MESSAGE);
  }
}

/// Checks a user's fixture against `impl`: `impl(inputs...)` in the first form it takes, its
/// result compared by value with the expected one.
template <class... A, class Expected, class Impl>
[[nodiscard]] constexpr row_outcome check_fixture(
    const offered_fixture<boost::hana::tuple<A...>, Expected>& f, const Impl& impl) {
  if constexpr (!takes<Impl, A...>) {
    return {fixture_state::skipped};  // the suite's static_assert has said why
  } else {
    row_outcome outcome{fixture_state::failed};
    const bool fit = boost::hana::unpack(f.inputs, [&](const auto&... argument) {
      return call_offered(
          impl,
          [&](const auto& actual) {
            if (same_result(actual, f.expected)) {
              outcome.state = fixture_state::passed;
            } else {
              outcome.actual = show_result(actual);
              outcome.expected = show_result(f.expected);
            }
          },
          argument...);
    });
    if (!fit) outcome.state = fixture_state::failed;  // never narrowed: the fixture fails
    return outcome;
  }
}
/// Checks a row of kvc's tables against `impl`, under its suite's profile.
template <class Row, class Impl>
[[nodiscard]] constexpr row_outcome check_fixture(const table_fixture<Row>& f, const Impl& impl) {
  return check_row(*f.row, impl, f.profile);
}

/// Whether `impl` passes the fixture `f` views; otherwise `result` names it and its outcome.
template <class View, class Impl>
[[nodiscard]] constexpr bool passes_or_record(verdict& result, const View& f, const Impl& impl) {
  const row_outcome outcome = check_fixture(f, impl);
  if (!outcome.failed()) return true;
  result = verdict(f.failed, outcome.actual, outcome.expected);
  return false;
}

/// What `impl` returns for the arguments `A...`.
template <class Impl, class... A>
using offered_result_t = std::remove_cvref_t<
    std::invoke_result_t<const Impl&, offered_view_t<A, chosen_form<Impl, A...>>...>>;

}  // namespace detail

/// True when `impl` passes every fixture of `fixtures` (a Hana tuple of a user's fixtures and of
/// kvc's, `kvc::fixtures_of`); a fixture of kvc's outside its suite's engine profile is not run,
/// and not failed.
template <class... F, class Impl>
[[nodiscard]] constexpr bool conforms(const boost::hana::tuple<F...>& fixtures, const Impl& impl) {
  detail::require_fixtures_take<Impl, F...>();
  if constexpr (!detail::fixtures_can_call<Impl, F...>) {
    return false;
  } else {
    return boost::hana::unpack(fixtures, [&impl](const auto&... f) {
      return (!detail::check_fixture(detail::checked_view(f), impl).failed() && ...);
    });
  }
}

/// For `static_assert(kvc::verify(fixtures, impl))`: true when `impl` passes every fixture;
/// otherwise constant evaluation fails at the first failing fixture and the diagnostic names its
/// label (and, with clang 19, shows the actual and expected results). At run time it converts to
/// false.
template <class... F, class Impl>
[[nodiscard]] constexpr verdict verify(const boost::hana::tuple<F...>& fixtures, const Impl& impl) {
  detail::require_fixtures_take<Impl, F...>();
  if constexpr (!detail::fixtures_can_call<Impl, F...>) {
    return verdict(nullptr, {}, {}, false);
  } else {
    verdict result;
    boost::hana::unpack(fixtures, [&result, &impl](const auto&... f) {
      return (detail::passes_or_record(result, detail::checked_view(f), impl) && ...);
    });
    return result;
  }
}

/// Pass (true) or fail (false) of every fixture of `fixtures`, in order (a fixture that is not run
/// is not failed).
template <class... F, class Impl>
[[nodiscard]] constexpr std::array<bool, sizeof...(F)> outcomes(
    const boost::hana::tuple<F...>& fixtures, const Impl& impl) {
  detail::require_fixtures_take<Impl, F...>();
  if constexpr (!detail::fixtures_can_call<Impl, F...>) {
    return {};
  } else {
    return boost::hana::unpack(fixtures, [&impl](const auto&... f) {
      return std::array<bool, sizeof...(F)>{
          !detail::check_fixture(detail::checked_view(f), impl).failed()...};
    });
  }
}

/// Whether `impl` returns what the user's fixture `f` expects.
template <class Label, class Inputs, class Expected, class Impl>
[[nodiscard]] constexpr bool passes(const fixture<Label, Inputs, Expected>& f, const Impl& impl) {
  detail::require_fixtures_take<Impl, fixture<Label, Inputs, Expected>>();
  return !detail::check_fixture(detail::checked_view(f), impl).failed();
}
/// Whether `impl` returns what the row `f` views expects (under its suite's profile).
template <class Row, class Impl>
[[nodiscard]] constexpr bool passes(const table_fixture<Row>& f, const Impl& impl) {
  return !detail::check_fixture(f, impl).failed();
}

/// What `impl` returns for the inputs of the user's fixture `f`, as the fixture compares it.
template <class Label, class... A, class Expected, class Impl>
[[nodiscard]] constexpr auto observe(const fixture<Label, boost::hana::tuple<A...>, Expected>& f,
                                     const Impl& impl) {
  detail::require_fixtures_take<Impl, fixture<Label, boost::hana::tuple<A...>, Expected>>();
  if constexpr (!detail::takes<Impl, A...>) {
    return;
  } else {
    detail::offered_result_t<Impl, A...> actual{};
    boost::hana::unpack(f.inputs, [&](const auto&... argument) {
      static_cast<void>(detail::call_offered(
          impl, [&](const auto& result) { actual = result; }, argument...));
    });
    return actual;
  }
}
/// What `impl` returns for the inputs of the row `f` views.
template <class Row, class Impl>
[[nodiscard]] constexpr auto observe(const table_fixture<Row>& f, const Impl& impl) {
  return observe(*f.row, impl);
}

}  // namespace kvc
