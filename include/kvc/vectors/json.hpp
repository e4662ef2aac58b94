// kvc/vectors/json.hpp - the JSON that kvc's vector files are written in, read with the standard
// library alone (no Boost, no JSON library), for kvc/vectors/suite.hpp.
//
// A strict reader of RFC 8259 documents with one restriction, which the vector files keep: a
// number is an integer in [-2^63, 2^64) (no fraction, no exponent), held exactly. Strings are
// UTF-8; `\uXXXX` escapes, surrogate pairs included, become their UTF-8 bytes (`\u0000` a NUL).
// Nesting deeper than 256 levels is refused, so no input exhausts the stack. Errors are values,
// never exceptions: `parse_json` returns the document or the offset and reason of the first error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kvc::vectors {

struct json_member;

/// A JSON value. An integer is `negative` and its `magnitude` (so -2^63 and 2^64 - 1 both fit);
/// an object keeps its members in document order.
struct json_value {
  /// Which JSON value this is.
  enum class kind : unsigned char { null, boolean, integer, string, array, object };
  kind form = kind::null;  ///< which of the fields below hold the value
  bool boolean = false;  ///< a boolean's value
  bool negative = false;  ///< an integer below 0 (never for 0)
  std::uint64_t magnitude = 0;  ///< an integer's absolute value
  std::string string;  ///< a string's UTF-8 bytes, escapes decoded
  std::vector<json_value> elements;  ///< an array's elements
  std::vector<json_member> members;  ///< an object's members, in document order

  /// The member named `key`, or nullptr (also when this is not an object).
  [[nodiscard]] const json_value* find(std::string_view key) const noexcept;
};

/// One member of an object.
struct json_member {
  std::string name;  ///< the member's name
  json_value value;  ///< its value
};

inline const json_value* json_value::find(std::string_view key) const noexcept {
  if (form != kind::object) return nullptr;
  for (const json_member& member : members)
    if (member.name == key) return &member.value;
  return nullptr;
}

/// The document, or where (a byte offset) and why reading it stopped.
struct json_document {
  json_value root;              ///< the document, when `ok`
  bool ok = false;              ///< whether the whole text is one JSON value
  std::size_t error_offset = 0; ///< where reading stopped, when not `ok`
  std::string error;            ///< why, when not `ok`
};

namespace detail::json {

inline constexpr int max_depth = 256;

struct reader {
  std::string_view text;
  std::size_t at = 0;
  std::string error;

