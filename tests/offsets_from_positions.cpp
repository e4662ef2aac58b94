// Runtime tests of kvc::offsets_from_positions and kvc::max_sequence_length_from_positions:
// differential runs against an oracle that removes the padding first and then looks for zeros,
// over random packed rows (M-RoPE's repeated positions, rows not starting at 0, padding runs) of
// every position type, through the contiguous fast path and the generic loop; every error path
// writes nothing; the 3-row form against the oracle on row 0. (The suites at run time, and engines
// checked by them: tests/offsets_from_positions_conformance.cpp.)
#include <doctest/doctest.h>

#include "support.hpp"

#include <kvc/offsets_from_positions.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <list>
#include <random>
#include <span>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using kvc_test::for_each_type;
using kvc_test::output_types;
using kvc_test::sentinel;

// Oracle: keep the tokens whose position is not negative; a sequence starts at the first of them
// and at every 0; close with their count.
template <class Seq>
std::vector<std::size_t> oracle_offsets(const Seq& positions, std::size_t tokens) {
  std::vector<std::size_t> offsets;
  std::size_t kept = 0;
  auto it = std::begin(positions);
  for (std::size_t i = 0; i < tokens; ++i, ++it) {
    const auto position = *it;
    if (std::cmp_less(position, 0)) continue;
    if (kept == 0 || position == 0) offsets.push_back(kept);
    ++kept;
  }
  offsets.push_back(kept);
  return offsets;
}
template <class Seq>
std::vector<std::size_t> oracle_offsets(const Seq& positions) {
  return oracle_offsets(positions, std::size(positions));
}

std::size_t oracle_longest(const std::vector<std::size_t>& offsets) {
  std::size_t longest = 0;
  for (std::size_t k = 0; k + 1 < offsets.size(); ++k)
    longest = std::max(longest, offsets[k + 1] - offsets[k]);
  return longest;
}

/// A random packed row: sequences counting from 0 (or, for the first, from a random start), with
/// runs of repeated positions (M-RoPE images) and, for signed T, runs of padding (-1 or another
/// negative value) anywhere.
template <class T>
std::vector<T> random_row(std::mt19937_64& rng, std::size_t size, double mean_sequence) {
  std::geometric_distribution<std::size_t> length(1.0 / mean_sequence);
  std::uniform_int_distribution<int> kind(0, 9);
  std::vector<T> row;
  const auto limit = static_cast<std::int64_t>(std::min<std::uintmax_t>(
      static_cast<std::uintmax_t>(std::numeric_limits<T>::max()), 1'000'000));
  std::int64_t position = kind(rng) < 3 ? kind(rng) + 1 : 0;  // a row not starting at 0
  while (row.size() < size) {
    const std::size_t run = std::min(length(rng) + 1, size - row.size());
    const int k = kind(rng);
    if (std::is_signed_v<T> && k == 0) {  // padding
      const T pad = kind(rng) < 5 ? T(-1) : std::numeric_limits<T>::min();
      row.insert(row.end(), run, pad);
    } else if (k == 1) {  // an image: one repeated position
      row.insert(row.end(), run, static_cast<T>(std::min(position, limit)));
      ++position;
    } else if (k == 2) {  // a new sequence
      position = 0;
    } else {
      for (std::size_t i = 0; i < run; ++i) row.push_back(static_cast<T>(std::min(position++, limit)));
    }
  }
  return row;
}

/// Runs the span form into a sentinel-filled `std::vector<P>` of `size` elements; returns the
/// status and the buffer.
template <class P, class Seq>
std::pair<std::errc, std::vector<P>> run(const Seq& positions, std::size_t size) {
  std::vector<P> out(size, sentinel<P>());
  const std::errc status = kvc::offsets_from_positions(positions, std::span<P>(out));
  return {status, out};
}

/// The span form against the oracle: the offsets, then the untouched tail.
template <class P, class Seq>
void check_offsets(const Seq& positions, std::size_t extra = 2) {
  const auto expected = oracle_offsets(positions);
  kvc_test::check_span_output<P>(kvc::offsets_from_positions, expected, positions, extra);
  CHECK(kvc::max_sequence_length_from_positions(positions) == oracle_longest(expected));
}

using position_types = kvc_test::type_list<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t,
                                           std::int32_t, std::uint32_t, std::int64_t, std::uint64_t>;

}  // namespace

