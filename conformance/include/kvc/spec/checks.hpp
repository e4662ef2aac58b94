// kvc/spec/checks.hpp - running a suite's fixtures against an implementation: `kvc::conforms`,
// `kvc::verify` (for static_assert, naming the failing fixture), `kvc::outcomes`, and for one
// fixture `kvc::passes` and `kvc::observe`.
//
// Each check is one loop over the suite's tables, instantiated once per implementation. For a
// stateless implementation (a lambda without captures, a function object without members),
// `kvc::verify` finds the first failing fixture while its template is instantiated, so that the
// diagnostic names that fixture alone; any other implementation is checked by the same loop when
// the verdict is evaluated.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <type_traits>
#include <utility>

#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/shape.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/spec/verdict.hpp>

namespace kvc {

namespace detail {

/// What checking one fixture found.
enum class fixture_state : unsigned char {
  passed,
  failed,
  not_covered,       ///< outside the suite's engine profile: not run
  skipped            ///< of an optional form the implementation does not take: not run
};

/// The outcome of one fixture: its state, and what the implementation returned as a diagnostic
/// shows it.
struct row_outcome {
  fixture_state state = fixture_state::passed;
  shown_result actual{};
  shown_result expected{};
  [[nodiscard]] constexpr bool failed() const noexcept { return state == fixture_state::failed; }
};

/// Checks `row` against `impl` under `profile`.
template <class Row, class Impl>
[[nodiscard]] constexpr row_outcome check_row(const Row& row, const Impl& impl,
                                                  const engine_profile& profile) {
  using In = typename Row::inputs_type;
  using shape = typename In::shape;
  if constexpr (!shape_takes<shape, Impl, In>) {
    return {fixture_state::skipped};  // an optional form, or the suite's static_assert has said why
  } else {
    if (row.scope == fixture_scope::run_time && std::is_constant_evaluated())
      return {fixture_state::skipped};
    if (!covered_by(profile, row.inputs)) return {fixture_state::not_covered};
    row_outcome outcome{fixture_state::failed};
    const bool fit = shape::call(impl, row.inputs, [&](const auto& actual) {
      if (shape::agrees(profile, row.inputs, actual, row.expected)) {
        outcome.state = fixture_state::passed;
      } else {
        outcome.actual = show_result(actual);
        outcome.expected = show_result(row.expected);
      }
    });
    // A value the implementation's parameter types cannot hold fails the fixture: kvc never
    // narrows it, and an engine that cannot take the suite's values does not pass it.
    if (!fit) outcome.state = fixture_state::failed;
    return outcome;
  }
}

/// Table number T of `Tables...`.
template <std::size_t T, const auto& First, const auto&... Rest>
[[nodiscard]] constexpr const auto& table_at() noexcept {
  if constexpr (T == 0)
    return First;
  else
    return table_at<T - 1, Rest...>();
}

/// Where the first failing fixture of a suite is: its table and its row (`table` past the last
/// table when none fails), and its outcome. Structural, so that it can be a template argument.
struct first_failure {
  std::size_t table = 0;
  std::size_t row = 0;
  shown_result actual{};
  shown_result expected{};
};

template <std::size_t T, class Impl, const auto&... Tables>
[[nodiscard]] constexpr first_failure find_failure(const Impl& impl, const engine_profile& profile) {
  if constexpr (T == sizeof...(Tables)) {
    return {T, 0, {}, {}};
  } else {
    const auto& table = table_at<T, Tables...>();
    for (std::size_t i = 0; i < table_size(table); ++i) {
      const row_outcome outcome = check_row(table[i], impl, profile);
      if (outcome.failed()) return {T, i, outcome.actual, outcome.expected};
    }
    return find_failure<T + 1, Impl, Tables...>(impl, profile);
  }
}

/// The first failure of a stateless implementation `Impl`, found where this is instantiated. Only
/// an empty class is stateless: every object of it behaves alike, so a default-constructed one
/// stands for the one passed. A function object with members is checked as the object it is.
template <first_failure F>
struct failure_constant {};
template <class Info, class Impl, const auto&... Tables>
  requires std::is_empty_v<Impl>
constexpr auto probe_failure(int)
    -> failure_constant<find_failure<0, Impl, Tables...>(Impl{}, profile_of<Info>())> {
  return {};
}
/// An implementation whose checks cannot be evaluated where it is instantiated (it has state, or
/// is not `constexpr`): its verdict is evaluated where it is used.
struct evaluated_where_used {};
template <class Info, class Impl, const auto&... Tables>
constexpr evaluated_where_used probe_failure(long) {
  return {};
}

/// The verdict naming fixture `Row` of table `T`.
template <std::size_t T, std::size_t Row, const auto&... Tables>
[[nodiscard]] constexpr verdict failed_verdict(const shown_result& actual,
                                               const shown_result& expected) noexcept {
  return verdict(failure_of<table_at<T, Tables...>(), Row>(), actual, expected);
}

template <std::size_t T, const auto&... Tables>
[[nodiscard]] constexpr verdict verdict_of_table(const first_failure& f) noexcept {
  const auto& table = table_at<T, Tables...>();
  return [&f]<std::size_t... Row>(std::index_sequence<Row...>) {
    verdict result;
    static_cast<void>(
        ((f.row == Row && (result = failed_verdict<T, Row, Tables...>(f.actual, f.expected), true)) ||
         ...));
    return result;
  }(std::make_index_sequence<table_size(table)>{});
}

/// The verdict naming the failure `f` found at run time (or in the evaluation of the verdict):
/// every fixture's label is instantiated, so that any can be named.
template <const auto&... Tables>
[[nodiscard]] constexpr verdict verdict_of(const first_failure& f) noexcept {
  return [&f]<std::size_t... T>(std::index_sequence<T...>) {
    verdict result;
    static_cast<void>(((f.table == T && (result = verdict_of_table<T, Tables...>(f), true)) || ...));
    return result;
  }(std::index_sequence_for<decltype(Tables)...>{});
}

/// Stops the compilation with one message when no table of the suite can call `Impl`.
template <class Impl, const auto&... Tables>
constexpr void require_some_table_takes() noexcept {
  constexpr bool some =
      (shape_takes<typename std::remove_cvref_t<decltype(Tables[0])>::inputs_type::shape, Impl,
                   typename std::remove_cvref_t<decltype(Tables[0])>::inputs_type> ||
       ...);
  constexpr bool every_required =
      ((shape_takes<typename std::remove_cvref_t<decltype(Tables[0])>::inputs_type::shape, Impl,
                    typename std::remove_cvref_t<decltype(Tables[0])>::inputs_type> ||
        is_optional_shape<typename std::remove_cvref_t<decltype(Tables[0])>::inputs_type::shape>) &&
       ...);
  if constexpr (!(some && every_required)) {
    using first = typename std::remove_cvref_t<decltype(table_at<0, Tables...>()[0])>::inputs_type;
    name_unmatched_parameter<typename first::shape, Impl, first>();
    static_assert(some && every_required, KVC_NO_FORM_FITS_MESSAGE);
  }
}

}  // namespace detail

/// True when `impl` passes every fixture of `suite` (a fixture outside the suite's engine profile
/// is not run, and not failed).
template <class Info, const auto&... Tables, class Impl>
[[nodiscard]] constexpr bool conforms(const suite<Info, Tables...>&, const Impl& impl) {
  detail::require_some_table_takes<Impl, Tables...>();
  return detail::find_failure<0, Impl, Tables...>(impl, detail::profile_of<Info>()).table ==
         sizeof...(Tables);
}

/// For `static_assert(kvc::verify(suite, impl))`: true when `impl` passes every fixture;
/// otherwise constant evaluation fails at the first failing fixture and the diagnostic names its
/// label (and, with clang 19, shows the actual and expected results). At run time it converts to
/// false.
template <class Info, const auto&... Tables, class Impl>
[[nodiscard]] constexpr verdict verify(const suite<Info, Tables...>&, const Impl& impl) {
  detail::require_some_table_takes<Impl, Tables...>();
  using probed = decltype(detail::probe_failure<Info, Impl, Tables...>(0));
  constexpr bool found_where_instantiated = !std::is_same_v<probed, detail::evaluated_where_used>;
  if constexpr (found_where_instantiated) {
    if (std::is_constant_evaluated()) {
      return []<detail::first_failure F>(detail::failure_constant<F>) {
        if constexpr (F.table == sizeof...(Tables))
          return verdict{};
        else
          return detail::failed_verdict<F.table, F.row, Tables...>(F.actual, F.expected);
      }(probed{});
    }
  }
  // Evaluated where used, or called at run time: then the run-time-only fixtures and the
  // implementation's run-time code decide, as in kvc::check.
  const detail::first_failure f =
      detail::find_failure<0, Impl, Tables...>(impl, detail::profile_of<Info>());
  if (f.table == sizeof...(Tables)) return verdict{};
  if constexpr (found_where_instantiated)
    return verdict(&detail::failed_at_run_time, f.actual, f.expected);  // only at run time
  else
    return detail::verdict_of<Tables...>(f);
}

/// Pass (true) or fail (false) of every fixture of `suite`, in order (a fixture that is not run
/// is not failed): a failure record's published table as a value.
template <class Info, const auto&... Tables, class Impl>
[[nodiscard]] constexpr auto outcomes(const suite<Info, Tables...>& s, const Impl& impl) {
  detail::require_some_table_takes<Impl, Tables...>();
  std::array<bool, std::remove_cvref_t<decltype(s)>::size> passed{};
  std::size_t next = 0;
  const engine_profile profile = detail::profile_of<Info>();
  const auto table_outcomes = [&](const auto& table) {
    for (const auto& row : table) passed[next++] = !detail::check_row(row, impl, profile).failed();
  };
  (table_outcomes(Tables), ...);
  return passed;
}

/// Whether `impl` returns what fixture `row` expects (under the contract's own profile).
template <class Inputs, class Expected, class Impl>
[[nodiscard]] constexpr bool passes(const fixture_row<Inputs, Expected>& row, const Impl& impl) {
  return !detail::check_row(row, impl, engine_profile{}).failed();
}

/// What `impl` returns for `row`'s inputs, as the fixture compares it.
template <class Inputs, class Expected, class Impl>
[[nodiscard]] constexpr auto observe(const fixture_row<Inputs, Expected>& row, const Impl& impl) {
  using shape = typename Inputs::shape;
  typename shape::template actual_type<Impl, Inputs> actual{};
  static_cast<void>(shape::call(impl, row.inputs, [&](const auto& result) { actual = result; }));
  return actual;
}

}  // namespace kvc
