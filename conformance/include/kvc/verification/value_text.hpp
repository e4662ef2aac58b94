// kvc/verification/value_text.hpp - values as the reports print them: the one printer of inputs
// and results, used by the run-time checks compiled in the library (kvc::check, kvc::explore) and,
// header-only, by kvc::check on a suite of a user's own fixtures (kvc/verification/fixture.hpp), so
// that both print a value alike.
//
// Integers print in decimal, `bool` as true/false, `char` quoted ('a'), strings double-quoted with
// NUL and control characters escaped (\0, \x1f), ranges as [a, b, c] (long ones shortened unless
// printed whole), namespaces as their four fields, multimodal items as {offset 2, length 3, hash
// 7}. A type with an `append_text(std::string&, const T&)` found by argument-dependent lookup
// prints itself (a scenario's operations and observations).
#pragma once

#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>

#include <kvc/spec/integer_result.hpp>

namespace kvc::text {

/// Longest range printed whole in a report's inputs; longer ones print that many and "...".
inline constexpr std::size_t printed_elements = 64;

/// `value` in decimal.
template <std::integral T>
void append_integer(std::string& out, T value) {
  if constexpr (std::is_same_v<T, bool>) {
    out += value ? "true" : "false";
  } else {
    bool negative = false;
    unsigned long long magnitude = 0;
    if constexpr (std::is_signed_v<T>) {
      negative = value < 0;
      magnitude = negative ? 0ULL - static_cast<unsigned long long>(value)
                           : static_cast<unsigned long long>(value);
    } else {
      magnitude = static_cast<unsigned long long>(value);
    }
    if (negative) out += '-';
    out += std::to_string(magnitude);
  }
}

/// An integer result: its value, or `(not an integer)`.
inline void append_result(std::string& out, const detail::integer_result& r) {
  if (!r.integral) {
    out += "(not an integer)";
    return;
  }
  if (r.negative) out += '-';
  out += std::to_string(r.magnitude);
}

/// `text` between `quote`s, with the quote, backslashes, NUL and control characters escaped.
inline void append_quoted(std::string& out, std::string_view text, char quote = '"') {
  static constexpr char hex[] = "0123456789abcdef";
  out += quote;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == quote || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte == 0) {
      out += "\\0";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 15];
    } else {
      out += c;
    }
  }
  out += quote;
}

template <class T>
concept namespace_like = requires(const T& ns) {
  ns.model;
  ns.adapter;
  ns.adapter_revision;
  ns.salt;
};
template <class T>
concept item_like = requires(const T& item) {
  item.offset;
  item.length;
  item.content_hash;
};
template <class T>
concept sequence_like = requires(const T& s) {
  s.size();
  s[0];
} && !std::is_convertible_v<const T&, std::string_view>;

template <class T>
void append_value(std::string& out, const T& value, bool whole = true);

template <class T>
void append_value(std::string& out, const T& value, bool whole) {
  if constexpr (requires { append_text(out, value); }) {
    append_text(out, value);  // a value that prints itself, found by argument-dependent lookup
  } else if constexpr (std::is_same_v<T, char>) {
    append_quoted(out, std::string_view(&value, 1), '\'');
  } else if constexpr (std::integral<T>) {
    append_integer(out, value);
  } else if constexpr (std::is_same_v<T, detail::integer_result>) {
    append_result(out, value);
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    append_quoted(out, std::string_view(value));
  } else if constexpr (namespace_like<T>) {
    out += '{';
    append_quoted(out, std::string_view(value.model));
    out += ", ";
    append_quoted(out, std::string_view(value.adapter));
    out += ", ";
    append_integer(out, value.adapter_revision);
    out += ", ";
    append_quoted(out, std::string_view(value.salt));
    out += '}';
  } else if constexpr (item_like<T>) {
    out += "{offset ";
    append_integer(out, value.offset);
    out += ", length ";
    append_integer(out, value.length);
    out += ", hash ";
    append_integer(out, value.content_hash);
    out += '}';
  } else if constexpr (sequence_like<T>) {
    out += '[';
    const std::size_t size = value.size();
    for (std::size_t i = 0; i < size; ++i) {
      if (!whole && i == printed_elements) {
        out += ", ... ";
        append_integer(out, size);
        out += " values";
        break;
      }
      if (i > 0) out += ", ";
      append_value(out, value[i], whole);
    }
    out += ']';
  } else {
    out += '?';
  }
}

/// `value` as text.
template <class T>
[[nodiscard]] std::string of(const T& value, bool whole = true) {
  std::string out;
  append_value(out, value, whole);
  return out;
}

/// A call's inputs as text, comma-separated (long sequences shortened).
template <class In>
[[nodiscard]] std::string inputs_of(const In& in) {
  std::string out;
  In::shape::visit(in, [&out](const auto&... field) {
    bool first = true;
    const auto one = [&](const auto& value) {
      if (!first) out += ", ";
      first = false;
      append_value(out, value, false);
    };
    (one(field), ...);
  });
  return out;
}

}  // namespace kvc::text
