// kvc/detail/deferred.hpp - names made to depend on a template parameter, so that what they name is
// compiled where a template is used rather than where it is defined:
// `kvc::detail::deferred<Deferred>(value)` and `kvc::detail::deferred_ostream<Deferred>`.
//
// A non-dependent call in a template is resolved where the template is defined: a generic lambda
// that calls another lambda with concrete arguments instantiates that lambda's body (its return
// type is deduced) in every file that includes the definition, whether or not anything calls it.
// Through `deferred<Deferred>(f)(...)`, with `Deferred` one of the template's own parameters, the
// call waits for the template's instantiation. Likewise a print function `template <class Deferred
// = void>` over `deferred_ostream<Deferred>&` takes and returns `std::ostream&` as before
// (`Deferred` is never deduced) but is compiled where it is called, in a file that includes
// <ostream>, <iostream> or <sstream> to have a stream at all, so kvc's headers need only <iosfwd>
// (<ostream> is about a quarter of a second of g++ in every file that includes it).
#pragma once

#include <iosfwd>

namespace kvc::detail {

/// `value` itself, as an expression that depends on `Deferred`.
template <class Deferred, class T>
[[nodiscard]] constexpr const T& deferred(const T& value) noexcept {
  return value;
}

/// `std::ostream`, as a member of a template specialization (see `deferred_ostream`).
template <class Deferred>
struct deferred_ostream_type {
  /// Always `std::ostream`.
  using type = std::ostream;
};

/// `std::ostream`, as a type that depends on `Deferred`.
template <class Deferred>
using deferred_ostream = typename deferred_ostream_type<Deferred>::type;

}  // namespace kvc::detail
