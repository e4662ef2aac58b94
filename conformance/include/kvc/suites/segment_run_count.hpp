// kvc/suites/segment_run_count.hpp - fixtures of the number of runs of packed segments.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::segment_run_count`.
struct segment_run_count {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_fixture(label<"two segments", Deferred>,
                   inputs<Deferred>(fixtures::array<Deferred>('a', 'b', 'b')), std::size_t{2}),
      make_fixture(label<"alternating runs", Deferred>,
                   inputs<Deferred>(fixtures::array<Deferred>('a', 'b', 'a')), std::size_t{3}),
      make_fixture(label<"same run", Deferred>,
                   inputs<Deferred>(fixtures::array<Deferred>('x', 'x', 'x')), std::size_t{1}),
      make_fixture(label<"empty", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::array<char, 0>>{}),
                   std::size_t{0}),
      make_fixture(label<"single segment", Deferred>,
                   inputs<Deferred>(fixtures::array<Deferred>('q')), std::size_t{1}),
      make_fixture(label<"repeated after intervening segment", Deferred>,
                   inputs<Deferred>(fixtures::array<Deferred>(1, 1, 2, 1)), std::size_t{3}),
      // Past 8 bits: a run counter kept in a uint8_t wraps to 0 at 256 runs.
      make_fixture(label<"300 runs of one token", Deferred>,
                   inputs<Deferred>(fixtures::iota<300>()), std::size_t{300}),
      // Ids are compared whole: int64 ids 2^32 + 1 and 1 are two runs.
      make_fixture(label<"adjacent ids 2^32 apart", Deferred>,
                   inputs<Deferred>(fixtures::dependent<Deferred, std::array<std::int64_t, 2>>{
                       0x1'0000'0001, 1}),
                   std::size_t{2}));
};
}  // namespace definition

/// The number of runs: `impl(segments)` with a `std::array<S, N>`.
inline constexpr lazy_suite<definition::segment_run_count> segment_run_count{};

}  // namespace kvc::suites
