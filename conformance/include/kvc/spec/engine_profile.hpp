// kvc/spec/engine_profile.hpp - what an engine legitimately does differently from kvc's contracts,
// stated as data, and what that changes about one call: whether it is in the engine's domain, and
// how its result is compared. Fixtures (through `kvc::restrict_to`) and generated cases (through
// `kvc::explore`) follow the same rules, read from the kinds of the call's fields, so that no
// fixture carries a tag that could drift from what it holds:
//  - two namespaces (a lookup's cache and request namespaces) depend on the fields they differ in;
//  - position ids that hold a negative id depend on padding;
//  - an empty sequence depends on empty inputs being in the domain;
//  - a capacity and a used count outside `0 <= used <= capacity` depend on inconsistent states;
//  - a reuse length under `kvc::reuse_match::bound` agrees anywhere from 0 to the contract's.
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include <kvc/cache_namespace_view.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/offered.hpp>

namespace kvc {

/// How a reuse result is compared with the contract's.
enum class reuse_match {
  /// Equal to the contract's result under the suite's policy.
  exact,
  /// A safe bound: never more than the contract's result (so 0 across namespaces and never past a
  /// mismatch); less is allowed, for an engine that reuses conservatively or not at all.
  bound,
};

/// What an engine legitimately does differently. A structural aggregate: usable as a template
/// argument (`kvc::restrict_to<Profile>(suite)`). The default is kvc's contracts as they are.
struct engine_profile {
  /// Whether the engine keys its cache on the model. A field of a namespace it does not key on is
  /// one it does not have: two namespaces that differ only there are the same to it, and fixtures
  /// that tell them apart are not covered. A string namespace is one opaque key, always keyed.
  bool keys_model = true;
  /// Whether the engine keys its cache on the adapter (LoRA) name.
  bool keys_adapter = true;
  /// Whether the engine keys its cache on the adapter's revision (vLLM's block hash does not).
  bool keys_adapter_revision = true;
  /// Whether the engine keys its cache on the cache salt (llama.cpp's server has none).
  bool keys_salt = true;
  /// Whether position ids may hold padding (negative ids). False: the engine's packed position
  /// ids never do (transformers keeps padding in the attention mask).
  bool position_padding = true;
  /// Whether empty inputs (an empty token, id or position sequence) are in the engine's domain.
  bool empty_inputs = true;
  /// Whether inconsistent admission states (negative capacity or used, used above capacity) are
  /// in the engine's domain. False for an engine whose state cannot reach them.
  bool inconsistent_admission_states = true;
  /// Exact reuse, or a safe bound (`kvc::reuse_match`).
  reuse_match reuse = reuse_match::exact;

