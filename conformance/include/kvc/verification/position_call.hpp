// kvc/verification/position_call.hpp - how fixtures of position ids reach an implementation of
// kvc::offsets_from_positions or kvc::max_sequence_length_from_positions, in the signatures
// engines give them.
//
// A fixture holds the position ids as a `std::array<T, K>` and, for the M-RoPE form, the number of
// components C as a `std::size_t` (K = C * N). An implementation is called as
//
//     impl(positions, out)         impl(positions, C, out)      (offsets)
//     impl(positions)              impl(positions, C)           (longest sequence)
//
// with the positions in every form direct_call offers a sequence in (the array, `std::span<const
// T>`, `std::span<const U>` for any standard integer type U that holds every value, or at run time
// `const std::vector<U>&`), C as a `std::size_t` or else a `kvc::position_components`, and `out` a
// `std::span<P>` of K + 1 elements, P `std::size_t` or else any standard integer type (flash-attn's
// `cu_seqlens` are int32). `out` starts filled with P's maximum ("unwritten"); the result is `out`
// up to its first unwritten element. An offsets implementation may instead return the offsets as a
// range: `impl(positions)`, `impl(positions, C)`.
//
// Both forms are optional (kvc/verification/optional_form.hpp): an implementation that takes only
// the one-row form skips the 3-row fixtures, and one that takes only the 3-row form skips the
// one-row fixtures; one that takes neither gets the suite's static_assert.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <span>
#include <tuple>
#include <type_traits>

#include <boost/hana/at.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/tuple.hpp>

#include <kvc/position_components.hpp>

#include "call_shapes.hpp"
#include "fixture.hpp"
#include "offered_arguments.hpp"
#include "optional_form.hpp"

