// kvc/detail/deferred_ostream.hpp - `kvc::detail::deferred_ostream<Deferred>`: `std::ostream`, named
// through a template parameter, so that a header whose reports print need only <iosfwd>.
//
// A print function `template <class Deferred = void>` over `deferred_ostream<Deferred>&` takes and
// returns `std::ostream&` as before (`Deferred` is never deduced), but its body is checked where it
// is called: in the caller's translation unit, which includes <ostream>, <iostream> or <sstream> to
// have a stream at all. kvc's headers then do not pay for <ostream> (about a quarter of a second
// of g++ in every translation unit that includes them).
#pragma once

#include <iosfwd>

namespace kvc::detail {

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
