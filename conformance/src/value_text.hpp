// conformance/src/value_text.hpp - inputs, results and cases as text, for reports, counterexamples
// and repros: the library's printer of values (kvc/verification/value_text.hpp, shared with users'
// own suites) and of table literals and C++ arguments (not installed; the library's sources include
// it).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <kvc/spec/integer_result.hpp>
#include <kvc/verification/value_text.hpp>

namespace kvc::text {

/// The C++ spelling of an integer type.
template <class T>
[[nodiscard]] constexpr std::string_view type_name() noexcept {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  else if constexpr (std::is_same_v<T, char>) return "char";
  else if constexpr (std::is_same_v<T, signed char>) return "signed char";
  else if constexpr (std::is_same_v<T, unsigned char>) return "unsigned char";
  else if constexpr (std::is_same_v<T, short>) return "short";
  else if constexpr (std::is_same_v<T, unsigned short>) return "unsigned short";
  else if constexpr (std::is_same_v<T, int>) return "int";
  else if constexpr (std::is_same_v<T, unsigned>) return "unsigned";
  else if constexpr (std::is_same_v<T, long>) return "long";
  else if constexpr (std::is_same_v<T, unsigned long>) return "unsigned long";
  else if constexpr (std::is_same_v<T, long long>) return "long long";
  else if constexpr (std::is_same_v<T, unsigned long long>) return "unsigned long long";
  else return "?";
}

/// A C++ string literal of `text`: NUL and control characters escaped, an escape followed by a
/// hex digit ended by splitting the literal.
inline void append_literal(std::string& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  out += '"';
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20 || byte >= 0x7f) {
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 15];
      const bool hex_next = i + 1 < text.size() &&
                            ((text[i + 1] >= '0' && text[i + 1] <= '9') ||
                             (text[i + 1] >= 'a' && text[i + 1] <= 'f') ||
                             (text[i + 1] >= 'A' && text[i + 1] <= 'F'));
      if (hex_next) out += "\" \"";
    } else {
      out += c;
    }
  }
  out += '"';
}

/// An integer as a C++ literal of its value (`18446744073709551615ULL` past `long long`).
template <std::integral T>
void append_integer_literal(std::string& out, T value) {
  if constexpr (std::is_same_v<T, char>) {
    if (value >= 32 && value < 127 && value != '\'' && value != '\\') {
      out += '\'';
      out += value;
      out += '\'';
      return;
    }
    append_integer(out, static_cast<int>(value));
  } else if constexpr (std::is_same_v<T, bool>) {
    out += value ? "true" : "false";
  } else if constexpr (std::is_signed_v<T>) {
    if (static_cast<long long>(value) == (-9223372036854775807LL - 1))
      out += "(-9223372036854775807LL - 1)";
    else
      append_integer(out, value);
  } else {
    append_integer(out, value);
    if (static_cast<unsigned long long>(value) > 9223372036854775807ULL) out += "ULL";
  }
}

/// A sequence as a `kvc::sequence` table literal: a brace list, or runs joined with `+` where a
/// value repeats or counts up for 8 or more.
template <class E>
void append_sequence_literal(std::string& out, const std::vector<E>& values) {
  // Differences in 64-bit two's complement, as a `kvc::sequence`'s runs hold them: values past
  // INT64_MAX and far apart do not overflow.
  const auto value_of = [&](std::size_t i) {
    return static_cast<unsigned long long>(detail::integer_value(values[i]));
  };
  // A list holding an unsigned value past INT64_MAX is written all in `ULL` literals: a list of
  // one unsigned type holds it (kvc::sequence's other lists are of `long long`).
  bool past_int64 = false;
  if constexpr (std::is_unsigned_v<E>)
    for (std::size_t i = 0; i < values.size(); ++i)
      past_int64 = past_int64 || value_of(i) > 9223372036854775807ULL;
  std::vector<std::string> parts;
  std::string list;
  const auto flush = [&] {
    if (list.empty()) return;
    parts.push_back("kvc::sequence<" + std::string(type_name<E>()) + ">{" + list + "}");
    list.clear();
  };
  for (std::size_t i = 0; i < values.size();) {
    std::size_t j = i + 1;
    if (j < values.size()) {
      const unsigned long long step = value_of(j) - value_of(i);
      while (j < values.size() && value_of(j) - value_of(j - 1) == step) ++j;
      if (j - i >= 8 && (step == 0 || step == 1)) {
        flush();
        std::string run = step == 0 ? "kvc::repeat<" : "kvc::counting<";
        run += std::string(type_name<E>()) + ">(";
        append_integer_literal(run, values[i]);
        run += ", " + std::to_string(j - i) + ")";
        parts.push_back(run);
        i = j;
        continue;
      }
    }
    if (!list.empty()) list += ", ";
    append_integer_literal(list, values[i]);
    if (past_int64 && value_of(i) <= 9223372036854775807ULL) list += "ULL";
    ++i;
  }
  flush();
  if (parts.empty()) {
    out += "{}";
  } else if (parts.size() == 1 && parts[0].starts_with("kvc::sequence<")) {
    out += parts[0].substr(parts[0].find('{'));
  } else {
    for (std::size_t k = 0; k < parts.size(); ++k) out += (k ? " + " : "") + parts[k];
  }
}

