// kvc/detail/deferred.hpp - `kvc::detail::deferred<Deferred>(value)`: a value as an expression that
// depends on a template parameter, so that what a call through it names is compiled where the
// template is used rather than where it is defined.
//
// A non-dependent call in a template is resolved where the template is defined: a generic lambda
// that calls another lambda with concrete arguments instantiates that lambda's body (its return
// type is deduced) in every file that includes the definition, whether or not anything calls it.
// Through `deferred<Deferred>(f)(...)`, with `Deferred` one of the template's own parameters, the
// call waits for the template's instantiation.
#pragma once

namespace kvc::detail {

/// `value` itself, as an expression that depends on `Deferred`.
template <class Deferred, class T>
[[nodiscard]] constexpr const T& deferred(const T& value) noexcept {
  return value;
}

}  // namespace kvc::detail
