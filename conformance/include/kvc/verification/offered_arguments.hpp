// kvc/verification/offered_arguments.hpp - the forms in which a suite offers a fixture's inputs to
// an implementation, so that an engine's own signature can be verified as it is.
//
// A fixture holds its token and id sequences as `std::array<E, K>` and its string namespaces as
// `std::string_view`. Engines take `std::span<const std::int32_t>`, `const std::vector<T>&`,
// `const std::string&` or `const kvc::cache_namespace&`. A suite tries, in order, with the
// namespaces as they are, then as `const std::string&`, then as a `kvc::cache_namespace` naming
// that model: the sequences as they are; every sequence as a `std::span<const E>`; every sequence
// converted to `std::span<const T>` for each integer type T; at run time, as
// `const std::vector<T>&`. Sequences of other elements (`kvc::multimodal_item`s, strings) keep
// their elements: as they are in the span forms (an array converts to a span of its elements by
// itself), as `const std::vector<E>&` in the vector forms, and, last, as `const std::vector<E>&`
// beside integer sequences as `std::span<const T>`. A conversion is exact or refused: a fixture
// value that does not fit T makes the fixture fail (at compile time the evaluation stops at
// `kvc::detail::fixture_value_does_not_fit_the_implementations_type`).
//
// Every sequence form is tried with the namespaces as they are before any with a `std::string`, so
// an implementation that takes a `std::string_view` never has a `std::string` offered: this header
// only declares `std::string` (kvc/cache_namespace_view.hpp), and a translation unit that verifies
// such an implementation needs no <string>. One that takes a `const std::string&` includes it.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <kvc/cache_namespace_view.hpp>
#include <kvc/concepts.hpp>
#include <kvc/detail/equal.hpp>