  bool fail(const char* why) {
    if (error.empty()) error = why;
    return false;
  }
  void skip_space() noexcept {
    while (at < text.size() &&
           (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r'))
      ++at;
  }
  bool literal(std::string_view word) {
    if (text.substr(at, word.size()) != word) return fail("expected a value");
    at += word.size();
    return true;
  }
  static void append_utf8(std::string& out, std::uint32_t code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xc0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3f));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xe0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (code & 0x3f));
    } else {
      out += static_cast<char>(0xf0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
      out += static_cast<char>(0x80 | (code & 0x3f));
    }
  }
  bool hex4(std::uint32_t& code) {
    if (text.size() - at < 4) return fail("a \\u escape needs four hex digits");
    code = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text[at++];
      code <<= 4;
      if (c >= '0' && c <= '9') code |= static_cast<std::uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') code |= static_cast<std::uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') code |= static_cast<std::uint32_t>(c - 'A' + 10);
      else return fail("a \\u escape needs four hex digits");
    }
    return true;
  }
  bool string(std::string& out) {
    ++at;  // the opening quote
    while (true) {
      if (at >= text.size()) return fail("a string is not closed");
      const char c = text[at++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return fail("a control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (at >= text.size()) return fail("a string is not closed");
      switch (text[at++]) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t code = 0;
          if (!hex4(code)) return false;
          if (code >= 0xd800 && code < 0xdc00) {
            std::uint32_t low = 0;
            if (text.substr(at, 2) != "\\u") return fail("a lone surrogate in a \\u escape");
            at += 2;
            if (!hex4(low)) return false;
            if (low < 0xdc00 || low >= 0xe000) return fail("a lone surrogate in a \\u escape");
            code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          } else if (code >= 0xdc00 && code < 0xe000) {
            return fail("a lone surrogate in a \\u escape");
          }
          append_utf8(out, code);
          break;
        }
        default: return fail("an unknown escape in a string");
      }
    }
  }
  bool number(json_value& out) {
    out.form = json_value::kind::integer;
    if (text[at] == '-') {
      out.negative = true;
      ++at;
    }
    const std::size_t first = at;
    std::uint64_t magnitude = 0;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
      const auto digit = static_cast<std::uint64_t>(text[at] - '0');
      if (magnitude > (std::numeric_limits<std::uint64_t>::max() - digit) / 10)
        return fail("an integer outside [-2^63, 2^64)");
      magnitude = magnitude * 10 + digit;
      ++at;
    }
    if (at == first) return fail("expected a digit");
    if (text[first] == '0' && at - first > 1) return fail("a leading zero in a number");
    if (at < text.size() && (text[at] == '.' || text[at] == 'e' || text[at] == 'E'))
      return fail("a number that is not an integer (kvc's vectors hold integers only)");
    constexpr std::uint64_t most_negative = std::uint64_t{1} << 63;
    if (out.negative && magnitude > most_negative) return fail("an integer outside [-2^63, 2^64)");
    if (out.negative && magnitude == 0) out.negative = false;  // -0 is 0
    out.magnitude = magnitude;
    return true;
  }
  bool value(json_value& out, int depth) {
    if (depth > max_depth) return fail("nested deeper than 256 levels");
    skip_space();
    if (at >= text.size()) return fail("expected a value");
    const char c = text[at];
    if (c == '{') {
      out.form = json_value::kind::object;
      ++at;
      skip_space();
      if (at < text.size() && text[at] == '}') return ++at, true;
      while (true) {
        skip_space();
        if (at >= text.size() || text[at] != '"') return fail("expected a member name");
        std::string name;
        if (!string(name)) return false;
        skip_space();
        if (at >= text.size() || text[at] != ':') return fail("expected ':'");
        ++at;
        json_value member;
        if (!value(member, depth + 1)) return false;
        out.members.push_back(json_member{std::move(name), std::move(member)});
        skip_space();
        if (at < text.size() && text[at] == ',') {
          ++at;
          continue;
        }
        if (at < text.size() && text[at] == '}') return ++at, true;
        return fail("expected ',' or '}'");
      }
    }
    if (c == '[') {
      out.form = json_value::kind::array;
      ++at;
      skip_space();
      if (at < text.size() && text[at] == ']') return ++at, true;
      while (true) {
        json_value element;
        if (!value(element, depth + 1)) return false;
        out.elements.push_back(std::move(element));
        skip_space();
        if (at < text.size() && text[at] == ',') {
          ++at;
          continue;
        }
        if (at < text.size() && text[at] == ']') return ++at, true;
        return fail("expected ',' or ']'");
      }
    }
    if (c == '"') {
      out.form = json_value::kind::string;
      return string(out.string);
    }
    if (c == 't' || c == 'f') {
      out.form = json_value::kind::boolean;
      out.boolean = c == 't';
      return literal(c == 't' ? "true" : "false");
    }
    if (c == 'n') return literal("null");
    if (c == '-' || (c >= '0' && c <= '9')) return number(out);
    return fail("expected a value");
  }
};

}  // namespace detail::json

/// `text` as a JSON document: `ok`, or the byte offset and reason of the first error.
[[nodiscard]] inline json_document parse_json(std::string_view text) {
  detail::json::reader reader;
  reader.text = text;
  json_document document;
  if (reader.value(document.root, 0)) {
    reader.skip_space();
    if (reader.at == text.size()) {
      document.ok = true;
      return document;
    }
    reader.fail("text after the document");
  }
  document.root = {};
  document.error_offset = reader.at;
  document.error = reader.error;
  return document;
}

}  // namespace kvc::vectors
