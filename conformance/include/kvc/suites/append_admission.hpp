// kvc/suites/append_admission.hpp - fixtures of the append-admission contract (FA-98626).
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include <boost/hana/concat.hpp>
#include <boost/hana/tuple.hpp>

#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

/// The seven fixtures of FA-98626 in the record's order, for any N as the record writes them.
/// Implementations are called as `impl(capacity, used, requested)` with `int` arguments.
template <int N>
inline constexpr auto seed_append_admission = boost::hana::make_tuple(
    make_fixture(label<"fits exactly">, inputs(N + 3, N, N + 3 - N), N + 3 - N),
    make_fixture(label<"one free short">, inputs(N + 3, N + 1, 3), 0),
    make_fixture(label<"partial would fit">, inputs(5, 3, 4), 0),
    make_fixture(label<"empty append">, inputs(5, 3, 0), 0),
    make_fixture(label<"empty cache">, inputs(N, 0, N), N),
    make_fixture(label<"full cache">, inputs(N, N, 1), 0),
    make_fixture(label<"negative request">, inputs(5, 0, -1), 0));

namespace definition {
/// The fixtures of `kvc::suites::extra_append_admission`.
struct extra_append_admission {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"fits with room to spare">, inputs(10, 2, 5), 5),
      make_fixture(label<"one slot left">, inputs(10, 9, 1), 1),
      make_fixture(label<"large request into empty cache">, inputs(1000, 0, 1000), 1000),
      make_fixture(label<"one over capacity">, inputs(1000, 0, 1001), 0),
      make_fixture(label<"zero capacity">, inputs(0, 0, 1), 0),
      make_fixture(label<"zero capacity empty append">, inputs(0, 0, 0), 0),
      make_fixture(label<"large negative request">, inputs(5, 0, -5), 0),
      make_fixture(label<"used above capacity">, inputs(3, 5, 1), 0),
      make_fixture(label<"negative used">, inputs(5, -2, 3), 0),
      make_fixture(label<"negative used would fit">, inputs(5, -2, 6), 0),
      make_fixture(label<"negative capacity">, inputs(-2, -4, 1), 0),
      make_fixture(label<"request equals capacity with slots used">, inputs(8, 1, 8), 0),
      // A capacity of 1,024 filled exactly: a ring of a power-of-two size that keeps one slot
      // free to tell full from empty has 1,023.
      make_fixture(label<"fills a capacity of 1024 exactly">, inputs(1024, 1000, 24), 24));
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
  template <class = void>
  static constexpr auto fixtures =
      boost::hana::concat(seed_append_admission<1>, fixtures_of(suites::extra_append_admission));
};
}  // namespace definition

/// The append-admission suite: the record's fixtures (N = 1) first, then the extra ones.
inline constexpr lazy_suite<definition::append_admission> append_admission{};

}  // namespace kvc::suites
