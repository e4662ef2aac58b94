// kvc/verification/policy_call.hpp - the call shape of a suite under a reuse policy: the suite's own
// call shape, with the policy in its type.
//
// `kvc::suites::prefix_reuse_under<P>` and the other policy suites hold the same fixture types for
// every P. Their fixtures' call shape names P, so that a suite's type says which policy its
// expected values follow: `kvc::explore` computes the contract's result under that policy.
#pragma once

#include <boost/hana/transform.hpp>

#include <kvc/reuse_policy.hpp>

#include "fixture.hpp"
#include "lazy_suite.hpp"

namespace kvc {

/// The call shape `Call` of a fixture whose expected value follows policy P.
template <class Call, reuse_policy P>
struct under_policy_call : Call {
  /// The policy the fixture's expected value follows.
  static constexpr reuse_policy policy = P;
};

namespace detail {
template <class Call>
inline constexpr bool has_policy = requires { Call::policy; };
}  // namespace detail

namespace fixtures {

/// Makes a fixture's call shape name policy P.
template <reuse_policy P>
struct to_policy_call {
  /// `f` with its call shape naming P.
  template <class Label, class Call, class Inputs, class Expected>
  [[nodiscard]] constexpr auto operator()(
      const fixture<Label, Call, Inputs, Expected>& f) const noexcept {
    return fixture<Label, under_policy_call<Call, P>, Inputs, Expected>{f.label, f.inputs,
                                                                        f.expected};
  }
};

/// The fixtures of `suite`, their call shapes naming policy P.
template <reuse_policy P, class Suite>
[[nodiscard]] constexpr auto with_policy(const Suite& suite) noexcept {
  return boost::hana::transform(fixtures_of(suite), to_policy_call<P>{});
}

}  // namespace fixtures
}  // namespace kvc
