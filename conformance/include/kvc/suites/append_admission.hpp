// kvc/suites/append_admission.hpp - fixtures of the append-admission contract (FA-98626).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/join_fixtures.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

/// The seven fixtures of FA-98626 in the record's order, for any N as the record writes them.
/// Implementations are called as `impl(capacity, used, requested)` with `int` arguments.
template <int N, class Deferred = void>
inline constexpr auto seed_append_admission = boost::hana::make_tuple(
    make_fixture(label<"fits exactly", Deferred>, inputs<Deferred>(N + 3, N, N + 3 - N), N + 3 - N),
    make_fixture(label<"one free short", Deferred>, inputs<Deferred>(N + 3, N + 1, 3), 0),
    make_fixture(label<"partial would fit", Deferred>, inputs<Deferred>(5, 3, 4), 0),
    make_fixture(label<"empty append", Deferred>, inputs<Deferred>(5, 3, 0), 0),
    make_fixture(label<"empty cache", Deferred>, inputs<Deferred>(N, 0, N), N),
    make_fixture(label<"full cache", Deferred>, inputs<Deferred>(N, N, 1), 0),
    make_fixture(label<"negative request", Deferred>, inputs<Deferred>(5, 0, -1), 0));

namespace definition {
/// The fixtures of `kvc::suites::extra_append_admission`.
struct extra_append_admission {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"fits with room to spare", Deferred>, inputs<Deferred>(10, 2, 5), 5),
      make_fixture(label<"one slot left", Deferred>, inputs<Deferred>(10, 9, 1), 1),
      make_fixture(label<"large request into empty cache", Deferred>,
                   inputs<Deferred>(1000, 0, 1000), 1000),
      make_fixture(label<"one over capacity", Deferred>, inputs<Deferred>(1000, 0, 1001), 0),
      make_fixture(label<"zero capacity", Deferred>, inputs<Deferred>(0, 0, 1), 0),
      make_fixture(label<"zero capacity empty append", Deferred>, inputs<Deferred>(0, 0, 0), 0),
      make_fixture(label<"large negative request", Deferred>, inputs<Deferred>(5, 0, -5), 0),
      make_fixture(label<"used above capacity", Deferred>, inputs<Deferred>(3, 5, 1), 0),
      make_fixture(label<"negative used", Deferred>, inputs<Deferred>(5, -2, 3), 0),
      make_fixture(label<"negative used would fit", Deferred>, inputs<Deferred>(5, -2, 6), 0),
      make_fixture(label<"negative capacity", Deferred>, inputs<Deferred>(-2, -4, 1), 0),
      make_fixture(label<"request equals capacity with slots used", Deferred>,
                   inputs<Deferred>(8, 1, 8), 0),
      // A capacity of 1,024 filled exactly: a ring of a power-of-two size that keeps one slot
      // free to tell full from empty has 1,023.
      make_fixture(label<"fills a capacity of 1024 exactly", Deferred>,
                   inputs<Deferred>(1024, 1000, 24), 24));
};
}  // namespace definition

/// Fixtures beyond the record's, each there to reject a plausible wrong implementation (see
/// kvc/mutants/append_admission.hpp). All are `int` and small, so that no straightforward
/// implementation overflows on them; the integer extremes have a suite of their own below.
inline constexpr lazy_suite<definition::extra_append_admission> extra_append_admission{};

namespace definition {
/// The fixtures of `kvc::suites::append_admission`.
struct append_admission {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures =
      join_fixtures(seed_append_admission<1, Deferred>, deferred_fixtures_of<Deferred>(suites::extra_append_admission));
};
}  // namespace definition

/// The append-admission suite: the record's fixtures (N = 1) first, then the extra ones.
inline constexpr lazy_suite<definition::append_admission> append_admission{};

}  // namespace kvc::suites
