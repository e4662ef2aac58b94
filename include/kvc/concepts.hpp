// kvc/concepts.hpp - the named requirements of kvc's contracts.
//
// Every contract constrains its parameters with one of these concepts, so a call with a wrong type
// fails with "the constraint 'kvc::integer<double>' was not satisfied" rather than deep inside an
// algorithm.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "detail/ranges.hpp"

namespace kvc {

namespace detail {
template <class T>
concept character_type =
    std::same_as<T, char> || std::same_as<T, wchar_t> || std::same_as<T, char8_t> ||
    std::same_as<T, char16_t> || std::same_as<T, char32_t>;

/// An integral type no wider than `std::uintmax_t`. Extended integer types (`__int128` and
/// `unsigned __int128`, integral with g++'s GNU modes and with libc++) are wider: kvc computes
/// bounds in `std::uintmax_t`, which would truncate them, so they are refused rather than narrowed.
template <class T>
concept fits_in_uintmax = sizeof(T) <= sizeof(std::uintmax_t);
}  // namespace detail

/// A slot count or position: a standard signed or unsigned integer type (`int`, `std::size_t`,
/// `std::int8_t`, ...). `bool` and the character types are not counts and are rejected; these are
/// exactly the types that `std::cmp_less` and friends accept, so mixed comparisons are exact.
/// Extended integer types wider than `std::uintmax_t` (`__int128`) are rejected too: a capacity of
/// 2^64 + 5 must not be read as 5 (`detail::fits_in_uintmax`).
template <class T>
concept integer = std::integral<T> && !std::same_as<std::remove_cv_t<T>, bool> &&
                  !detail::character_type<std::remove_cv_t<T>> && detail::fits_in_uintmax<T>;

/// Two values whose equality kvc can decide: `a == b` is well-formed and yields something
/// convertible to `bool`. Namespaces, tokens and segment ids are compared through this.
template <class A, class B>
concept comparable_with = requires(const A& a, const B& b) {
  { a == b } -> std::convertible_to<bool>;
};

/// A token or segment-id sequence: anything iterable that knows its size -- `std::array`,
/// `std::span`, `std::vector`, C arrays, `std::string_view`, ...
template <class R>
concept id_sequence = std::ranges::forward_range<const R> && std::ranges::sized_range<const R>;

/// Two token sequences whose elements can be compared with each other.
template <class R1, class R2>
concept comparable_sequences =
    id_sequence<R1> && id_sequence<R2> &&
    comparable_with<std::ranges::range_value_t<const R1>, std::ranges::range_value_t<const R2>>;

/// A segment-id sequence: its ids can be compared with each other.
template <class R>
concept segment_sequence =
    id_sequence<R> &&
    comparable_with<std::ranges::range_value_t<const R>, std::ranges::range_value_t<const R>>;

/// A writable span of integers: where the span forms of the contracts put their results.
template <class O>
concept position_output =
    std::ranges::contiguous_range<O> && std::ranges::sized_range<O> &&
    integer<std::ranges::range_value_t<O>> &&
    !std::is_const_v<std::remove_reference_t<std::ranges::range_reference_t<O>>>;

/// A sequence of position ids: a sized range of integers (`std::span<const std::int64_t>`, a
/// `std::vector<int>`, ...). In a signed type a negative position marks a padding token.
template <class R>
concept position_sequence = id_sequence<R> && integer<std::ranges::range_value_t<const R>>;

}  // namespace kvc
