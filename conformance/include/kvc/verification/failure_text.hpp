// kvc/verification/failure_text.hpp - what the test-framework adapters (kvc/doctest.hpp,
// kvc/gtest.hpp, kvc/catch2.hpp) print for a failure: one line per failing fixture, and the
// printed report of an exploration or a stateful check, with every byte a terminal or a test
// framework would not show as itself escaped.
//
// A fixture's inputs can hold any byte ("models differ after an embedded NUL"). doctest and
// GoogleTest cut a message at a NUL, and a control character garbles a terminal, so the text
// they get has none: NUL as \0, tab, newline and carriage return as \t, \n and \r, and any other
// byte below 0x20 or 0x7f as \xNN. Bytes from 0x80 up are kept, so UTF-8 text reads as itself.
#pragma once

#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>

#include <kvc/verification/report.hpp>

namespace kvc::detail {

/// `text` with NUL and the other control characters escaped; with `keep_line_breaks`, newlines
/// and tabs are kept (a multi-line report), else they are escaped too (a one-line message).
[[nodiscard]] inline std::string printable_text(std::string_view text,
                                                bool keep_line_breaks = false) {
  constexpr std::string_view hex = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (keep_line_breaks && (c == '\n' || c == '\t')) {
      out += c;
    } else if (c == '\0') {
      out += "\\0";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out += hex[byte >> 4];
      out += hex[byte & 0xf];
    } else {
      out += c;
    }
  }
  return out;
}

/// `fixture "negative request": inputs (16, 0, -1), actual -1, expected 0`.
[[nodiscard]] inline std::string describe_failure(const fixture_outcome& f) {
  return printable_text("fixture \"" + f.label + "\": inputs (" + f.inputs + "), actual " +
                        f.actual + ", expected " + f.expected);
}

/// Every failing fixture of `report`, one line each after a count:
/// `2 of 16 fixtures failed:` then `  fixture "...": inputs (...), actual ..., expected ...`.
/// Empty when every fixture passed.
[[nodiscard]] inline std::string describe_failures(const conformance_report& report) {
  std::size_t failed = 0;
  std::string lines;
  for (const fixture_outcome& f : report.fixtures) {
    if (f.passed) continue;
    ++failed;
    lines += "\n  " + describe_failure(f);
  }
  if (failed == 0) return {};
  return std::to_string(failed) + " of " + std::to_string(report.fixtures.size()) +
         " fixtures failed:" + lines;
}

/// The printed form of a report (`out << report`: an exploration's or a stateful check's), its
/// line breaks kept and its control characters escaped.
template <class Report>
[[nodiscard]] std::string report_text(const Report& report) {
  std::ostringstream text;
  text << report;
  return printable_text(text.str(), /*keep_line_breaks=*/true);
}

}  // namespace kvc::detail
