// kvc/verification/label.hpp - fixture labels that a compiler diagnostic can show.
//
// A diagnostic shows template arguments, never the value of a string argument, so a label is a
// Boost.Hana compile-time string: its text is part of its type.
#pragma once

#include <cstddef>
#include <utility>

#include <boost/hana/string.hpp>

namespace kvc {

/// A string literal usable as a template argument; only a vehicle for `kvc::label`.
template <std::size_t Size>
struct fixed_label {
  char chars[Size]{};
  constexpr fixed_label(const char (&text)[Size]) noexcept {  // NOLINT: implicit by design
    for (std::size_t i = 0; i < Size; ++i) chars[i] = text[i];
  }
};

namespace detail {
template <fixed_label Text, std::size_t... I>
constexpr auto make_label(std::index_sequence<I...>) noexcept {
  return boost::hana::string_c<Text.chars[I]...>;
}
}  // namespace detail

/// `kvc::label<"different model">` is the Hana compile-time string of that text.
template <fixed_label Text>
inline constexpr auto label =
    detail::make_label<Text>(std::make_index_sequence<sizeof(Text.chars) - 1>{});

}  // namespace kvc
