// kvc/specs/cache_namespace.hpp - the spec of structured namespaces: prefix reuse with
// `kvc::cache_namespace` keys (model, adapter, adapter revision, salt) reuses nothing across any
// field. `impl(cache_ns, request_ns, cached, requested)`, `int` tokens; under a policy, whole blocks
// within the policy's cap.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <kvc/cache_namespace_view.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/fixture_namespace.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/lookup_shapes.hpp>

namespace kvc::specs {

namespace namespace_tables {
using namespace_row = fixture_row<namespace_lookup::inputs<fixture_namespace, tokens>, std::size_t>;
}  // namespace namespace_tables

/// Namespaces that differ in one field, or whose fields a flattened key would join, trim, fold or
/// truncate alike: the keys engines have built by concatenating fields ("org_1" + "2345" against
/// "org_12345"), joined with a separator a field may hold, compared by a digest, or cut to a fixed
/// size. Then token ids past 8 and 16 bits and prefixes past 8-, 12- and 16-bit counters, and
/// mismatches in the middle of long sequences.
inline constexpr namespace_tables::namespace_row namespace_isolation[] = {
    {"same namespace", {{"llama", "sql", 2, "org_1"}, {"llama", "sql", 2, "org_1"}, {1, 2, 3}, {1, 2, 4}}, 2},
    {"model and adapter boundary shifted", {{"ab", "c", 0, ""}, {"a", "bc", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"adapter and salt boundary shifted", {{"m", "org_1", 0, "2345"}, {"m", "org_12345", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"salt is a prefix of the other", {{"m", "", 0, "org_1"}, {"m", "", 0, "org_12"}, {1, 2}, {1, 2}}, 0},
    {"adapter revision differs", {{"m", "sql", 1, ""}, {"m", "sql", 2, ""}, {1, 2}, {1, 2}}, 0},
    {"adapter against base model", {{"m", "sql", 0, ""}, {"m", "", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"salt differs", {{"m", "", 0, "tenant-a"}, {"m", "", 0, "tenant-b"}, {1, 2}, {1, 2}}, 0},
    {"model differs", {{"m1", "", 0, ""}, {"m2", "", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"default namespaces are equal", {{"", "", 0, ""}, {"", "", 0, ""}, {1, 2}, {1, 2}}, 2},
    {"model and adapter joined with a slash", {{"org/a", "b", 0, ""}, {"org", "a/b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"adapter and salt joined with a slash", {{"m", "a/b", 0, "c"}, {"m", "a", 0, "b/c"}, {1, 2}, {1, 2}}, 0},
    {"adapter against a salt of the same name", {{"m", "X", 0, ""}, {"m", "", 0, "X"}, {1, 2}, {1, 2}}, 0},
    {"salt and adapter boundary shifted", {{"m", "c", 0, "ab"}, {"m", "bc", 0, "a"}, {1, 2}, {1, 2}}, 0},
    {"base model against adapter", {{"m", "", 0, ""}, {"m", "sql", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"adapter revisions 2^32 apart", {{"m", "sql", 4294967297, ""}, {"m", "sql", 1, ""}, {1, 2}, {1, 2}}, 0},
    {"model names differ in case", {{"Llama", "", 0, ""}, {"llama", "", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"models differ after an embedded NUL", {{"m\x00" "a", "", 0, ""}, {"m\x00" "b", "", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model name with a trailing space", {{"llama", "", 0, ""}, {"llama ", "", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"models differ in first character", {{"a-llama", "", 0, ""}, {"b-llama", "", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"revision differs without an adapter", {{"m", "", 1, ""}, {"m", "", 2, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with a unit separator", {{"m\x1f" "a", "b", 0, ""}, {"m", "a\x1f" "b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with a colon", {{"m:a", "b", 0, ""}, {"m", "a:b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"adapter and salt joined with a bar", {{"m", "a|b", 0, "c"}, {"m", "a", 0, "b|c"}, {1, 2}, {1, 2}}, 0},
    {"adapter and salt joined with a NUL", {{"m", "a\x00" "b", 0, "c"}, {"m", "a", 0, "b\x00" "c"}, {1, 2}, {1, 2}}, 0},
    {"token ids 256 apart", {{"m", "", 0, ""}, {"m", "", 0, ""}, repeat(1, 20) + tokens{258} + repeat(1, 20), repeat(1, 20) + tokens{2} + repeat(1, 20)}, 20},
    {"token ids 65536 apart", {{"m", "", 0, ""}, {"m", "", 0, ""}, repeat(1, 20) + tokens{65538} + repeat(1, 20), repeat(1, 20) + tokens{2} + repeat(1, 20)}, 20},
    {"shared prefix of 300 tokens", {{"m", "", 0, ""}, {"m", "", 0, ""}, repeat(7, 300) + tokens{1}, repeat(7, 300) + tokens{2}}, 300},
    {"model and adapter joined with a comma", {{"m,a", "b", 0, ""}, {"m", "a,b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with an at sign", {{"m@a", "b", 0, ""}, {"m", "a@b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with a newline", {{"m\x0a" "a", "b", 0, ""}, {"m", "a\x0a" "b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with a tab", {{"m\x09" "a", "b", 0, ""}, {"m", "a\x09" "b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with a semicolon", {{"m;a", "b", 0, ""}, {"m", "a;b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with a hash", {{"m#a", "b", 0, ""}, {"m", "a#b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with a dot", {{"m.a", "b", 0, ""}, {"m", "a.b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with a space", {{"m a", "b", 0, ""}, {"m", "a b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with a dash", {{"m-a", "b", 0, ""}, {"m", "a-b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with an underscore", {{"m_a", "b", 0, ""}, {"m", "a_b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"adapter name and revision digits run together", {{"m", "sql1", 2, ""}, {"m", "sql", 12, ""}, {1, 2}, {1, 2}}, 0},
    {"models are anagrams", {{"ab", "", 0, ""}, {"ba", "", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"models with equal position-weighted sums", {{"ab", "", 0, ""}, {"ca", "", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"adapter names differ in case", {{"m", "SQL", 0, ""}, {"m", "sql", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"adapters differ after an embedded NUL", {{"m", "a\x00x", 0, ""}, {"m", "a\x00y", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"salts differ after an embedded NUL", {{"m", "", 0, "t\x00x"}, {"m", "", 0, "t\x00y"}, {1, 2}, {1, 2}}, 0},
    {"salt with a trailing space", {{"m", "", 0, "t"}, {"m", "", 0, "t "}, {1, 2}, {1, 2}}, 0},
    {"adapter revisions 2^32 + 1 and 0", {{"m", "sql", 4294967297, ""}, {"m", "sql", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"adapter revisions 2^53 and 2^53 + 1", {{"m", "sql", 9007199254740992, ""}, {"m", "sql", 9007199254740993, ""}, {1, 2}, {1, 2}}, 0},
    // A length kept in 12 bits: checked at run time (at compile time its 5,000 tokens would cost
    // more than every other fixture together).
    {"shared prefix of 5000 tokens", {{"m", "", 0, ""}, {"m", "", 0, ""}, repeat(7, 5000) + tokens{1}, repeat(7, 5000) + tokens{2}}, 5000, run_time_only},
    {"equal lengths of 600 differing at 300", {{"m", "", 0, ""}, {"m", "", 0, ""}, repeat(7, 300) + tokens{1} + repeat(7, 299), repeat(7, 300) + tokens{2} + repeat(7, 299)}, 300},
    {"mismatch in the middle of 100 tokens", {{"m", "", 0, ""}, {"m", "", 0, ""}, repeat(7, 50) + tokens{1} + repeat(7, 49), repeat(7, 50) + tokens{2} + repeat(7, 69)}, 50},
    {"two tokens swapped after the first", {{"m", "", 0, ""}, {"m", "", 0, ""}, tokens{7, 2, 1} + repeat(7, 37), tokens{7, 1, 2} + repeat(7, 37)}, 1},
    {"two tokens swapped inside the second block", {{"m", "", 0, ""}, {"m", "", 0, ""}, repeat(7, 20) + tokens{2, 1} + repeat(7, 18), repeat(7, 20) + tokens{1, 2} + repeat(7, 18)}, 20},
    {"tokens differ only at odd position 17 of 40", {{"m", "", 0, ""}, {"m", "", 0, ""}, repeat(7, 17) + tokens{1} + repeat(7, 22), repeat(7, 17) + tokens{2} + repeat(7, 22)}, 17},
    {"model and adapter joined with a bar", {{"m|a", "b", 0, ""}, {"m", "a|b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"model and adapter joined with a NUL", {{"m\x00" "a", "b", 0, ""}, {"m", "a\x00" "b", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"salted cache, request without a salt", {{"m", "", 0, "tenant-a"}, {"m", "", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"salts differ after 8 characters", {{"m", "", 0, "tenant-00001"}, {"m", "", 0, "tenant-00002"}, {1, 2}, {1, 2}}, 0},
    {"models differ after 90 characters", {{"org/llama-3-8b-instruct/lora/sql-generation-v2/tenant-00000000000000000000000000000000000000000001", "", 0, ""}, {"org/llama-3-8b-instruct/lora/sql-generation-v2/tenant-00000000000000000000000000000000000000000002", "", 0, ""}, {1, 2}, {1, 2}}, 0},
    {"mismatch at token 64", {{"m", "", 0, ""}, {"m", "", 0, ""}, repeat(7, 64) + tokens{1} + repeat(7, 40), repeat(7, 64) + tokens{2} + repeat(7, 40)}, 64},
};

namespace namespace_tables {
/// The tokens of the fixtures whose namespaces differ, under `policy`: the fewest with which equal
/// namespaces reuse a whole block (one block, and the last token the policy recomputes).
[[nodiscard]] constexpr std::size_t whole_block_tokens(reuse_policy policy) noexcept {
  return (policy.block_size == 0 ? 1 : policy.block_size) + (policy.recompute_last_token ? 1 : 0);
}

/// Every fixture of `exact` under `policy`: those whose namespaces differ over a whole block of
/// equal tokens instead of their own, so that an aliasing key is still caught after the policy
/// rounds (over their own two tokens every policy that reuses whole blocks expects nothing, and an
/// aliasing key returns nothing too); the others with the result the policy makes of theirs. Every
/// fixture of `namespace_isolation` shares a token prefix (static_checks/cache_namespace_suites.cpp
/// proves it), so an exact result of 0 there means the namespaces differ.
template <std::size_t N>
[[nodiscard]] constexpr std::array<namespace_row, N> isolation_under(
    reuse_policy policy, const namespace_row (&exact)[N]) noexcept {
  std::array<namespace_row, N> out = all_under(policy, exact);
  const std::size_t n = whole_block_tokens(policy);
  for (std::size_t i = 0; i < N; ++i) {
    if (exact[i].expected != 0) continue;
    out[i].inputs.cached = repeat(1, n);
    out[i].inputs.requested = repeat(1, n);
    out[i].expected = 0;  // different namespaces share nothing, whatever the policy
  }
  return out;
}

inline constexpr fixture_namespace tenant{"llama", "sql", 2, "org_1"};

/// Equal namespaces at block boundaries, requests ending at the prefix and whole caches inside
/// longer requests (exact prefixes; the suite applies its policy).
inline constexpr namespace_row same_namespace_at_block_edges[] = {
    {"same namespace, prefix of 15", {tenant, tenant, shared_then(15, 1, 2), shared_then(15, 2, 3)}, 15},
    {"same namespace, prefix of 16", {tenant, tenant, shared_then(16, 1, 2), shared_then(16, 2, 3)}, 16},
    {"same namespace, prefix of 17", {tenant, tenant, shared_then(17, 1, 2), shared_then(17, 2, 3)}, 17},
    {"same namespace, prefix of 31", {tenant, tenant, shared_then(31, 1, 2), shared_then(31, 2, 3)}, 31},
    {"same namespace, prefix of 32", {tenant, tenant, shared_then(32, 1, 2), shared_then(32, 2, 3)}, 32},
    {"same namespace, prefix of 33", {tenant, tenant, shared_then(33, 1, 2), shared_then(33, 2, 3)}, 33},
    {"same namespace, request of 16 ends at the prefix", {tenant, tenant, repeat(1, 20), repeat(1, 16)}, 16},
    {"same namespace, request of 17 ends at the prefix", {tenant, tenant, repeat(1, 20), repeat(1, 17)}, 17},
    {"same namespace, request of 32 ends at the prefix", {tenant, tenant, repeat(1, 40), repeat(1, 32)}, 32},
    {"same namespace, request of 33 ends at the prefix", {tenant, tenant, repeat(1, 40), repeat(1, 33)}, 33},
    {"same namespace, whole cache of 32 inside a request of 40", {tenant, tenant, repeat(1, 32), repeat(1, 40)}, 32},
    {"same namespace, whole cache of 17 inside a request of 18", {tenant, tenant, repeat(1, 17), repeat(1, 18)}, 17},
};
}  // namespace namespace_tables

/// `namespace_isolation`'s fixtures under P, those whose namespaces differ over a whole block.
template <reuse_policy P>
inline constexpr auto namespace_isolation_under_table =
    namespace_tables::isolation_under(P, namespace_isolation);
/// Equal namespaces at block edges, under P.
template <reuse_policy P>
inline constexpr auto namespace_isolation_under_edges =
    all_under(P, namespace_tables::same_namespace_at_block_edges);

// The suites' descriptions (see kvc/specs/prefix_reuse.hpp).
/// The description of kvc::suites::namespace_isolation.
struct namespace_isolation_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "namespace_isolation";
};
/// The description of kvc::suites::namespace_isolation_under<P>.
template <reuse_policy P>
struct namespace_isolation_under_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "namespace_isolation_under";
  /// The reuse policy the suite's expected results are computed under.
  static constexpr reuse_policy policy = P;
  /// The same suite under policy Q.
  template <reuse_policy Q>
  using under = suite<namespace_isolation_under_suite<Q>, namespace_isolation_under_table<Q>,
                      namespace_isolation_under_edges<Q>>;
};

}  // namespace kvc::specs

namespace kvc::suites {

/// Namespace isolation: `impl(cache_ns, request_ns, cached, requested)` with `kvc::cache_namespace`
/// namespaces and `int` tokens.
inline constexpr suite<specs::namespace_isolation_suite, specs::namespace_isolation> namespace_isolation{};

/// Namespace isolation as an engine with policy P implements it, the policy built in: every fixture
/// of `namespace_isolation` under P, those whose namespaces differ over the fewest equal tokens
/// that reuse a whole block under P, so that every aliasing shape is still rejected after the
/// policy rounds; and equal namespaces at block boundaries.
template <reuse_policy P>
inline constexpr typename specs::namespace_isolation_under_suite<P>::template under<P>
    namespace_isolation_under{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The structured-namespace contract and its suites.
inline constexpr auto cache_namespace_contract =
    describe("cache_namespace", suites::namespace_isolation,
             policy_suites<namespace_isolation_under_suite>{});
}  // namespace kvc::specs
