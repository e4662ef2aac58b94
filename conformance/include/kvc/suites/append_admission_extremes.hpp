// kvc/suites/append_admission_extremes.hpp - append admission with mixed integer types at their
// extremes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/fixture.hpp>

namespace kvc::suites {

/// Mixed integer types at their extremes. An implementation passes only if it decides the bounds by
/// mathematical value: subtracting or adding in the arguments' own types overflows or wraps here.
inline constexpr auto append_admission_extremes = boost::hana::make_tuple(
    make_fixture(label<"size_t capacity with int64 negative request">,
                 inputs(std::numeric_limits<std::size_t>::max(), std::size_t{0}, std::int64_t{-1}),
                 std::int64_t{0}),
    make_fixture(label<"full size_t capacity">,
                 inputs(std::numeric_limits<std::size_t>::max(), std::size_t{0},
                        std::numeric_limits<std::size_t>::max()),
                 std::numeric_limits<std::size_t>::max()),
    make_fixture(label<"size_t request above int64 capacity">,
                 inputs(std::numeric_limits<std::int64_t>::max(), std::int64_t{0},
                        std::uint64_t{1} << 63U),
                 std::uint64_t{0}),
    make_fixture(label<"sum wraps in size_t">,
                 inputs(std::numeric_limits<std::size_t>::max(), std::size_t{1},
                        std::numeric_limits<std::size_t>::max()),
                 std::size_t{0}),
    make_fixture(label<"int64 extremes">,
                 inputs(std::numeric_limits<std::int64_t>::max(),
                        std::numeric_limits<std::int64_t>::min(), std::int64_t{1}),
                 std::int64_t{0}),
    make_fixture(label<"int8 capacity with uint64 request">,
                 inputs(std::int8_t{127}, std::int8_t{0}, std::uint64_t{128}), std::uint64_t{0}),
    make_fixture(label<"uint8 fits exactly">,
                 inputs(std::uint8_t{255}, std::uint8_t{5}, std::uint8_t{250}), std::uint8_t{250}),
    make_fixture(label<"negative int8 used with uint8 capacity">,
                 inputs(std::uint8_t{200}, std::int8_t{-128}, std::uint8_t{100}),
                 std::uint8_t{0}),
    make_fixture(label<"uint64 used above int64 capacity">,
                 inputs(std::int64_t{5}, std::numeric_limits<std::uint64_t>::max(), std::int64_t{0}),
                 std::int64_t{0}));

}  // namespace kvc::suites
