// kvc/detail/deferred.hpp - `kvc::detail::deferred<Deferred>(value)`: a value as an expression that
// depends on a template parameter, so that what a call through it names is compiled where the
// template is used rather than where it is defined.
//
// A non-dependent call in a template is resolved where the template is defined: a generic lambda
// that calls another lambda with concrete arguments instantiates that lambda's body (its return
// type is deduced) in every file that includes the definition, whether or not anything calls it.
// Through `deferred<Deferred>(f)(...)`, with `Deferred` one of the template's own parameters, the
// call waits for the template's instantiation.
//
// `kvc::detail::dependent_t<Deferred, T>` is `T` itself, as a type that depends on `Deferred`. A
// template that names a class of kvc's (`std::vector<kvc::budget_event>`, `kvc::cache_namespace`)
// or builds one with constant arguments compiles that use where it is defined: g++ and clang
// instantiate the members it calls (every `std::vector` member is `constexpr` in C++20, so they are
// instantiated at once) and g++ folds the constants. Through `dependent_t<Deferred, T>` that waits
// for the template's instantiation too, so a header of templates costs its parsing.
#pragma once

namespace kvc::detail {

/// Holds `T`; only a vehicle for `kvc::detail::dependent_t`.
template <class Deferred, class T>
struct dependent_type {
  using type = T;
};

/// `T`, as a type that depends on `Deferred`.
template <class Deferred, class T>
using dependent_t = typename dependent_type<Deferred, T>::type;

/// `value` itself, as an expression that depends on `Deferred`.
template <class Deferred, class T>
[[nodiscard]] constexpr const T& deferred(const T& value) noexcept {
  return value;
}

}  // namespace kvc::detail
