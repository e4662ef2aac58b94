// kvc/suites/batch_admission_extremes.hpp - batch admission with requests at the integer extremes.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/fixture.hpp>

namespace kvc::suites {

/// Requests at the integer extremes: the sum must be exact.
inline constexpr auto batch_admission_extremes = boost::hana::make_tuple(
    make_fixture(label<"int64 max requests fill uint64 capacity">,
                 inputs(std::numeric_limits<std::uint64_t>::max(), std::uint64_t{0},
                        std::array<std::int64_t, 3>{std::numeric_limits<std::int64_t>::max(),
                                                    std::numeric_limits<std::int64_t>::max(), 1}),
                 std::numeric_limits<std::uint64_t>::max()),
    make_fixture(label<"int64 max requests overflow the sum">,
                 inputs(std::numeric_limits<std::uint64_t>::max(), std::uint64_t{0},
                        std::array<std::int64_t, 3>{std::numeric_limits<std::int64_t>::max(),
                                                    std::numeric_limits<std::int64_t>::max(), 3}),
                 std::uint64_t{0}),
    make_fixture(label<"int64 max requests into int64 capacity">,
                 inputs(std::numeric_limits<std::int64_t>::max(), std::int64_t{0},
                        std::array<std::int64_t, 2>{std::numeric_limits<std::int64_t>::max(), 1}),
                 std::int64_t{0}),
    make_fixture(label<"negative int64 request into size_t capacity">,
                 inputs(std::numeric_limits<std::size_t>::max(), std::size_t{0},
                        std::array<std::int64_t, 2>{-1, 1}),
                 std::uint64_t{0}));

}  // namespace kvc::suites
