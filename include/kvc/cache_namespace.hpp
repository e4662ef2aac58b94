// kvc/cache_namespace.hpp - a structured KV-cache namespace: model, adapter, adapter revision, salt.
//
// Why a struct rather than a string key: a key made by concatenating fields aliases
// ("org_1" + "2345" == "org_12345" + ""), and an adapter identified by name alone shares KV entries
// across adapter versions. Comparing field by field, and hashing every field with its length, makes
// both impossible.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>  // also declares std::hash, specialized below

namespace kvc {

/// The identity a KV-cache entry belongs to. Two namespaces are equal only when every field is.
/// Non-owning: the viewed strings must outlive it (see `kvc::owning_cache_namespace`).
struct cache_namespace {
  std::string_view model{};
  std::string_view adapter{};
  std::uint64_t adapter_revision = 0;
  std::string_view salt{};

  friend constexpr bool operator==(const cache_namespace&, const cache_namespace&) = default;
};

/// The owning counterpart, for long-lived cache entries: equal to, and hashing the same as, the
/// `kvc::cache_namespace` that views it.
struct owning_cache_namespace {
  std::string model{};
  std::string adapter{};
  std::uint64_t adapter_revision = 0;
  std::string salt{};

  /// An owning copy of `ns`.
  [[nodiscard]] static owning_cache_namespace from(const cache_namespace& ns) {
    return {std::string(ns.model), std::string(ns.adapter), ns.adapter_revision,
            std::string(ns.salt)};
  }

  /// The non-owning view of this namespace (valid while this object is alive and unchanged).
  [[nodiscard]] cache_namespace view() const noexcept {
    return {model, adapter, adapter_revision, salt};
  }

  friend bool operator==(const owning_cache_namespace& a, const owning_cache_namespace& b) noexcept {
    return a.view() == b.view();
  }
  friend bool operator==(const owning_cache_namespace& a, const cache_namespace& b) noexcept {
    return a.view() == b;
  }
};

namespace detail {

/// FNV-1a, 64 bits: simple, constexpr, and good enough to spread namespaces over hash buckets.
/// (Not a defence against adversarial collisions; equality, not the hash, is the boundary.)
struct fnv1a {
  std::uint64_t state = 14695981039346656037ULL;

  constexpr void byte(std::uint8_t b) noexcept {
    state ^= b;
    state *= 1099511628211ULL;
  }
  constexpr void u64(std::uint64_t value) noexcept {
    for (int i = 0; i < 8; ++i) byte(static_cast<std::uint8_t>(value >> (8 * i)));
  }
  /// The length first, then the bytes: ("ab", "c") and ("a", "bc") feed different streams.
  constexpr void field(std::string_view text) noexcept {
    u64(text.size());
    for (const char c : text) byte(static_cast<std::uint8_t>(c));
  }
};

}  // namespace detail

/// The hash of a namespace: every field, each with its length.
[[nodiscard]] constexpr std::size_t hash_value(const cache_namespace& ns) noexcept {
  detail::fnv1a h;
  h.field(ns.model);
  h.field(ns.adapter);
  h.u64(ns.adapter_revision);
  h.field(ns.salt);
  return static_cast<std::size_t>(h.state);
}

[[nodiscard]] inline std::size_t hash_value(const owning_cache_namespace& ns) noexcept {
  return hash_value(ns.view());
}

/// A transparent hash: an `std::unordered_map<kvc::owning_cache_namespace, V,
/// kvc::cache_namespace_hash, std::equal_to<>>` can be searched with a `kvc::cache_namespace`.
struct cache_namespace_hash {
  using is_transparent = void;
  [[nodiscard]] std::size_t operator()(const cache_namespace& ns) const noexcept {
    return hash_value(ns);
  }
  [[nodiscard]] std::size_t operator()(const owning_cache_namespace& ns) const noexcept {
    return hash_value(ns);
  }
};

}  // namespace kvc

template <>
struct std::hash<kvc::cache_namespace> {
  [[nodiscard]] std::size_t operator()(const kvc::cache_namespace& ns) const noexcept {
    return kvc::hash_value(ns);
  }
};

template <>
struct std::hash<kvc::owning_cache_namespace> {
  [[nodiscard]] std::size_t operator()(const kvc::owning_cache_namespace& ns) const noexcept {
    return kvc::hash_value(ns);
  }
};