TEST_CASE("offsets_from_positions: the bug shapes, written out") {
  const std::vector<std::int64_t> mrope{0, 1, 2, 3, 3, 3, 3, 4, 5, 0, 1};
  CHECK(oracle_offsets(mrope) == std::vector<std::size_t>{0, 9, 11});
  check_offsets<std::int32_t>(mrope);
  CHECK(kvc::max_sequence_length_from_positions(mrope) == 9);  // max position + 1 would be 6
  const std::vector<std::int64_t> continued{3, 4, 5, 0, 1};
  check_offsets<std::int32_t>(continued);
  CHECK(run<int>(continued, 3).second == std::vector<int>{0, 3, 5});
  const std::vector<std::int64_t> padded{0, 1, -1, -1, 0, 1};
  CHECK(run<int>(padded, 4).second == std::vector<int>{0, 2, 4, sentinel<int>()});
  CHECK(run<int>(std::vector<int>{-1, -1, 3, 4}, 2).second == std::vector<int>{0, 2});
  CHECK(run<int>(std::vector<int>{0, 1, 2, 0, 1, -1, -1, -1}, 3).second == std::vector<int>{0, 3, 5});
  CHECK(run<int>(std::vector<int>{-1, -1, -1}, 1).second == std::vector<int>{0});
  CHECK(run<int>(std::vector<int>{}, 1).second == std::vector<int>{0});
}

TEST_CASE("offsets_from_positions: random rows against the oracle, every type, both paths") {
  std::mt19937_64 rng(20250117);
  for_each_type(position_types{}, [&](auto position_type) {
    using T = typename decltype(position_type)::type;
    for (int round = 0; round < 40; ++round) {
      const std::size_t size = std::uniform_int_distribution<std::size_t>(0, 300)(rng);
      const double mean = round % 4 == 0 ? 1.5 : round % 4 == 1 ? 6.0 : round % 4 == 2 ? 40.0 : 300.0;
      const std::vector<T> row = random_row<T>(rng, size, mean);
      CAPTURE(sizeof(T));
      CAPTURE(size);
      // Contiguous (the fast path), a std::deque and a std::list (the generic loop).
      check_offsets<std::size_t>(row);
      check_offsets<std::int32_t>(std::deque<T>(row.begin(), row.end()));
      check_offsets<std::uint16_t>(std::list<T>(row.begin(), row.end()), 0);
    }
  });
  // Every output type on one row.
  const std::vector<std::int64_t> row = random_row<std::int64_t>(rng, 120, 8.0);
  for_each_type(output_types{}, [&](auto output_type) {
    using P = typename decltype(output_type)::type;
    check_offsets<P>(row);
  });
}

TEST_CASE("offsets_from_positions: the fast path at every block boundary and lane") {
  // A zero, a padding token, padding from there on or padding up to there, at every index of rows
  // of 0..50 tokens, the rest of the row continuing its sequence: every place a block of
  // kvc::detail::position_block (16) ids may stop being one sequence or be all padding.
  static_assert(kvc::detail::position_block == 16);
  for (std::size_t size = 0; size <= 50; ++size) {
    for (std::size_t at = 0; at < size; ++at) {
      for (int what = 0; what < 4; ++what) {
        std::vector<std::int32_t> row(size);
        for (std::size_t i = 0; i < size; ++i) row[i] = static_cast<std::int32_t>(i + 5);
        if (what == 0) row[at] = 0;
        if (what == 1) row[at] = -1;
        if (what == 2) std::fill(row.begin() + static_cast<std::ptrdiff_t>(at), row.end(), -1);
        if (what == 3) std::fill(row.begin(), row.begin() + static_cast<std::ptrdiff_t>(at), -1);
        CAPTURE(size);
        CAPTURE(at);
        CAPTURE(what);
        check_offsets<std::int32_t>(row, 0);
        const std::deque<std::int32_t> generic(row.begin(), row.end());
        CHECK(run<long>(row, size + 1) == run<long>(generic, size + 1));
      }
    }
  }
}

TEST_CASE("offsets_from_positions: out too short is value_too_large and writes nothing") {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 50; ++round) {
    const std::vector<std::int64_t> row = random_row<std::int64_t>(rng, 60, 5.0);
    const std::size_t needed = oracle_offsets(row).size();
    for (std::size_t size = 0; size <= row.size() + 2; ++size) {
      const auto [status, out] = run<std::int16_t>(row, size);
      if (size < needed) {
        CHECK(status == std::errc::value_too_large);
        CHECK(kvc_test::all_sentinel<std::int16_t>(out));
      } else {
        CHECK(status == std::errc{});
        CHECK(kvc_test::all_sentinel<std::int16_t>(std::span<const std::int16_t>(out).subspan(needed)));
      }
    }
  }
}

