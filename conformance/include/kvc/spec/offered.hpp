// kvc/spec/offered.hpp - the forms in which a fixture's or a generated case's arguments are
// offered to an implementation, so that an engine's own signature is checked as it is.
//
// An argument is one of:
//   - an integer sequence: `kvc::sequence<E>` in a table, `std::vector<E>` in a generated case,
//     `std::array<E, N>` in a user's own fixture (kvc/verification/fixture.hpp);
//   - a sequence of other values (multimodal items): `kvc::fixture_list<V, K>` or
//     `kvc::bounded_list<V, K>` in a table, `std::vector<V>` in a generated case,
//     `std::array<V, N>` in a user's own fixture;
//   - a string namespace: `std::string_view` in a table, `std::string` in a generated case;
//   - a structured namespace: `kvc::cache_namespace`, or `kvc::owning_cache_namespace`;
//   - an integer, or any other value: offered as it is.
// The forms, tried in order until the implementation is callable with every argument: string
// namespaces as `std::string_view`, then `const std::string&`, then a `kvc::cache_namespace`
// naming that model; with each, integer sequences as `std::span<const E>`, then converted to
// `std::span<const T>` for every standard integer type T, then as `const std::vector<T>&`, and
// last as `std::span<const T>` beside other sequences as `const std::vector<V>&`. A conversion is
// exact or refused: a value that T cannot hold makes the call "not representable", never narrowed.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <kvc/bounded_list.hpp>
#include <kvc/cache_namespace_view.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/detail/parameter_types.hpp>
#include <kvc/spec/fixture_list.hpp>
#include <kvc/spec/fixture_namespace.hpp>
#include <kvc/spec/fixture_text.hpp>
#include <kvc/spec/owned.hpp>
#include <kvc/spec/sequence.hpp>

namespace kvc {
struct owning_cache_namespace;
}  // namespace kvc

