// kvc/suites/prefix_reuse_under.hpp - prefix reuse under a reuse policy: block rounding and the
// recomputed last prompt token (vLLM, SGLang, llama.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <boost/hana/at.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/tuple.hpp>

#include <kvc/reuse_policy.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/expected_under_policy.hpp>
#include <kvc/suites/prefix_reuse.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>
#include <kvc/verification/policy_call.hpp>

namespace kvc::fixtures {

/// A prefix fixture under policy P: the inputs, and the exact common prefix written out (0 across
/// namespaces); the expected result is what P makes of it.
template <reuse_policy P, class Label, class Cached, class Requested>
[[nodiscard]] constexpr auto under(Label label, std::string_view cache_ns,
                                   std::string_view request_ns, const Cached& cached,
                                   const Requested& requested, std::size_t exact_prefix) noexcept {
  return make_fixture(label, inputs(cache_ns, request_ns, cached, requested),
                      expected_under(P, exact_prefix, requested.size(), cached.size()));
}

/// An exact prefix suite's fixture under policy P: the same inputs, and what P makes of the exact
/// result (the fixture's written-out expected value). The requested tokens are the input at
/// `Requested` (3 in the prefix shape; 4 in the multimodal shape, after the cached items). For a
/// block-granular fixture (a fifth input, the call's block size b) the exact result is whole blocks
/// of b; P's cap and blocks apply to it, and the result is rounded down to whole blocks of b again
/// (0 for b <= 0).
template <reuse_policy P, std::size_t Requested = 3>
struct to_policy {
  /// `exact` with its expected value replaced by what P makes of it.
  template <class Label, class Call, class Inputs, class Expected>
  [[nodiscard]] constexpr auto operator()(
      const fixture<Label, Call, Inputs, Expected>& exact) const noexcept {
    const auto& requested = boost::hana::at_c<Requested>(exact.inputs);
    const auto& cached = boost::hana::at_c<2>(exact.inputs);
    std::size_t expected = 0;
    if constexpr (decltype(boost::hana::length(exact.inputs))::value == 5) {
      // The block form, by kvc::reuse_policy's one rule: whole blocks of b and of P's block size
      // at once, within P's cap. The exact result e is the common prefix p in whole blocks of b;
      // every such length up to p is at most e, so searching down from e finds the same length.
      const auto block = boost::hana::at_c<4>(exact.inputs);
      expected = block <= 0 ? 0
                            : expected_under(P, exact.expected, requested.size(), cached.size(),
                                             static_cast<std::size_t>(block));
    } else {
      expected = expected_under(P, exact.expected, requested.size(), cached.size());
    }
    return fixture<Label, Call, Inputs, std::size_t>{exact.label, exact.inputs, expected};
  }
};

/// Every fixture of an exact prefix suite under policy P (the requested tokens at `Requested`), as a
/// part of `kvc::fixtures::with_policy`.
template <reuse_policy P, std::size_t Requested = 3, class Suite>
[[nodiscard]] constexpr auto all_under(const Suite& exact) noexcept {
  return mapped(exact, to_policy<P, Requested>{});
}

/// `prefix` equal tokens, then `tail` tokens of its own: two sequences sharing exactly `prefix`.
template <std::size_t Prefix, std::size_t Tail>
[[nodiscard]] constexpr std::array<int, Prefix + Tail> shared_then(int own) noexcept {
  return join(filled<Prefix>(1), filled<Tail>(own));
}
/// `shared_then<Prefix, Tail>(own)`, built where `Deferred` is known (in fixtures that depend on
/// it).
template <class Deferred, std::size_t Prefix, std::size_t Tail>
[[nodiscard]] constexpr std::array<int, Prefix + Tail> shared_then(int own) noexcept {
  return shared_then<Prefix, Tail>(own);
}

}  // namespace kvc::fixtures

