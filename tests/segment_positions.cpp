// Runtime tests of kvc::segment_positions (FA-98576): positions restart at every contiguous run of
// equal segment ids. Both forms are compared with a naive index-loop oracle, and every error path
// of the span form is checked to leave the output untouched.
#include <doctest/doctest.h>

#include "support.hpp"

#include <kvc/segment_positions.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

namespace {

using kvc_test::for_each_type;
using kvc_test::output_types;

// Oracle: a token continues the previous token's run iff its id equals its predecessor's.
template <class Seq>
std::vector<std::size_t> oracle_positions(const Seq& segments) {
  std::vector<std::size_t> positions(std::size(segments));
  for (std::size_t i = 0; i < positions.size(); ++i)
    positions[i] = (i > 0 && segments[i] == segments[i - 1]) ? positions[i - 1] + 1 : 0;
  return positions;
}

using kvc_test::all_sentinel;
using kvc_test::sentinel;

// Runs the span form into a sentinel-filled buffer with `extra` spare elements and checks the
// result against the oracle and the untouched tail.
template <class P, class Seq>
void check_span_form(const Seq& segments, std::size_t extra = 3) {
  kvc_test::check_span_output<P>(kvc::segment_positions, oracle_positions(segments), segments, extra);
}

// A run of `length` copies of id 5, between two short runs of other ids.
std::vector<int> with_run(std::size_t length) {
  std::vector<int> segments{1, 2, 2};
  segments.insert(segments.end(), length, 5);
  segments.push_back(3);
  return segments;
}

// Random ids from a small alphabet with geometrically distributed run lengths.
std::vector<int> random_segments(std::mt19937_64& rng, std::size_t size, int alphabet,
                                 double mean_run) {
  std::uniform_int_distribution<int> id(-alphabet / 2, alphabet - 1 - alphabet / 2);
  std::geometric_distribution<std::size_t> run(1.0 / mean_run);
  std::vector<int> segments;
  while (segments.size() < size) {
    const std::size_t length = std::min(run(rng) + 1, size - segments.size());
    segments.insert(segments.end(), length, id(rng));  // the same id may repeat: runs merge
  }
  return segments;
}

}  // namespace

TEST_CASE("segment_positions: array form boundaries") {
  SUBCASE("empty") { CHECK(kvc::segment_positions(std::array<int, 0>{}).empty()); }
  SUBCASE("single element") {
    CHECK(kvc::segment_positions(std::array{42}) == std::array<std::size_t, 1>{0});
  }
  SUBCASE("all equal") {
    CHECK(kvc::segment_positions(std::array{7, 7, 7, 7, 7}) ==
          std::array<std::size_t, 5>{0, 1, 2, 3, 4});
  }
  SUBCASE("all distinct") {
    CHECK(kvc::segment_positions(std::array{1, 2, 3, 4}) == std::array<std::size_t, 4>{0, 0, 0, 0});
  }
  SUBCASE("a reused id restarts at 0") {
    CHECK(kvc::segment_positions(std::array{1, 1, 2, 1, 1, 1}) ==
          std::array<std::size_t, 6>{0, 1, 0, 0, 1, 2});
  }
  SUBCASE("ids that decrease also start a run") {
    CHECK(kvc::segment_positions(std::array{3, 3, 1, 1, 0, 0}) ==
          std::array<std::size_t, 6>{0, 1, 0, 1, 0, 1});
  }
  SUBCASE("negative and default ids are ordinary ids") {
    CHECK(kvc::segment_positions(std::array{-1, -1, 0, 0, -1, 0}) ==
          std::array<std::size_t, 6>{0, 1, 0, 1, 0, 0});
  }
  SUBCASE("string_view ids") {
    using namespace std::string_view_literals;
    CHECK(kvc::segment_positions(std::array{"a"sv, "a"sv, "b"sv, "a"sv}) ==
          std::array<std::size_t, 4>{0, 1, 0, 0});
  }
  SUBCASE("last element in its own run") {
    const std::array ids{4, 4, 4, 9};
    const auto positions = kvc::segment_positions(ids);
    const auto expected = oracle_positions(ids);
    CHECK(std::equal(positions.begin(), positions.end(), expected.begin(), expected.end()));
  }
}

