// kvc/mutants/cache_namespace.hpp - known-bad namespace comparisons, as prefix-reuse implementations.
//
// Each compares `kvc::cache_namespace`s the way an engine's cache key once did, then reuses the
// common prefix; kvc's static checks prove the namespace-isolation suite rejects every one.
#pragma once

#include <cstddef>
#include <string_view>

#include "../cache_namespace.hpp"
#include "prefix_reuse.hpp"

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
