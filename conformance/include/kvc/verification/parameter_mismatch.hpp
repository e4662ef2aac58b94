// kvc/verification/parameter_mismatch.hpp - when a suite cannot call an implementation, which
// parameter did not fit: a diagnostic of its own before the suite's list of offered forms.
//
// For an implementation whose parameter types can be read (a function, a function pointer, a
// lambda that is not generic) and a suite whose first fixture is called directly (the prefix,
// namespace, admission and multimodal suites), the compiler stops at
//
//   kvc::detail::parameter_takes_no_form_of_the_suites_input<2, engine_key, std::string_view>
//
// (the parameter's number from 1, its type, the fixture's input type), or at
// `kvc::detail::implementation_takes_other_than_the_suites_input_count<5, 4>` when the counts
// differ. Generic lambdas and overload sets get the suite's message alone.
#pragma once

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/tuple.hpp>

#include <kvc/detail/parameter_types.hpp>

#include "call_shapes.hpp"
#include "lazy_suite.hpp"
#include "offered_arguments.hpp"

namespace kvc::detail {

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

/// Whether some pair of offered forms gives an input of type A as something P accepts.
template <class A, class P, class Forms>
struct some_form_converts;
template <class A, class P, class... F>
struct some_form_converts<A, P, type_list<F...>>
    : std::bool_constant<(std::is_convertible_v<
                              typename offered<A, typename F::sequence, typename F::text>::view, P> ||
                          ...)> {};

template <class Params, class Inputs>
struct first_unmatched;
template <class... P, class... A>
struct first_unmatched<std::tuple<P...>, boost::hana::tuple<A...>> {
  /// The number (from 1) of the first parameter no form fits; 0 when each has one.
  static constexpr std::size_t value = [] {
    constexpr bool fits[] = {some_form_converts<A, P, all_forms>::value..., true};
    for (std::size_t i = 0; i < sizeof...(P); ++i)
      if (!fits[i]) return i + 1;
    return std::size_t{0};
  }();
};

/// Names the parameter of `Impl` that the first fixture of `Suite` cannot be offered to, or the
/// differing counts; does nothing where it cannot tell (the suite's static_assert still fires).
template <class Impl, class Suite>
constexpr void name_unmatched_parameter() noexcept {
  using fixtures = suite_fixtures_t<Suite>;
  if constexpr (has_parameter_types<Impl> &&
                decltype(boost::hana::length(std::declval<const fixtures&>()))::value > 0) {
    using first = std::remove_cvref_t<decltype(boost::hana::at_c<0>(std::declval<const fixtures&>()))>;
    using inputs = std::remove_cvref_t<decltype(std::declval<const first&>().inputs)>;
    using params = typename parameter_types<std::remove_cvref_t<Impl>>::type;
    if constexpr (std::is_base_of_v<direct_call, typename first::call>) {
      constexpr std::size_t count = decltype(boost::hana::length(std::declval<const inputs&>()))::value;
      if constexpr (std::tuple_size_v<params> != count) {
        implementation_takes_other_than_the_suites_input_count<std::tuple_size_v<params>, count>();
      } else if constexpr (constexpr std::size_t at = first_unmatched<params, inputs>::value; at != 0) {
        parameter_takes_no_form_of_the_suites_input<
            at, std::tuple_element_t<at - 1, params>,
            std::remove_cvref_t<decltype(boost::hana::at_c<at - 1>(std::declval<const inputs&>()))>>();
      }
    }
  }
}

}  // namespace kvc::detail
