// kvc/suites/segment_run_count.hpp - fixtures of the number of runs of packed segments.
#pragma once

#include <array>
#include <cstddef>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/fixture.hpp>

namespace kvc::suites {

/// The number of runs: `impl(segments)` with a `std::array<S, N>`.
inline constexpr auto segment_run_count = boost::hana::make_tuple(
    make_fixture(label<"two segments">, inputs(std::array{'a', 'b', 'b'}), std::size_t{2}),
    make_fixture(label<"alternating runs">, inputs(std::array{'a', 'b', 'a'}), std::size_t{3}),
    make_fixture(label<"same run">, inputs(std::array{'x', 'x', 'x'}), std::size_t{1}),
    make_fixture(label<"empty">, inputs(std::array<char, 0>{}), std::size_t{0}),
    make_fixture(label<"single segment">, inputs(std::array{'q'}), std::size_t{1}),
    make_fixture(label<"repeated after intervening segment">, inputs(std::array{1, 1, 2, 1}),
                 std::size_t{3}));

}  // namespace kvc::suites
