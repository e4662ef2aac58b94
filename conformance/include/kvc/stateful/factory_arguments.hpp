// kvc/stateful/factory_arguments.hpp - what kvc's stateful checks learn from the types of an
// engine's factory and members: the parameters a factory takes, and the largest id a parameter
// holds (so that no id is generated that the engine's own type cannot hold).
#pragma once

#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>

#include "operations.hpp"

namespace kvc::detail {

/// The parameters of a factory: those of a lambda's (non-template) call operator, or of a
/// function.
template <class Factory>
struct factory_signature {
  using type = Factory;
};
template <class Factory>
  requires requires { &Factory::operator(); }
struct factory_signature<Factory> {
  using type = decltype(&Factory::operator());
};

/// The largest request id `Parameter` holds: its maximum for an integer parameter type, any id
/// for a template or an unknown type.
template <class Parameter>
[[nodiscard]] constexpr std::uint64_t largest_request_of() noexcept {
  if constexpr (std::is_integral_v<Parameter> && !std::is_same_v<Parameter, bool>) {
    constexpr auto largest = std::numeric_limits<Parameter>::max();
    return static_cast<std::uint64_t>(largest);
  } else {
    return ~std::uint64_t{0};
  }
}

/// The largest value parameter `I` of `Member` (a member function pointer, or void) holds.
template <std::size_t I, class Member>
[[nodiscard]] constexpr std::uint64_t largest_parameter_of() noexcept {
  if constexpr (requires { typename callable_parameters<Member>::type; }) {
    using parameters = typename callable_parameters<Member>::type;
    if constexpr (std::tuple_size_v<parameters> > I)
      return largest_request_of<std::remove_cvref_t<std::tuple_element_t<I, parameters>>>();
    else
      return ~std::uint64_t{0};
  } else {
    return ~std::uint64_t{0};
  }
}

/// Whether parameter `I` of `Member` is a signed integer type (so that kvc may pass negative
/// values, as two's complement of the 64-bit ones it generates).
template <std::size_t I, class Member>
[[nodiscard]] constexpr bool signed_parameter_of() noexcept {
  if constexpr (requires { typename callable_parameters<Member>::type; }) {
    using parameters = typename callable_parameters<Member>::type;
    if constexpr (std::tuple_size_v<parameters> > I) {
      using parameter = std::remove_cvref_t<std::tuple_element_t<I, parameters>>;
      return std::is_integral_v<parameter> && std::is_signed_v<parameter>;
    } else {
      return false;
    }
  } else {
    return false;
  }
}

}  // namespace kvc::detail
