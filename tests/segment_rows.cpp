// Runtime tests of the row-aware forms of kvc::segment_positions and kvc::segment_offsets over a
// flattened [B, L] batch: random batches of every shape against a deliberately simple oracle (index
// loops over each row), across id and output types, and every error path checked to write nothing.
#include <doctest/doctest.h>

#include "support.hpp"

#include <kvc/row_length.hpp>
#include <kvc/segment_offsets.hpp>
#include <kvc/segment_positions.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <list>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using kvc_test::all_sentinel;
using kvc_test::for_each_type;
using kvc_test::output_types;
using kvc_test::sentinel;

// Oracles: row by row, a token continues the previous token's run iff it is not the first of its
// row and its id equals its predecessor's; offsets are the indices where a run starts, then n.
template <class Seq>
std::vector<std::size_t> oracle_positions(const Seq& segments, std::size_t row_length) {
  std::vector<std::size_t> positions(std::size(segments));
  for (std::size_t row = 0; row * row_length < positions.size(); ++row)
    for (std::size_t j = 0; j < row_length; ++j) {
      const std::size_t i = row * row_length + j;
      positions[i] = j > 0 && segments[i] == segments[i - 1] ? positions[i - 1] + 1 : 0;
    }
  return positions;
}

template <class Seq>
std::vector<std::size_t> oracle_offsets(const Seq& segments, std::size_t row_length) {
  std::vector<std::size_t> offsets;
  const std::size_t n = std::size(segments);
  for (std::size_t row = 0; row * row_length < n; ++row)
    for (std::size_t j = 0; j < row_length; ++j) {
      const std::size_t i = row * row_length + j;
      if (j == 0 || !(segments[i] == segments[i - 1])) offsets.push_back(i);
    }
  offsets.push_back(n);
  return offsets;
}

// The row-aware forms with L bound, in the shape kvc_test::check_span_output calls.
auto positions_in_rows(std::size_t row_length) {
  return [row_length](const auto& segments, auto out) {
    return kvc::segment_positions(segments, kvc::row_length{row_length}, out);
  };
}
auto offsets_in_rows(std::size_t row_length) {
  return [row_length](const auto& segments, auto out) {
    return kvc::segment_offsets(segments, kvc::row_length{row_length}, out);
  };
}

// The oracle's values when the largest fits P; otherwise result_out_of_range and nothing written.
template <class P, class Contract, class Seq>
void check_or_overflow(const Contract& contract, const std::vector<std::size_t>& expected,
                       const Seq& segments, std::size_t extra) {
  if (expected.empty() ||
      std::cmp_less_equal(*std::max_element(expected.begin(), expected.end()),
                          std::numeric_limits<P>::max())) {
    kvc_test::check_span_output<P>(contract, expected, segments, extra);
    return;
  }
  std::vector<P> out(expected.size() + extra, sentinel<P>());
  CHECK(contract(segments, std::span<P>(out)) == std::errc::result_out_of_range);
  CHECK(all_sentinel<P>(out));
}

template <class P, class Seq>
void check_both(const Seq& segments, std::size_t row_length, std::size_t extra = 3) {
  check_or_overflow<P>(positions_in_rows(row_length), oracle_positions(segments, row_length),
                       segments, extra);
  check_or_overflow<P>(offsets_in_rows(row_length), oracle_offsets(segments, row_length), segments,
                       extra);
}

// A [B, L] batch of ids from a small alphabet in runs of geometric length: with few ids, a run
// often continues across a row boundary.
std::vector<int> random_batch(std::mt19937_64& rng, std::size_t rows, std::size_t row_length,
                              int alphabet, double mean_run) {
  std::uniform_int_distribution<int> id(-alphabet / 2, alphabet - 1 - alphabet / 2);
  std::geometric_distribution<std::size_t> run(1.0 / mean_run);
  const std::size_t size = rows * row_length;
  std::vector<int> segments;
  while (segments.size() < size) {
    const std::size_t length = std::min(run(rng) + 1, size - segments.size());
    segments.insert(segments.end(), length, id(rng));
  }
  return segments;
}

// Every call that must fail: the status, and an output left as it was.
template <class P, class Seq>
void check_error(std::errc expected, const Seq& segments, std::size_t row_length,
                 std::size_t positions_size, std::size_t offsets_size) {
  std::vector<P> out(positions_size, sentinel<P>());
  CHECK(kvc::segment_positions(segments, kvc::row_length{row_length}, std::span<P>(out)) ==
        expected);
  CHECK(all_sentinel<P>(out));
  out.assign(offsets_size, sentinel<P>());
  CHECK(kvc::segment_offsets(segments, kvc::row_length{row_length}, std::span<P>(out)) == expected);
  CHECK(all_sentinel<P>(out));
}

}  // namespace

