// kvc/suites/append_admission_extremes.hpp - append admission with mixed integer types at their
// extremes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::append_admission_extremes`.
struct append_admission_extremes {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"size_t capacity with int64 negative request", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::size_t>::max(), std::size_t{0},
                                    std::int64_t{-1}),
                   std::int64_t{0}),
      make_fixture(label<"full size_t capacity", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::size_t>::max(), std::size_t{0},
                                    std::numeric_limits<std::size_t>::max()),
                   std::numeric_limits<std::size_t>::max()),
      make_fixture(label<"size_t request above int64 capacity", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::int64_t>::max(), std::int64_t{0},
                                    std::uint64_t{1} << 63U),
                   std::uint64_t{0}),
      make_fixture(label<"sum wraps in size_t", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::size_t>::max(), std::size_t{1},
                                    std::numeric_limits<std::size_t>::max()),
                   std::size_t{0}),
      make_fixture(label<"int64 extremes", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::int64_t>::max(),
                                    std::numeric_limits<std::int64_t>::min(), std::int64_t{1}),
                   std::int64_t{0}),
      make_fixture(label<"int8 capacity with uint64 request", Deferred>,
                   inputs<Deferred>(std::int8_t{127}, std::int8_t{0}, std::uint64_t{128}),
                   std::uint64_t{0}),
      make_fixture(label<"uint8 fits exactly", Deferred>,
                   inputs<Deferred>(std::uint8_t{255}, std::uint8_t{5}, std::uint8_t{250}),
                   std::uint8_t{250}),
      make_fixture(label<"negative int8 used with uint8 capacity", Deferred>,
                   inputs<Deferred>(std::uint8_t{200}, std::int8_t{-128}, std::uint8_t{100}),
                   std::uint8_t{0}),
      make_fixture(label<"uint64 used above int64 capacity", Deferred>,
                   inputs<Deferred>(std::int64_t{5}, std::numeric_limits<std::uint64_t>::max(),
                                    std::int64_t{0}),
                   std::int64_t{0}),
      // Mixed signedness with small values, in every argument position (s: int, u: unsigned). Raw
      // `<`, `<=` and `-` convert a negative int to unsigned: -1 becomes 4294967295 free slots.
      make_fixture(label<"int capacity -1 with unsigned used", Deferred>,
                   inputs<Deferred>(-1, 0U, 5), 0),
      make_fixture(label<"int capacity -1 with unsigned used and request", Deferred>,
                   inputs<Deferred>(-1, 0U, 5U), 0U),
      make_fixture(label<"int64 capacity -1 with uint64 used", Deferred>,
                   inputs<Deferred>(std::int64_t{-1}, std::uint64_t{0}, std::int64_t{5}),
                   std::int64_t{0}),
      make_fixture(label<"unsigned capacity with negative int used", Deferred>,
                   inputs<Deferred>(10U, -3, 5), 0),
      make_fixture(label<"unsigned capacity and request with negative int used", Deferred>,
                   inputs<Deferred>(10U, -3, 5U), 0U),
      make_fixture(label<"unsigned capacity with int used and request", Deferred>,
                   inputs<Deferred>(10U, 2, 8), 8),
      make_fixture(label<"unsigned capacity and used with negative int request", Deferred>,
                   inputs<Deferred>(10U, 2U, -1), 0),
      make_fixture(label<"int capacity and used with unsigned request that fits", Deferred>,
                   inputs<Deferred>(10, 2, 8U), 8U),
      make_fixture(label<"int capacity and used with unsigned request one too many", Deferred>,
                   inputs<Deferred>(10, 2, 9U), 0U),
      // Counts past 32 bits: a count kept in 32 bits reads 2^32 + k as k.
      make_fixture(label<"capacity past 32 bits", Deferred>,
                   inputs<Deferred>(std::uint64_t{0x1'0000'0005}, std::uint64_t{0},
                                    std::uint64_t{10}),
                   std::uint64_t{10}),
      make_fixture(label<"used 2^32 with one slot left", Deferred>,
                   inputs<Deferred>(std::uint64_t{0x1'0000'0001}, std::uint64_t{0x1'0000'0000},
                                    std::uint64_t{1}),
                   std::uint64_t{1}),
      make_fixture(label<"used 2^32 with two requested and one slot left", Deferred>,
                   inputs<Deferred>(std::uint64_t{0x1'0000'0001}, std::uint64_t{0x1'0000'0000},
                                    std::uint64_t{2}),
                   std::uint64_t{0}),
      make_fixture(label<"used 2^32 above a small capacity", Deferred>,
                   inputs<Deferred>(std::uint64_t{5}, std::uint64_t{0x1'0000'0000},
                                    std::uint64_t{3}),
                   std::uint64_t{0}),
      // int64 only, every value non-negative, so that an implementation with int64 or uint64
      // parameters is called with every one of them: a sum that wraps to a negative int64, and
      // counts past 2^53, where a comparison in double rounds one slot away.
      make_fixture(label<"int64 sum wraps to negative", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::int64_t>::max(), std::int64_t{1},
                                    std::numeric_limits<std::int64_t>::max()),
                   std::int64_t{0}),
      make_fixture(label<"int64 used and request sum past capacity", Deferred>,
                   inputs<Deferred>(std::int64_t{1} << 62U, std::int64_t{1} << 62U,
                                    std::int64_t{1} << 62U),
                   std::int64_t{0}),
      make_fixture(label<"one slot short past 2^53", Deferred>,
                   inputs<Deferred>(std::int64_t{1} << 53U, std::int64_t{1},
                                    std::int64_t{1} << 53U),
                   std::int64_t{0}),
      make_fixture(label<"request one above capacity near int64 max", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::int64_t>::max() - 1, std::int64_t{0},
                                    std::numeric_limits<std::int64_t>::max()),
                   std::int64_t{0}),
      make_fixture(label<"fits exactly past 2^53", Deferred>,
                   inputs<Deferred>((std::int64_t{1} << 53U) + 1, std::int64_t{1},
                                    std::int64_t{1} << 53U),
                   std::int64_t{1} << 53U),
      // A negative used count refused whatever the arithmetic: -2 is not 2^64 - 2 used slots.
      make_fixture(label<"used -2 below a full uint64 capacity", Deferred>,
                   inputs<Deferred>(std::numeric_limits<std::uint64_t>::max(), std::int64_t{-2},
                                    std::uint64_t{1}),
                   std::uint64_t{0}));
};
}  // namespace definition

/// Mixed integer types at their extremes, mixed signedness with small values, and counts past 32
/// bits. An implementation passes only if it decides the bounds by mathematical value: subtracting,
/// adding or comparing in the arguments' own types overflows, wraps or converts a negative value to
/// a huge unsigned one here, and a count kept in 32 bits loses its high bits.
inline constexpr lazy_suite<definition::append_admission_extremes> append_admission_extremes{};

}  // namespace kvc::suites
