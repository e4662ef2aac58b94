// kvc/verification/label.hpp - the label of a user's own fixture: a Boost.Hana compile-time string,
// whose text is part of its type, so that a failing `kvc::verify` names the fixture in the
// diagnostic (`kvc::fixture_failed<kvc::fixed_label<15>{"inside a block"}>`) as it names a fixture
// of kvc's tables (kvc/spec/verdict.hpp).
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include <boost/hana/string.hpp>

#include <kvc/spec/verdict.hpp>

namespace kvc {

namespace detail {
template <fixed_label Text, std::size_t... I>
[[nodiscard]] constexpr auto make_label(std::index_sequence<I...>) noexcept {
  return boost::hana::string_c<Text.chars[I]...>;
}

template <class Label>
struct label_text_of;
template <char... Chars>
struct label_text_of<boost::hana::string<Chars...>> {
  static constexpr char chars[sizeof...(Chars) + 1] = {Chars..., '\0'};
  static constexpr fixed_label<sizeof...(Chars) + 1> value{chars};
  static constexpr std::string_view view{chars, sizeof...(Chars)};
};
}  // namespace detail

/// `kvc::label<"block boundary">`: the Boost.Hana compile-time string of that text, a fixture's
/// label (`kvc::make_fixture(kvc::label<"block boundary">, ...)`).
template <fixed_label Text>
inline constexpr auto label =
    detail::make_label<Text>(std::make_index_sequence<sizeof(Text.chars) - 1>{});

/// The text of a label (a Hana compile-time string) as one `kvc::fixed_label`:
/// `kvc::label_text<decltype(kvc::label<"a label">)>` is `kvc::fixed_label<8>{"a label"}`.
template <class Label>
inline constexpr auto label_text = detail::label_text_of<std::remove_cvref_t<Label>>::value;

namespace detail {

/// The text of a label, as reports print it.
template <class Label>
inline constexpr std::string_view label_view = label_text_of<std::remove_cvref_t<Label>>::view;

template <class Label>
struct label_failure;
template <char... Chars>
struct label_failure<boost::hana::string<Chars...>> {
#if KVC_LABEL_AS_CHARACTERS
  static constexpr void (*call)() noexcept = &fixture_failed<Chars...>;
#else
  static constexpr void (*call)() noexcept =
      &fixture_failed<label_text<boost::hana::string<Chars...>>>;
#endif
};

/// The function that names a fixture labelled `Label` in a diagnostic: `kvc::fixture_failed` with
/// the label's text as its template argument.
template <class Label>
inline constexpr void (*failure_of_label)() noexcept =
    label_failure<std::remove_cvref_t<Label>>::call;

}  // namespace detail

}  // namespace kvc