TEST_CASE("segment rows: the suites' cases at run time") {
  const std::vector<int> continued{1, 1, 1, 1};
  std::vector<int> positions(4, -7);
  REQUIRE(kvc::segment_positions(continued, kvc::row_length{2}, positions) == std::errc{});
  CHECK(positions == std::vector<int>{0, 1, 0, 1});
  std::vector<int> offsets(5, -7);
  REQUIRE(kvc::segment_offsets(continued, kvc::row_length{2}, offsets) == std::errc{});
  CHECK(offsets == std::vector<int>{0, 2, 4, -7, -7});

  const std::vector<int> reused{1, 1, 2, 2, 3, 1, 1, 2};
  positions.assign(8, -7);
  REQUIRE(kvc::segment_positions(reused, kvc::row_length{4}, positions) == std::errc{});
  CHECK(positions == std::vector<int>{0, 1, 0, 1, 0, 0, 1, 0});
  offsets.assign(6, -7);
  REQUIRE(kvc::segment_offsets(reused, kvc::row_length{4}, offsets) == std::errc{});
  CHECK(offsets == std::vector<int>{0, 2, 4, 5, 7, 8});

  for (const std::size_t row_length : {1U, 2U, 3U, 6U}) {
    CAPTURE(row_length);
    check_both<std::int32_t>(std::vector<int>{0, 0, 0, 7, 0, 0}, row_length);
  }
}

// (A narrow output type overflows on the larger batches: those are checked to be
// result_out_of_range and to write nothing.)
TEST_CASE("segment rows: random batches against the oracle, every output type") {
  std::mt19937_64 rng(71);
  std::uniform_int_distribution<std::size_t> rows(0, 8), row_length(1, 40);
  for (int iteration = 0; iteration < 300; ++iteration) {
    CAPTURE(iteration);
    const std::size_t b = rows(rng), l = row_length(rng);
    CAPTURE(b);
    CAPTURE(l);
    const std::vector<int> segments = random_batch(rng, b, l, iteration % 2 == 0 ? 2 : 5, 4.0);
    for_each_type(output_types{}, [&](auto type) {
      using P = typename decltype(type)::type;
      CAPTURE(sizeof(P));
      check_both<P>(segments, l);
      check_both<P>(segments, l, 0);
    });
  }
}

TEST_CASE("segment rows: every id type") {
  using namespace std::string_view_literals;
  std::mt19937_64 rng(72);
  for (int iteration = 0; iteration < 100; ++iteration) {
    CAPTURE(iteration);
    const std::size_t l = std::uniform_int_distribution<std::size_t>(1, 12)(rng);
    const std::vector<int> ints = random_batch(rng, 5, l, 3, 3.0);
    check_both<std::uint32_t>(std::vector<std::int64_t>(ints.begin(), ints.end()), l);
    check_both<std::uint32_t>(std::vector<std::uint8_t>(ints.begin(), ints.end()), l);  // wrapped
    std::string chars;
    for (const int id : ints) chars += static_cast<char>('b' + id);
    check_both<std::int16_t>(std::string_view(chars), l);
    const std::array<std::string_view, 3> names{"sys"sv, "user"sv, ""sv};
    std::vector<std::string_view> named;
    for (const int id : ints) named.push_back(names[static_cast<std::size_t>(id + 1)]);
    check_both<std::size_t>(named, l);
  }
  // A C array and a std::array of ids; a non-contiguous range (a list).
  const int c_array[] = {5, 5, 5, -5, -5, 5};
  check_both<int>(c_array, 3);
  check_both<int>(std::array{9, 9, 9, 9, 8, 8}, 2);
  const std::list<int> linked{4, 4, 4, 4, 2, 4};
  const std::vector<int> as_vector(linked.begin(), linked.end());
  for (const std::size_t l : {1U, 2U, 3U, 6U}) {
    CAPTURE(l);
    std::vector<long> out(6, -7);
    REQUIRE(kvc::segment_positions(linked, kvc::row_length{l}, out) == std::errc{});
    const auto expected = oracle_positions(as_vector, l);
    CHECK(std::equal(out.begin(), out.end(), expected.begin(),
                     [](long a, std::size_t b) { return std::cmp_equal(a, b); }));
    out.assign(8, -7);
    REQUIRE(kvc::segment_offsets(linked, kvc::row_length{l}, out) == std::errc{});
    const auto expected_offsets = oracle_offsets(as_vector, l);
    CHECK(std::equal(expected_offsets.begin(), expected_offsets.end(), out.begin(),
                     [](std::size_t a, long b) { return std::cmp_equal(a, b); }));
  }
}

