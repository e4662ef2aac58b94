// kvc/spec/runtime.hpp - a spec's inputs at run time, and an implementation's result as the
// run-time checks keep it.
//
// A fixture table holds its inputs in constant-evaluation-friendly forms (`kvc::sequence`,
// `kvc::fixture_text`, `kvc::fixture_namespace`, `kvc::fixture_list`, `kvc::bounded_list`); a
// generated case, a shrunk counterexample or a Python call holds them as `std::vector`s,
// `std::string`s and `kvc::owning_cache_namespace`s. `kvc::detail::runtime_inputs_t<In>` is the
// same inputs type with every field in its run-time form, and `to_runtime(in)` converts a table's
// inputs to it.
// Both forms go through the same shape code (`Shape::call`, `Shape::agrees`, `covered_by`).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include <kvc/bounded_list.hpp>
#include <kvc/cache_namespace.hpp>
#include <kvc/spec/fixture_list.hpp>
#include <kvc/spec/fixture_namespace.hpp>
#include <kvc/spec/fixture_text.hpp>
#include <kvc/spec/sequence.hpp>

namespace kvc::detail {

/// The run-time form of a field of type T.
template <class T>
struct runtime_field {
  using type = T;
};
template <class E, std::size_t R>
struct runtime_field<sequence<E, R>> {
  using type = std::vector<E>;
};
template <>
struct runtime_field<fixture_text> {
  using type = std::string;
};
template <>
struct runtime_field<fixture_namespace> {
  using type = owning_cache_namespace;
};
template <class V, std::size_t K>
struct runtime_field<bounded_list<V, K>> {
  using type = std::vector<V>;
};
template <class V, std::size_t K>
struct runtime_field<fixture_list<V, K>> {
  using type = std::vector<V>;
};
template <class T>
using runtime_field_t = typename runtime_field<T>::type;

template <class In>
struct runtime_inputs;
template <template <class...> class Inputs, class... A>
struct runtime_inputs<Inputs<A...>> {
  using type = Inputs<runtime_field_t<A>...>;
};
/// The inputs type `In` with every field in its run-time form.
template <class In>
using runtime_inputs_t = typename runtime_inputs<In>::type;

/// A table field in its run-time form.
template <class T>
[[nodiscard]] runtime_field_t<T> to_runtime_field(const T& value) {
  if constexpr (std::is_same_v<T, fixture_text>) {
    return std::string(value.view());
  } else if constexpr (std::is_same_v<T, fixture_namespace>) {
    return owning_cache_namespace{std::string(value.model.view()), std::string(value.adapter.view()),
                                  value.adapter_revision, std::string(value.salt.view())};
  } else if constexpr (std::is_same_v<runtime_field_t<T>, T>) {
    return value;
  } else {
    runtime_field_t<T> out;
    out.reserve(value.size());
    for (std::size_t i = 0; i < value.size(); ++i) out.push_back(value[i]);
    return out;
  }
}

/// A table's inputs in their run-time form (fields in declaration order, as `visit` lists them).
template <class In>
[[nodiscard]] runtime_inputs_t<In> to_runtime(const In& in) {
  return In::shape::visit(in, [](const auto&... field) {
    return runtime_inputs_t<In>{to_runtime_field(field)...};
  });
}

}  // namespace kvc::detail