namespace kvc::detail {

/// The integer types a sequence may be converted to, each standard integer type once.
using offered_integers = type_list<int, long, long long, unsigned, unsigned long, unsigned long long,
                                   short, unsigned short, signed char, unsigned char>;

// --- Forms ---------------------------------------------------------------------------------------

struct sequence_as_span {};  ///< `std::span<const E>`
template <class T>
struct sequence_as_span_of {};  ///< `std::span<const T>`, the values converted to T
template <class T>
struct sequence_as_vector_of {};  ///< `const std::vector<T>&`; other sequences `const std::vector<V>&`
template <class T>
struct integers_as_span_of_others_as_vector {};  ///< `std::span<const T>`; others as vectors

struct text_as_view {};       ///< `std::string_view`
struct text_as_string {};     ///< `const std::string&`
struct text_as_namespace {};  ///< `const kvc::cache_namespace&` with that model

/// A pair of forms: integer sequences as Seq, string namespaces as Text.
template <class Seq, class Text>
struct form {
  using sequence = Seq;
  using text = Text;
};

// --- What an argument is ----------------------------------------------------------------------

template <class A>
struct integer_sequence_of {
  using type = void;
};
template <std::integral E, std::size_t R>
struct integer_sequence_of<sequence<E, R>> {
  using type = E;
};
template <std::integral E>
struct integer_sequence_of<std::vector<E>> {
  using type = E;
};
template <std::integral E, std::size_t N>
struct integer_sequence_of<std::array<E, N>> {  // a user's own fixture's array of ids
  using type = E;
};
/// The element type of an integer sequence argument, or void.
template <class A>
using integer_element_t = typename integer_sequence_of<A>::type;

/// The argument type a search of the forms is made with: an integer sequence is offered by its
/// element type alone, so that a table's `kvc::sequence`, a longer table's and exploration's
/// `std::vector` of the same element type share one search.
template <class A>
struct searched_as {
  using type = A;
};
template <class A>
  requires(!std::is_void_v<integer_element_t<A>>)
struct searched_as<A> {
  using type = std::vector<integer_element_t<A>>;
};
template <class A>
using searched_as_t = typename searched_as<A>::type;

template <class A>
struct other_sequence_of {
  using type = void;
};
template <class V, std::size_t K>
struct other_sequence_of<bounded_list<V, K>> {
  using type = V;
};
template <class V, std::size_t K>
struct other_sequence_of<fixture_list<V, K>> {
  using type = V;
};
template <class V>
  requires(!std::integral<V>)
struct other_sequence_of<std::vector<V>> {
  using type = V;
};
template <class V, std::size_t N>
  requires(!std::integral<V>)
struct other_sequence_of<std::array<V, N>> {
  using type = V;
};
/// The element type of a sequence argument of other values (multimodal items), or void.
template <class A>
using other_element_t = typename other_sequence_of<A>::type;

template <class A>
inline constexpr bool is_text = std::is_same_v<A, std::string_view> ||
                                std::is_same_v<A, fixture_text> || std::is_same_v<A, std::string>;

/// The element type a sequence form converts E to.
template <class Seq, class E>
struct converted {
  using type = E;
};
template <class T, class E>
struct converted<sequence_as_span_of<T>, E> {
  using type = T;
};
template <class T, class E>
struct converted<sequence_as_vector_of<T>, E> {
  using type = T;
};
template <class T, class E>
struct converted<integers_as_span_of_others_as_vector<T>, E> {
  using type = T;
};

template <class Seq>
inline constexpr bool as_vector = false;
template <class T>
inline constexpr bool as_vector<sequence_as_vector_of<T>> = true;

template <class Seq>
inline constexpr bool others_as_vector = false;
template <class T>
inline constexpr bool others_as_vector<sequence_as_vector_of<T>> = true;
template <class T>
inline constexpr bool others_as_vector<integers_as_span_of_others_as_vector<T>> = true;

/// The type an argument of type A is passed as, in form F.
template <class A, class F>
struct offered_view {
  using type = const A&;
};
template <class A, class F>
  requires(!std::is_void_v<integer_element_t<A>>)
struct offered_view<A, F> {
  using element = typename converted<typename F::sequence, integer_element_t<A>>::type;
  using type = std::conditional_t<as_vector<typename F::sequence>, const std::vector<element>&,
                                  std::span<const element>>;
};
template <class A, class F>
  requires(!std::is_void_v<other_element_t<A>>)
struct offered_view<A, F> {
  using type = std::conditional_t<others_as_vector<typename F::sequence>,
                                  const std::vector<other_element_t<A>>&,
                                  std::span<const other_element_t<A>>>;
};
template <class A, class F>
  requires is_text<A>
struct offered_view<A, F> {
  using type = std::conditional_t<
      std::is_same_v<typename F::text, text_as_view>, std::string_view,
      std::conditional_t<std::is_same_v<typename F::text, text_as_string>, const std::string&,
                         const cache_namespace&>>;
};
template <class F>
struct offered_view<owning_cache_namespace, F> {
  using type = const cache_namespace&;
};
template <class F>
struct offered_view<fixture_namespace, F> {
  using type = const cache_namespace&;
};
template <class A, class F>
using offered_view_t = typename offered_view<A, F>::type;

// --- The forms, in the order they are tried ---------------------------------------------------

template <class Text, class Integers>
struct forms_with_text;
template <class Text, class... T>
struct forms_with_text<Text, type_list<T...>> {
  using type = type_list<form<sequence_as_span, Text>, form<sequence_as_span_of<T>, Text>...,
                         form<sequence_as_vector_of<T>, Text>...,
                         form<integers_as_span_of_others_as_vector<T>, Text>...>;
};
template <class... Lists>
struct join_lists;
template <class... A>
struct join_lists<type_list<A...>> {
  using type = type_list<A...>;
};
template <class... A, class... B, class... Rest>
struct join_lists<type_list<A...>, type_list<B...>, Rest...>
    : join_lists<type_list<A..., B...>, Rest...> {};

/// Every pair of forms, in the order they are tried.
using all_forms = typename join_lists<typename forms_with_text<text_as_view, offered_integers>::type,
                                      typename forms_with_text<text_as_string, offered_integers>::type,
                                      typename forms_with_text<text_as_namespace, offered_integers>::type>::type;

/// No form lets the implementation be called with the arguments.
struct no_form_fits {};

/// Whether `F` is a function, a function pointer, or a class with one call operator that is not a
/// template (whose parameter types can be read).
template <class F>
concept single_signature = std::is_function_v<std::remove_pointer_t<F>> || requires { &F::operator(); };

/// Whether `Impl` has one signature whose parameter types can be read.
template <class Impl>
concept readable_signature = single_signature<std::remove_cvref_t<Impl>> && has_parameter_types<Impl>;

/// Whether a `const Impl&` with one signature is called by the first `K` of its own parameter
/// types: it is callable as const, with `K` arguments (the rest defaulted).
template <class Impl, std::size_t K>
[[nodiscard]] consteval bool called_by_own_parameters() noexcept {
  using parameters = typename parameter_types<std::remove_cvref_t<Impl>>::type;
  if constexpr (list_size_v<parameters> < K) {
    return false;
  } else {
    return []<std::size_t... I>(std::index_sequence<I...>) {
      return std::is_invocable_v<const Impl&, list_at_t<I, parameters>...>;
    }(std::make_index_sequence<K>{});
  }
}

/// Whether `Impl`, a callable with one signature (a function, a function pointer, a lambda that
/// is not generic), cannot be called with `K` arguments whatever their types: it has fewer
/// parameters, or more and the first `K` of its own parameter types do not call it (no defaults).
/// Asked before a search of the forms, which would otherwise try each of them to learn the same.
/// False for a generic callable: only the search can tell.
template <class Impl, std::size_t K>
inline constexpr bool cannot_take_arguments = false;
template <class Impl, std::size_t K>
  requires readable_signature<Impl>
inline constexpr bool cannot_take_arguments<Impl, K> = !called_by_own_parameters<Impl, K>();

/// Whether a `const Impl&` can be called with arguments of types `Args...`, as kvc calls it
/// (directly, not through `std::invoke`). For a callable with one signature that its own parameter
/// types call, that is whether each argument converts to its parameter, asked pair by pair up to
/// the first that does not: the answers are shared by every implementation with those parameter
/// types, and a search of the forms costs a few conversions per form instead of a call's overload
/// resolution.
template <class Impl, class... Args>
inline constexpr bool callable_with = requires(const Impl& impl, Args&&... args) {
  impl(static_cast<Args&&>(args)...);
};
template <class Impl, class... Args>
  requires readable_signature<Impl>
inline constexpr bool callable_with<Impl, Args...> = [] {
  if constexpr (cannot_take_arguments<Impl, sizeof...(Args)>) {
    return false;
  } else {
    using parameters = typename parameter_types<std::remove_cvref_t<Impl>>::type;
    return []<std::size_t... I>(std::index_sequence<I...>) {
      // std::conjunction stops at the first argument that does not convert, as a call's overload
      // resolution does.
      return std::conjunction_v<std::is_convertible<Args, list_at_t<I, parameters>>...>;
    }(std::index_sequence_for<Args...>{});
  }
}();

/// A list of forms as a chain of pairs (a form, the rest), built once per list: each step of a
/// search then names two types, where peeling a `type_list` would name all the forms left, for
/// every implementation searched.
template <class First, class Rest>
struct form_chain {};
struct form_chain_end {};
template <class List>
struct chain_of {
  using type = form_chain_end;
};
template <class First, class... Rest>
struct chain_of<type_list<First, Rest...>> {
  using type = form_chain<First, typename chain_of<type_list<Rest...>>::type>;
};

template <bool Fits, class First, class Next>
struct first_or_next {
  using type = First;
};
template <class First, class Next>
struct first_or_next<false, First, Next> {  // only now is the rest of the list tried
  using type = typename Next::type;
};
template <class Impl, class Chain, class... A>
struct first_fitting_in_chain {
  using type = no_form_fits;
};
template <class Impl, class First, class Rest, class... A>
struct first_fitting_in_chain<Impl, form_chain<First, Rest>, A...>
    : first_or_next<callable_with<Impl, offered_view_t<A, First>...>, First,
                    first_fitting_in_chain<Impl, Rest, A...>> {};
/// The first of `Forms` (a `type_list`) in which `Impl` takes arguments of types `A...`, in order,
/// or `no_form_fits`.
template <class Impl, class Forms, class... A>
struct first_fitting : first_fitting_in_chain<Impl, typename chain_of<Forms>::type, A...> {};

template <class Impl, bool CannotTake, class... A>
struct search_forms : first_fitting<Impl, all_forms, searched_as_t<A>...> {};
template <class Impl, class... A>
struct search_forms<Impl, true, A...> {
  using type = no_form_fits;
};

/// The first form in which `Impl` takes arguments of types `A...`, or `no_form_fits`.
template <class Impl, class... A>
using chosen_form =
    typename search_forms<Impl, cannot_take_arguments<Impl, sizeof...(A)>, A...>::type;

/// Whether `Impl` takes arguments of types `A...` in some form.
template <class Impl, class... A>
inline constexpr bool takes = !std::is_same_v<chosen_form<Impl, A...>, no_form_fits>;

// --- Holding an argument in a form for the call --------------------------------------------------

/// The types of the first `N` parameters of `Impl` (cv and references removed), when they can be
/// read and a call with `N` arguments takes them (a function, a function pointer, a lambda that is
/// not generic, the parameters past `N` defaulted); otherwise `void` for each: the arguments are
/// passed as they are.
template <class Impl, std::size_t N>
struct parameters_of {
  template <std::size_t>
  using unknown = void;
  template <class Indices>
  struct all_unknown;
  template <std::size_t... I>
  struct all_unknown<std::index_sequence<I...>> {
    using type = type_list<unknown<I>...>;
  };
  using type = typename all_unknown<std::make_index_sequence<N>>::type;
};

template <class Impl, std::size_t N>
  requires readable_signature<Impl> && (!cannot_take_arguments<Impl, N>)
struct parameters_of<Impl, N> {
  using parameters = typename parameter_types<std::remove_cvref_t<Impl>>::type;
  template <class Indices>
  struct first;
  template <std::size_t... I>
  struct first<std::index_sequence<I...>> {
    using type = type_list<std::remove_cvref_t<list_at_t<I, parameters>>...>;
  };
  using type = typename first<std::make_index_sequence<N>>::type;
};

/// Whether an integer argument of type A is converted to the parameter type P before the call:
/// P is another integer type (not bool, whose conversion is a truth test, not a value).
template <class A, class P>
inline constexpr bool converted_to_parameter =
    std::is_integral_v<A> && std::is_integral_v<P> && !std::is_same_v<A, P> &&
    !std::is_same_v<P, bool> && !std::is_same_v<A, bool>;

/// Whether the sequence `a` holds its values in one array (a vector, a span): then kvc reads them
/// through a pointer, so that an unoptimized build makes no call per value of each explored case.
template <class A>
concept contiguous_sequence = requires(const A& a) {
  { a.data() } -> std::same_as<const integer_element_t<A>*>;
};

/// Whether every value of the sequence `a` is a value of T.
template <class T, class A>
[[nodiscard]] constexpr bool all_fit(const A& a) noexcept {
  if constexpr (std::is_same_v<T, integer_element_t<A>>) {
    return true;
  } else if constexpr (contiguous_sequence<A>) {
    const auto* values = a.data();
    for (std::size_t i = 0, n = a.size(); i < n; ++i)
      if (!std::in_range<T>(integer_value(values[i]))) return false;
    return true;
  } else {
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!std::in_range<T>(integer_value(a[i]))) return false;
    return true;
  }
}