namespace kvc {

namespace detail {

/// The element types an output span is offered with, in order.
using offered_outputs = type_list<std::size_t, int, long, long long, unsigned, unsigned long,
                                  unsigned long long, short, unsigned short, signed char,
                                  unsigned char>;

template <class Integers>
struct position_forms_of;
template <class... T>
struct position_forms_of<type_list<T...>> {
  using type = type_list<forms<sequence_as_given, text_as_given>, forms<sequence_as_span, text_as_given>,
                         forms<sequence_as_span_of<T>, text_as_given>...,
                         forms<sequence_as_vector_of<T>, text_as_given>...>;
};
/// The forms position ids are offered in: direct_call's forms of a sequence.
using position_forms = position_forms_of<offered_integers>::type;

/// Callable with position ids exactly when `Impl` is callable with them followed by `Tail...`
/// (and, with `Range`, returns a sized range). Only asked, never called.
template <bool Range, class Impl, class Tail>
struct calls_with;
template <bool Range, class Impl, class... Tail>
struct calls_with<Range, Impl, type_list<Tail...>> {
  template <class Positions>
    requires std::invocable<const Impl&, Positions, Tail...> &&
             (!Range || std::ranges::sized_range<std::invoke_result_t<const Impl&, Positions, Tail...>>)
  void operator()(Positions&&) const noexcept;
};

/// The component count is not passed (the one-row form).
struct no_components {};
/// No `out` is passed: the result is what the implementation returns.
struct no_output {};

/// The arguments after the position ids: the component count as C (unless `no_components`), then
/// `std::span<P>` (unless `no_output`).
template <class C, class P>
struct trailing {
  using type = type_list<C, std::span<P>>;
};
template <class P>
struct trailing<no_components, P> {
  using type = type_list<std::span<P>>;
};
template <class C>
struct trailing<C, no_output> {
  using type = type_list<C>;
};
template <>
struct trailing<no_components, no_output> {
  using type = type_list<>;
};

/// How an implementation takes a position fixture: the positions in the form Seq, the component
/// count as C, the output as `std::span<P>`.
template <class Seq, class C, class P>
struct position_form {
  using sequence = Seq;
  using components = C;
  using output = P;
};

/// The form in which `Impl` takes positions A with the component count as C and the output as P
/// (with `Range`, returning a range), or `no_call_shape_fits`.
template <class Impl, class A, class C, class P, bool Range = false>
[[nodiscard]] consteval auto form_with() {
  using fitting = typename first_fitting_forms<calls_with<Range, Impl, typename trailing<C, P>::type>,
                                               position_forms, A>::type;
  if constexpr (std::is_same_v<fitting, no_call_shape_fits>)
    return std::type_identity<no_call_shape_fits>{};
  else
    return std::type_identity<position_form<typename fitting::sequence, C, P>>{};
}

/// Whether a search found a form (`std::type_identity` of it, or of `no_call_shape_fits`).
template <class Search>
inline constexpr bool found = !std::is_same_v<typename Search::type, no_call_shape_fits>;

/// The first output element type P (in `offered_outputs` order) with which `Impl` takes positions
/// A and the component count as C, and the form that goes with it.
template <class Impl, class A, class C, class P, class... Ps>
[[nodiscard]] consteval auto form_with_output(type_list<P, Ps...>) {
  using with_p = decltype(form_with<Impl, A, C, P>());
  if constexpr (found<with_p> || sizeof...(Ps) == 0)
    return with_p{};
  else
    return form_with_output<Impl, A, C>(type_list<Ps...>{});
}

/// The first of the component-count forms Cs with which `Impl` takes positions A and, for
/// offsets, an output span (`Offsets`), in order; `no_call_shape_fits` when none does.
template <bool Offsets, class Impl, class A, class C>
[[nodiscard]] consteval auto form_with_count() {
  if constexpr (Offsets)
    return form_with_output<Impl, A, C>(offered_outputs{});
  else
    return form_with<Impl, A, C, no_output>();
}
template <bool Offsets, class Impl, class A, class C, class... Cs>
[[nodiscard]] consteval auto first_count_form() {
  using with_c = decltype(form_with_count<Offsets, Impl, A, C>());
  if constexpr (found<with_c> || sizeof...(Cs) == 0)
    return with_c{};
  else
    return first_count_form<Offsets, Impl, A, Cs...>();
}

/// How `Impl` takes a position fixture with inputs A (the positions) and, with `Components`, the
/// component count. C is offered as a `std::size_t` before a `kvc::position_components`: asking
/// whether a generic lambda (`auto c`) takes the strong type would instantiate its body, which does
/// arithmetic on an integer. Offsets are written to a span before they are returned as a range;
/// an implementation of the one-row span form is not asked whether it returns a range for
/// `(positions, C)`, which would instantiate a generic one with an integer for its output.
template <bool Offsets, bool Components, class Impl, class A>
[[nodiscard]] consteval auto position_call_form() {
  if constexpr (!Components) {
    using span_form = decltype(first_count_form<Offsets, Impl, A, no_components>());
    if constexpr (!Offsets || found<span_form>)
      return span_form{};
    else
      return form_with<Impl, A, no_components, no_output, true>();
  } else {
    using span_form = decltype(first_count_form<Offsets, Impl, A, std::size_t, position_components>());
    if constexpr (!Offsets || found<span_form>) {
      return span_form{};
    } else if constexpr (found<decltype(first_count_form<true, Impl, A, no_components>())>) {
      return std::type_identity<no_call_shape_fits>{};
    } else {
      using by_size = decltype(form_with<Impl, A, std::size_t, no_output, true>());
      if constexpr (found<by_size>)
        return by_size{};
      else
        return form_with<Impl, A, position_components, no_output, true>();
    }
  }
}

/// The component count as the form C takes it.
template <class C>
[[nodiscard]] constexpr C component_count(std::size_t count) noexcept {
  if constexpr (std::is_same_v<C, position_components>)
    return position_components{count};
  else
    return count;
}

}  // namespace detail

/// The call shape of the position-id contracts (see the top of this file): `Offsets` for
/// `cu_seqlens` (a span of K + 1 to fill, or a returned range), else a returned value. A fixture's
/// inputs are the positions (a `std::array<T, K>`) and, for the 3-row form, the component count
/// (a `std::size_t`).
template <bool Offsets>
struct position_ids_call {
 private:
  template <class Args>
  using positions_of = std::remove_cvref_t<decltype(boost::hana::at_c<0>(std::declval<Args>()))>;

