// kvc/exploration/suite_traits.hpp - what a suite's type says about it: the reuse policy its
// expected values follow, the engine profile it is restricted to, and its type without either
// (to recognise which of kvc's suites it is).
#pragma once

#include <type_traits>

#include <boost/hana/tuple.hpp>

#include <kvc/exploration/engine_profile.hpp>
#include <kvc/exploration/restricted_suite.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>
#include <kvc/verification/policy_call.hpp>

namespace kvc::exploration {

template <class Call>
struct base_call {
  using type = Call;
};
template <class Call, engine_profile P>
struct base_call<profiled_call<Call, P>> : base_call<Call> {};
template <class Call, reuse_policy P>
struct base_call<under_policy_call<Call, P>> : base_call<Call> {};

template <class F>
struct base_fixture;
template <class Label, class Call, class Inputs, class Expected>
struct base_fixture<fixture<Label, Call, Inputs, Expected>> {
  using type = fixture<Label, typename base_call<Call>::type, Inputs, Expected>;
};

template <class Suite>
struct base_suite;
template <class... F>
struct base_suite<boost::hana::tuple<F...>> {
  using type = boost::hana::tuple<typename base_fixture<F>::type...>;
};

/// A suite's type without its policy and profile: the same for `prefix_reuse_under<P>` for every
/// P, restricted or not.
template <class Suite>
using base_suite_t = typename base_suite<suite_fixtures_t<Suite>>::type;

namespace detail {
template <class Suite, class Known>
[[nodiscard]] constexpr bool same_suite() noexcept {
  // Two lazy suites are the same suite when they are the same object's type, which needs neither
  // built; otherwise their fixtures' types are compared.
  if constexpr (is_lazy_suite_v<Suite> && is_lazy_suite_v<Known>)
    return std::is_same_v<std::remove_cvref_t<Suite>, std::remove_cvref_t<Known>>;
  else
    return std::is_same_v<base_suite_t<Suite>, base_suite_t<Known>>;
}
}  // namespace detail

/// Whether `Suite` is, but for policy and profile, the suite `Known` (a suite object's type).
template <class Suite, class Known>
inline constexpr bool is_suite = detail::same_suite<Suite, Known>();

template <class Suite>
struct first_call;
template <class F, class... More>
struct first_call<boost::hana::tuple<F, More...>> {
  using type = typename F::call;
};
template <>
struct first_call<boost::hana::tuple<>> {
  using type = void;
};

template <class Call>
[[nodiscard]] constexpr reuse_policy policy_of_call() noexcept {
  if constexpr (requires { Call::policy; })
    return Call::policy;
  else
    return reuse_policy{};
}
template <class Call>
[[nodiscard]] constexpr engine_profile profile_of_call() noexcept {
  if constexpr (requires { Call::profile; })
    return Call::profile;
  else
    return engine_profile{};
}

/// The policy a suite's expected values follow (the default, exact reuse, for suites without one).
template <class Suite>
inline constexpr reuse_policy suite_policy =
    policy_of_call<typename first_call<suite_fixtures_t<Suite>>::type>();

/// The engine profile a suite is restricted to (the default: kvc's contracts as they are).
template <class Suite>
inline constexpr engine_profile suite_profile =
    profile_of_call<typename first_call<suite_fixtures_t<Suite>>::type>();

/// Whether the suite is restricted to an engine profile.
template <class Suite>
inline constexpr bool is_restricted =
    requires { first_call<suite_fixtures_t<Suite>>::type::profile; };

}  // namespace kvc::exploration
