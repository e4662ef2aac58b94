// kvc/suites/request_admission.hpp - fixtures of in-order request admission.
#pragma once

#include <array>
#include <cstddef>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::request_admission`.
struct request_admission {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"prefix admitted then stop", Deferred>,
                   inputs<Deferred>(10, 4, fixtures::array<Deferred>(2, 3, 4)), std::size_t{2}),
      make_fixture(label<"stop at first that does not fit", Deferred>,
                   inputs<Deferred>(10, 4, fixtures::array<Deferred>(2, 5, 1)), std::size_t{1}),
      make_fixture(label<"large head blocks the queue", Deferred>,
                   inputs<Deferred>(10, 0, fixtures::array<Deferred>(11, 1, 1)), std::size_t{0}),
      make_fixture(label<"zero-size request admitted", Deferred>,
                   inputs<Deferred>(10, 10, fixtures::array<Deferred>(0, 0)), std::size_t{2}),
      make_fixture(label<"admission continues past zero", Deferred>,
                   inputs<Deferred>(10, 4, fixtures::array<Deferred>(2, 0, 3, 2)), std::size_t{3}),
      make_fixture(label<"negative request stops", Deferred>,
                   inputs<Deferred>(10, 0, fixtures::array<Deferred>(2, -1, 3)), std::size_t{1}),
      make_fixture(label<"negative request first", Deferred>,
                   inputs<Deferred>(10, 0, fixtures::array<Deferred>(-1, 0)), std::size_t{0}),
      make_fixture(label<"empty queue", Deferred>,
                   inputs<Deferred>(10, 3, fixtures::dependent<Deferred, std::array<int, 0>>{}),
                   std::size_t{0}),
      make_fixture(label<"exactly filling", Deferred>,
                   inputs<Deferred>(10, 4, fixtures::array<Deferred>(2, 4)), std::size_t{2}),
      make_fixture(label<"one slot short", Deferred>,
                   inputs<Deferred>(10, 5, fixtures::array<Deferred>(3, 3)), std::size_t{1}),
      make_fixture(label<"full cache admits zero-size only", Deferred>,
                   inputs<Deferred>(8, 8, fixtures::array<Deferred>(0, 1, 0)), std::size_t{1}),
      make_fixture(label<"many requests", Deferred>,
                   inputs<Deferred>(100, 0, fixtures::filled<40>(3)), std::size_t{33}),
      make_fixture(label<"used above capacity", Deferred>,
                   inputs<Deferred>(4, 6, fixtures::array<Deferred>(0, 1)), std::size_t{0}),
      make_fixture(label<"negative used", Deferred>,
                   inputs<Deferred>(10, -5, fixtures::array<Deferred>(12, 1)), std::size_t{0}),
      make_fixture(label<"negative capacity", Deferred>,
                   inputs<Deferred>(-1, -3, fixtures::array<Deferred>(0, 1)), std::size_t{0}));
};
}  // namespace definition

/// `impl(capacity, used, requests)` with `int` capacity and used and a `std::array<int, K>` of
/// requests; the expected value is how many leading requests are admitted, as a `std::size_t`.
/// Small values: no straightforward implementation overflows on them.
inline constexpr lazy_suite<definition::request_admission> request_admission{};

}  // namespace kvc::suites
