// kvc/spec/suite.hpp - a suite: its description and its fixture tables. The object is empty; its
// type names the tables it checks (each a `constexpr` array of `kvc::fixture_row`s) and its
// description (name, reuse policy, engine profile), so that every check of a suite is one
// instantiation per implementation, however many fixtures it holds.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <kvc/reuse_policy.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/fixture_row.hpp>

namespace kvc {

/// A suite of fixtures: `Info` describes it (`Info::name`, and optionally `Info::policy` and
/// `Info::profile`), `Tables...` are its fixtures, in order (several tables where a suite mixes
/// input types, an extremes suite's integer types say).
template <class Info, const auto&... Tables>
struct suite {
  /// The suite's description.
  using info = Info;
  /// How many fixtures the suite holds.
  static constexpr std::size_t size = (detail::table_size(Tables) + ... + 0);
};

/// Whether `S` is a `kvc::suite`.
template <class S>
inline constexpr bool is_suite_v = false;
/// A `kvc::suite` is a suite.
template <class Info, const auto&... Tables>
inline constexpr bool is_suite_v<suite<Info, Tables...>> = true;

namespace detail {
template <class Info>
[[nodiscard]] constexpr reuse_policy policy_of() noexcept {
  if constexpr (requires { Info::policy; })
    return Info::policy;
  else
    return reuse_policy{};
}
template <class Info>
[[nodiscard]] constexpr engine_profile profile_of() noexcept {
  if constexpr (requires { Info::profile; })
    return Info::profile;
  else
    return engine_profile{};
}
template <class Info>
[[nodiscard]] constexpr bool has_policy() noexcept {
  return requires { Info::policy; };
}
}  // namespace detail

/// The reuse policy a suite's expected results are computed under (`{}` for an exact suite).
template <class S>
inline constexpr reuse_policy suite_policy = detail::policy_of<typename S::info>();
/// The engine profile a suite is restricted to (`kvc::profiles::contract` when it is not).
template <class S>
inline constexpr engine_profile suite_profile = detail::profile_of<typename S::info>();

/// The description of suite `Info` restricted to `Profile`.
template <class Info, engine_profile Profile>
struct restricted_info : Info {
  /// The profile the suite is checked under.
  static constexpr engine_profile profile = Profile;
  /// The suite it restricts.
  using unrestricted = Info;
};

/// `suite` for an engine with `Profile`: fixtures outside the profile are not run (not covered),
/// and results are compared as the profile says. Usable wherever the suite is.
template <engine_profile Profile, class Info, const auto&... Tables>
[[nodiscard]] constexpr suite<restricted_info<Info, Profile>, Tables...> restrict_to(
    const suite<Info, Tables...>&) noexcept {
  return {};
}

/// The suites of the description template `Info` under every policy (a policy suite such as
/// `kvc::suites::prefix_reuse_under<P>`), named in a contract without building any of them:
/// `under<P>` is the suite under P.
template <template <reuse_policy> class Info>
struct policy_suites {
  /// The suite under policy P.
  template <reuse_policy P>
  using under = typename Info<P>::template under<P>;
};

/// Whether `S` is a `kvc::policy_suites`.
template <class S>
inline constexpr bool is_policy_suites_v = false;
/// A `kvc::policy_suites` is one.
template <template <reuse_policy> class Info>
inline constexpr bool is_policy_suites_v<policy_suites<Info>> = true;

/// A contract of kvc's specs: its name and its suites, each a suite or the `kvc::policy_suites` of
/// a policy suite. Each spec header defines its contract; kvc/specs/all.hpp lists them.
template <class... Suites>
struct contract {
  /// The contract's name.
  std::string_view name;
  /// Calls `f(suite)` for every suite of the contract.
  template <class F>
  constexpr void for_each_suite(F&& f) const {
    (f(Suites{}), ...);
  }
};

/// The contract named `name`, with `suites`.
template <class... Suites>
[[nodiscard]] constexpr contract<Suites...> describe(std::string_view name, Suites...) noexcept {
  return {name};
}

}  // namespace kvc