TEST_CASE("offsets_from_positions: a total past the output type is result_out_of_range") {
  // 300 tokens: past int8_t and uint8_t, not past int16_t.
  std::vector<std::int64_t> row(300);
  for (std::size_t i = 0; i < row.size(); ++i) row[i] = static_cast<std::int64_t>(i % 100);
  const auto [status8, out8] = run<std::int8_t>(row, 301);
  CHECK(status8 == std::errc::result_out_of_range);
  CHECK(kvc_test::all_sentinel<std::int8_t>(out8));
  CHECK(run<std::uint8_t>(row, 4).first == std::errc::result_out_of_range);
  CHECK(run<std::int16_t>(row, 4).second == std::vector<std::int16_t>{0, 100, 200, 300});
  // Both errors: value_too_large first.
  CHECK(run<std::int8_t>(row, 2).first == std::errc::value_too_large);
  // Padding does not count: 300 positions of which 200 are padding fit an int8_t.
  std::fill(row.begin() + 100, row.end(), std::int64_t{-1});
  CHECK(run<std::int8_t>(row, 2).second == std::vector<std::int8_t>{0, 100});
  // Exactly at the limit: 127 tokens fit an int8_t.
  const std::vector<int> at_limit(127, 3);
  CHECK(run<std::int8_t>(at_limit, 2).second == std::vector<std::int8_t>{0, 127});
  CHECK(run<std::int8_t>(std::vector<int>(128, 3), 2).first == std::errc::result_out_of_range);
}

TEST_CASE("offsets_from_positions: C rows, row 0 deciding") {
  std::mt19937_64 rng(99);
  for (std::size_t components = 1; components <= 4; ++components) {
    for (int round = 0; round < 30; ++round) {
      const std::size_t tokens = std::uniform_int_distribution<std::size_t>(0, 50)(rng);
      std::vector<std::int64_t> rows = random_row<std::int64_t>(rng, tokens, 6.0);
      for (std::size_t c = 1; c < components; ++c) {  // other rows: anything, zeros included
        const auto other = random_row<std::int64_t>(rng, tokens, 3.0);
        rows.insert(rows.end(), other.begin(), other.end());
      }
      const auto expected = oracle_offsets(rows, tokens);
      std::vector<std::uint32_t> out(rows.size() + 1, sentinel<std::uint32_t>());
      REQUIRE(kvc::offsets_from_positions(rows, kvc::position_components{components},
                                          std::span<std::uint32_t>(out)) == std::errc{});
      for (std::size_t i = 0; i < out.size(); ++i)
        CHECK(std::cmp_equal(out[i], i < expected.size() ? expected[i] : sentinel<std::uint32_t>()));
      CHECK(kvc::max_sequence_length_from_positions(rows, kvc::position_components{components}) ==
            oracle_longest(expected));
      const std::deque<std::int64_t> generic(rows.begin(), rows.end());
      CHECK(kvc::max_sequence_length_from_positions(generic, kvc::position_components{components}) ==
            oracle_longest(expected));
    }
  }
}

TEST_CASE("offsets_from_positions: rows that are not whole are invalid_argument") {
  const std::vector<std::int32_t> seven{0, 1, 2, 0, 1, 2, 0};
  for (const std::size_t components : std::array<std::size_t, 7>{0, 2, 3, 4, 5, 6, 8}) {
    CAPTURE(components);
    std::vector<int> out(16, -9);
    CHECK(kvc::offsets_from_positions(seven, kvc::position_components{components}, out) ==
          std::errc::invalid_argument);
    CHECK(std::all_of(out.begin(), out.end(), [](int v) { return v == -9; }));
    CHECK(kvc::max_sequence_length_from_positions(seven, kvc::position_components{components}) == 0);
    // Even with an output too short and too narrow: the shape is checked first.
    std::vector<std::int8_t> none;
    CHECK(kvc::offsets_from_positions(seven, kvc::position_components{components}, none) ==
          std::errc::invalid_argument);
  }
  CHECK(run<int>(seven, 8) ==
        std::pair{std::errc{}, std::vector<int>{0, 3, 6, 7, -7, -7, -7, -7}});
  std::vector<int> out(3, -9);
  CHECK(kvc::offsets_from_positions(seven, kvc::position_components{7}, out) == std::errc{});
  CHECK(out == std::vector<int>{0, 1, -9});
  // An empty input is whole rows for any C.
  const std::vector<std::int32_t> empty;
  for (const std::size_t components : std::array<std::size_t, 3>{0, 1, 3}) {
    std::vector<int> one(2, -9);
    CHECK(kvc::offsets_from_positions(empty, kvc::position_components{components}, one) == std::errc{});
    CHECK(one == std::vector<int>{0, -9});
  }
}
