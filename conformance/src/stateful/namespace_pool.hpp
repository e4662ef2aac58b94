// conformance/src/stateful/namespace_pool.hpp - the namespaces kvc's stateful checks call caches
// with: string literals, so that operations can be stored, shrunk and printed, in pairs that differ
// in one field.
//
// Why these: each neighbouring pair is a bug engines have shipped. A reloaded adapter under the
// same name (revision 1 vs 2, vLLM #42125), reloaded base weights (a revision without an adapter),
// another adapter, another base model, a cache salt, no namespace at all, and a pair whose fields
// concatenate to the same key ("org_1" + "2345" vs "org_12345" + "").
//
// Neighbours catch keys that drop or merge a field; they cannot catch a key that keeps every field
// but hashes them into few bits and trusts the hash (a 256-bucket table without an equality
// check). Only many namespaces collide there, so a second pool of tenants, one salt apart, is
// drawn from too.
#pragma once

#include <array>
#include <cstddef>

#include <kvc/cache_namespace.hpp>

namespace kvc::library::stateful {

/// How many namespaces `namespace_pool` holds.
inline constexpr std::size_t namespace_pool_size = 11;

/// The pool; the first is the one choice 0 draws.
inline constexpr std::array<cache_namespace, namespace_pool_size> namespace_pool{{
    {"llama-3-8b", "", 0, ""},
    {"llama-3-8b", "sql-lora", 1, ""},
    {"llama-3-8b", "sql-lora", 2, ""},  // the same adapter, reloaded
    {"llama-3-8b", "chat-lora", 1, ""},
    {"mistral-7b", "sql-lora", 1, ""},
    {"llama-3-8b", "sql-lora", 1, "tenant-a"},
    {"llama-3-8b", "", 0, "tenant-a"},
    {"llama-3-8b", "", 0, "tenant-b"},
    {"org_1", "2345", 0, ""},  // concatenated, the same key as the next
    {"org_12345", "", 0, ""},
    {"llama-3-8b", "", 1, ""},  // the base weights, reloaded
}};

/// For each namespace of the pool, the indices of its neighbours: those that differ from it in one
/// field, or alias it when fields are concatenated. At most 4; unused entries repeat the first.
inline constexpr std::array<std::array<std::size_t, 4>, namespace_pool_size> namespace_neighbours{{
    {6, 1, 10, 6},
    {2, 3, 4, 5},
    {1, 1, 1, 1},
    {1, 1, 1, 1},
    {1, 1, 1, 1},
    {1, 1, 1, 1},
    {0, 7, 0, 7},
    {6, 6, 6, 6},
    {9, 9, 9, 9},
    {8, 8, 8, 8},
    {0, 0, 0, 0},
}};

/// Tenants of one base model, differing in their salt only: enough namespaces that a key hashed
/// into 8 bits collides in most runs.
inline constexpr std::array<cache_namespace, 32> tenant_pool{{
    {"llama-3-8b", "", 0, "t00"}, {"llama-3-8b", "", 0, "t01"}, {"llama-3-8b", "", 0, "t02"},
    {"llama-3-8b", "", 0, "t03"}, {"llama-3-8b", "", 0, "t04"}, {"llama-3-8b", "", 0, "t05"},
    {"llama-3-8b", "", 0, "t06"}, {"llama-3-8b", "", 0, "t07"}, {"llama-3-8b", "", 0, "t08"},
    {"llama-3-8b", "", 0, "t09"}, {"llama-3-8b", "", 0, "t10"}, {"llama-3-8b", "", 0, "t11"},
    {"llama-3-8b", "", 0, "t12"}, {"llama-3-8b", "", 0, "t13"}, {"llama-3-8b", "", 0, "t14"},
    {"llama-3-8b", "", 0, "t15"}, {"llama-3-8b", "", 0, "t16"}, {"llama-3-8b", "", 0, "t17"},
    {"llama-3-8b", "", 0, "t18"}, {"llama-3-8b", "", 0, "t19"}, {"llama-3-8b", "", 0, "t20"},
    {"llama-3-8b", "", 0, "t21"}, {"llama-3-8b", "", 0, "t22"}, {"llama-3-8b", "", 0, "t23"},
    {"llama-3-8b", "", 0, "t24"}, {"llama-3-8b", "", 0, "t25"}, {"llama-3-8b", "", 0, "t26"},
    {"llama-3-8b", "", 0, "t27"}, {"llama-3-8b", "", 0, "t28"}, {"llama-3-8b", "", 0, "t29"},
    {"llama-3-8b", "", 0, "t30"}, {"llama-3-8b", "", 0, "t31"},
}};

/// The index of `ns` in the pool; the pool's size when it is not there.
[[nodiscard]] constexpr std::size_t namespace_index(const cache_namespace& ns) noexcept {
  for (std::size_t i = 0; i < namespace_pool_size; ++i)
    if (namespace_pool[i] == ns) return i;
  return namespace_pool_size;
}

}  // namespace kvc::library::stateful
