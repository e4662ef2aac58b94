// kvc/verification/text.hpp - fixture inputs and results as text, the same at compile time (for a
// failing static_assert's diagnostic) and at run time (for kvc::check's report).
//
// Integers print in decimal, `bool` as true/false, `char` quoted ('a'), strings double-quoted,
// ranges as [a, b, c], `kvc::cache_namespace` as its four fields, `kvc::multimodal_item` as
// `{offset 2, length 3, hash 7}`, a stateful operation as the call it makes
// (`insert({"m", "", 0, ""}, [1, 2])`, `try_reserve(1, 4)`) and a range of them as the calls in
// order, separated by "; ", a `kvc::observation` as its value or `-` when unobserved, anything else
// as `?`.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include <kvc/cache_namespace.hpp>
#include <kvc/detail/ranges.hpp>
#include <kvc/stateful/block_pool_operations.hpp>
#include <kvc/stateful/operations.hpp>

namespace kvc::detail {

/// A fixed-size text buffer usable in constant evaluation: keeps the first `Capacity - 1`
/// characters and marks a cut with "...".
template <std::size_t Capacity>
struct fixed_text {
  char chars[Capacity]{};
  std::size_t length = 0;

  constexpr void put(char c) noexcept {
    if (length + 1 < Capacity) {
      chars[length++] = c;
    } else if (length + 1 == Capacity) {
      for (std::size_t i = Capacity > 4 ? Capacity - 4 : 0; i + 1 < Capacity; ++i) chars[i] = '.';
    }
  }
  constexpr void put(std::string_view text) noexcept {
    for (const char c : text) put(c);
  }
};

/// Types printed as a quoted string.
template <class T>
concept string_like = std::is_convertible_v<const T&, std::string_view>;

/// Types printed as a namespace's fields.
template <class T>
concept namespace_like = requires(const T& ns) {
  ns.model;
  ns.adapter;
  ns.adapter_revision;
  ns.salt;
};

/// Types printed as a multimodal item's span and hash.
template <class T>
concept item_like = requires(const T& item) {
  item.offset;
  item.length;
  item.content_hash;
};

/// Types printed as the call they make on a cache or an allocator.
template <class T>
concept stateful_operation = std::same_as<T, cache_operation> ||
                             std::same_as<T, allocator_operation> ||
                             std::same_as<T, block_pool_operation>;

/// Ranges printed as the calls they make, in order (a concept: its conjunction stops at a type
/// that is not a range).
template <class T>
concept stateful_operations =
    std::ranges::input_range<const T> && stateful_operation<std::ranges::range_value_t<const T>>;

/// Longest range printed whole as an input; longer ones print that many and "...".
inline constexpr std::size_t printed_elements = 64;

template <class Sink, std::integral T>
constexpr void write_integer(Sink& out, T value) noexcept {
  char digits[24]{};
  std::size_t count = 0;
  bool negative = false;
  std::uintmax_t magnitude = 0;
  if constexpr (std::is_signed_v<T>) {
    negative = value < 0;
    // Negate in the unsigned type: INT64_MIN's magnitude does not fit its own type.
    magnitude = negative ? std::uintmax_t{0} - static_cast<std::uintmax_t>(value)
                         : static_cast<std::uintmax_t>(value);
  } else {
    magnitude = static_cast<std::uintmax_t>(value);
  }
  do {
    digits[count++] = static_cast<char>('0' + static_cast<int>(magnitude % 10));
    magnitude /= 10;
  } while (magnitude != 0);
  if (negative) out.put('-');
  while (count > 0) out.put(digits[--count]);
}

template <class Sink>
constexpr void write_quoted(Sink& out, std::string_view text, char quote) noexcept {
  out.put(quote);
  for (const char c : text) {
    if (c == quote || c == '\\') out.put('\\');
    out.put(c);
  }
  out.put(quote);
}

template <class Sink, class T>
constexpr void write_value(Sink& out, const T& value, bool whole = true) noexcept;

template <class Sink>
constexpr void write_operation(Sink& out, const cache_operation& op) noexcept {
  switch (op.kind) {
    case cache_operation_kind::insert: out.put("insert("); break;
    case cache_operation_kind::lookup: out.put("lookup("); break;
    case cache_operation_kind::erase: out.put("erase("); break;
  }
  write_value(out, op.ns);
  if (op.kind != cache_operation_kind::erase) {
    out.put(", ");
    write_value(out, op.tokens);
  }
  out.put(')');
}

template <class Sink>
constexpr void write_operation(Sink& out, const allocator_operation& op) noexcept {
  switch (op.kind) {
    case allocator_operation_kind::try_reserve:
      out.put("try_reserve(");
      write_integer(out, op.request);
      out.put(", ");
      write_integer(out, op.slots);
      break;
    case allocator_operation_kind::release:
      out.put("release(");
      write_integer(out, op.request);
      break;
    case allocator_operation_kind::available:
      out.put("available(");
      break;
  }
  out.put(')');
}

template <class Sink>
constexpr void write_operation(Sink& out, const block_pool_operation& op) noexcept {
  switch (op.kind) {
    case block_pool_operation_kind::allocate:
      out.put("allocate(");
      write_integer(out, op.request);
      out.put(", ");
      write_integer(out, op.other);
      out.put(", ");
      write_value(out, op.tokens);
      break;
    case block_pool_operation_kind::append:
      out.put("append(");
      write_integer(out, op.request);
      out.put(", ");
      write_value(out, op.tokens);
      break;
    case block_pool_operation_kind::free:
      out.put("free(");
      write_integer(out, op.request);
      break;
    case block_pool_operation_kind::fork:
      out.put("fork(");
      write_integer(out, op.request);
      out.put(", ");
      write_integer(out, op.other);
      break;
    case block_pool_operation_kind::free_blocks: out.put("free_blocks("); break;
    case block_pool_operation_kind::reset_prefix_cache: out.put("reset_prefix_cache("); break;
  }
  out.put(')');
}

/// Writes `value` as text (see the top of this file). `whole`: ranges print every element.
template <class Sink, class T>
constexpr void write_value(Sink& out, const T& value, bool whole) noexcept {
  if constexpr (std::same_as<T, bool>) {
    out.put(value ? std::string_view{"true"} : std::string_view{"false"});
  } else if constexpr (std::same_as<T, char>) {
    write_quoted(out, std::string_view(&value, 1), '\'');
  } else if constexpr (std::integral<T>) {
    write_integer(out, value);
  } else if constexpr (string_like<T>) {
    write_quoted(out, std::string_view(value), '"');
  } else if constexpr (namespace_like<T>) {
    out.put('{');
    write_quoted(out, std::string_view(value.model), '"');
    out.put(", ");
    write_quoted(out, std::string_view(value.adapter), '"');
    out.put(", ");
    write_value(out, value.adapter_revision);
    out.put(", ");
    write_quoted(out, std::string_view(value.salt), '"');
    out.put('}');
  } else if constexpr (item_like<T>) {
    out.put("{offset ");
    write_value(out, value.offset);
    out.put(", length ");
    write_value(out, value.length);
    out.put(", hash ");
    write_value(out, value.content_hash);
    out.put('}');
  } else if constexpr (std::same_as<T, observation>) {
    if (value.observed)
      write_integer(out, value.value);
    else
      out.put('-');
  } else if constexpr (stateful_operation<T>) {
    write_operation(out, value);
  } else if constexpr (stateful_operations<T>) {
    // A scenario reads as the code that replays it, however long: no brackets, no "...".
    bool first = true;
    for (const auto& op : value) {
      if (!first) out.put("; ");
      first = false;
      write_operation(out, op);
    }
  } else if constexpr (std::ranges::input_range<const T>) {
    out.put('[');
    std::size_t count = 0;
    for (const auto& element : value) {
      if (!whole && count == printed_elements) {
        out.put(", ...");
        break;
      }
      if (count++ > 0) out.put(", ");
      write_value(out, element, whole);
    }
    out.put(']');
  } else {
    out.put('?');
  }
}

}  // namespace kvc::detail
