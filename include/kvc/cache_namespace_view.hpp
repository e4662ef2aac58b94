// kvc/cache_namespace_view.hpp - the non-owning structured KV-cache namespace, kvc::cache_namespace
// (model, adapter, adapter revision, salt), its hash, and nothing that needs <string>.
//
// kvc/cache_namespace.hpp includes it and adds the owning counterpart, kvc::owning_cache_namespace,
// whose std::string members need <string>: on libstdc++ 12 that header alone costs a translation
// unit about a quarter of what <vector>, <span>, <algorithm> and <string_view> cost together. The
// verification headers that only view namespaces include this one.
//
// Why a struct rather than a string key: a key made by concatenating fields aliases
// ("org_1" + "2345" == "org_12345" + ""), and an adapter identified by name alone shares KV entries
// across adapter versions. Comparing field by field, and hashing every field with its length, makes
// both impossible.
#pragma once

#include <version>  // identifies the standard library

#include <cstddef>
#include <cstdint>
#include <string_view>  // also declares std::hash, specialized below
#include <type_traits>

// std::string only needs to be declared here (namespace_text refuses std::string rvalues). Both
// standard libraries kvc is built with declare it, in full, in <iosfwd>; with any other, <string>.
#if defined(_GLIBCXX_RELEASE) || defined(_LIBCPP_VERSION)
#include <iosfwd>
#else
#include <string>
#endif

namespace kvc {

/// A text field of `kvc::cache_namespace`: a `std::string_view` (it is one, publicly, and reads
/// as one everywhere) that refuses to view a temporary `std::string`.
///
/// It is made, implicitly, from string literals, `const char*`, `std::string_view`, anything else
/// convertible to `std::string_view`, and lvalue `std::string`s. A `std::string` rvalue is refused
/// at compile time: `kvc::cache_namespace{.model = load_model_name()}` would view a string
/// destroyed at the end of the full-expression. Build such a namespace through
/// `kvc::owning_cache_namespace`, which owns its strings, and its `view()`.
struct namespace_text : std::string_view {
  /// The empty text.
  constexpr namespace_text() noexcept = default;

  /// Views `text`: a string literal, a `const char*`, a `std::string_view`, an lvalue
  /// `std::string`, or any other type convertible to `std::string_view` but a `std::string`
  /// rvalue.
  template <class Text>
    requires(std::is_convertible_v<Text, std::string_view> &&
             !std::is_same_v<std::remove_cvref_t<Text>, namespace_text> &&
             !(std::is_rvalue_reference_v<Text&&> &&
               std::is_same_v<std::remove_cvref_t<Text>, std::string>))
  constexpr namespace_text(Text&& text) noexcept(
      std::is_nothrow_convertible_v<Text, std::string_view>)
      : std::string_view(static_cast<Text&&>(text)) {}

  /// Views the `size` characters at `data`, as `std::string_view{data, size}` does.
  constexpr namespace_text(const char* data, std::size_t size) noexcept
      : std::string_view(data, size) {}

  /// Refused: the namespace would outlive the string (use `kvc::owning_cache_namespace`).
  namespace_text(std::string&&) = delete;
  /// Refused: the namespace would outlive the string (use `kvc::owning_cache_namespace`).
  namespace_text(const std::string&&) = delete;
};

/// The identity a KV-cache entry belongs to. Two namespaces are equal only when every field is.
/// Non-owning: the viewed strings must outlive it (see `kvc::owning_cache_namespace`); a field
/// cannot be made from a temporary `std::string`.
struct cache_namespace {
  /// The model (base weights) name, for example `"llama-3-8b"`.
  namespace_text model{};
  /// The adapter (LoRA) name; empty for the base model.
  namespace_text adapter{};
  /// The adapter's version: a reloaded adapter under the same name is another namespace.
  std::uint64_t adapter_revision = 0;
  /// The tenant's or request's cache salt; empty when none.
  namespace_text salt{};

  /// Equal when every field is equal (text fields by content).
  friend constexpr bool operator==(const cache_namespace&, const cache_namespace&) = default;
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

}  // namespace kvc

/// Hashes a `kvc::cache_namespace` as `kvc::hash_value` does, so it can key unordered containers.
template <>
struct std::hash<kvc::cache_namespace> {
  /// `kvc::hash_value(ns)`.
  [[nodiscard]] std::size_t operator()(const kvc::cache_namespace& ns) const noexcept {
    return kvc::hash_value(ns);
  }
};