namespace kvc::detail {

template <class... T>
struct type_list {};

/// The integer types a sequence may be converted to, each standard integer type once.
using offered_integers =
    type_list<int, long, long long, unsigned, unsigned long, unsigned long long, short,
              unsigned short, signed char, unsigned char>;

template <class A>
struct is_fixture_sequence : std::false_type {};
template <class E, std::size_t K>
  requires std::integral<E>
struct is_fixture_sequence<std::array<E, K>> : std::true_type {};
/// A sequence of run-time length: how `kvc::explore` holds the inputs it generates. It is offered
/// in the same forms as an array, but as itself (`const std::vector<E>&`) in place of the array.
template <class E>
  requires std::integral<E>
struct is_fixture_sequence<std::vector<E>> : std::true_type {};

/// A sequence form: how a fixture's `std::array<E, K>` reaches the implementation. The integer
/// sequences take the form named; the others (`kvc::multimodal_item`s, strings) stay as they are,
/// except where a form says otherwise.
struct sequence_as_given {};  ///< `const std::array<E, K>&`
struct sequence_as_span {};   ///< `std::span<const E>`
template <class T>
struct sequence_as_span_of {};  ///< `std::span<const T>` over the values converted to T
template <class T>
struct sequence_as_vector_of {};  ///< `const std::vector<T>&`; the others `const std::vector<E>&`
template <class T>
struct integers_as_span_of_others_as_vector {};  ///< `std::span<const T>`; the others as vectors

/// A namespace form: how a fixture's `std::string_view` reaches the implementation.
struct text_as_given {};
struct text_as_string {};     ///< `const std::string&`
struct text_as_namespace {};  ///< `const kvc::cache_namespace&` with that model, no adapter or salt

/// What an argument of type A is stored as, under the forms Seq and Text, for the call.
template <class A, class Seq, class Text>
struct offered {
  using storage = A;
  using view = const A&;
};
template <class E, std::size_t K>
  requires std::integral<E>
struct offered<std::array<E, K>, sequence_as_span, text_as_given> {
  using storage = std::array<E, K>;
  using view = std::span<const E>;
};
template <class E, std::size_t K, class Text>
  requires std::integral<E>
struct offered<std::array<E, K>, sequence_as_span, Text>
    : offered<std::array<E, K>, sequence_as_span, text_as_given> {};
template <class E, std::size_t K, class T, class Text>
  requires std::integral<E>
struct offered<std::array<E, K>, sequence_as_span_of<T>, Text> {
  using storage = std::array<T, K>;
  using view = std::span<const T>;
};
template <class E, std::size_t K, class T, class Text>
  requires std::integral<E>
struct offered<std::array<E, K>, sequence_as_vector_of<T>, Text> {
  using storage = std::vector<T>;
  using view = const std::vector<T>&;
};
template <class E, std::size_t K, class T, class Text>
  requires std::integral<E>
struct offered<std::array<E, K>, integers_as_span_of_others_as_vector<T>, Text>
    : offered<std::array<E, K>, sequence_as_span_of<T>, Text> {};
/// A sequence of other elements, in the forms that offer it as a vector: its elements unchanged.
template <class E, std::size_t K, class T, class Text>
  requires(!std::integral<E>)
struct offered<std::array<E, K>, sequence_as_vector_of<T>, Text> {
  using storage = std::vector<E>;
  using view = const std::vector<E>&;
};
template <class E, std::size_t K, class T, class Text>
  requires(!std::integral<E>)
struct offered<std::array<E, K>, integers_as_span_of_others_as_vector<T>, Text>
    : offered<std::array<E, K>, sequence_as_vector_of<T>, Text> {};
/// A run-time sequence (`kvc::explore`'s inputs): the same forms as an array of the same elements.
template <class E, class Text>
  requires std::integral<E>
struct offered<std::vector<E>, sequence_as_span, Text> {
  using storage = std::vector<E>;
  using view = std::span<const E>;
};
template <class E, class T, class Text>
  requires std::integral<E>
struct offered<std::vector<E>, sequence_as_span_of<T>, Text> {
  using storage = std::vector<T>;
  using view = std::span<const T>;
};
template <class E, class T, class Text>
  requires std::integral<E>
struct offered<std::vector<E>, sequence_as_vector_of<T>, Text> {
  using storage = std::vector<T>;
  using view = const std::vector<T>&;
};
template <class E, class T, class Text>
  requires std::integral<E>
struct offered<std::vector<E>, integers_as_span_of_others_as_vector<T>, Text>
    : offered<std::vector<E>, sequence_as_span_of<T>, Text> {};
template <class E, class Text>
  requires(!std::integral<E>)
struct offered<std::vector<E>, sequence_as_span, Text> {
  using storage = std::vector<E>;
  using view = std::span<const E>;
};
template <class Seq>
struct offered<std::string_view, Seq, text_as_string> {
  using storage = std::string;
  using view = const std::string&;
};
template <class Seq>
struct offered<std::string_view, Seq, text_as_namespace> {
  using storage = cache_namespace;
  using view = const cache_namespace&;
};

/// Deliberately not `constexpr`: reached when a fixture value does not fit the integer type the
/// implementation takes, so the constant evaluation stops here and the diagnostic says why.
template <class ImplementationsType>
inline void fixture_value_does_not_fit_the_implementations_type() noexcept {}

/// The element type a sequence form converts to (E when it does not convert).
template <class Seq, class E>
struct converted_element {
  using type = E;
};
template <class T, class E>
struct converted_element<sequence_as_span_of<T>, E> {
  using type = T;
};
template <class T, class E>
struct converted_element<sequence_as_vector_of<T>, E> {
  using type = T;
};
template <class T, class E>
struct converted_element<integers_as_span_of_others_as_vector<T>, E> {
  using type = T;
};

/// Whether every value of `from` is representable in T.
template <class T, class E, std::size_t K>
[[nodiscard]] constexpr bool fits(const std::array<E, K>& from) noexcept {
  if constexpr (std::is_same_v<T, E>) {
    return true;
  } else {
    for (const E value : from) {
      if constexpr (integer_valued<E>) {
        // Integers as they are, characters as their integer value (char32_t 0xFFFFFFFF is
        // 4294967295, never -1).
        if (!std::in_range<T>(integer_value(value))) return false;
      } else if (!std::in_range<T>(static_cast<int>(value))) {  // bool
        return false;
      }
    }
    return true;
  }
}

/// Whether every value of a run-time sequence is representable in T.
template <class T, class E>
[[nodiscard]] constexpr bool fits(const std::vector<E>& from) noexcept {
  if constexpr (std::is_same_v<T, E>) {
    return true;
  } else {
    for (const E value : from)
      if (!std::in_range<T>(integer_value(value))) return false;
    return true;
  }
}

/// Whether an argument's values survive the form it is offered in.
template <class Seq, class A>
[[nodiscard]] constexpr bool representable(const A& argument) noexcept {
  if constexpr (is_fixture_sequence<A>::value)
    return fits<typename converted_element<Seq, typename A::value_type>::type>(argument);
  else
    return true;
}

/// The stored form of one argument: the argument itself (a reference to it, so that a constant
/// evaluation copies no fixture) when the form keeps it as it is.
template <class Seq, class Text, class A>
[[nodiscard]] constexpr decltype(auto) store(const A& argument) {
  using storage = typename offered<A, Seq, Text>::storage;
  if constexpr (std::is_same_v<storage, A>) {
    return (argument);
  } else if constexpr (std::is_same_v<storage, cache_namespace>) {
    cache_namespace named{};
    named.model = argument;
    return named;
  } else if constexpr (std::is_same_v<A, std::string_view>) {
    return std::string(argument);
  } else {
    using T = typename storage::value_type;
    storage converted{};
    if constexpr (std::is_same_v<storage, std::vector<T>>) {
      converted.reserve(argument.size());
      for (const auto value : argument) converted.push_back(static_cast<T>(value));
    } else {
      for (std::size_t i = 0; i < argument.size(); ++i) converted[i] = static_cast<T>(argument[i]);
    }
    return converted;
  }
}

/// The view of a stored argument that the implementation is called with.
template <class Seq, class Text, class A, class Stored>
[[nodiscard]] constexpr typename offered<A, Seq, Text>::view view(const Stored& stored) noexcept {
  return typename offered<A, Seq, Text>::view(stored);
}

/// A pair of forms: sequences as Seq, string namespaces as Text.
template <class Seq, class Text>
struct forms {
  using sequence = Seq;
  using text = Text;
};

/// Every sequence form with one namespace form, in the order they are tried.
template <class Text, class Integers>
struct forms_with_text;
template <class Text, class... T>
struct forms_with_text<Text, type_list<T...>> {
  using type = type_list<forms<sequence_as_given, Text>, forms<sequence_as_span, Text>,
                         forms<sequence_as_span_of<T>, Text>...,
                         forms<sequence_as_vector_of<T>, Text>...,
                         forms<integers_as_span_of_others_as_vector<T>, Text>...>;
};

/// Every pair of forms, in the order they are tried: every sequence form with the namespaces as
/// they are, then every one with them as `std::string`s, then as `kvc::cache_namespace`s.
template <class Texts, class Integers>
struct offered_forms;
template <class... Text, class Integers>
struct offered_forms<type_list<Text...>, Integers> {
  template <class... Lists>
  struct join;
  template <class... F>
  struct join<type_list<F...>> {
    using type = type_list<F...>;
  };
  template <class... F, class... G, class... Rest>
  struct join<type_list<F...>, type_list<G...>, Rest...> : join<type_list<F..., G...>, Rest...> {};
  using type = typename join<typename forms_with_text<Text, Integers>::type...>::type;
};
using all_forms =
    offered_forms<type_list<text_as_given, text_as_string, text_as_namespace>, offered_integers>::type;

/// No pair of forms lets the implementation be called with a fixture's inputs.
struct no_call_shape_fits {};

/// The first pair of forms in `Forms` with which `Impl` can be called on `A...`, or
/// `no_call_shape_fits`.
template <class Impl, class Forms, class... A>
struct first_fitting_forms {
  using type = no_call_shape_fits;
};
template <bool Fits, class First, class Next>
struct first_or_next {
  using type = First;
};
template <class First, class Next>
struct first_or_next<false, First, Next> {  // only now is the rest of the list tried
  using type = typename Next::type;
};
template <class Impl, class First, class... Rest, class... A>
struct first_fitting_forms<Impl, type_list<First, Rest...>, A...>
    : first_or_next<std::invocable<const Impl&, typename offered<A, typename First::sequence,
                                                                 typename First::text>::view...>,
                    First, first_fitting_forms<Impl, type_list<Rest...>, A...>> {};

}  // namespace kvc::detail