/// Argument `a` held in form F: `view()` is what the implementation is called with, `fits` whether
/// every value survived the form.
template <class A, class F>
struct held {
  const A& value;
  bool fits = true;
  constexpr explicit held(const A& a) noexcept : value(a) {}
  [[nodiscard]] constexpr const A& view() const noexcept { return value; }
};

/// An integer argument held as the implementation's own parameter type P: converted exactly, or
/// marked as not fitting (kvc never narrows, and never lets C++ convert -1 to a huge count).
template <class A, class P>
struct held_as_parameter {
  bool fits;
  P value;
  constexpr explicit held_as_parameter(const A& a) noexcept
      : fits(std::in_range<P>(integer_value(a))), value(fits ? static_cast<P>(a) : P{}) {}
  [[nodiscard]] constexpr P view() const noexcept { return value; }
};

template <class A, class F>
  requires(!std::is_void_v<integer_element_t<A>>)
struct held<A, F> {
  using E = integer_element_t<A>;
  using T = typename converted<typename F::sequence, E>::type;
  static constexpr bool vector = as_vector<typename F::sequence>;
  // A run-time sequence already in the form offered is passed as it is; anything else is copied.
  static constexpr bool copied = !(std::is_same_v<A, std::vector<E>> && std::is_same_v<T, E>);
  using storage = std::conditional_t<!copied, const A&,
                                     std::conditional_t<vector, std::vector<T>, owned<T>>>;