  /// Equal when every field is.
  friend constexpr bool operator==(const engine_profile&, const engine_profile&) = default;
};

/// Profiles of engines kvc has been checked against, as examples of the conventions that differ.
namespace profiles {
/// kvc's contracts as they are.
inline constexpr engine_profile contract{};
/// llama.cpp's server: a prompt cache keyed on tokens (and the loaded model and adapters), no
/// per-request salt, no adapter revision.
inline constexpr engine_profile llama_cpp_server{.keys_adapter_revision = false,
                                                 .keys_salt = false};
/// vLLM's block hash: model, LoRA name and cache salt, no adapter revision.
inline constexpr engine_profile vllm{.keys_adapter_revision = false};
/// transformers' packed sequences: position ids never hold padding.
inline constexpr engine_profile transformers_packing{.position_padding = false};
/// A scheduler whose state never reaches an inconsistent admission state.
inline constexpr engine_profile consistent_scheduler{.inconsistent_admission_states = false};
/// An engine that may reuse less than the contract allows (never more).
inline constexpr engine_profile conservative_reuse{.reuse = reuse_match::bound};

/// A profile of `kvc::profiles` and its name.
struct named_profile {
  /// The profile's name: `"vllm"`.
  std::string_view name;
  /// The profile.
  engine_profile profile;
};
/// Every profile above but `contract`, by name.
inline constexpr named_profile named[] = {
    {"llama_cpp_server", llama_cpp_server},    {"vllm", vllm},
    {"transformers_packing", transformers_packing}, {"consistent_scheduler", consistent_scheduler},
    {"conservative_reuse", conservative_reuse},
};
}  // namespace profiles

/// A boolean field of `kvc::engine_profile` and its name.
struct profile_field {
  /// The field's name: `"keys_salt"`.
  std::string_view name;
  /// The field.
  bool engine_profile::*member;
};
/// The boolean fields of `kvc::engine_profile`, in declaration order.
inline constexpr profile_field profile_fields[] = {
    {"keys_model", &engine_profile::keys_model},
    {"keys_adapter", &engine_profile::keys_adapter},
    {"keys_adapter_revision", &engine_profile::keys_adapter_revision},
    {"keys_salt", &engine_profile::keys_salt},
    {"position_padding", &engine_profile::position_padding},
    {"empty_inputs", &engine_profile::empty_inputs},
    {"inconsistent_admission_states", &engine_profile::inconsistent_admission_states},
};

namespace detail {

/// `ns` as an engine with `profile` sees it: the fields it does not key on blanked.
[[nodiscard]] constexpr cache_namespace keyed_fields(const engine_profile& profile,
                                                     const cache_namespace& ns) noexcept {
  cache_namespace keyed{};
  if (profile.keys_model) keyed.model = ns.model;
  if (profile.keys_adapter) keyed.adapter = ns.adapter;
  if (profile.keys_adapter_revision) keyed.adapter_revision = ns.adapter_revision;
  if (profile.keys_salt) keyed.salt = ns.salt;
  return keyed;
}

/// Whether a value is a namespace: a structured one, an owning one, or a string.
template <class N>
concept namespace_value = std::is_convertible_v<const N&, std::string_view> ||
                          std::is_convertible_v<const N&, cache_namespace> ||
                          requires(const N& ns) { ns.view(); };

/// A namespace field's value as a `kvc::cache_namespace` (a string namespace is a model name).
template <namespace_value N>
[[nodiscard]] constexpr cache_namespace as_namespace(const N& ns) noexcept {
  if constexpr (std::is_convertible_v<const N&, cache_namespace>) {
    return ns;
  } else if constexpr (std::is_convertible_v<const N&, std::string_view>) {
    cache_namespace named{};
    named.model = std::string_view(ns);
    return named;
  } else {
    return ns.view();
  }
}

/// An integer of any standard type as its sign and magnitude.
struct signed_magnitude {
  bool negative = false;
  unsigned long long magnitude = 0;
};
template <class T>
[[nodiscard]] constexpr signed_magnitude magnitude_of(T value) noexcept {
  if (std::cmp_less(value, 0))
    return {true, static_cast<unsigned long long>(-(value + 1)) + 1};
  return {false, static_cast<unsigned long long>(value)};
}

/// What a profile's rules read of one call, gathered field by field.
struct call_facts {
  bool has_namespaces = false;
  cache_namespace first_namespace{};
  bool namespaces_differ_unkeyed = false;  // differ, but not in any field the engine keys on
  bool has_capacity = false, has_used = false;
  signed_magnitude capacity{}, used{};
  bool negative_position = false;
  bool empty_sequence = false;
};

template <class V>
[[nodiscard]] constexpr bool has_negative(const V& values) noexcept {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (std::cmp_less(integer_value(values[i]), 0)) return true;
  return false;
}

template <class V>
constexpr void gather(call_facts& facts, const engine_profile& profile, const field& f,
                      const V& value) noexcept {
  switch (f.kind) {
    case field_kind::namespace_text:
    case field_kind::cache_namespace:
      // A string namespace is one opaque key, which every profile keys on: only the fields of a
      // structured namespace can be left out of an engine's key.
      if constexpr (namespace_value<V> && !std::is_convertible_v<const V&, std::string_view>) {
        const cache_namespace ns = as_namespace(value);
        if (!facts.has_namespaces) {
          facts.has_namespaces = true;
          facts.first_namespace = ns;
        } else if ((facts.first_namespace == ns) != (keyed_fields(profile, facts.first_namespace) ==
                                                     keyed_fields(profile, ns))) {
          facts.namespaces_differ_unkeyed = true;
        }
      }
      break;
    case field_kind::capacity:
    case field_kind::used:
      if constexpr (std::is_integral_v<V>) {
        (f.kind == field_kind::capacity ? facts.has_capacity : facts.has_used) = true;
        (f.kind == field_kind::capacity ? facts.capacity : facts.used) = magnitude_of(value);
      }
      break;
    case field_kind::position_ids:
      if constexpr (!std::is_void_v<integer_element_t<V>>) facts.negative_position = has_negative(value);
      break;
    default: break;
  }
  if constexpr (requires { value.size(); })
    if (is_sequence_kind(f.kind) && value.size() == 0) facts.empty_sequence = true;
}

}  // namespace detail

/// Whether a call with inputs `in` (of a spec's inputs type) is in the domain of an engine with
/// `profile`: false when the contract's result for it depends on a convention the engine does not
/// share.
template <class In>
[[nodiscard]] constexpr bool covered_by(const engine_profile& profile, const In& in) noexcept {
  using shape = typename In::shape;
  if (profile == engine_profile{}) return true;  // kvc's contracts cover every call
  detail::call_facts facts;
  shape::visit(in, [&](const auto&... value) {
    std::size_t i = 0;
    (detail::gather(facts, profile, shape::fields[i++], value), ...);
  });
  if (facts.namespaces_differ_unkeyed) return false;
  if (!profile.position_padding && facts.negative_position) return false;
  if (!profile.empty_inputs && facts.empty_sequence) return false;
  if (!profile.inconsistent_admission_states && facts.has_capacity && facts.has_used &&
      (facts.capacity.negative || facts.used.negative ||
       facts.used.magnitude > facts.capacity.magnitude))
    return false;
  return true;
}

}  // namespace kvc