TEST_CASE("segment rows: one row is the one-row form") {
  std::mt19937_64 rng(73);
  for (int iteration = 0; iteration < 100; ++iteration) {
    const std::vector<int> segments = random_batch(rng, 1, 1 + static_cast<std::size_t>(iteration) * 7, 3, 5.0);
    std::vector<std::uint32_t> rows(segments.size() + 1), flat(segments.size() + 1);
    REQUIRE(kvc::segment_positions(segments, kvc::row_length{segments.size()}, rows) == std::errc{});
    REQUIRE(kvc::segment_positions(segments, flat) == std::errc{});
    CHECK(rows == flat);
    REQUIRE(kvc::segment_offsets(segments, kvc::row_length{segments.size()}, rows) == std::errc{});
    REQUIRE(kvc::segment_offsets(segments, flat) == std::errc{});
    CHECK(rows == flat);
  }
}

TEST_CASE("segment rows: the empty batch succeeds for any L") {
  const std::vector<int> none;
  for (const std::size_t l : {std::size_t{0}, std::size_t{1}, std::size_t{7},
                              std::numeric_limits<std::size_t>::max()}) {
    CAPTURE(l);
    for_each_type(output_types{}, [&](auto type) {
      using P = typename decltype(type)::type;
      std::vector<P> out(3, sentinel<P>());
      CHECK(kvc::segment_positions(none, kvc::row_length{l}, std::span<P>(out)) == std::errc{});
      CHECK(all_sentinel<P>(out));
      CHECK(kvc::segment_offsets(none, kvc::row_length{l}, std::span<P>(out)) == std::errc{});
      CHECK(out[0] == P{0});
      CHECK(all_sentinel<P>(std::span<const P>(out).subspan(1)));
      // Offsets still need room for the 0.
      std::vector<P> empty;
      CHECK(kvc::segment_offsets(none, kvc::row_length{l}, std::span<P>(empty)) ==
            std::errc::value_too_large);
    });
  }
}

TEST_CASE("segment rows: not whole rows is invalid_argument and writes nothing") {
  std::mt19937_64 rng(74);
  for_each_type(output_types{}, [&](auto type) {
    using P = typename decltype(type)::type;
    CAPTURE(sizeof(P));
    for (std::size_t size = 1; size <= 24; ++size) {
      const std::vector<int> segments = random_batch(rng, 1, size, 2, 2.0);
      CAPTURE(size);
      // L = 0, and every L that does not divide the size (those above it included).
      for (std::size_t l = 0; l <= size + 2; ++l) {
        if (l != 0 && size % l == 0) continue;
        CAPTURE(l);
        check_error<P>(std::errc::invalid_argument, segments, l, size + 2, size + 2);
        // Before a short output.
        check_error<P>(std::errc::invalid_argument, segments, l, 0, 0);
      }
    }
  });
  // Before an overflow: 300 equal ids in rows of 7 would overflow int8_t positions and offsets.
  const std::vector<int> ones(300, 1);
  check_error<std::int8_t>(std::errc::invalid_argument, ones, 7, 300, 301);
  check_error<std::int8_t>(std::errc::invalid_argument, ones, std::numeric_limits<std::size_t>::max(),
                           300, 301);
}

TEST_CASE("segment rows: a short output is value_too_large and writes nothing") {
  std::mt19937_64 rng(75);
  for (int iteration = 0; iteration < 40; ++iteration) {
    CAPTURE(iteration);
    const std::size_t l = std::uniform_int_distribution<std::size_t>(1, 9)(rng);
    const std::vector<int> segments = random_batch(rng, 4, l, 2, 3.0);
    const std::size_t runs = oracle_offsets(segments, l).size() - 1;
    for_each_type(output_types{}, [&](auto type) {
      using P = typename decltype(type)::type;
      CAPTURE(sizeof(P));
      for (std::size_t size = 0; size < segments.size(); ++size) {
        CAPTURE(size);
        std::vector<P> out(size, sentinel<P>());
        CHECK(kvc::segment_positions(segments, kvc::row_length{l}, std::span<P>(out)) ==
              std::errc::value_too_large);
        CHECK(all_sentinel<P>(out));
      }
      for (std::size_t size = 0; size <= runs; ++size) {
        CAPTURE(size);
        std::vector<P> out(size, sentinel<P>());
        const std::errc status = kvc::segment_offsets(segments, kvc::row_length{l}, std::span<P>(out));
        if (size < runs + 1) {
          CHECK(status == std::errc::value_too_large);
          CHECK(all_sentinel<P>(out));
        }
      }
    });
  }
}

