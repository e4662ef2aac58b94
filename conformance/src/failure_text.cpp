// conformance/src/failure_text.cpp - the text the test-framework adapters fail with
// (kvc/verification/failure_text.hpp).
#include <kvc/verification/failure_text.hpp>

#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>

namespace kvc::detail {

std::string printable_text(std::string_view text, bool keep_line_breaks) {
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

std::string describe_failure(const fixture_outcome& f) {
  return printable_text("fixture \"" + f.label + "\": inputs (" + f.inputs + "), actual " +
                        f.actual + ", expected " + f.expected);
}

std::string describe_failures(const conformance_report& report) {
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

std::string printed_text(void (*print)(std::ostream&, const void*), const void* report) {
  std::ostringstream text;
  print(text, report);
  return text.str();
}

}  // namespace kvc::detail
