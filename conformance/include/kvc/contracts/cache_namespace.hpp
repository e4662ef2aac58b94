// kvc/contracts/cache_namespace.hpp - the verification of namespace isolation with structured
// namespaces: known-bad namespace comparisons (as prefix-reuse implementations) and the descriptor.
//
// The known-bad implementations are plausible ways to get the contract wrong; the descriptor at
// the end ties them to the suites that must reject them (kvc/verification/descriptor.hpp).
#pragma once

#include <cstddef>
#include <string_view>

#include <kvc/cache_namespace.hpp>
#include <kvc/contracts/prefix_reuse.hpp>

#include <kvc/prefix_reuse.hpp>
#include <kvc/verification/descriptor.hpp>
#include <kvc/suites/namespace_isolation.hpp>

namespace kvc::mutants::cache_namespace {

namespace detail {

using kvc::mutants::prefix_reuse::detail::common_prefix;

/// Whether two sequences of string pieces spell the same text once concatenated.
template <std::size_t N>
constexpr bool same_concatenation(const std::string_view (&a)[N],
                                  const std::string_view (&b)[N]) noexcept {
  std::size_t ai = 0, ao = 0, bi = 0, bo = 0;
  while (true) {
    while (ai < N && ao == a[ai].size()) ++ai, ao = 0;
    while (bi < N && bo == b[bi].size()) ++bi, bo = 0;
    if (ai == N || bi == N) return ai == N && bi == N;
    if (a[ai][ao++] != b[bi][bo++]) return false;
  }
}

template <class Equal>
constexpr auto reuse_if(Equal equal) noexcept {
  return [equal](const kvc::cache_namespace& c, const kvc::cache_namespace& r, const auto& cached,
                 const auto& requested) {
    return equal(c, r) ? common_prefix(cached, requested) : std::size_t{0};
  };
}

}  // namespace detail

/// The key is model + adapter + salt concatenated with no separator: fields alias.
inline constexpr auto concatenated_key = detail::reuse_if([](const auto& c, const auto& r) {
  const std::string_view a[] = {c.model, c.adapter, c.salt};
  const std::string_view b[] = {r.model, r.adapter, r.salt};
  return c.adapter_revision == r.adapter_revision && detail::same_concatenation(a, b);
});

/// The adapter is identified by name alone: revisions share KV entries.
inline constexpr auto adapter_name_only = detail::reuse_if([](const auto& c, const auto& r) {
  return c.model == r.model && c.adapter == r.adapter && c.salt == r.salt;
});

/// The salt is left out of the key: tenants share KV entries.
inline constexpr auto ignores_salt = detail::reuse_if([](const auto& c, const auto& r) {
  return c.model == r.model && c.adapter == r.adapter && c.adapter_revision == r.adapter_revision;
});

/// The adapter is left out of the key: a LoRA request reuses the base model's cache.
inline constexpr auto ignores_adapter = detail::reuse_if([](const auto& c, const auto& r) {
  return c.model == r.model && c.salt == r.salt;
});

/// Salts compared as prefixes of each other (a truncated or length-unchecked compare).
inline constexpr auto salt_prefix_match = detail::reuse_if([](const auto& c, const auto& r) {
  const auto shorter = c.salt.size() < r.salt.size() ? c.salt.size() : r.salt.size();
  return c.model == r.model && c.adapter == r.adapter &&
         c.adapter_revision == r.adapter_revision &&
         c.salt.substr(0, shorter) == r.salt.substr(0, shorter);
});

}  // namespace kvc::mutants::cache_namespace

namespace kvc::verification {

/// Structured namespaces: every field separates, and no two fields run into each other.
inline constexpr auto cache_namespace_contract = describe_contract<"cache_namespace">(
    check_suite<"namespace_isolation", "fuzz_cache_namespace">(
        suites::namespace_isolation, kvc::reusable_prefix_length,
        named<"concatenated_key">(mutants::cache_namespace::concatenated_key),
        named<"adapter_name_only">(mutants::cache_namespace::adapter_name_only),
        named<"ignores_salt">(mutants::cache_namespace::ignores_salt),
        named<"ignores_adapter">(mutants::cache_namespace::ignores_adapter),
        named<"salt_prefix_match">(mutants::cache_namespace::salt_prefix_match)));

}  // namespace kvc::verification