TEST_CASE("segment rows: a value that does not fit is result_out_of_range and writes nothing") {
  const auto check_limit = [](auto type) {
    using P = typename decltype(type)::type;
    constexpr auto max = static_cast<std::size_t>(std::numeric_limits<P>::max());
    CAPTURE(max);
    // Rows of max + 1 equal ids: positions up to max fit, though the batch holds more tokens; a
    // row of max + 2 does not, even when the others are short runs.
    const std::vector<int> fitting(3 * (max + 1), 4);
    kvc_test::check_span_output<P>(positions_in_rows(max + 1), oracle_positions(fitting, max + 1),
                                   fitting, 2);
    std::vector<int> overlong(3 * (max + 2));
    for (std::size_t i = 0; i < overlong.size(); ++i) overlong[i] = static_cast<int>(i % 2);
    // The middle row is one run of max + 2.
    const auto middle = overlong.begin() + static_cast<std::ptrdiff_t>(max + 2);
    std::fill(middle, middle + static_cast<std::ptrdiff_t>(max + 2), 9);
    std::vector<P> out(overlong.size(), sentinel<P>());
    CHECK(kvc::segment_positions(overlong, kvc::row_length{max + 2}, std::span<P>(out)) ==
          std::errc::result_out_of_range);
    CHECK(all_sentinel<P>(out));
    // Both at once: value_too_large.
    out.pop_back();
    CHECK(kvc::segment_positions(overlong, kvc::row_length{max + 2}, std::span<P>(out)) ==
          std::errc::value_too_large);
    CHECK(all_sentinel<P>(out));
    // Offsets: the total is the largest offset, however short the rows.
    const std::vector<int> total_max(max, 1), total_over(max + 1, 1);
    kvc_test::check_span_output<P>(offsets_in_rows(1), oracle_offsets(total_max, 1), total_max, 1);
    out.assign(total_over.size() + 1, sentinel<P>());
    CHECK(kvc::segment_offsets(total_over, kvc::row_length{1}, std::span<P>(out)) ==
          std::errc::result_out_of_range);
    CHECK(all_sentinel<P>(out));
    out.pop_back();
    CHECK(kvc::segment_offsets(total_over, kvc::row_length{1}, std::span<P>(out)) ==
          std::errc::value_too_large);
    CHECK(all_sentinel<P>(out));
  };
  SUBCASE("int8_t") { check_limit(std::type_identity<std::int8_t>{}); }
  SUBCASE("uint8_t") { check_limit(std::type_identity<std::uint8_t>{}); }
  SUBCASE("int16_t") { check_limit(std::type_identity<std::int16_t>{}); }
  SUBCASE("uint16_t") { check_limit(std::type_identity<std::uint16_t>{}); }
}

TEST_CASE("segment rows: large batches through the run-time fast path") {
  // int32 ids and positions: the AVX2 kernel per row where the CPU has it.
  std::mt19937_64 rng(76);
  for (const std::size_t l : {std::size_t{1}, std::size_t{7}, std::size_t{8}, std::size_t{9},
                              std::size_t{64}, std::size_t{1000}, std::size_t{4096}}) {
    CAPTURE(l);
    const std::vector<int> segments = random_batch(rng, 65'536 / l + 1, l, 2, 30.0);
    check_both<std::int32_t>(segments, l);
    check_both<std::uint32_t>(segments, l, 0);
  }
  // Long runs across every boundary: every row one run of the same id.
  const std::vector<std::int32_t> same(64 * 4096, 3);
  check_both<std::int32_t>(same, 4096);
  std::vector<std::int16_t> narrow(same.size(), sentinel<std::int16_t>());
  CHECK(kvc::segment_positions(same, kvc::row_length{4096}, std::span<std::int16_t>(narrow)) ==
        std::errc{});
  CHECK(narrow[4095] == 4095);
  CHECK(narrow[4096] == 0);
}
