// kvc/cache_namespace.hpp - a structured KV-cache namespace (model, adapter, adapter revision,
// salt): kvc::cache_namespace, which views its strings (kvc/cache_namespace_view.hpp), and
// kvc::owning_cache_namespace, which owns them, with the hashes that make both keys of unordered
// containers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "cache_namespace_view.hpp"

// clang's lifetime annotation: a namespace viewing a temporary owning namespace is diagnosed
// (-Wdangling). Other compilers have no such attribute, and would warn about an unknown one.
#if __has_cpp_attribute(clang::lifetimebound)
#define KVC_LIFETIMEBOUND [[clang::lifetimebound]]
#else
#define KVC_LIFETIMEBOUND
#endif

namespace kvc {

/// The owning counterpart, for long-lived cache entries: equal to, and hashing the same as, the
/// `kvc::cache_namespace` that views it.
struct owning_cache_namespace {
  /// The model (base weights) name, owned.
  std::string model{};
  /// The adapter (LoRA) name, owned; empty for the base model.
  std::string adapter{};
  /// The adapter's version.
  std::uint64_t adapter_revision = 0;
  /// The cache salt, owned; empty when none.
  std::string salt{};

  /// An owning copy of `ns`: its strings are copied, so the result outlives them.
  [[nodiscard]] static owning_cache_namespace from(const cache_namespace& ns) {
    return {std::string(ns.model), std::string(ns.adapter), ns.adapter_revision,
            std::string(ns.salt)};
  }

  /// The non-owning view of this namespace (valid while this object is alive and unchanged; clang
  /// diagnoses a view kept past the end of a temporary owning namespace).
  [[nodiscard]] cache_namespace view() const noexcept KVC_LIFETIMEBOUND {
    return {model, adapter, adapter_revision, salt};
  }

  /// Equal when every field is equal (strings by content).
  friend bool operator==(const owning_cache_namespace& a, const owning_cache_namespace& b) noexcept {
    return a.view() == b.view();
  }
  /// Equal to a view when every field is equal (strings by content), whatever the view views.
  friend bool operator==(const owning_cache_namespace& a, const cache_namespace& b) noexcept {
    return a.view() == b;
  }
};

/// The hash of an owning namespace: that of its view, so equal namespaces hash equal across types.
[[nodiscard]] inline std::size_t hash_value(const owning_cache_namespace& ns) noexcept {
  return hash_value(ns.view());
}

/// A transparent hash: an `std::unordered_map<kvc::owning_cache_namespace, V,
/// kvc::cache_namespace_hash, std::equal_to<>>` can be searched with a `kvc::cache_namespace`.
struct cache_namespace_hash {
  /// Marks the hash transparent: unordered containers accept any key type it hashes in `find`.
  using is_transparent = void;
  /// `kvc::hash_value(ns)`.
  [[nodiscard]] std::size_t operator()(const cache_namespace& ns) const noexcept {
    return hash_value(ns);
  }
  /// `kvc::hash_value(ns)`: the same value as for the namespace's view.
  [[nodiscard]] std::size_t operator()(const owning_cache_namespace& ns) const noexcept {
    return hash_value(ns);
  }
};

}  // namespace kvc

/// Hashes a `kvc::owning_cache_namespace` as `kvc::hash_value` does: the same value as its view.
template <>
struct std::hash<kvc::owning_cache_namespace> {
  /// `kvc::hash_value(ns)`.
  [[nodiscard]] std::size_t operator()(const kvc::owning_cache_namespace& ns) const noexcept {
    return kvc::hash_value(ns);
  }
};
