// kvc/suites/segment_positions_long.hpp - segment positions past 16 bits: one run of 65,537 tokens.
#pragma once

#include <cstddef>

#include <boost/hana/tuple.hpp>

#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::segment_positions_long`.
struct segment_positions_long {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_positions_fixture(label<"one run of 65537 tokens", Deferred>, fixtures::filled<65537>(1),
                             fixtures::iota<65537>()));
};
}  // namespace definition

/// One run of 65,537 tokens, positions 0..65,536: a position counter kept in 16 bits wraps to 0 at
/// the last token. A suite of its own, so that only implementations that are one pass (as the
/// contract is) are run on it within the compilers' constant-evaluation limits. Called in the shapes
/// of `kvc::positions_call`.
inline constexpr lazy_suite<definition::segment_positions_long> segment_positions_long{};

}  // namespace kvc::suites
