// kvc/exploration/restricted_suite.hpp - `kvc::restrict_to<Profile>(suite)`: a suite as it applies
// to an engine with that profile.
//
//   constexpr kvc::engine_profile llama_server{.keys_adapter_revision = false, .keys_salt = false};
//   static_assert(kvc::verify(kvc::restrict_to<llama_server>(
//                                 kvc::suites::namespace_isolation_under<{1, true}>), my_lookup));
//
// The restricted suite holds every fixture of the suite. The ones outside the profile
// (kvc/exploration/profile_rules.hpp) are not run: `kvc::verify` and `kvc::conforms` go on to the
// next, `kvc::check` reports them "not covered" and counts them, never as passed. The others are
// compared as the profile says (exactly, or as a safe bound).
#pragma once

#include <boost/hana/transform.hpp>

#include <kvc/exploration/engine_profile.hpp>
#include <kvc/exploration/profile_rules.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc {

/// The call shape `Call` of a fixture checked for an engine with profile P.
template <class Call, engine_profile P>
struct profiled_call : Call {
  /// The engine's profile.
  static constexpr engine_profile profile = P;

  /// Whether the fixture with these inputs is in the engine's domain.
  template <class Inputs>
  [[nodiscard]] static constexpr bool covers(const Inputs& inputs) noexcept {
    return covered_by<Call>(P, inputs);
  }

  /// Whether the implementation's result agrees with the fixture's expected one.
  template <class Inputs, class A, class E>
  [[nodiscard]] static constexpr bool agrees(const Inputs&, const A& actual,
                                             const E& expected) noexcept {
    return agrees_under<Inputs>(P, actual, expected);
  }
};

namespace detail {
template <class Call>
inline constexpr bool has_profile = requires { Call::profile; };

/// The call shape under profile P (a suite restricted twice keeps the last profile).
template <class Call, engine_profile P>
struct reprofiled {
  using type = profiled_call<Call, P>;
};
template <class Call, engine_profile Q, engine_profile P>
struct reprofiled<profiled_call<Call, Q>, P> {
  using type = profiled_call<Call, P>;
};

template <engine_profile P>
struct to_profile_call {
  template <class Label, class Call, class Inputs, class Expected>
  [[nodiscard]] constexpr auto operator()(
      const fixture<Label, Call, Inputs, Expected>& f) const noexcept {
    return fixture<Label, typename reprofiled<Call, P>::type, Inputs, Expected>{f.label, f.inputs,
                                                                                f.expected};
  }
};
}  // namespace detail

/// The suite for an engine with profile P: every fixture of `suite`, those outside P not run
/// (reported as not covered), the others compared as P says. Usable wherever the suite is:
/// `kvc::verify`, `kvc::conforms`, `kvc::check`, `kvc::explore`.
template <engine_profile P, class Suite>
[[nodiscard]] constexpr auto restrict_to(const Suite& suite) noexcept {
  return boost::hana::transform(fixtures_of(suite), detail::to_profile_call<P>{});
}

}  // namespace kvc
