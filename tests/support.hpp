// tests/support.hpp - helpers shared by the runtime tests of the span-output contracts.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include "fixture_types.hpp"

namespace kvc_test {

/// Every integer type an output span may hold.
using output_types = integer_types;

// A value no correct call writes: positions and offsets are never negative, and the tests keep
// them below the maximum of an unsigned P.
template <class P>
constexpr P sentinel() {
  if constexpr (std::is_signed_v<P>)
    return P{-7};
  else
    return std::numeric_limits<P>::max();
}

template <class P>
bool all_sentinel(std::span<const P> values) {
  return std::all_of(values.begin(), values.end(), [](P v) { return v == sentinel<P>(); });
}

// Runs a span-output contract into a sentinel-filled buffer with `extra` spare elements and checks
// the result against the oracle's `expected` values and the untouched tail.
template <class P, class Contract, class Seq>
void check_span_output(const Contract& contract, const std::vector<std::size_t>& expected,
                       const Seq& segments, std::size_t extra) {
  std::vector<P> out(expected.size() + extra, sentinel<P>());
  REQUIRE(contract(segments, std::span<P>(out)) == std::errc{});
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (std::cmp_not_equal(out[i], expected[i]) && mismatches++ == 0) {
      INFO("first mismatch at index " << i);
      CHECK(static_cast<std::uint64_t>(out[i]) == expected[i]);
    }
  CHECK(mismatches == 0);
  CHECK(all_sentinel<P>(std::span<const P>(out).subspan(expected.size())));
}

}  // namespace kvc_test
