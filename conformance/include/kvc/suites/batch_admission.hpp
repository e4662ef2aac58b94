// kvc/suites/batch_admission.hpp - fixtures of all-or-nothing batch admission.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::batch_admission`.
struct batch_admission {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"whole batch fits exactly", Deferred>,
                   inputs<Deferred>(10, 4, fixtures::array<Deferred>(2, 4)), 6),
      make_fixture(label<"batch one slot short", Deferred>,
                   inputs<Deferred>(10, 5, fixtures::array<Deferred>(2, 4)), 0),
      make_fixture(label<"each fits alone but not together", Deferred>,
                   inputs<Deferred>(10, 5, fixtures::array<Deferred>(3, 3)), 0),
      make_fixture(label<"first request fills the cache", Deferred>,
                   inputs<Deferred>(10, 0, fixtures::array<Deferred>(10, 1)), 0),
      make_fixture(label<"negative request offsets another", Deferred>,
                   inputs<Deferred>(10, 8, fixtures::array<Deferred>(5, -3)), 0),
      make_fixture(label<"negative request alone", Deferred>,
                   inputs<Deferred>(10, 0, fixtures::array<Deferred>(-1)), 0),
      make_fixture(label<"zero requests", Deferred>,
                   inputs<Deferred>(10, 10, fixtures::array<Deferred>(0, 0)), 0),
      make_fixture(label<"empty batch", Deferred>,
                   inputs<Deferred>(10, 3, fixtures::dependent<Deferred, std::array<int, 0>>{}), 0),
      make_fixture(label<"single request", Deferred>,
                   inputs<Deferred>(8, 0, fixtures::array<Deferred>(8)), 8),
      make_fixture(label<"batch with room to spare", Deferred>,
                   inputs<Deferred>(100, 10, fixtures::array<Deferred>(1, 2, 3)), 6),
      make_fixture(label<"many small requests", Deferred>,
                   inputs<Deferred>(100, 0, fixtures::filled<10>(10)), 100),
      make_fixture(label<"used above capacity", Deferred>,
                   inputs<Deferred>(4, 6, fixtures::array<Deferred>(0, 1)), 0),
      make_fixture(label<"negative used", Deferred>,
                   inputs<Deferred>(10, -5, fixtures::array<Deferred>(12)), 0),
      // A request for 0 tokens is valid (a sequence with nothing new to cache this step): it adds
      // nothing and must not refuse the others.
      make_fixture(label<"zero-size request among others", Deferred>,
                   inputs<Deferred>(10, 0, fixtures::array<Deferred>(3, 0, 2)), 5),
      make_fixture(label<"zero-size request first fills the cache", Deferred>,
                   inputs<Deferred>(10, 4, fixtures::array<Deferred>(0, 6)), 6),
      make_fixture(label<"zero-size request alone", Deferred>,
                   inputs<Deferred>(10, 0, fixtures::array<Deferred>(0)), 0));
};
}  // namespace definition

/// `impl(capacity, used, requests)` with `int` capacity and used and a `std::array<int, K>` of
/// requests. Small values: no straightforward implementation overflows on them.
inline constexpr lazy_suite<definition::batch_admission> batch_admission{};

}  // namespace kvc::suites