template <class T>
inline constexpr bool is_integer_vector = false;
template <std::integral E>
inline constexpr bool is_integer_vector<std::vector<E>> = true;
template <class T>
concept integer_vector = is_integer_vector<T>;

/// A run-time input as a table literal (a field of a `kvc::fixture_row`).
template <class T>
void append_table_literal(std::string& out, const T& value) {
  if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    append_literal(out, std::string_view(value));
  } else if constexpr (namespace_like<T>) {
    out += '{';
    append_literal(out, std::string_view(value.model));
    out += ", ";
    append_literal(out, std::string_view(value.adapter));
    out += ", ";
    append_integer_literal(out, value.adapter_revision);
    out += ", ";
    append_literal(out, std::string_view(value.salt));
    out += '}';
  } else if constexpr (item_like<T>) {
    out += '{';
    append_integer_literal(out, value.offset);
    out += ", ";
    append_integer_literal(out, value.length);
    out += ", ";
    append_integer_literal(out, value.content_hash);
    out += '}';
  } else if constexpr (integer_vector<T>) {
    append_sequence_literal(out, value);
  } else if constexpr (requires { typename T::value_type; value.size(); }) {
    out += '{';
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (i) out += ", ";
      append_table_literal(out, value[i]);
    }
    out += '}';
  } else if constexpr (std::integral<T>) {
    append_integer_literal(out, value);
  } else {
    out += '?';
  }
}

/// A run-time input as a C++ expression of the type a suite offers it as.
template <class T>
void append_argument(std::string& out, const T& value) {
  if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    const std::string_view text(value);
    out += "std::string_view{";
    append_literal(out, text);
    out += ", " + std::to_string(text.size()) + "}";
  } else if constexpr (namespace_like<T>) {
    out += "kvc::cache_namespace";
    append_table_literal(out, value);
  } else if constexpr (item_like<T>) {
    out += "kvc::multimodal_item";
    append_table_literal(out, value);
  } else if constexpr (requires { typename T::value_type; value.size(); }) {
    using E = typename T::value_type;
    if constexpr (std::integral<E>)
      out += "std::vector<" + std::string(type_name<E>()) + ">{";
    else
      out += "std::vector<kvc::multimodal_item>{";
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (i) out += ", ";
      if constexpr (std::integral<E>)
        append_integer_literal(out, value[i]);
      else
        append_table_literal(out, value[i]);
    }
    out += '}';
  } else if constexpr (std::integral<T>) {
    out += std::string(type_name<T>()) + "{";
    append_integer_literal(out, value);
    out += '}';
  } else {
    out += '?';
  }
}

/// A call's inputs as a table row's braced inputs: `{"m", "m", {1, 2}, {1, 3}}`.
template <class In>
[[nodiscard]] std::string table_inputs_of(const In& in) {
  std::string out = "{";
  In::shape::visit(in, [&out](const auto&... field) {
    bool first = true;
    const auto one = [&](const auto& value) {
      if (!first) out += ", ";
      first = false;
      append_table_literal(out, value);
    };
    (one(field), ...);
  });
  return out + "}";
}

/// A call's inputs as C++ arguments: `std::string_view{"m", 1}, std::vector<char>{'a'}`.
template <class In>
[[nodiscard]] std::string arguments_of(const In& in) {
  std::string out;
  In::shape::visit(in, [&out](const auto&... field) {
    bool first = true;
    const auto one = [&](const auto& value) {
      if (!first) out += ", ";
      first = false;
      append_argument(out, value);
    };
    (one(field), ...);
  });
  return out;
}

}  // namespace kvc::text
