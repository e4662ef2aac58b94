// kvc/vectors/json.hpp - the JSON that kvc's vector files are written in, read with the standard
// library alone (no Boost, no JSON library), for kvc/vectors/suite.hpp.
//
// A strict reader of RFC 8259 documents with one restriction, which the vector files keep: a
// number is an integer in [-2^63, 2^64) (no fraction, no exponent), held exactly. Strings are
// UTF-8; `\uXXXX` escapes, surrogate pairs included, become their UTF-8 bytes (`\u0000` a NUL).
// Strings must be well-formed UTF-8, and a member name may appear once in an object. Nesting
// deeper than 256 levels is refused, so no input exhausts the stack. Errors are values,
// never exceptions: `parse_json` returns the document or the offset and reason of the first error.
#pragma once

#include <algorithm>
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
/// Objects up to this many members are checked for a repeated name member by member.
inline constexpr std::size_t small_object = 32;

/// Whether no two members share a name (sorted, so a large object costs n log n).
inline bool unique_names(const std::vector<json_member>& members) {
  std::vector<std::string_view> names;
  names.reserve(members.size());
  for (const json_member& member : members) names.emplace_back(member.name);
  std::sort(names.begin(), names.end());
  return std::adjacent_find(names.begin(), names.end()) == names.end();
}

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
  /// Four hex digits at `at`; on an error `at` is the first character that is not one.
  bool hex4(std::uint32_t& code) {
    code = 0;
    for (int i = 0; i < 4; ++i) {
      if (at >= text.size()) return fail("a \\u escape needs four hex digits");
      const char c = text[at];
      code <<= 4;
      if (c >= '0' && c <= '9') code |= static_cast<std::uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f') code |= static_cast<std::uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F') code |= static_cast<std::uint32_t>(c - 'A' + 10);
      else return fail("a \\u escape needs four hex digits");
      ++at;
    }
    return true;
  }
  /// The length of the well-formed UTF-8 sequence that starts at `at` (RFC 3629: no overlong
  /// form, no surrogate, nothing above U+10FFFF), or 0.
  [[nodiscard]] std::size_t utf8_sequence() const noexcept {
    const auto byte = [this](std::size_t i) {
      return at + i < text.size() ? static_cast<unsigned char>(text[at + i]) : 0u;
    };
    const unsigned lead = byte(0);
    const auto continuation = [&](std::size_t i, unsigned lo = 0x80, unsigned hi = 0xbf) {
      const unsigned b = byte(i);
      return at + i < text.size() && b >= lo && b <= hi;
    };
    if (lead < 0x80) return 1;
    if (lead >= 0xc2 && lead <= 0xdf) return continuation(1) ? 2 : 0;
    if (lead >= 0xe0 && lead <= 0xef) {
      const unsigned lo = lead == 0xe0 ? 0xa0 : 0x80;
      const unsigned hi = lead == 0xed ? 0x9f : 0xbf;
      return continuation(1, lo, hi) && continuation(2) ? 3 : 0;
    }
    if (lead >= 0xf0 && lead <= 0xf4) {
      const unsigned lo = lead == 0xf0 ? 0x90 : 0x80;
      const unsigned hi = lead == 0xf4 ? 0x8f : 0xbf;
      return continuation(1, lo, hi) && continuation(2) && continuation(3) ? 4 : 0;
    }
    return 0;
  }
  bool string(std::string& out) {
    ++at;  // the opening quote
    while (true) {
      if (at >= text.size()) return fail("a string is not closed");
      const char c = text[at];
      if (static_cast<unsigned char>(c) < 0x20) return fail("a control character in a string");
      if (static_cast<unsigned char>(c) >= 0x80) {
        const std::size_t length = utf8_sequence();
        if (length == 0) return fail("a string that is not UTF-8");
        out.append(text.substr(at, length));
        at += length;
        continue;
      }
      ++at;
      if (c == '"') return true;
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
          const std::size_t escape = at - 2;  // the backslash
          std::uint32_t code = 0;
          if (!hex4(code)) return false;
          if (code >= 0xd800 && code < 0xdc00) {
            std::uint32_t low = 0;
            if (text.substr(at, 2) != "\\u")
              return at = escape, fail("a lone surrogate in a \\u escape");
            at += 2;
            if (!hex4(low)) return false;
            if (low < 0xdc00 || low >= 0xe000)
              return at = escape, fail("a lone surrogate in a \\u escape");
            code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          } else if (code >= 0xdc00 && code < 0xe000) {
            return at = escape, fail("a lone surrogate in a \\u escape");
          }
          append_utf8(out, code);
          break;
        }
        default: return --at, fail("an unknown escape in a string");
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
      const std::size_t object_at = at;
      while (true) {
        skip_space();
        if (at >= text.size() || text[at] != '"') return fail("expected a member name");
        const std::size_t name_at = at;
        std::string name;
        if (!string(name)) return false;
        // A repeated name is refused (RFC 8259 leaves its meaning open): a reader that kept the
        // first and one that kept the last would run different fixtures.
        // (Checked here while an object is small; a large one is checked once, sorted, below.)
        if (out.members.size() < small_object)
          for (const json_member& member : out.members)
            if (member.name == name)
              return at = name_at, fail("a member name repeated in an object");
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
        if (at < text.size() && text[at] == '}') {
          if (out.members.size() > small_object && !unique_names(out.members))
            return at = object_at, fail("a member name repeated in an object");
          return ++at, true;
        }
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
