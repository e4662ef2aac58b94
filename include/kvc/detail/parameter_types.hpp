// kvc/detail/parameter_types.hpp - the parameter types of a function, a function pointer or a
// lambda that is not generic, for code that converts arguments to them (kvc/vectors/runner.hpp)
// or names the one that does not fit (kvc/verification/parameter_mismatch.hpp).
#pragma once

#include <type_traits>

#include <kvc/detail/type_list.hpp>

namespace kvc::detail {

/// `parameter_types<F>::type` is the `kvc::detail::type_list<A...>` of F's parameters, for a
/// function, a function pointer, or a class with one call operator (`const` or not, `const&`, with
/// or without `noexcept`). Anything else has no `type`: a generic lambda, an overload set, a call
/// operator qualified `&&` or `volatile`, a C variadic function; code that reads parameter types
/// then falls back to asking the call itself.
template <class F>
struct parameter_types {};
template <class F>
  requires requires { &F::operator(); }
struct parameter_types<F> : parameter_types<decltype(&F::operator())> {};
template <class R, class... A>
struct parameter_types<R (*)(A...)> {
  using type = type_list<A...>;
};
template <class R, class... A>
struct parameter_types<R (*)(A...) noexcept> : parameter_types<R (*)(A...)> {};
template <class R, class... A>
struct parameter_types<R(A...)> : parameter_types<R (*)(A...)> {};
template <class R, class... A>
struct parameter_types<R(A...) noexcept> : parameter_types<R (*)(A...)> {};
template <class C, class R, class... A>
struct parameter_types<R (C::*)(A...) const> : parameter_types<R (*)(A...)> {};
template <class C, class R, class... A>
struct parameter_types<R (C::*)(A...) const noexcept> : parameter_types<R (*)(A...)> {};
template <class C, class R, class... A>
struct parameter_types<R (C::*)(A...) const&> : parameter_types<R (*)(A...)> {};
template <class C, class R, class... A>
struct parameter_types<R (C::*)(A...) const & noexcept> : parameter_types<R (*)(A...)> {};
template <class C, class R, class... A>
struct parameter_types<R (C::*)(A...)> : parameter_types<R (*)(A...)> {};
template <class C, class R, class... A>
struct parameter_types<R (C::*)(A...) noexcept> : parameter_types<R (*)(A...)> {};

/// Whether F's parameter types can be read.
template <class F>
concept has_parameter_types = requires { typename parameter_types<std::remove_cvref_t<F>>::type; };

}  // namespace kvc::detail
