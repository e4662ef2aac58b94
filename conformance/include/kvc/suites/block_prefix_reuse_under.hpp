// kvc/suites/block_prefix_reuse_under.hpp - block-granular prefix reuse under a reuse policy.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <boost/hana/tuple.hpp>

#include <kvc/reuse_policy.hpp>
#include <kvc/suites/block_prefix_reuse.hpp>
#include <kvc/suites/prefix_reuse_under.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/expected_under_policy.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>
#include <kvc/verification/policy_call.hpp>

namespace kvc::fixtures {

/// A block fixture (`block_size` the call's fifth argument) under policy P, from the exact
/// common prefix written out: kvc::reuse_policy's one rule, whole blocks of the argument and of P
/// at once within P's cap (the rule `kvc::fixtures::to_policy` applies to the exact block suite).
template <reuse_policy P, class Label, class Cached, class Requested>
[[nodiscard]] constexpr auto block_under(Label label, std::string_view cache_ns,
                                         std::string_view request_ns, const Cached& cached,
                                         const Requested& requested, int block_size,
                                         std::size_t exact_prefix) noexcept {
  return make_fixture(label, inputs(cache_ns, request_ns, cached, requested, block_size),
                      block_size <= 0 ? std::size_t{0}
                                      : expected_under(P, exact_prefix, requested.size(),
                                                       cached.size(),
                                                       static_cast<std::size_t>(block_size)));
}

}  // namespace kvc::fixtures

namespace kvc::suites {

/// Block-granular reuse as an engine with policy P implements it: `impl(cache_namespace,
/// request_namespace, cached_tokens, requested_tokens, block_size)`, the policy built in. The
/// reused length is whole blocks of `block_size` and of P's block size at once, within P's cap
/// (kvc::reuse_policy's one rule, which holds for block sizes that do not divide each other). Every fixture of `kvc::suites::block_prefix_reuse`
/// under P, then block sizes of 16 with prefixes on both sides of block boundaries, requests ending
/// at the prefix, and whole blocks in another namespace.
template <reuse_policy P>
inline constexpr auto block_prefix_reuse_under_fixtures = [] {
  // Every value below depends on P through D, so that it is built where the suite is checked.
  using D = deferred_on<P>;
  using fixtures::block_under;
  using fixtures::filled;
  using fixtures::shared_then;
  constexpr std::string_view m{"m"};
  return fixtures::with_policy<P>(
      fixtures::all_under<P>(block_prefix_reuse),
      boost::hana::make_tuple(
          block_under<P>(label<"blocks of 16, prefix of 16">, m, m, shared_then<D, 16, 1>(2),
                         shared_then<D, 16, 2>(3), 16, 16),
          block_under<P>(label<"blocks of 16, prefix of 17">, m, m, shared_then<D, 17, 1>(2),
                         shared_then<D, 17, 2>(3), 16, 17),
          block_under<P>(label<"blocks of 16, prefix of 31">, m, m, shared_then<D, 31, 1>(2),
                         shared_then<D, 31, 2>(3), 16, 31),
          block_under<P>(label<"blocks of 16, prefix of 33">, m, m, shared_then<D, 33, 1>(2),
                         shared_then<D, 33, 2>(3), 16, 33),
          block_under<P>(label<"blocks of 16, request of 32 ends at the prefix">, m, m,
                         filled<D, 40>(1), filled<D, 32>(1), 16, 32),
          block_under<P>(label<"blocks of 16, request of 33 ends at the prefix">, m, m,
                         filled<D, 40>(1), filled<D, 33>(1), 16, 33),
          block_under<P>(label<"blocks of 16, request of 17 ends at the prefix">, m, m,
                         filled<D, 20>(1), filled<D, 17>(1), 16, 17),
          block_under<P>(label<"blocks of 4, request of 13 ends at the prefix">, m, m,
                         filled<D, 20>(1), filled<D, 13>(1), 4, 13),
          block_under<P>(label<"blocks of 16 in another namespace">, m, "m-lora", filled<D, 33>(1),
                         filled<D, 33>(1), 16, 0),
          // Block sizes that do not divide 16: whole blocks of both at once, not one rounding
          // after the other (under blocks of 16, a prefix of 40 in blocks of 5 reuses 0, not 30).
          block_under<P>(label<"blocks of 5, prefix of 40">, m, m, shared_then<D, 40, 1>(2),
                         shared_then<D, 40, 2>(3), 5, 40),
          block_under<P>(label<"blocks of 3, prefix of 33">, m, m, shared_then<D, 33, 1>(2),
                         shared_then<D, 33, 2>(3), 3, 33),
          block_under<P>(label<"block size zero, whole blocks of equal tokens">, m, m,
                         filled<D, 33>(1), filled<D, 33>(1), 0, 33),
          block_under<P>(label<"negative block size, whole blocks of equal tokens">, m, m,
                         filled<D, 33>(1), filled<D, 33>(1), -16, 33)));
}();

namespace definition {
/// `kvc::suites::block_prefix_reuse_under<P>` for `kvc::lazy_suite`: a handle that names the suite
/// without building it, for indexes of suites (kvc/verification/suite_index.hpp).
template <reuse_policy P>
struct block_prefix_reuse_under {
  /// The address of the policy suite.
  template <class = void>
  static constexpr const auto* fixtures = &suites::block_prefix_reuse_under_fixtures<P>;
};
}  // namespace definition

/// The suite under `P` as users name it (`kvc::suites::block_prefix_reuse_under<P>`): a `kvc::lazy_suite`, so that
/// a diagnostic names `lazy_suite<definition::block_prefix_reuse_under<P>>` rather than the fixtures' whole
/// tuple type; `kvc::fixtures_of` (or `block_prefix_reuse_under_fixtures<P>`) gives the tuple.
template <reuse_policy P>
inline constexpr lazy_suite<definition::block_prefix_reuse_under<P>> block_prefix_reuse_under{};

}  // namespace kvc::suites
