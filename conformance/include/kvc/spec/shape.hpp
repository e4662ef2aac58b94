// kvc/spec/shape.hpp - a contract's call shape: how a fixture's (or a generated case's) inputs
// reach an implementation and how its result is compared. A spec defines each of its shapes as a
// struct with
//   name                        the shape's name (`"prefix_lookup"`)
//   fields                      its inputs, each a `kvc::field` (name and kind), in call order
//   visit(in, f)                `f(input...)`, the inputs of `in` in field order
//   takes<Impl, In>()           whether `impl` can be called with inputs of type `In`
//   call(impl, in, use)         calls `impl`, hands its result to `use`; false when a value does
//                               not fit the implementation's parameter types
//   agrees(profile, in, a, e)   whether the actual result `a` agrees with the expected `e`
//   actual_type<Impl, In>       the type `call` hands to `use`
//   result, normalize(actual)   the result as the run-time checks keep and print it
//   call_name                   the call shape's name in the JSON vectors (docs/vectors.md)
// and, for an optional form that an implementation may leave out, `optional_form` (its name).
// `kvc::direct_call_shape` gives the parts of a shape whose implementation is `impl(input...)`.
#pragma once

#include <concepts>
#include <cstddef>
#include <string_view>
#include <kvc/detail/ranges.hpp>
#include <type_traits>
#include <utility>

#include <kvc/concepts.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/detail/parameter_types.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/integer_result.hpp>
#include <kvc/spec/offered.hpp>

/// The message of a suite that cannot call an implementation at all.
#define KVC_NO_FORM_FITS_MESSAGE                                                                  \
  "kvc: the implementation cannot be called with this suite's inputs. A suite calls\n"             \
  "impl(inputs...) in the order the contract lists them (docs/semantics.md), and offers each\n"   \
  "input as: a token or id sequence as std::span<const E>, std::span<const T> or (at run time)\n" \
  "const std::vector<T>& for any standard integer type T that holds every value; multimodal\n"   \
  "items as std::span<const kvc::multimodal_item> or const std::vector<kvc::multimodal_item>&;\n"  \
  "a string namespace as std::string_view, const std::string& or a kvc::cache_namespace naming\n" \
  "that model; anything else as its own type, or anything it converts to implicitly. Span-output\n" \
  "contracts call impl(ids, out) (or impl(ids, L, out), impl(positions, C, out)) with out a\n"    \
  "std::span<P> to fill; scenario suites take a factory: [] { return my_cache{}; }."

