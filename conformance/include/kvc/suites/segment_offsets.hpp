// kvc/suites/segment_offsets.hpp - fixtures of run start offsets plus the total (`cu_seqlens`), the
// varlen-attention view of packed segments.
#pragma once

#include <array>
#include <cstddef>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::segment_offsets`.
struct segment_offsets {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_output_fixture<offsets_call>(label<"two segments", Deferred>,
                                        fixtures::array<Deferred>('a', 'b', 'b'),
                                        fixtures::dependent<Deferred, std::array<std::size_t, 3>>{
                                            0, 1, 3}),
      make_output_fixture<offsets_call>(label<"alternating runs", Deferred>,
                                        fixtures::array<Deferred>('a', 'b', 'a'),
                                        fixtures::dependent<Deferred, std::array<std::size_t, 4>>{
                                            0, 1, 2, 3}),
      make_output_fixture<offsets_call>(label<"same run", Deferred>,
                                        fixtures::array<Deferred>('x', 'x', 'x'),
                                        fixtures::dependent<Deferred, std::array<std::size_t, 2>>{
                                            0, 3}),
      make_output_fixture<offsets_call>(label<"empty", Deferred>,
                                        fixtures::dependent<Deferred, std::array<char, 0>>{},
                                        fixtures::dependent<Deferred, std::array<std::size_t, 1>>{
                                            0}),
      make_output_fixture<offsets_call>(label<"single segment", Deferred>,
                                        fixtures::array<Deferred>('q'),
                                        fixtures::dependent<Deferred, std::array<std::size_t, 2>>{
                                            0, 1}),
      make_output_fixture<offsets_call>(label<"repeated after intervening segment", Deferred>,
                                        fixtures::array<Deferred>(1, 1, 2, 1),
                                        fixtures::dependent<Deferred, std::array<std::size_t, 4>>{
                                            0, 2, 3, 4}),
      make_output_fixture<offsets_call>(label<"long run then a singleton", Deferred>,
                                        fixtures::array<Deferred>(7, 7, 7, 7, 8),
                                        fixtures::dependent<Deferred, std::array<std::size_t, 3>>{
                                            0, 4, 5}),
      // Past 8 bits: offsets counted in a uint8_t wrap to 0 at token 256.
      make_output_fixture<offsets_call>(label<"one run of 300 tokens", Deferred>,
                                        fixtures::filled<300>(7),
                                        fixtures::dependent<Deferred, std::array<std::size_t, 2>>{
                                            0, 300}),
      make_output_fixture<offsets_call>(
          label<"300 runs of one token", Deferred>,
          [] {  // 0, 1, 0, 1, ...: ids of one byte, as the fuzz seeds need
            std::array<int, 300> ids{};
            for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<int>(i % 2);
            return ids;
          }(),
          fixtures::iota<301>()),
      // Id 0 is an id like any other (packing collators number segments from 0), not padding.
      make_output_fixture<offsets_call>(label<"one run of id 0", Deferred>,
                                        fixtures::array<Deferred>(0, 0, 0),
                                        fixtures::dependent<Deferred, std::array<std::size_t, 2>>{
                                            0, 3}),
      make_output_fixture<offsets_call>(label<"a run of id 0 after another", Deferred>,
                                        fixtures::array<Deferred>(5, 5, 0, 0),
                                        fixtures::dependent<Deferred, std::array<std::size_t, 3>>{
                                            0, 2, 4}),
      // Ids are compared whole: ids 1 and 257, 1 and 65537 are different runs. (Ids past 32 bits
      // are not here:
      // an engine with int32 ids is correct, and could not take them.)
      make_output_fixture<offsets_call>(label<"adjacent ids 256 apart", Deferred>,
                                        fixtures::array<Deferred>(1, 1, 257, 257),
                                        fixtures::dependent<Deferred, std::array<std::size_t, 3>>{
                                            0, 2, 4}),
      make_output_fixture<offsets_call>(label<"adjacent ids 65536 apart", Deferred>,
                                        fixtures::array<Deferred>(1, 1, 65537, 65537),
                                        fixtures::dependent<Deferred, std::array<std::size_t, 3>>{
                                            0, 2, 4}));
};
}  // namespace definition

/// Run start offsets plus the total. Implementations take one of the two shapes of
/// `kvc::offsets_call`: `impl(segments) -> range` or `impl(segments, out)` filling a
/// `std::span<std::size_t>` of N + 1 elements.
inline constexpr lazy_suite<definition::segment_offsets> segment_offsets{};

}  // namespace kvc::suites
