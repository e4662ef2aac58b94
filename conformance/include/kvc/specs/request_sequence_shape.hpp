// kvc/specs/request_sequence_shape.hpp - the call shape shared by the admission contracts over a
// sequence of requests (batch admission, in-order request admission):
// `impl(capacity, used, requests)`, the requests a `kvc::sequence` in a table and a `std::vector`
// at run time, offered as spans or vectors of any integer type that holds every value.
#pragma once

#include <string_view>
#include <type_traits>

#include <kvc/detail/ranges.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/owned.hpp>
#include <kvc/spec/shape.hpp>

namespace kvc::specs {

/// The parts of a shape `impl(capacity, used, requests)`; `Derived` supplies `name` and
/// `reference`.
template <class Derived>
struct request_sequence_shape : direct_call_shape<Derived> {
  /// The inputs, in call order.
  static constexpr field fields[] = {{"capacity", field_kind::capacity},
                                     {"used", field_kind::used},
                                     {"requests", field_kind::counts}};

  /// One call's inputs: a capacity and a used count, each of its own integer type, and the
  /// requests (`kvc::sequence<E>` in a table, `std::vector<E>` at run time).
  template <class C, class U, class R>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = Derived;
    C capacity;  ///< the slots there are
    U used;      ///< the slots already taken
    R requests;  ///< the slots each request asks for, in order
  };

  /// `f(capacity, used, requests)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.capacity, in.used, in.requests);
  }

 protected:
  /// `f(requests)` with the requests as a range: a run-time vector as it is, a table's sequence
  /// held for the call.
  template <class R, class F>
  static constexpr auto with_requests(const R& requests, F&& f) {
    if constexpr (std::ranges::input_range<const R>) {
      return f(requests);
    } else {
      const detail::owned<typename R::value_type> held(requests);
      return f(held.view());
    }
  }
};

}  // namespace kvc::specs
