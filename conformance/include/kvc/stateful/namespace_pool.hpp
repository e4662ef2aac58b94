// kvc/stateful/namespace_pool.hpp - the namespaces kvc's stateful checks call caches with: string
// literals, so that operations can be stored, shrunk and printed, in pairs that differ in one field.
//
// Why these: each neighbouring pair is a bug engines have shipped. A reloaded adapter under the
// same name (revision 1 vs 2, vLLM #42125), another adapter, another base model, a cache salt, no
// namespace at all, and a pair whose fields concatenate to the same key ("org_1" + "2345" vs
// "org_12345" + "").
#pragma once

#include <array>
#include <cstddef>

#include <kvc/cache_namespace.hpp>

namespace kvc::detail {

/// The pool; the first is the one the shrinker replaces others by.
inline constexpr std::array<cache_namespace, 10> namespace_pool{{
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
}};

/// For each namespace of the pool, the indices of its neighbours: those that differ from it in one
/// field, or alias it when fields are concatenated. At most 4; unused entries repeat the first.
inline constexpr std::array<std::array<std::size_t, 4>, namespace_pool.size()> namespace_neighbours{{
    {6, 1, 6, 1},
    {2, 3, 4, 5},
    {1, 1, 1, 1},
    {1, 1, 1, 1},
    {1, 1, 1, 1},
    {1, 1, 1, 1},
    {0, 7, 0, 7},
    {6, 6, 6, 6},
    {9, 9, 9, 9},
    {8, 8, 8, 8},
}};

/// The index of `ns` in the pool; the pool's size when it is not there.
[[nodiscard]] constexpr std::size_t namespace_index(const cache_namespace& ns) noexcept {
  for (std::size_t i = 0; i < namespace_pool.size(); ++i)
    if (namespace_pool[i] == ns) return i;
  return namespace_pool.size();
}

}  // namespace kvc::detail
