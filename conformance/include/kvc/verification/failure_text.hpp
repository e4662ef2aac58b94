// kvc/verification/failure_text.hpp - what the test-framework adapters (kvc/doctest.hpp,
// kvc/gtest.hpp, kvc/catch2.hpp) print for a failure: one line per failing fixture, and the
// printed report of an exploration or a stateful check, with every byte a terminal or a test
// framework would not show as itself escaped.
//
// A fixture's inputs can hold any byte ("models differ after an embedded NUL"). doctest and
// GoogleTest cut a message at a NUL, and a control character garbles a terminal, so the text
// they get has none: NUL as \0, tab, newline and carriage return as \t, \n and \r, and any other
// byte below 0x20 or 0x7f as \xNN. Bytes from 0x80 up are kept, so UTF-8 text reads as itself.
// The text is built in the `kvc::conformance` library; a report is printed there too, so that a
// test file needs no <sstream> (nor a defined `std::ostream`) for it.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

#include <kvc/verification/report.hpp>

namespace kvc::detail {

/// `text` with NUL and the other control characters escaped; with `keep_line_breaks`, newlines
/// and tabs are kept (a multi-line report), else they are escaped too (a one-line message).
[[nodiscard]] std::string printable_text(std::string_view text, bool keep_line_breaks = false);

/// `fixture "negative request": inputs (16, 0, -1), actual -1, expected 0`.
[[nodiscard]] std::string describe_failure(const fixture_outcome& f);

/// Every failing fixture of `report`, one line each after a count:
/// `2 of 16 fixtures failed:` then `  fixture "...": inputs (...), actual ..., expected ...`.
/// Empty when every fixture passed.
[[nodiscard]] std::string describe_failures(const conformance_report& report);

/// What `print(stream, report)` writes, as a string.
[[nodiscard]] std::string printed_text(void (*print)(std::ostream&, const void*),
                                       const void* report);

/// The printed form of a report (`out << report`: an exploration's, a stateful check's or a
/// conformance report), its line breaks kept and its control characters escaped.
template <class Report>
[[nodiscard]] std::string report_text(const Report& report) {
  const auto print = [](std::ostream& stream, const void* printed) {
    stream << *static_cast<const Report*>(printed);
  };
  return printable_text(printed_text(print, &report), /*keep_line_breaks=*/true);
}

}  // namespace kvc::detail
