// kvc/verification/label.hpp - fixture labels that a compiler diagnostic can show.
//
// A diagnostic shows template arguments, so a label is a Boost.Hana compile-time string: its text is
// part of its type. `kvc::label_text<Label>` turns it back into one `kvc::fixed_label` value, which
// g++ and clang 19 print as a string literal when it is a template argument.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <boost/hana/string.hpp>

namespace kvc {

/// A string literal usable as a template argument; only a vehicle for `kvc::label`.
template <std::size_t Size>
struct fixed_label {
  /// The literal's characters, its terminating NUL included.
  char chars[Size]{};
  /// Copies the literal `text`; implicit, so that `kvc::label<"text">` reads as written.
  constexpr fixed_label(const char (&text)[Size]) noexcept {  // NOLINT: implicit by design
    for (std::size_t i = 0; i < Size; ++i) chars[i] = text[i];
  }
};

namespace detail {
template <fixed_label Text, std::size_t... I>
constexpr auto make_label(std::index_sequence<I...>) noexcept {
  return boost::hana::string_c<Text.chars[I]...>;
}

template <class Label>
struct label_text_of;
template <char... Chars>
struct label_text_of<boost::hana::string<Chars...>> {
  static constexpr char chars[sizeof...(Chars) + 1] = {Chars..., '\0'};
  static constexpr fixed_label<sizeof...(Chars) + 1> value{chars};
};
}  // namespace detail

/// The text of a label (a Hana compile-time string) as one `kvc::fixed_label`:
/// `kvc::label_text<decltype(kvc::label<"different model">)>` is `fixed_label<16>{"different model"}`.
template <class Label>
inline constexpr auto label_text = detail::label_text_of<std::remove_cvref_t<Label>>::value;

/// `kvc::label<"different model">` is the Hana compile-time string of that text.
///
/// `Deferred` makes the label depend on a template parameter of its own user: a suite's fixtures
/// (`template <class Deferred = void> static constexpr auto fixtures`) label each fixture
/// `label<"...", Deferred>`, so that a compiler builds none of them (no fixture type, no tuple)
/// until the suite is checked, and including the suite's header costs only its parsing.
template <fixed_label Text, class Deferred = void>
inline constexpr auto label =
    detail::make_label<Text>(std::make_index_sequence<sizeof(Text.chars) - 1>{});

}  // namespace kvc
