// kvc/verification/report_builder.hpp - kvc::detail::report_builder, which builds a report's text
// with `<<` in a std::string, and what a report's `operator<<` needs to insert that string into a
// std::ostream.
//
// The reports (kvc::conformance_report, kvc::exploration_report, kvc::stateful_report, ...) print
// to a std::ostream, but none of them includes <ostream>: on libstdc++ 12 that header (with the
// rest of what std::thread brought, kvc/stateful/recording_threads.hpp) cost a file that includes
// kvc/conformance.hpp 0.25 G of g++'s 3.6 G instructions. Each report builds its text here, with
// the inserter's defaults (integers in decimal, characters as themselves), and inserts it with
// std::string's inserter, which libstdc++ declares and defines in <string> over its out-of-line
// __ostream_insert. So `std::cout << report` and doctest's `INFO(report)` work in a file that
// declares std::ostream and nothing more, as doctest's header does. libc++ defines that inserter
// only in <ostream>, so there (and with any other standard library) <ostream> is included.
#pragma once

#include <version>  // identifies the standard library

#include <concepts>
#include <string>
#include <string_view>
#include <type_traits>

#if defined(_GLIBCXX_RELEASE)
#include <iosfwd>
#else
#include <ostream>
#endif

namespace kvc::detail {

/// Text appended with `<<` as a std::ostream with default flags would print it. Takes strings,
/// characters and integers; `bool`, floating-point values and anything else do not compile.
struct report_builder {
  std::string text;

  report_builder& operator<<(std::string_view more) {
    text += more;
    return *this;
  }
  report_builder& operator<<(const char* more) {
    text += more;
    return *this;
  }
  // A template, so that `bool`, floating-point values and enumerations do not convert to `char`.
  template <std::same_as<char> Char>
  report_builder& operator<<(Char c) {
    text += c;
    return *this;
  }
  // Signed and unsigned char print as characters, as they do on a std::ostream.
  template <class Integer>
    requires std::integral<Integer> && (!std::same_as<Integer, bool>) &&
             (!std::same_as<Integer, char>)
  report_builder& operator<<(Integer value) {
    if constexpr (sizeof(Integer) == 1)
      text += static_cast<char>(value);
    else if constexpr (std::is_signed_v<Integer>)
      text += std::to_string(static_cast<long long>(value));
    else
      text += std::to_string(static_cast<unsigned long long>(value));
    return *this;
  }
};

}  // namespace kvc::detail