  bool fits;
  storage stored;

  constexpr explicit held(const A& a) : fits(all_fit<T>(a)), stored(make(a)) {}

  [[nodiscard]] constexpr offered_view_t<A, F> view() const noexcept {
    if constexpr (!copied || vector)
      return stored;
    else
      return stored.view();
  }

 private:
  static constexpr storage make(const A& a) {
    if constexpr (!copied) {
      return a;
    } else if constexpr (vector && contiguous_sequence<A>) {
      std::vector<T> out(a.size());
      const auto* values = a.data();
      T* converted_values = out.data();
      for (std::size_t i = 0, n = out.size(); i < n; ++i)
        converted_values[i] = static_cast<T>(values[i]);
      return out;
    } else if constexpr (vector) {
      std::vector<T> out;
      out.reserve(a.size());
      for (std::size_t i = 0; i < a.size(); ++i) out.push_back(static_cast<T>(a[i]));
      return out;
    } else {
      return storage(a);
    }
  }
};

template <class A, class F>
  requires(!std::is_void_v<other_element_t<A>>)
struct held<A, F> {
  using V = other_element_t<A>;
  static constexpr bool vector = others_as_vector<typename F::sequence>;
  static constexpr bool copied = vector && !std::is_same_v<A, std::vector<V>>;
  using storage = std::conditional_t<copied, std::vector<V>, const A&>;