namespace kvc {

namespace detail {

/// Only asked for its result type: the list of its arguments' types.
struct list_argument_types {
  template <class... A>
  type_list<std::remove_cvref_t<A>...> operator()(const A&...) const noexcept;
};
/// The types of the inputs of `In`, in field order.
template <class In>
using argument_types =
    decltype(In::shape::visit(std::declval<const In&>(), list_argument_types{}));

template <class Impl, class List>
struct takes_list;
template <class Impl, class... A>
struct takes_list<Impl, type_list<A...>> : std::bool_constant<takes<Impl, A...>> {};

/// Whether `Impl` can be called with inputs of type `In` in some offered form.
template <class Impl, class In>
inline constexpr bool takes_inputs = takes_list<Impl, argument_types<In>>::value;

template <class Impl, class List>
struct result_of_list;
template <class Impl, class... A>
struct result_of_list<Impl, type_list<A...>> {
  using type = std::remove_cvref_t<
      std::invoke_result_t<const Impl&, offered_view_t<A, chosen_form<Impl, A...>>...>>;
};

/// Whether a shape's implementation can be called with inputs of type `In`.
template <class Shape, class Impl, class In>
inline constexpr bool shape_takes = Shape::template takes<Impl, In>();

/// Whether a shape is an optional form (its fixtures are skipped by an implementation that does
/// not take it).
template <class Shape>
inline constexpr bool is_optional_shape = requires { Shape::optional_form; };

/// Results are equal when they are equal integers (by value, across signedness), equal-length
/// ranges of equal results, or otherwise `==`.
template <class A, class E>
[[nodiscard]] constexpr bool same_result(const A& actual, const E& expected) noexcept {
  if constexpr (std::ranges::range<const A> && std::ranges::range<const E>) {
    auto a = std::ranges::begin(actual);
    auto e = std::ranges::begin(expected);
    for (; a != std::ranges::end(actual) && e != std::ranges::end(expected); ++a, ++e)
      if (!same_result(*a, *e)) return false;
    return a == std::ranges::end(actual) && e == std::ranges::end(expected);
  } else if constexpr (comparable_with<A, E>) {
    return equal_ids(actual, expected);
  } else {
    static_assert(comparable_with<A, E>,
                  "kvc: an implementation's result must be comparable with the fixture's expected "
                  "result (an integer, a range of integers, or a type with ==)");
    return false;
  }
}

/// Fails: parameter `Parameter` (from 1), of type `ParameterType`, takes none of the forms the
/// suite offers its input of type `SuiteInput` in.
template <std::size_t Parameter, class ParameterType, class SuiteInput>
constexpr void parameter_takes_no_form_of_the_suites_input() noexcept {
  static_assert(Parameter == 0,
                "kvc: this parameter of the implementation cannot take the suite's input: its "
                "number, its type and the input's type are the template arguments of "
                "parameter_takes_no_form_of_the_suites_input above; the forms offered follow");
}

/// Fails: the implementation takes `Parameters` arguments; the suite's calls pass `Inputs`.
template <std::size_t Parameters, std::size_t Inputs>
constexpr void implementation_takes_other_than_the_suites_input_count() noexcept {
  static_assert(Parameters == Inputs,
                "kvc: the implementation takes another number of parameters than the suite's "
                "calls pass (the template arguments above: parameters, then inputs)");
}

template <class A, class P, class Forms>
struct some_form_converts;
template <class A, class P, class... F>
struct some_form_converts<A, P, type_list<F...>>
    : std::bool_constant<(std::is_convertible_v<offered_view_t<A, F>, P> || ...)> {};

template <class Params, class Inputs>
struct first_unmatched;
template <class... P, class... A>
struct first_unmatched<type_list<P...>, type_list<A...>> {
  /// The number (from 1) of the first parameter no form fits; 0 when each has one.
  static constexpr std::size_t value = [] {
    constexpr bool fits[] = {some_form_converts<A, P, all_forms>::value..., true};
    for (std::size_t i = 0; i < sizeof...(P); ++i)
      if (!fits[i]) return i + 1;
    return std::size_t{0};
  }();
};

/// Names the parameter of `Impl` that inputs of type `In` cannot be offered to, or the differing
/// counts; does nothing where it cannot tell (the suite's static_assert still fires).
template <class Shape, class Impl, class In>
constexpr void name_unmatched_parameter() noexcept {
  if constexpr (readable_signature<Impl> && requires { Shape::direct_call; }) {
    using params = typename parameter_types<std::remove_cvref_t<Impl>>::type;
    using inputs = argument_types<In>;
    constexpr std::size_t count = list_size_v<inputs>;
    if constexpr (cannot_take_arguments<Impl, count>) {
      implementation_takes_other_than_the_suites_input_count<list_size_v<params>, count>();
    } else {
      // The first `count` parameters (any after them are defaulted).
      using called = typename decltype([]<std::size_t... I>(std::index_sequence<I...>) {
        return std::type_identity<type_list<list_at_t<I, params>...>>{};
      }(std::make_index_sequence<count>{}))::type;
      if constexpr (constexpr std::size_t at = first_unmatched<called, inputs>::value; at != 0)
        parameter_takes_no_form_of_the_suites_input<at, list_at_t<at - 1, called>,
                                                    list_at_t<at - 1, inputs>>();
    }
  }
}

}  // namespace detail

/// The parts of a shape whose implementation is called as `impl(input...)` and returns its result,
/// compared by value. `Derived` supplies `name`, `fields` and `visit`.
template <class Derived>
struct direct_call_shape {
  /// Marks a shape called as `impl(input...)`.
  static constexpr bool direct_call = true;
  /// The call shape's name in the JSON vectors (docs/vectors.md).
  static constexpr std::string_view call_name = "direct";

  /// Whether `impl` can be called with inputs of type `In` in some offered form.
  template <class Impl, class In>
  [[nodiscard]] static constexpr bool takes() noexcept {
    return detail::takes_inputs<Impl, In>;
  }

  /// What `impl` returns for inputs of type `In`.
  template <class Impl, class In>
  using actual_type = typename detail::result_of_list<Impl, detail::argument_types<In>>::type;

  /// Calls `impl(input...)` and hands its result to `use`; false when a value does not fit.
  template <class Impl, class In, class Use>
  static constexpr bool call(const Impl& impl, const In& in, Use&& use) {
    return Derived::visit(in, [&](const auto&... a) { return detail::call_offered(impl, use, a...); });
  }

  /// The result as the run-time checks keep it.
  using result = detail::integer_result;
  /// `actual` as a `result`.
  template <class A>
  [[nodiscard]] static constexpr result normalize(const A& actual) noexcept {
    return detail::to_integer_result(actual);
  }

  /// Equal results (integers by value).
  template <class In, class A, class E>
  [[nodiscard]] static constexpr bool agrees(const engine_profile&, const In&, const A& actual,
                                             const E& expected) noexcept {
    return detail::same_result(actual, expected);
  }
};

}  // namespace kvc
