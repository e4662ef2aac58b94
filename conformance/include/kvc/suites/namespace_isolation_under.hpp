// kvc/suites/namespace_isolation_under.hpp - namespace isolation under a reuse policy: the security
// property, checkable on an engine that rounds to blocks and recomputes the last prompt token.
#pragma once

#include <array>
#include <cstddef>

#include <boost/hana/at.hpp>
#include <boost/hana/plus.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>

#include <kvc/cache_namespace.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/suites/namespace_isolation.hpp>
#include <kvc/suites/prefix_reuse_under.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/expected_under_policy.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>
#include <kvc/verification/policy_call.hpp>

namespace kvc::fixtures {

/// The tokens of the whole-block copies: long enough that every standard policy reuses at least
/// one whole block of 16 when the namespaces are equal.
inline constexpr std::size_t whole_block_tokens = 33;

/// An exact namespace fixture with its tokens replaced by 33 equal ones, under policy P: the same
/// namespaces, so the exact result is 33 where the exact fixture reused something and 0 where it
/// reused nothing (every fixture of `kvc::suites::namespace_isolation` shares a token prefix, which
/// static_checks/namespace_isolation_under.cpp proves, so 0 there means the namespaces differ).
/// Under a policy, an aliasing comparison then reuses whole blocks where it should reuse nothing.
template <reuse_policy P>
struct to_whole_blocks {
  /// The fixture made of `exact`: its namespaces, 33 equal tokens, and what P reuses of them.
  template <class Label, class Call, class Inputs, class Expected>
  [[nodiscard]] constexpr auto operator()(
      const fixture<Label, Call, Inputs, Expected>& exact) const noexcept {
    constexpr auto tokens = filled<whole_block_tokens>(1);
    const auto label = boost::hana::plus(exact.label, kvc::label<" (whole blocks)">);
    const std::size_t exact_prefix = exact.expected == 0 ? 0 : whole_block_tokens;
    return make_fixture(label,
                        inputs(boost::hana::at_c<0>(exact.inputs), boost::hana::at_c<1>(exact.inputs),
                               tokens, tokens),
                        expected_under(P, exact_prefix, whole_block_tokens, whole_block_tokens));
  }
};

/// A namespace fixture of two equal namespaces under policy P: tokens sharing exactly `exact_prefix`.
template <reuse_policy P, class Label, class Cached, class Requested>
[[nodiscard]] constexpr auto same_namespace_under(Label label, const Cached& cached,
                                                  const Requested& requested,
                                                  std::size_t exact_prefix) noexcept {
  constexpr cache_namespace tenant{"llama", "sql", 2, "org_1"};
  return make_fixture(label, inputs(tenant, tenant, cached, requested),
                      expected_under(P, exact_prefix, requested.size(), cached.size()));
}

}  // namespace kvc::fixtures

namespace kvc::suites {

/// Namespace isolation as an engine with policy P implements it: `impl(cache_namespace,
/// request_namespace, cached_tokens, requested_tokens)` with `kvc::cache_namespace` namespaces, the
/// policy built in. Every fixture of `kvc::suites::namespace_isolation` under P; each of them again
/// with 33 equal tokens, so that every aliasing shape is still rejected after the policy rounds;
/// and equal namespaces with lengths on both sides of block boundaries and requests that end at the
/// common prefix. Every expected value is `kvc::fixtures::expected_under` of a written-out exact
/// result.
template <reuse_policy P>
inline constexpr auto namespace_isolation_under_fixtures = [] {
  // Every value below depends on P through D, so that it is built where the suite is checked.
  using D = deferred_on<P>;
  using fixtures::filled;
  using fixtures::same_namespace_under;
  using fixtures::shared_then;
  return fixtures::with_policy<P>(
      fixtures::all_under<P>(namespace_isolation),
      fixtures::mapped(namespace_isolation, fixtures::to_whole_blocks<P>{}),
      boost::hana::make_tuple(
          same_namespace_under<P>(label<"same namespace, prefix of 15">, shared_then<D, 15, 1>(2),
                                  shared_then<D, 15, 2>(3), 15),
          same_namespace_under<P>(label<"same namespace, prefix of 16">, shared_then<D, 16, 1>(2),
                                  shared_then<D, 16, 2>(3), 16),
          same_namespace_under<P>(label<"same namespace, prefix of 17">, shared_then<D, 17, 1>(2),
                                  shared_then<D, 17, 2>(3), 17),
          same_namespace_under<P>(label<"same namespace, prefix of 31">, shared_then<D, 31, 1>(2),
                                  shared_then<D, 31, 2>(3), 31),
          same_namespace_under<P>(label<"same namespace, prefix of 32">, shared_then<D, 32, 1>(2),
                                  shared_then<D, 32, 2>(3), 32),
          same_namespace_under<P>(label<"same namespace, prefix of 33">, shared_then<D, 33, 1>(2),
                                  shared_then<D, 33, 2>(3), 33),
          same_namespace_under<P>(label<"same namespace, request of 16 ends at the prefix">,
                                  filled<D, 20>(1), filled<D, 16>(1), 16),
          same_namespace_under<P>(label<"same namespace, request of 17 ends at the prefix">,
                                  filled<D, 20>(1), filled<D, 17>(1), 17),
          same_namespace_under<P>(label<"same namespace, request of 32 ends at the prefix">,
                                  filled<D, 40>(1), filled<D, 32>(1), 32),
          same_namespace_under<P>(label<"same namespace, request of 33 ends at the prefix">,
                                  filled<D, 40>(1), filled<D, 33>(1), 33),
          same_namespace_under<P>(label<"same namespace, whole cache of 32 inside a request of 40">,
                                  filled<D, 32>(1), filled<D, 40>(1), 32),
          same_namespace_under<P>(label<"same namespace, whole cache of 17 inside a request of 18">,
                                  filled<D, 17>(1), filled<D, 18>(1), 17)));
}();

namespace definition {
/// `kvc::suites::namespace_isolation_under<P>` for `kvc::lazy_suite`: a handle that names the suite
/// without building it, for indexes of suites (kvc/verification/suite_index.hpp).
template <reuse_policy P>
struct namespace_isolation_under {
  /// The address of the policy suite.
  template <class = void>
  static constexpr const auto* fixtures = &suites::namespace_isolation_under_fixtures<P>;
};
}  // namespace definition

/// The suite under `P` as users name it (`kvc::suites::namespace_isolation_under<P>`): a `kvc::lazy_suite`, so that
/// a diagnostic names `lazy_suite<definition::namespace_isolation_under<P>>` rather than the fixtures' whole
/// tuple type; `kvc::fixtures_of` (or `namespace_isolation_under_fixtures<P>`) gives the tuple.
template <reuse_policy P>
inline constexpr lazy_suite<definition::namespace_isolation_under<P>> namespace_isolation_under{};

}  // namespace kvc::suites
