// kvc/specs/lookup_shapes.hpp - the call shapes of the prefix lookups, shared by the prefix-reuse
// and structured-namespace specs: `impl(cache_ns, request_ns, cached, requested)` with string or
// structured namespaces, the block form with a fifth `block_size`, their reference (the contract
// under a `kvc::reuse_policy`), and what a policy makes of a fixture's exact result.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include <kvc/prefix_reuse.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/fixture_text.hpp>
#include <kvc/spec/sequence.hpp>
#include <kvc/spec/shape.hpp>

namespace kvc::specs {

using namespace std::string_view_literals;

/// The result a reuse policy demands, from a fixture's written-out exact common prefix: the
/// longest length at most `exact_prefix` that is a whole number of the policy's blocks and of
/// `block` blocks (1: no block argument; 0: nothing), and (when the last token is recomputed)
/// shorter than the request, unless the request, the cached sequence and the prefix end together
/// and the policy keeps the logits there. Deliberately not the contract's implementation: it
/// searches down from the exact prefix where the contract computes the length, so each checks the
/// other (static_checks/prefix_reuse_suites.cpp tests it against tables written out by hand).
[[nodiscard]] constexpr std::size_t expected_under(reuse_policy policy, std::size_t exact_prefix,
                                                   std::size_t requested_length,
                                                   std::size_t cached_length,
                                                   std::size_t block = 1) noexcept {
  if (policy.block_size == 0 || block == 0) return 0;
  const bool whole_kept = policy.keep_logits_at_cache_end && exact_prefix == requested_length &&
                          cached_length == requested_length;
  const auto allowed = [&](std::size_t n) {
    const bool whole_blocks = n % policy.block_size == 0 && n % block == 0;
    const bool leaves_last_token =
        !policy.recompute_last_token || n < requested_length || (whole_kept && n == exact_prefix);
    return whole_blocks && leaves_last_token;
  };
  std::size_t length = exact_prefix;
  while (length > 0 && !allowed(length)) --length;
  return length;
}

/// The parts of the lookup shapes: reuse results compared exactly, or as a bound under a
/// `kvc::reuse_match::bound` profile.
template <class Derived>
struct lookup_shape : direct_call_shape<Derived> {
  /// The result is a reuse length: under a `kvc::reuse_match::bound` profile it is a bound.
  static constexpr bool reuse_result = true;
  /// Equal to the contract's result; under a bound profile, anywhere from 0 to it.
  template <class In, class A, class E>
  [[nodiscard]] static constexpr bool agrees(const engine_profile& profile, const In&,
                                             const A& actual, const E& expected) noexcept {
    if constexpr (std::is_integral_v<A>) {
      if (profile.reuse == reuse_match::bound)
        return std::cmp_greater_equal(actual, 0) && std::cmp_less_equal(actual, expected);
    }
    return detail::same_result(actual, expected);
  }
};

/// A prefix lookup, `impl(cache_ns, request_ns, cached, requested)`, with namespaces of kind
/// `Namespace`: strings (`kvc::specs::prefix_lookup`) or structured
/// (`kvc::specs::namespace_lookup`).
template <field_kind Namespace>
struct basic_prefix_lookup : lookup_shape<basic_prefix_lookup<Namespace>> {
  /// The shape's name.
  static constexpr std::string_view name =
      Namespace == field_kind::namespace_text ? "prefix_lookup" : "namespace_lookup";
  /// The inputs, in call order.
  static constexpr field fields[] = {{"cache_namespace", Namespace},
                                     {"request_namespace", Namespace},
                                     {"cached", field_kind::tokens},
                                     {"requested", field_kind::tokens}};
  /// One call's inputs: namespaces of type N, token sequences of type T.
  template <class N, class T>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = basic_prefix_lookup;
    N cache_namespace;    ///< the namespace the cached tokens were stored under
    N request_namespace;  ///< the request's namespace
    T cached;             ///< the cached token ids
    T requested;          ///< the request's token ids
  };
  /// `f(cache_namespace, request_namespace, cached, requested)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.cache_namespace, in.request_namespace, in.cached, in.requested);
  }
  /// The contract's result under `policy`.
  template <class In>
  [[nodiscard]] static constexpr std::size_t reference(const In& in, reuse_policy policy = {}) noexcept {
    return kvc::reusable_prefix_length(detail::as_namespace(in.cache_namespace),
                                       detail::as_namespace(in.request_namespace), in.cached,
                                       in.requested, policy);
  }
  /// What `policy` makes of a fixture's exact result.
  template <class In>
  [[nodiscard]] static constexpr std::size_t under(reuse_policy policy, const In& in,
                                                   std::size_t exact) noexcept {
    return expected_under(policy, exact, in.requested.size(), in.cached.size());
  }
};
/// A prefix lookup with string namespaces.
using prefix_lookup = basic_prefix_lookup<field_kind::namespace_text>;
/// A prefix lookup with structured namespaces (`kvc::cache_namespace`).
using namespace_lookup = basic_prefix_lookup<field_kind::cache_namespace>;

