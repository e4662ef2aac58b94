// kvc/suites/batch_admission_extremes.hpp - batch admission with requests at the integer extremes.
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
/// The fixtures of `kvc::suites::batch_admission_extremes`.
struct batch_admission_extremes {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"int64 max requests fill uint64 capacity", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::uint64_t>::max(), std::uint64_t{0},
                                    fixtures::dependent<Deferred, std::array<std::int64_t, 3>>{
                                        std::numeric_limits<std::int64_t>::max(),
                                        std::numeric_limits<std::int64_t>::max(), 1}),
                   std::numeric_limits<std::uint64_t>::max()),
      make_fixture(label<"int64 max requests overflow the sum", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::uint64_t>::max(), std::uint64_t{0},
                                    fixtures::dependent<Deferred, std::array<std::int64_t, 3>>{
                                        std::numeric_limits<std::int64_t>::max(),
                                        std::numeric_limits<std::int64_t>::max(), 3}),
                   std::uint64_t{0}),
      make_fixture(label<"int64 max requests into int64 capacity", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::int64_t>::max(), std::int64_t{0},
                                    fixtures::dependent<Deferred, std::array<std::int64_t, 2>>{
                                        std::numeric_limits<std::int64_t>::max(), 1}),
                   std::int64_t{0}),
      make_fixture(label<"negative int64 request into size_t capacity", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::size_t>::max(), std::size_t{0},
                                    fixtures::dependent<Deferred, std::array<std::int64_t, 2>>{-1,
                                                                                               1}),
                   std::uint64_t{0}),
      // Mixed signedness with small values (s: int, u: unsigned): raw comparisons convert a
      // negative int to unsigned, so a capacity of -1 reads as 4294967295 free slots.
      make_fixture(label<"int capacity -1 with unsigned used", Deferred>,
                   inputs<Deferred>(-1, 0U, fixtures::array<Deferred>(2, 3)), 0),
      make_fixture(label<"int capacity -1 with uint64 used and requests", Deferred>,
                   inputs<Deferred>(-1, std::uint64_t{0},
                                    fixtures::dependent<Deferred, std::array<std::uint64_t, 2>>{2,
                                                                                                3}),
                   std::uint64_t{0}),
      make_fixture(label<"unsigned capacity with negative int used", Deferred>,
                   inputs<Deferred>(10U, -3, fixtures::array<Deferred>(2, 3)), 0U),
      make_fixture(label<"unsigned capacity with a negative int request", Deferred>,
                   inputs<Deferred>(10U, 0U, fixtures::array<Deferred>(4, -1)), 0U),
      make_fixture(label<"int capacity with unsigned requests", Deferred>,
                   inputs<Deferred>(10, 2, fixtures::array<Deferred>(3U, 5U)), 8U),
      // Counts past 32 bits: a count kept in 32 bits reads 2^32 + k as k.
      make_fixture(label<"capacity past 32 bits", Deferred>,
                   inputs<Deferred>(std::uint64_t{0x1'0000'0005}, std::uint64_t{0},
                                    fixtures::dependent<Deferred, std::array<std::uint64_t, 2>>{6,
                                                                                                4}),
                   std::uint64_t{10}),
      make_fixture(label<"used 2^32 with one slot left", Deferred>,
                   inputs<Deferred>(std::uint64_t{0x1'0000'0001}, std::uint64_t{0x1'0000'0000},
                                    fixtures::dependent<Deferred, std::array<std::uint64_t, 2>>{1,
                                                                                                1}),
                   std::uint64_t{0}),
      make_fixture(label<"used 2^32 above a small capacity", Deferred>,
                   inputs<Deferred>(std::uint64_t{5}, std::uint64_t{0x1'0000'0000},
                                    fixtures::dependent<Deferred, std::array<std::uint64_t, 1>>{3}),
                   std::uint64_t{0}));
};
}  // namespace definition

/// Requests at the integer extremes (the sum must be exact), mixed signedness with small values,
/// and counts past 32 bits: the bounds are decided by mathematical value.
inline constexpr lazy_suite<definition::batch_admission_extremes> batch_admission_extremes{};

}  // namespace kvc::suites
