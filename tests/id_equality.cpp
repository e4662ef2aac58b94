// Runtime tests of how kvc decides that two ids are equal, with values only known at run time:
// volatile tokens (which take the loop, not the byte-comparing fast path).
#include <doctest/doctest.h>

#include <kvc/prefix_reuse.hpp>
#include <kvc/segment_positions.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

TEST_CASE("id equality: volatile tokens, at every mismatch position and past the fast path's blocks") {
  constexpr std::size_t max_size = 1100;
  std::vector<int> plain(max_size);
  for (std::size_t i = 0; i < max_size; ++i) plain[i] = static_cast<int>(i % 251) - 100;
  // std::vector cannot hold volatile elements: fixed buffers, viewed by spans of every size.
  std::array<volatile int, max_size> cached_buffer{};
  std::array<volatile int, max_size> requested_buffer{};
  for (const std::size_t size : {0u, 1u, 7u, 8u, 16u, 63u, 64u, 65u, 200u, 1100u}) {
    for (std::size_t mismatch = 0; mismatch <= size; mismatch += (size > 70 ? 13 : 1)) {
      for (std::size_t i = 0; i < size; ++i) {
        cached_buffer[i] = plain[i];
        requested_buffer[i] = plain[i];
      }
      if (mismatch < size) requested_buffer[mismatch] = plain[mismatch] + 1;
      const std::span<volatile int> c(cached_buffer.data(), size), r(requested_buffer.data(), size);
      CAPTURE(size);
      CAPTURE(mismatch);
      CHECK(kvc::reusable_prefix_length(0, 0, c, r) == mismatch);
      CHECK(kvc::reusable_prefix_length(0, 0, std::span<const volatile int>(c), r) == mismatch);
      // Mixed with plain tokens, and through the block form.
      const std::vector<int> plain_requested(r.begin(), r.end());
      CHECK(kvc::reusable_prefix_length(0, 0, c, plain_requested) == mismatch);
      CHECK(kvc::reusable_prefix_length(0, 0, c, r, 8) == mismatch - mismatch % 8);
      CHECK(kvc::reusable_prefix_length(0, 1, c, r) == 0);
    }
  }
}

TEST_CASE("id equality: volatile segment ids and outputs") {
  std::array<volatile int, 6> ids{1, 1, 1, 2, 2, 1};
  std::array<volatile std::size_t, 6> out{};
  REQUIRE(kvc::segment_positions(std::span<volatile int>(ids), std::span<volatile std::size_t>(out)) ==
          std::errc{});
  const std::array<std::size_t, 6> expected{0, 1, 2, 0, 1, 0};
  for (std::size_t i = 0; i < out.size(); ++i) CHECK(out[i] == expected[i]);
}
