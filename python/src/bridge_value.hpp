// python/src/bridge_value.hpp - a C++ value on its way to Python, built without pybind11.
//
// The translation units that instantiate kvc's suites and explorations (suites_part_<k>.cpp,
// exploration_part_<k>.cpp) are the heaviest of the extension. pybind11's headers alone take about
// 300 MB of g++, so those units do not include them: they turn fixture values and exploration
// inputs into bridge_values, and the units that include pybind11 turn bridge_values into Python
// objects (bridge_objects.hpp). That keeps every compiler process of `pip install` small.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <kvc/cache_namespace.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/multimodal_item.hpp>

namespace kvc_python {

/// A value for Python: none, a bool, an integer in [-2^63, 2^64), text, a list or a tuple of
/// values, or one of kvc's two value types (its fields in `elements`: a kvc::cache_namespace as
/// model, adapter, adapter_revision, salt; a kvc::multimodal_item as offset, length, content_hash).
struct bridge_value {
  enum class kind : unsigned char {
    none,
    boolean,
    integer,
    text,
    list,
    tuple,
    cache_namespace,
    multimodal_item
  };
  kind form = kind::none;
  kvc::detail::int128_type integer = 0;  ///< a boolean's value too (0 or 1)
  std::string text;
  std::vector<bridge_value> elements;

  [[nodiscard]] static bridge_value boolean(bool value) {
    bridge_value out;
    out.form = kind::boolean;
    out.integer = value ? 1 : 0;
    return out;
  }
  [[nodiscard]] static bridge_value integral(kvc::detail::int128_type value) {
    bridge_value out;
    out.form = kind::integer;
    out.integer = value;
    return out;
  }
  [[nodiscard]] static bridge_value of_text(std::string_view value) {
    bridge_value out;
    out.form = kind::text;
    out.text.assign(value.data(), value.size());
    return out;
  }
  [[nodiscard]] static bridge_value sequence(kind form, std::vector<bridge_value> elements) {
    bridge_value out;
    out.form = form;
    out.elements = std::move(elements);
    return out;
  }
};

template <class T>
bridge_value bridge_of(const T& value);

/// The elements of a contiguous range, through a span: one instantiation per element type rather
/// than one per array length.
template <class E>
bridge_value bridge_list(std::span<const E> elements) {
  std::vector<bridge_value> out;
  out.reserve(elements.size());
  for (const E& element : elements) out.push_back(bridge_of(element));
  return bridge_value::sequence(bridge_value::kind::list, std::move(out));
}

inline bridge_value bridge_namespace(std::string_view model, std::string_view adapter,
                                     std::uint64_t adapter_revision, std::string_view salt) {
  std::vector<bridge_value> fields;
  fields.reserve(4);
  fields.push_back(bridge_value::of_text(model));
  fields.push_back(bridge_value::of_text(adapter));
  fields.push_back(bridge_value::integral(adapter_revision));
  fields.push_back(bridge_value::of_text(salt));
  return bridge_value::sequence(bridge_value::kind::cache_namespace, std::move(fields));
}

/// A fixture value or an exploration input as a bridge_value: a char as its code (the records
/// write segment ids as characters, and only their runs matter), an integer, text, a range as a
/// list, and kvc's namespace and multimodal item types by their fields.
template <class T>
bridge_value bridge_of(const T& value) {
  if constexpr (std::is_same_v<T, bool>) {
    return bridge_value::boolean(value);
  } else if constexpr (std::is_same_v<T, char>) {
    return bridge_value::integral(static_cast<unsigned char>(value));
  } else if constexpr (std::is_integral_v<T>) {
    static_assert(sizeof(T) <= sizeof(std::uint64_t), "bridge_of: an integer wider than 64 bits");
    return bridge_value::integral(static_cast<kvc::detail::int128_type>(value));
  } else if constexpr (std::is_same_v<T, kvc::cache_namespace>) {
    return bridge_namespace(value.model, value.adapter, value.adapter_revision, value.salt);
  } else if constexpr (std::is_same_v<T, kvc::owning_cache_namespace>) {
    return bridge_namespace(value.model, value.adapter, value.adapter_revision, value.salt);
  } else if constexpr (std::is_same_v<T, kvc::multimodal_item>) {
    std::vector<bridge_value> fields;
    fields.reserve(3);
    fields.push_back(bridge_value::integral(value.offset));
    fields.push_back(bridge_value::integral(value.length));
    fields.push_back(bridge_value::integral(value.content_hash));
    return bridge_value::sequence(bridge_value::kind::multimodal_item, std::move(fields));
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    return bridge_value::of_text(std::string_view(value));
  } else if constexpr (std::ranges::contiguous_range<const T> && std::ranges::sized_range<const T>) {
    return bridge_list(std::span<const std::ranges::range_value_t<const T>>(
        std::ranges::data(value), std::ranges::size(value)));
  } else if constexpr (std::ranges::input_range<const T>) {
    std::vector<bridge_value> out;  // std::vector<bool>, whose elements are proxies
    for (const auto& element : value)
      out.push_back(bridge_of(static_cast<std::ranges::range_value_t<const T>>(element)));
    return bridge_value::sequence(bridge_value::kind::list, std::move(out));
  } else {
    // A dependent false: fires only for a type no branch above converts.
    static_assert(sizeof(T) == 0, "bridge_of: a value of a type it cannot give Python");
    return {};
  }
}

}  // namespace kvc_python