TEST_CASE("segment_positions: span form matches array form and oracle for every output type") {
  using namespace std::string_view_literals;
  const std::array ints{0, 0, 0, 1, 1, 0, 2, 2, 2, 2, -1, -1, 3};
  const int c_array[] = {5, 5, -5, -5, -5, 5};
  const std::array names{"sys"sv, "sys"sv, "user"sv, "user"sv, "user"sv, "sys"sv, ""sv, ""sv};
  const std::string_view chars = "aaabccccaab";
  const auto array_form = kvc::segment_positions(ints);
  for_each_type(output_types{}, [&](auto type) {
    using P = typename decltype(type)::type;
    CAPTURE(sizeof(P));
    CAPTURE(std::is_signed_v<P>);
    check_span_form<P>(ints);
    check_span_form<P>(c_array);
    check_span_form<P>(names);
    check_span_form<P>(chars);  // a string_view is a sequence of char ids
    check_span_form<P>(std::vector<std::string_view>(names.begin(), names.end()));
    check_span_form<P>(std::span<const int>(ints).subspan(2, 8));
    // Same answer as the array form.
    std::array<P, ints.size()> out{};
    REQUIRE(kvc::segment_positions(ints, std::span<P>(out)) == std::errc{});
    CHECK(std::equal(out.begin(), out.end(), array_form.begin(), array_form.end(),
                     [](P a, std::size_t b) { return std::cmp_equal(a, b); }));
  });
}

TEST_CASE("segment_positions: out may be any contiguous range") {
  const std::vector<int> segments{9, 9, 8, 9};
  SUBCASE("std::vector") {
    std::vector<long> out(4, -1);
    REQUIRE(kvc::segment_positions(segments, out) == std::errc{});
    CHECK(out == std::vector<long>{0, 1, 0, 0});
  }
  SUBCASE("std::array") {
    std::array<unsigned short, 5> out{7, 7, 7, 7, 7};
    REQUIRE(kvc::segment_positions(segments, out) == std::errc{});
    CHECK(out == std::array<unsigned short, 5>{0, 1, 0, 0, 7});
  }
  SUBCASE("C array via span over vector-backed input") {
    int out[4] = {-1, -1, -1, -1};
    REQUIRE(kvc::segment_positions(std::span<const int>(segments), std::span<int>(out)) ==
            std::errc{});
    CHECK(out[1] == 1);
    CHECK(out[3] == 0);
  }
}