/// Block-granular reuse: `impl(cache_ns, request_ns, cached, requested, block_size)`, the common
/// prefix in whole blocks of `block_size` (0 for a block size of 0 or below).
struct block_lookup : lookup_shape<block_lookup> {
  /// The shape's name.
  static constexpr std::string_view name = "block_lookup";
  /// The inputs, in call order.
  static constexpr field fields[] = {{"cache_namespace", field_kind::namespace_text},
                                     {"request_namespace", field_kind::namespace_text},
                                     {"cached", field_kind::tokens},
                                     {"requested", field_kind::tokens},
                                     {"block_size", field_kind::block_size}};
  /// One call's inputs.
  template <class N, class T>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = block_lookup;
    N cache_namespace;    ///< the namespace the cached tokens were stored under
    N request_namespace;  ///< the request's namespace
    T cached;             ///< the cached token ids
    T requested;          ///< the request's token ids
    int block_size;       ///< the tokens per block
  };
  /// `f(cache_namespace, request_namespace, cached, requested, block_size)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.cache_namespace, in.request_namespace, in.cached, in.requested, in.block_size);
  }
  /// The contract's result under `policy`.
  template <class In>
  [[nodiscard]] static constexpr std::size_t reference(const In& in, reuse_policy policy = {}) noexcept {
    return kvc::reusable_prefix_length(in.cache_namespace, in.request_namespace, in.cached,
                                       in.requested, in.block_size, policy);
  }
  /// What `policy` makes of a fixture's exact result: whole blocks of the call's block size and of
  /// the policy's at once, within the policy's cap (0 for a block size of 0 or below).
  template <class In>
  [[nodiscard]] static constexpr std::size_t under(reuse_policy policy, const In& in,
                                                   std::size_t exact) noexcept {
    return in.block_size <= 0 ? 0
                              : expected_under(policy, exact, in.requested.size(), in.cached.size(),
                                               static_cast<std::size_t>(in.block_size));
  }
};

/// Every fixture of `exact` under `policy`: the same inputs, the expected result what the policy
/// makes of the exact one.
template <class Row, std::size_t N>
[[nodiscard]] constexpr std::array<Row, N> all_under(reuse_policy policy,
                                                     const Row (&exact)[N]) noexcept {
  std::array<Row, N> out{};
  for (std::size_t i = 0; i < N; ++i) {
    out[i] = exact[i];
    out[i].expected = Row::inputs_type::shape::under(policy, exact[i].inputs, exact[i].expected);
  }
  return out;
}

/// `prefix` ones, then `tail` tokens `own`: two such sequences share exactly `prefix` tokens.
[[nodiscard]] constexpr tokens shared_then(std::size_t prefix, std::size_t tail, int own) noexcept {
  return repeat(1, prefix) + repeat(own, tail);
}

/// kvc's contract with policy P built in, `impl(cache_ns, request_ns, cached, requested)`.
template <reuse_policy P>
struct reuse_under_policy {
  /// `kvc::reusable_prefix_length` of the arguments under P.
  template <class CacheNs, class RequestNs, class Cached, class Requested>
    requires std::is_invocable_v<const reusable_prefix_length_fn&, const CacheNs&,
                                 const RequestNs&, const Cached&, const Requested&, reuse_policy>
  [[nodiscard]] constexpr std::size_t operator()(const CacheNs& cache_ns,
                                                 const RequestNs& request_ns, const Cached& cached,
                                                 const Requested& requested) const noexcept {
    return kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested, P);
  }
};

/// kvc's block form with policy P built in, `impl(cache_ns, request_ns, cached, requested,
/// block_size)`.
template <reuse_policy P>
struct block_reuse_under_policy {
  /// `kvc::reusable_prefix_length` of the arguments in blocks of `block_size` under P.
  template <class CacheNs, class RequestNs, class Cached, class Requested>
    requires std::is_invocable_v<const reusable_prefix_length_fn&, const CacheNs&,
                                 const RequestNs&, const Cached&, const Requested&, int,
                                 reuse_policy>
  [[nodiscard]] constexpr std::size_t operator()(const CacheNs& cache_ns,
                                                 const RequestNs& request_ns, const Cached& cached,
                                                 const Requested& requested,
                                                 int block_size) const noexcept {
    return kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested, block_size, P);
  }
};

}  // namespace kvc::specs

namespace kvc::verification {

/// kvc's contract with policy P built in: the reference of `kvc::suites::prefix_reuse_under<P>`
/// and `kvc::suites::namespace_isolation_under<P>`.
template <reuse_policy P>
inline constexpr specs::reuse_under_policy<P> reusable_prefix_length_under{};

/// kvc's block form with policy P built in: whole blocks of the argument within P's cap and
/// blocks (the reference of `kvc::suites::block_prefix_reuse_under<P>`).
template <reuse_policy P>
inline constexpr specs::block_reuse_under_policy<P> block_reuse_under{};

}  // namespace kvc::verification