namespace kvc::suites {

/// Prefix reuse as an engine with policy P implements it: `impl(cache_namespace,
/// request_namespace, cached_tokens, requested_tokens)`, the policy built in, with
/// `std::string_view` namespaces and `std::array` tokens (or spans, see
/// kvc/verification/offered_arguments.hpp). The fixtures are the exact suite's
/// (`kvc::suites::prefix_reuse`, whose expected values are the exact common prefixes), then lengths on both sides of block boundaries (15, 16, 17, 31, 32,
/// 33, 48), requests that end exactly at the common prefix, and whole-cache hits, so that each
/// policy's rounding and cap are pinned. Every expected value is `kvc::fixtures::expected_under`
/// of a written-out exact prefix.
template <reuse_policy P>
inline constexpr auto prefix_reuse_under_fixtures = [] {
  // Every value below depends on P through D, so that it is built where the suite is checked.
  using D = deferred_on<P>;
  using fixtures::shared_then;
  using fixtures::under;
  using fixtures::filled;
  using fixtures::join;
  constexpr std::string_view m{"m"};
  return fixtures::with_policy<P>(
      fixtures::all_under<P>(prefix_reuse),
      boost::hana::make_tuple(
          // Block boundaries, the request running on past the common prefix.
          under<P>(label<"prefix of 15, request goes on">, m, m, shared_then<D, 15, 1>(2),
                   shared_then<D, 15, 2>(3), 15),
          under<P>(label<"prefix of 16, request goes on">, m, m, shared_then<D, 16, 1>(2),
                   shared_then<D, 16, 2>(3), 16),
          under<P>(label<"prefix of 17, request goes on">, m, m, shared_then<D, 17, 1>(2),
                   shared_then<D, 17, 2>(3), 17),
          under<P>(label<"prefix of 31, request goes on">, m, m, shared_then<D, 31, 1>(2),
                   shared_then<D, 31, 2>(3), 31),
          under<P>(label<"prefix of 32, request goes on">, m, m, shared_then<D, 32, 1>(2),
                   shared_then<D, 32, 2>(3), 32),
          under<P>(label<"prefix of 33, request goes on">, m, m, shared_then<D, 33, 1>(2),
                   shared_then<D, 33, 2>(3), 33),
          under<P>(label<"prefix of 48, request goes on">, m, m, shared_then<D, 48, 1>(2),
                   shared_then<D, 48, 2>(3), 48),
          // Requests that end exactly at the common prefix (the cache holds more).
          under<P>(label<"request of 16 ends at the prefix">, m, m, filled<D, 20>(1),
                   filled<D, 16>(1), 16),
          under<P>(label<"request of 17 ends at the prefix">, m, m, filled<D, 20>(1),
                   filled<D, 17>(1), 17),
          under<P>(label<"request of 32 ends at the prefix">, m, m, filled<D, 40>(1),
                   filled<D, 32>(1), 32),
          under<P>(label<"request of 33 ends at the prefix">, m, m, filled<D, 40>(1),
                   filled<D, 33>(1), 33),
          // The whole request cached, nothing more.
          under<P>(label<"whole request of 16 cached">, m, m, filled<D, 16>(1), filled<D, 16>(1),
                   16),
          under<P>(label<"whole request of 1 cached">, m, m, filled<D, 1>(1), filled<D, 1>(1), 1),
          // The whole cache inside a longer request: the recomputed last token is the request's, so
          // nothing of a cache shorter than the request is given up.
          under<P>(label<"whole cache of 32 inside a request of 40">, m, m, filled<D, 32>(1),
                   filled<D, 40>(1), 32),
          under<P>(label<"whole cache of 17 inside a request of 18">, m, m, filled<D, 17>(1),
                   filled<D, 18>(1), 17),
          // Whole blocks of equal tokens: every namespace shape of the exact suite, so that a
          // policy's rounding cannot hide a namespace compared wrongly, and a match that resumes
          // after a mismatch, so that it cannot hide tokens counted past the first mismatch.
          under<P>(label<"whole blocks in another namespace">, m, "m-lora", filled<D, 33>(1),
                   filled<D, 33>(1), 0),
          under<P>(label<"whole blocks, different model">, "m1", "m2", filled<D, 33>(1),
                   filled<D, 33>(1), 0),
          under<P>(label<"whole blocks, namespace is a prefix of the other">, m, "m1",
                   filled<D, 33>(1), filled<D, 33>(1), 0),
          under<P>(label<"whole blocks, namespaces differ in last character">, "lora-a", "lora-b",
                   filled<D, 33>(1), filled<D, 33>(1), 0),
          under<P>(label<"whole blocks, empty and named namespace">, "", m, filled<D, 33>(1),
                   filled<D, 33>(1), 0),
          under<P>(label<"whole blocks, empty namespaces are equal">, "", "", filled<D, 33>(1),
                   filled<D, 34>(1), 33),
          under<P>(label<"equal tokens resume after a mismatch">, m, m,
                   join(filled<D, 16>(1), join(fixtures::array<D>(2), filled<D, 16>(1))),
                   join(filled<D, 16>(1), join(fixtures::array<D>(3), filled<D, 16>(1))), 16)));
}();

namespace definition {
/// `kvc::suites::prefix_reuse_under<P>` for `kvc::lazy_suite`: a handle that names the suite
/// without building it, for indexes of suites (kvc/verification/suite_index.hpp).
template <reuse_policy P>
struct prefix_reuse_under {
  /// The address of the policy suite.
  template <class = void>
  static constexpr const auto* fixtures = &suites::prefix_reuse_under_fixtures<P>;
};
}  // namespace definition

/// The suite under `P` as users name it (`kvc::suites::prefix_reuse_under<P>`): a `kvc::lazy_suite`, so that
/// a diagnostic names `lazy_suite<definition::prefix_reuse_under<P>>` rather than the fixtures' whole
/// tuple type; `kvc::fixtures_of` (or `prefix_reuse_under_fixtures<P>`) gives the tuple.
template <reuse_policy P>
inline constexpr lazy_suite<definition::prefix_reuse_under<P>> prefix_reuse_under{};

}  // namespace kvc::suites
