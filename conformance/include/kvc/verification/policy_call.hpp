// kvc/verification/policy_call.hpp - the call shape of a suite under a reuse policy: the suite's own
// call shape, with the policy in its type.
//
// `kvc::suites::prefix_reuse_under<P>` and the other policy suites hold the same fixture types for
// every P. Their fixtures' call shape names P, so that a suite's type says which policy its
// expected values follow: `kvc::explore` computes the contract's result under that policy.
#pragma once

#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

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

/// The fixtures of `suite` (a suite or a Hana tuple of fixtures), each made into another by
/// `make`, as an argument of `kvc::fixtures::with_policy`: no tuple of them is built.
template <class Suite, class Make>
struct mapped_fixtures {
  /// The suite or tuple whose fixtures are made into others.
  const Suite& suite;
  /// What makes each: `make(f)` is a fixture.
  Make make;
};
/// `suite`'s fixtures, each made into `make(f)`, for `kvc::fixtures::with_policy`.
template <class Suite, class Make>
[[nodiscard]] constexpr mapped_fixtures<Suite, Make> mapped(const Suite& suite, Make make) noexcept {
  return {suite, make};
}

/// `then(f...)` with the fixtures `part` holds (mapped ones made as they are passed).
template <class Part, class Then>
[[nodiscard]] constexpr auto with_fixtures_of(const Part& part, const Then& then) {
  return boost::hana::unpack(fixtures_of(part), then);
}
/// `then(make(f)...)` for the fixtures f of a `kvc::fixtures::mapped` part.
template <class Suite, class Make, class Then>
[[nodiscard]] constexpr auto with_fixtures_of(const mapped_fixtures<Suite, Make>& part,
                                              const Then& then) {
  return boost::hana::unpack(fixtures_of(part.suite),
                             [&](const auto&... f) { return then(part.make(f)...); });
}

/// The fixtures of two or three parts (Hana tuples, suites or `kvc::fixtures::mapped` ones), in
/// order, their call shapes naming policy P, in one tuple. A policy suite of 128 fixtures built as
/// the tuple of each part, joined, then transformed took g++ 12 8.4 G instructions; built at once,
/// 4.5 G.
template <reuse_policy P, class First, class Second>
[[nodiscard]] constexpr auto with_policy(const First& first, const Second& second) noexcept {
  return with_fixtures_of(first, [&second](const auto&... head) {
    return with_fixtures_of(second, [&head...](const auto&... tail) {
      return boost::hana::make_tuple(to_policy_call<P>{}(head)..., to_policy_call<P>{}(tail)...);
    });
  });
}
/// The same for three parts.
template <reuse_policy P, class First, class Second, class Third>
[[nodiscard]] constexpr auto with_policy(const First& first, const Second& second,
                                         const Third& third) noexcept {
  return with_fixtures_of(first, [&second, &third](const auto&... head) {
    return with_fixtures_of(second, [&head..., &third](const auto&... middle) {
      return with_fixtures_of(third, [&head..., &middle...](const auto&... tail) {
        return boost::hana::make_tuple(to_policy_call<P>{}(head)..., to_policy_call<P>{}(middle)...,
                                       to_policy_call<P>{}(tail)...);
      });
    });
  });
}

}  // namespace fixtures
}  // namespace kvc
