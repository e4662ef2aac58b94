// kvc/detail/equal.hpp - exact equality of two ids: the one place kvc decides `a == b`.
//
// Raw `==` is wrong for three kinds of ids, and each has its own rule here:
//  - integers of different types: the usual arithmetic conversions turn `-1 == UINT_MAX` true (and
//    raise -Wsign-compare in kvc's headers); they compare by mathematical value;
//  - character types (and unscoped enumerations) against integers or other character types: the
//    same conversions make `char(-1) == 0xFFFFFFFFu` true; a character compares as its integer
//    value (`char` with `char`'s signedness, `char8_t` as unsigned, ...);
//  - C strings (pointers to, or arrays of, a character type): `==` compares addresses, so equal
//    text in two buffers would differ, and clang cannot compare two literals' addresses in a
//    constant expression at all; they compare by content.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "../concepts.hpp"
#include "../host_device.hpp"

namespace kvc::detail {

/// Signedness and unsigned counterpart of an integer type, for the extended integer types too
/// (`__int128` is not `std::integral` in libstdc++'s strict modes, and `std::make_unsigned` and
/// `std::cmp_equal` then refuse it).
template <class T>
struct integer_traits {
  static constexpr bool is_signed = std::is_signed_v<T>;
  using unsigned_type = std::make_unsigned_t<T>;
};
#if defined(__SIZEOF_INT128__)
__extension__ typedef __int128 int128_type;
__extension__ typedef unsigned __int128 uint128_type;
template <>
struct integer_traits<int128_type> {
  static constexpr bool is_signed = true;
  using unsigned_type = uint128_type;
};
template <>
struct integer_traits<uint128_type> {
  static constexpr bool is_signed = false;
  using unsigned_type = uint128_type;
};
#endif

/// The integer type that holds a value of an integral type T (not `bool`) or of an unscoped
/// enumeration: T itself for integers, the integer of the same width and signedness for characters
/// (`char` -> `signed char` or `unsigned char`, `char8_t` -> `unsigned char`, `char32_t` ->
/// `unsigned int`, ...), and that of the underlying type for enumerations.
template <class T>
struct integer_value_type {};
template <class T>
  requires std::integral<T> && (!std::same_as<T, bool>)
struct integer_value_type<T> {
  using type = std::conditional_t<std::is_signed_v<T>, std::make_signed_t<T>, std::make_unsigned_t<T>>;
};
template <class T>
  requires std::is_enum_v<T> && std::is_convertible_v<T, std::underlying_type_t<T>>
struct integer_value_type<T> : integer_value_type<std::underlying_type_t<T>> {};
#if defined(__SIZEOF_INT128__)
template <>
struct integer_value_type<int128_type> {
  using type = int128_type;
};
template <>
struct integer_value_type<uint128_type> {
  using type = uint128_type;
};
#endif

/// A type whose values are integers: an integral type but `bool` (characters included), an
/// extended integer type, or an unscoped enumeration.
template <class T>
concept integer_valued = requires { typename integer_value_type<std::remove_cv_t<T>>::type; };

/// The mathematical value of `x`, in the integer type `integer_value_type` names. (For the standard
/// types among them, `std::cmp_equal` and `std::in_range` accept it.)
template <integer_valued T>
[[nodiscard]] KVC_HOST_DEVICE constexpr auto integer_value(const T& x) noexcept {
  return static_cast<typename integer_value_type<std::remove_cv_t<T>>::type>(x);
}

/// Whether two integers of any integer types, extended ones included, have the same mathematical
/// value. (`std::cmp_equal`, but for every type `integer_value` yields.) No operand is ever
/// converted to a type that changes its value, so no -Wsign-compare either.
template <class A, class B>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool equal_values(const A a, const B b) noexcept {
  constexpr bool a_signed = integer_traits<A>::is_signed;
  constexpr bool b_signed = integer_traits<B>::is_signed;
  if constexpr (a_signed == b_signed) {
    using wider = std::conditional_t<(sizeof(A) < sizeof(B)), B, A>;  // holds both values
    return static_cast<wider>(a) == static_cast<wider>(b);
  } else if constexpr (a_signed) {
    return a >= A{0} && equal_values(static_cast<typename integer_traits<A>::unsigned_type>(a), b);
  } else {
    return b >= B{0} && equal_values(a, static_cast<typename integer_traits<B>::unsigned_type>(b));
  }
}

/// The character type of a C string type, when T is one: a pointer to, or a one-dimensional array
/// of, a (non-volatile) character type.
template <class T>
struct c_string_character {};
template <class C>
  requires character_type<std::remove_const_t<C>>
struct c_string_character<C*> {
  using type = std::remove_const_t<C>;
};
template <class C>
struct c_string_character<C* const> : c_string_character<C*> {};
template <class C, std::size_t N>
  requires character_type<std::remove_const_t<C>>
struct c_string_character<C[N]> {
  using type = std::remove_const_t<C>;
};

/// A C string: `const char*`, `char*`, `const char[N]` (a string literal), `char8_t*`, ...
template <class T>
concept c_string = requires { typename c_string_character<T>::type; };

/// A C string's text: where it starts (null for a null pointer) and the most characters it can
/// have (an array's extent; unbounded for a pointer). The text ends at the first NUL or there.
template <class C>
struct c_string_text {
  const C* first;
  std::size_t bound;
};
template <c_string T>
[[nodiscard]] KVC_HOST_DEVICE constexpr auto text_of(const T& s) noexcept {
  using C = typename c_string_character<T>::type;
  if constexpr (std::is_array_v<T>)
    return c_string_text<C>{s, std::extent_v<T>};
  else
    return c_string_text<C>{s, static_cast<std::size_t>(-1)};
}

/// Two C strings of one character type are equal when their texts are; a null pointer equals only
/// another null pointer. Reads nothing past a NUL or an array's end.
template <class C>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool equal_texts(const c_string_text<C> a,
                                                         const c_string_text<C> b) noexcept {
  if (a.first == nullptr || b.first == nullptr) return a.first == nullptr && b.first == nullptr;
  for (std::size_t i = 0;; ++i) {
    const bool a_ended = i == a.bound || a.first[i] == C{};
    const bool b_ended = i == b.bound || b.first[i] == C{};
    if (a_ended || b_ended) return a_ended && b_ended;
    if (a.first[i] != b.first[i]) return false;
  }
}

/// A string object of character type C (`std::string_view`, `std::string`, ...).
template <class S, class C>
concept string_of = requires(const S& s) {
  typename S::traits_type;
  { s.data() } -> std::convertible_to<const C*>;
  { s.size() } -> std::convertible_to<std::size_t>;
};

/// A C string and a string object of its character type.
template <class T, class S>
concept c_string_and_string = c_string<T> && string_of<S, typename c_string_character<T>::type>;

/// A C string against a string object: equal when the texts are, embedded NULs of the string
/// included; a null pointer equals no string (raw `==` would build a `string_view` from it).
template <class C, class S>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool equal_text_and_string(const c_string_text<C> a,
                                                                   const S& s) noexcept {
  if (a.first == nullptr) return false;
  const C* const b = s.data();
  const std::size_t size = static_cast<std::size_t>(s.size());
  std::size_t i = 0;
  for (; i < size; ++i)
    if (i == a.bound || a.first[i] == C{} || a.first[i] != b[i]) return false;
  return i == a.bound || a.first[i] == C{};
}

/// `a == b`, except that ids whose values are integers (integers, characters, unscoped
/// enumerations) compare by mathematical value -- `-1` never equals `UINT_MAX`, `char(-1)` never
/// equals `0xFFFFFFFFu`, and mixing signedness is exact and warning-free -- and C strings compare
/// by content, with each other and with string objects of their character type.
template <class A, class B>
  requires comparable_with<A, B>
[[nodiscard]] KVC_HOST_DEVICE constexpr bool equal_ids(const A& a, const B& b) noexcept {
  if constexpr (integer_valued<A> && integer_valued<B>) {
    return equal_values(integer_value(a), integer_value(b));
  } else if constexpr (c_string<A> && c_string<B>) {
    return equal_texts(text_of(a), text_of(b));
  } else if constexpr (c_string_and_string<A, B>) {
    return equal_text_and_string(text_of(a), b);
  } else if constexpr (c_string_and_string<B, A>) {
    return equal_text_and_string(text_of(b), a);
  } else {
    return static_cast<bool>(a == b);
  }
}

/// Two ids of one type: `==` is exact, for integers and characters too. (The common case, chosen by
/// overload resolution rather than by a branch, so constant evaluation spends one statement on it.)
/// C strings of one type take the general form: by content.
template <class A>
  requires comparable_with<A, A> && (!c_string<A>)
[[nodiscard]] KVC_HOST_DEVICE constexpr bool equal_ids(const A& a, const A& b) noexcept {
  return static_cast<bool>(a == b);
}

}  // namespace kvc::detail
