// kvc/verification/typed_fixture.hpp - a user's own fixtures, and kvc's fixtures beside them.
//
// An engine's own contract gets a suite the way kvc's contracts do, written in the test file as a
// Boost.Hana tuple of `kvc::fixture`s:
//
//   constexpr auto block_suite = boost::hana::make_tuple(
//       kvc::make_fixture(kvc::label<"block boundary">,
//                         kvc::inputs(std::size_t{16}, std::size_t{16}), std::size_t{1}));
//
// Each fixture's label is part of its type (kvc/verification/label.hpp), so that a failing
// `kvc::verify` names it; the suite's types are the user's, paid for where it is checked. kvc's own
// suites are value tables (kvc/spec/suite.hpp), one type per table however many fixtures it holds;
// `kvc::fixtures_of(kvc_suite)` views their rows as a Hana tuple of `kvc::table_fixture`s, so that
// a user's fixtures and kvc's go in one tuple (kvc/verification/join_fixtures.hpp).
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/spec/verdict.hpp>
#include <kvc/verification/label.hpp>

namespace kvc {

/// One checked call of a user's own suite: `label` names it (a Hana compile-time string,
/// `kvc::label<"...">`), `inputs` are the arguments of `impl(inputs...)` (a Hana tuple, made by
/// `kvc::inputs`), and `expected` is what the implementation must return.
template <class Label, class Inputs, class Expected>
struct fixture {
  /// The fixture's name, as a failing `kvc::verify` and `kvc::check` name it.
  Label label;
  /// The call's arguments, in the order the implementation takes them.
  Inputs inputs;
  /// The result the contract demands.
  Expected expected;
};

/// A fixture of one of kvc's value tables, as `kvc::fixtures_of(suite)` views it beside a user's
/// own: the row (which stays in kvc's table), the function that names its label in a diagnostic,
/// and the engine profile of the suite it came from. One type per table row type.
template <class Row>
struct table_fixture {
  /// The table's row.
  const Row* row = nullptr;
  /// Names the row's label where a `kvc::verify` fails on it.
  void (*failed)() noexcept = nullptr;
  /// The profile of the suite (`kvc::restrict_to`); kvc's contracts as they are otherwise.
  engine_profile profile{};

  /// The row's label.
  [[nodiscard]] constexpr std::string_view label() const noexcept { return row->label.view(); }
};

namespace detail {

/// Whether T is a string literal's (or another character array's) type.
template <class T>
inline constexpr bool is_character_array = std::conjunction_v<
    std::is_array<std::remove_cvref_t<T>>,
    std::is_same<std::remove_cv_t<std::remove_extent_t<std::remove_cvref_t<T>>>, char>>;

/// How a fixture keeps a value: decayed, except that a string literal is kept as the text it
/// spells (a `std::string_view` of every character but the terminating NUL, embedded NULs
/// included), never as the address of one copy of it.
template <class T>
struct fixture_value {
  using type = std::conditional_t<is_character_array<T>, std::string_view, std::decay_t<T>>;
};
template <class T>
using fixture_value_t = typename fixture_value<T>::type;

template <class T>
[[nodiscard]] constexpr fixture_value_t<T> as_fixture_value(T&& value) noexcept(
    std::is_nothrow_constructible_v<fixture_value_t<T>, T&&>) {
  if constexpr (is_character_array<T>)
    return std::string_view(value, std::extent_v<std::remove_cvref_t<T>> - 1);
  else
    return std::forward<T>(value);
}

}  // namespace detail

/// The inputs of one call, in the order the implementation takes them: a Hana tuple of the
/// values, each offered to the implementation as kvc's tables offer theirs (kvc/spec/offered.hpp):
/// a `std::array` of integers or a `kvc::sequence` as `std::span<const T>` or `const
/// std::vector<T>&` for any integer type T that holds every value, a string as `std::string_view`,
/// `const std::string&` or a `kvc::cache_namespace` naming that model, anything else as itself.
template <class... Values>
[[nodiscard]] constexpr auto inputs(Values&&... values) {
  return boost::hana::tuple<detail::fixture_value_t<Values>...>(
      detail::as_fixture_value(std::forward<Values>(values))...);
}

/// A fixture whose inputs are passed as `impl(inputs...)`: `kvc::make_fixture(kvc::label<"...">,
/// kvc::inputs(...), expected)`.
template <char... Label, class... Inputs, class Expected>
[[nodiscard]] constexpr auto make_fixture(boost::hana::string<Label...> label,
                                          const boost::hana::tuple<Inputs...>& call_inputs,
                                          const Expected& expected) {
  return fixture<boost::hana::string<Label...>, boost::hana::tuple<Inputs...>,
                 detail::fixture_value_t<const Expected&>>{label, call_inputs,
                                                           detail::as_fixture_value(expected)};
}

namespace detail {

/// The elements of `first`, then those of `second`, in one Hana tuple (each tuple unpacked once:
/// `boost::hana::concat` reads every element through a lookup linear in the tuple's length).
template <class First, class Second>
[[nodiscard]] constexpr auto concat_fixtures(const First& first, const Second& second) {
  return boost::hana::unpack(first, [&second](const auto&... head) {
    return boost::hana::unpack(second, [&head...](const auto&... tail) {
      return boost::hana::make_tuple(head..., tail...);
    });
  });
}

/// The rows of `Table`, viewed.
template <const auto& Table, std::size_t... R>
[[nodiscard]] constexpr auto table_views(const engine_profile& profile,
                                         std::index_sequence<R...>) noexcept {
  using row = std::remove_cvref_t<decltype(Table[0])>;
  return boost::hana::make_tuple(table_fixture<row>{&Table[R], failure_of<Table, R>(), profile}...);
}

template <const auto& First, const auto&... Rest>
[[nodiscard]] constexpr auto tables_views(const engine_profile& profile) {
  auto first = table_views<First>(profile, std::make_index_sequence<table_size(First)>{});
  if constexpr (sizeof...(Rest) == 0)
    return first;
  else
    return concat_fixtures(first, tables_views<Rest...>(profile));
}

}  // namespace detail

/// The fixtures of a user's suite (a Hana tuple of fixtures): the tuple itself.
template <class... F>
[[nodiscard]] constexpr const boost::hana::tuple<F...>& fixtures_of(
    const boost::hana::tuple<F...>& fixtures) noexcept {
  return fixtures;
}

/// The fixtures of one of kvc's suites, in its order, as a Hana tuple of `kvc::table_fixture`s that
/// view its tables' rows: `kvc::join_fixtures(kvc::fixtures_of(kvc::suites::prefix_reuse),
/// my_fixtures)` checks kvc's fixtures and a user's own in one suite. A restricted suite's fixtures
/// keep its engine profile.
template <class Info, const auto&... Tables>
[[nodiscard]] constexpr auto fixtures_of(const suite<Info, Tables...>&) {
  if constexpr (sizeof...(Tables) == 0)
    return boost::hana::make_tuple();
  else
    return detail::tables_views<Tables...>(detail::profile_of<Info>());
}

}  // namespace kvc
