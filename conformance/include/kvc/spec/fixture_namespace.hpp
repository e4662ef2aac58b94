// kvc/spec/fixture_namespace.hpp - a structured namespace as a fixture table holds it: the four
// fields of `kvc::cache_namespace`, its texts as `kvc::fixture_text`s (cheap to make from
// literals in a constant evaluation). A call receives it as the `kvc::cache_namespace` it converts
// to.
#pragma once

#include <cstdint>
#include <string_view>

#include <kvc/cache_namespace_view.hpp>
#include <kvc/spec/fixture_text.hpp>

namespace kvc {

/// A `kvc::cache_namespace` in a fixture table.
struct fixture_namespace {
  /// The model (base weights) name.
  fixture_text model{};
  /// The adapter (LoRA) name; empty for the base model.
  fixture_text adapter{};
  /// The adapter's version.
  std::uint64_t adapter_revision = 0;
  /// The cache salt; empty when none.
  fixture_text salt{};

  /// The namespace it stands for.
  // NOLINTNEXTLINE(google-explicit-constructor): a table's namespace is a namespace.
  [[nodiscard]] constexpr operator cache_namespace() const noexcept {
    cache_namespace ns{};
    ns.model = model.view();
    ns.adapter = adapter.view();
    ns.adapter_revision = adapter_revision;
    ns.salt = salt.view();
    return ns;
  }
  /// Equal when every field is.
  friend constexpr bool operator==(const fixture_namespace&, const fixture_namespace&) = default;
};

}  // namespace kvc