  template <class Args>
  static constexpr bool with_components =
      decltype(boost::hana::length(std::declval<Args>()))::value == 2;

  template <class Impl, class Args>
  using form = typename decltype(detail::position_call_form<Offsets, with_components<Args>, Impl,
                                                           positions_of<Args>>())::type;

 public:
  /// Whether `impl` can be called with the fixture's inputs in some offered form.
  template <class Impl, class Args>
  static constexpr bool accepts = !std::is_same_v<form<Impl, Args>, detail::no_call_shape_fits>;

  /// Calls `impl` with the fixture's positions (and C) in the first form it takes, and returns
  /// the actual result in the contract's form.
  template <class Impl, class Args>
  [[nodiscard]] static constexpr auto invoke(const Impl& impl, const Args& args) {
    using chosen = form<Impl, Args>;
    using A = positions_of<Args>;
    using Seq = typename chosen::sequence;
    using C = typename chosen::components;
    using P = typename chosen::output;
    const auto stored = detail::store<Seq, detail::text_as_given>(boost::hana::at_c<0>(args));
    const auto call = [&](auto&&... out) {
      const auto positions = detail::view<Seq, detail::text_as_given, A>(stored);
      if constexpr (std::is_same_v<C, detail::no_components>)
        return impl(positions, out...);
      else
        return impl(positions,
                           detail::component_count<C>(boost::hana::at_c<1>(args)), out...);
    };
    if constexpr (std::is_same_v<P, detail::no_output>)
      return call();
    else
      return detail::filled_output<std::tuple_size_v<A>, 1, true, P>(
          [&call](std::span<P> out) { call(out); });
  }

  /// Whether the position ids survive the form they are offered in. In a constant expression a
  /// value that does not fit stops the evaluation with a diagnostic that says so.
  template <class Impl, class Args>
  [[nodiscard]] static constexpr bool representable(const Impl&, const Args& args) noexcept {
    using Seq = typename form<Impl, Args>::sequence;
    const bool fit = detail::representable<Seq>(boost::hana::at_c<0>(args));
    if (!fit && std::is_constant_evaluated())
      detail::fixture_value_does_not_fit_the_implementations_type<
          typename detail::converted_element<Seq, typename positions_of<Args>::value_type>::type>();
    return fit;
  }
};

/// `cu_seqlens` from one row of position ids: `impl(positions, out)` or `impl(positions)`.
using position_offsets_call = optional_form<position_ids_call<true>, "the one-row form">;
/// `cu_seqlens` from C rows of position ids: `impl(positions, C, out)` or `impl(positions, C)`.
using component_offsets_call = optional_form<position_ids_call<true>, "the 3-row form">;
/// The longest sequence of one row of position ids: `impl(positions)`.
using position_length_call = optional_form<position_ids_call<false>, "the one-row form">;
/// The longest sequence of C rows of position ids: `impl(positions, C)`.
using component_length_call = optional_form<position_ids_call<false>, "the 3-row form">;

/// A fixture of one row of position ids (Call: `position_offsets_call`, `position_length_call`).
template <class Call, class Label, class T, std::size_t K, class Expected>
[[nodiscard]] constexpr auto make_position_fixture(Label label, const std::array<T, K>& positions,
                                                   const Expected& expected) noexcept {
  return fixture<Label, Call, boost::hana::tuple<std::array<T, K>>, Expected>{
      label, inputs(positions), expected};
}

/// A fixture of C rows of position ids, component-major (Call: `component_offsets_call`,
/// `component_length_call`).
template <class Call, class Label, class T, std::size_t K, class Expected>
[[nodiscard]] constexpr auto make_position_fixture(Label label, const std::array<T, K>& positions,
                                                   std::size_t components,
                                                   const Expected& expected) noexcept {
  return fixture<Label, Call, boost::hana::tuple<std::array<T, K>, std::size_t>, Expected>{
      label, inputs(positions, components), expected};
}

}  // namespace kvc