TEST_CASE("segment_positions: out too short is value_too_large and writes nothing") {
  SUBCASE("every shorter size and every output type") {
    const std::vector<int> segments{1, 1, 2, 2, 2};
    for_each_type(output_types{}, [&](auto type) {
      using P = typename decltype(type)::type;
      CAPTURE(sizeof(P));
      for (std::size_t size = 0; size < segments.size(); ++size) {
        CAPTURE(size);
        std::vector<P> out(size, sentinel<P>());
        CHECK(kvc::segment_positions(segments, std::span<P>(out)) == std::errc::value_too_large);
        CHECK(all_sentinel<P>(out));
      }
    });
  }
  SUBCASE("one element short of a long input") {
    const std::vector<int> long_input(200'000, 3);
    std::vector<std::size_t> out(long_input.size() - 1, sentinel<std::size_t>());
    CHECK(kvc::segment_positions(long_input, std::span<std::size_t>(out)) ==
          std::errc::value_too_large);
    CHECK(all_sentinel<std::size_t>(out));
  }
}

TEST_CASE("segment_positions: a position that does not fit is result_out_of_range") {
  // A run of max + 1 ids ends at position max (fits); a run of max + 2 needs max + 1 (does not).
  const auto check_limit = [](auto type) {
    using P = typename decltype(type)::type;
    constexpr auto max = static_cast<std::size_t>(std::numeric_limits<P>::max());
    CAPTURE(max);
    check_span_form<P>(with_run(max + 1));
    for (const std::size_t extra : {std::size_t{0}, std::size_t{4}}) {
      const std::vector<int> segments = with_run(max + 2);
      std::vector<P> out(segments.size() + extra, sentinel<P>());
      CHECK(kvc::segment_positions(segments, std::span<P>(out)) == std::errc::result_out_of_range);
      CHECK(all_sentinel<P>(out));
    }
    // The overlong run at the very start and at the very end of the input.
    const std::vector<int> at_start(max + 2, 0);
    const std::vector<int> at_end = [] {
      std::vector<int> s(10, 1);
      s.insert(s.end(), max + 2, 2);
      return s;
    }();
    for (const auto* segments : {&at_start, &at_end}) {
      std::vector<P> out(segments->size(), sentinel<P>());
      CHECK(kvc::segment_positions(*segments, std::span<P>(out)) == std::errc::result_out_of_range);
      CHECK(all_sentinel<P>(out));
    }
  };
  SUBCASE("int8_t") {
    check_limit(std::type_identity<std::int8_t>{});
  }
  SUBCASE("uint8_t") {
    check_limit(std::type_identity<std::uint8_t>{});
  }
  SUBCASE("int16_t") {
    check_limit(std::type_identity<std::int16_t>{});
  }
  SUBCASE("uint16_t") {
    check_limit(std::type_identity<std::uint16_t>{});
  }
  SUBCASE("too short and too narrow at once is still an error that writes nothing") {
    const std::vector<int> segments(300, 1);
    std::vector<std::int8_t> out(299, sentinel<std::int8_t>());
    CHECK(kvc::segment_positions(segments, std::span<std::int8_t>(out)) != std::errc{});
    CHECK(all_sentinel<std::int8_t>(out));
  }
}

TEST_CASE("segment_positions: long input of short runs fits a narrow type") {
  // Only run lengths matter, not the input length: 3 million tokens in runs of at most 100.
  std::mt19937_64 rng(21);
  const std::vector<int> segments = [&] {
    std::vector<int> s;
    std::uniform_int_distribution<std::size_t> run(1, 100);
    for (int id = 0; s.size() < 3'000'000; ++id) s.insert(s.end(), run(rng), id % 3);
    return s;
  }();
  check_span_form<std::int8_t>(segments);
  check_span_form<std::uint8_t>(segments);
  // Runs of 100 alternating 0/1, except two adjacent ones overwritten by a single run of 200,
  // whose last position (199) fits uint8_t but not int8_t.
  std::vector<int> merged(3'000'000, 0);
  for (std::size_t i = 0; i < merged.size(); ++i) merged[i] = static_cast<int>(i / 100 % 2);
  std::fill(merged.begin() + 1000, merged.begin() + 1200, 7);
  check_span_form<std::uint8_t>(merged);
  std::vector<std::int8_t> out(merged.size(), sentinel<std::int8_t>());
  CHECK(kvc::segment_positions(merged, std::span<std::int8_t>(out)) ==
        std::errc::result_out_of_range);
  CHECK(all_sentinel<std::int8_t>(out));
}

TEST_CASE("segment_positions: empty input") {
  const std::vector<int> none;
  SUBCASE("into empty out") {
    std::vector<std::int8_t> out;
    CHECK(kvc::segment_positions(none, std::span<std::int8_t>(out)) == std::errc{});
  }
  SUBCASE("into non-empty out leaves it untouched") {
    std::vector<std::uint16_t> out(4, sentinel<std::uint16_t>());
    CHECK(kvc::segment_positions(none, std::span<std::uint16_t>(out)) == std::errc{});
    CHECK(all_sentinel<std::uint16_t>(out));
  }
  SUBCASE("empty string_view") {
    check_span_form<std::size_t>(std::string_view{});
  }
}

TEST_CASE("segment_positions: random inputs from fixed seeds") {
  const auto run = [](std::uint64_t seed, std::size_t max_size, int alphabet, double mean_run) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> size(0, max_size);
    for (int iteration = 0; iteration < 200; ++iteration) {
      CAPTURE(seed);
      CAPTURE(iteration);
      const std::vector<int> segments = random_segments(rng, size(rng), alphabet, mean_run);
      check_span_form<std::size_t>(segments);
      check_span_form<std::int16_t>(segments, 0);
      const std::vector<long> as_long(segments.begin(), segments.end());
      check_span_form<std::uint32_t>(as_long);
    }
  };
  SUBCASE("binary ids, short runs") {
    run(31, 50, 2, 1.5);
  }
  SUBCASE("ternary ids with negatives, longer runs") {
    run(32, 400, 3, 8.0);
  }
  SUBCASE("many ids") {
    run(33, 200, 1000, 3.0);
  }
}

TEST_CASE("segment_positions: large inputs") {
  SUBCASE("one run of 200k tokens") {
    const std::vector<int> segments(200'000, -4);
    check_span_form<std::size_t>(segments);
    check_span_form<std::int32_t>(segments);
    std::vector<std::int16_t> out(segments.size(), sentinel<std::int16_t>());
    CHECK(kvc::segment_positions(segments, std::span<std::int16_t>(out)) ==
          std::errc::result_out_of_range);
    CHECK(all_sentinel<std::int16_t>(out));
  }
  SUBCASE("3 million tokens of random runs") {
    std::mt19937_64 rng(41);
    check_span_form<std::uint32_t>(random_segments(rng, 3'000'000, 4, 500.0));
  }
}
