// kvc/verification/lazy_suite.hpp - a suite built where it is used, not where it is declared:
// `kvc::lazy_suite`, and `kvc::fixtures_of(suite)`, the Hana tuple of its fixtures.
//
// Including a suite's header costs a user's build nothing but the declaration of an empty object;
// its fixtures are built (and constant-evaluated) in the first translation unit that checks it.
// Every function of kvc that takes a suite (`kvc::verify`, `kvc::conforms`, `kvc::outcomes`,
// `kvc::check`, `kvc::explore`, `kvc::restrict_to`) takes a lazy suite or a Hana tuple of fixtures
// alike; `kvc::fixtures_of` gives the tuple to code of one's own (`boost::hana::concat` of a kvc
// suite and fixtures of an engine's).
#pragma once

#include <type_traits>
#include <utility>

namespace kvc {

/// A suite whose fixtures are `Definition::fixtures<>`, a static data member template, so that they
/// are built where the suite is first checked (or the address of a suite held elsewhere). The object is empty; its type names the suite
/// (`kvc::lazy_suite<kvc::suites::definition::prefix_reuse>` in a diagnostic).
template <class Definition>
struct lazy_suite {
  /// The struct that holds the fixtures.
  using definition = Definition;
};

namespace detail {
template <class Suite>
inline constexpr bool is_lazy_suite = false;
template <class Definition>
inline constexpr bool is_lazy_suite<lazy_suite<Definition>> = true;
}  // namespace detail

/// Whether `Suite` (cv and references ignored) is a `kvc::lazy_suite`.
template <class Suite>
inline constexpr bool is_lazy_suite_v = detail::is_lazy_suite<std::remove_cvref_t<Suite>>;

/// The fixtures of `suite`: the suite itself for a Hana tuple of fixtures (for a lazy suite, the
/// overload below).
template <class Suite>
[[nodiscard]] constexpr const Suite& fixtures_of(const Suite& suite) noexcept {
  return suite;
}
/// The fixtures of a lazy suite, built on first use: one constant per suite.
template <class Definition>
[[nodiscard]] constexpr const auto& fixtures_of(const lazy_suite<Definition>&) noexcept {
  // A definition that names a suite held elsewhere (a policy suite, a variable template of its
  // own) holds its address: g++ 12 cannot use a static data member template of reference type.
  if constexpr (std::is_pointer_v<std::remove_cvref_t<decltype(Definition::template fixtures<>)>>)
    return *Definition::template fixtures<>;
  else
    return Definition::template fixtures<>;
}

/// `kvc::fixtures_of(suite)` inside a template that must not build the suite before it is itself
/// instantiated: `Deferred` names one of that template's parameters (a type, or
/// `kvc::deferred_on<P>` for a value), which makes the call dependent.
template <class Deferred, class Suite>
[[nodiscard]] constexpr const auto& deferred_fixtures_of(const Suite& suite) noexcept {
  return fixtures_of(suite);
}

/// A type that depends on the values `V...`: `kvc::deferred_fixtures_of<kvc::deferred_on<P>>(suite)`
/// in a template over a policy `P`.
template <auto... V>
struct deferred_on {};

/// The type of `kvc::fixtures_of(suite)` for a suite of type `Suite`: a Hana tuple of fixtures.
template <class Suite>
using suite_fixtures_t =
    std::remove_cvref_t<decltype(fixtures_of(std::declval<const std::remove_cvref_t<Suite>&>()))>;

}  // namespace kvc