  bool fits = true;
  storage stored;

  constexpr explicit held(const A& a) : stored(make(a)) {}

  [[nodiscard]] constexpr offered_view_t<A, F> view() const noexcept {
    if constexpr (vector)
      return stored;
    else
      return std::span<const V>(stored.begin(), stored.size());
  }

 private:
  static constexpr storage make(const A& a) {
    if constexpr (copied)
      return std::vector<V>(a.begin(), a.end());
    else
      return a;
  }
};

template <class A, class F>
  requires is_text<A>
struct held<A, F> {
  using storage =
      std::conditional_t<std::is_same_v<typename F::text, text_as_string>, std::string,
                         std::conditional_t<std::is_same_v<typename F::text, text_as_namespace>,
                                            cache_namespace, std::string_view>>;
  bool fits = true;
  storage stored;

  // The member is made from the text itself, not copied from a string returned by a function: g++
  // 12 loses a short std::string's own buffer in that copy during constant evaluation.
  constexpr explicit held(const A& a) : stored(source(a)) {}
  [[nodiscard]] constexpr offered_view_t<A, F> view() const noexcept { return stored; }

 private:
  static constexpr auto source(const A& a) {
    if constexpr (std::is_same_v<storage, cache_namespace>) {
      cache_namespace ns{};
      ns.model = std::string_view(a);
      return ns;
    } else {
      return std::string_view(a);
    }
  }
};

template <class F>
struct held<fixture_namespace, F> {
  bool fits = true;
  cache_namespace stored;
  constexpr explicit held(const fixture_namespace& a) : stored(a) {}
  [[nodiscard]] constexpr const cache_namespace& view() const noexcept { return stored; }
};

template <class F>
struct held<owning_cache_namespace, F> {
  bool fits = true;
  cache_namespace stored;
  template <class Owning>
  constexpr explicit held(const Owning& a) : stored(a.view()) {}
  [[nodiscard]] constexpr const cache_namespace& view() const noexcept { return stored; }
};

/// Argument number I, held in form F (as the parameter type P where it is converted to it).
template <std::size_t I, class A, class F, class P>
struct held_at : std::conditional_t<converted_to_parameter<A, P>, held_as_parameter<A, P>, held<A, F>> {
  using base = std::conditional_t<converted_to_parameter<A, P>, held_as_parameter<A, P>, held<A, F>>;
  using base::base;
};

/// The arguments `A...`, each held in form F, the integers as the parameter types `P...`.
template <class F, class Parameters, class Indices, class... A>
struct held_arguments;
template <class F, class... P, std::size_t... I, class... A>
struct held_arguments<F, type_list<P...>, std::index_sequence<I...>, A...> : held_at<I, A, F, P>... {
  constexpr explicit held_arguments(const A&... a) : held_at<I, A, F, P>(a)... {}

  /// Whether every value survived its form: the implementation's parameter types hold it.
  [[nodiscard]] constexpr bool fit() const noexcept {
    return (static_cast<const held_at<I, A, F, P>&>(*this).fits && ...);
  }
  /// `impl` called with every argument in its form.
  template <class Impl>
  constexpr decltype(auto) call(const Impl& impl) const {
    return impl(static_cast<const held_at<I, A, F, P>&>(*this).view()...);  // not constexpr? kvc::check runs it
  }
};

/// Calls `impl(a...)`, every argument in the first form `impl` takes, and hands its result to
/// `use`; returns false, calling nothing, when a value is outside the implementation's parameter
/// types (an integer its parameter cannot hold, a sequence value its element type cannot hold).
template <class Impl, class Use, class... A>
[[nodiscard]] constexpr bool call_offered(const Impl& impl, Use&& use, const A&... a) {
  using F = chosen_form<Impl, A...>;
  using P = typename parameters_of<Impl, sizeof...(A)>::type;
  const held_arguments<F, P, std::index_sequence_for<A...>, A...> arguments(a...);
  if (!arguments.fit()) return false;
  use(arguments.call(impl));
  return true;
}

}  // namespace kvc::detail
