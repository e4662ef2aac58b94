// Runtime tests of kvc::segment_offsets, kvc::segment_run_count and kvc::max_segment_length: the
// cu_seqlens / max_seqlen view of packed segments. Compared with an oracle that looks for id
// changes directly, and with kvc::segment_positions; every error path of the span form is checked
// to write nothing, and a successful call to leave the elements past runs + 1 alone.
#include <doctest/doctest.h>

#include "support.hpp"

#include <kvc/segment_offsets.hpp>
#include <kvc/segment_positions.hpp>

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using kvc_test::for_each_type;
using kvc_test::output_types;

// Oracle: a run starts at 0 and wherever an id differs from its predecessor; the list closes with
// the total. An empty input has no runs, so only the total (0).
template <class Seq>
std::vector<std::size_t> oracle_offsets(const Seq& segments) {
  std::vector<std::size_t> offsets;
  const std::size_t n = std::size(segments);
  for (std::size_t i = 0; i < n; ++i)
    if (i == 0 || !(segments[i] == segments[i - 1])) offsets.push_back(i);
  offsets.push_back(n);
  return offsets;
}

// Oracle run lengths, by scanning forward to the end of each run.
template <class Seq>
std::vector<std::size_t> oracle_run_lengths(const Seq& segments) {
  std::vector<std::size_t> lengths;
  const std::size_t n = std::size(segments);
  std::size_t start = 0;
  while (start < n) {
    std::size_t end = start + 1;
    while (end < n && segments[end] == segments[start]) ++end;
    lengths.push_back(end - start);
    start = end;
  }
  return lengths;
}

using kvc_test::all_sentinel;
using kvc_test::sentinel;

// Runs the span form into a sentinel-filled buffer with `extra` spare elements and checks the
// result against the oracle and the untouched tail.
template <class P, class Seq>
void check_span_form(const Seq& segments, std::size_t extra = 3) {
  kvc_test::check_span_output<P>(kvc::segment_offsets, oracle_offsets(segments), segments, extra);
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

// Offsets, run count and longest run against the oracles and against kvc::segment_positions.
template <class Seq>
void check_against_positions(const Seq& segments) {
  const std::size_t n = std::size(segments);
  std::vector<std::size_t> offsets(n + 1);
  REQUIRE(kvc::segment_offsets(segments, std::span<std::size_t>(offsets)) == std::errc{});
  std::vector<std::size_t> positions(n);
  REQUIRE(kvc::segment_positions(segments, std::span<std::size_t>(positions)) == std::errc{});
  const std::size_t runs = kvc::segment_run_count(segments);
  const std::vector<std::size_t> lengths = oracle_run_lengths(segments);
  CHECK(runs == lengths.size());
  CHECK(kvc::max_segment_length(segments) ==
        (lengths.empty() ? 0 : *std::max_element(lengths.begin(), lengths.end())));
  // A run starts exactly where a position is 0.
  std::vector<std::size_t> starts;
  for (std::size_t i = 0; i < n; ++i)
    if (positions[i] == 0) starts.push_back(i);
  REQUIRE(starts.size() == runs);
  CHECK(std::equal(starts.begin(), starts.end(), offsets.begin()));
  CHECK(offsets[runs] == n);
  // Consecutive offsets differ by the run lengths, which are the last position of a run plus one.
  std::size_t bad_lengths = 0;
  for (std::size_t k = 0; k < runs; ++k) {
    if (offsets[k + 1] - offsets[k] != lengths[k]) ++bad_lengths;
    if (positions[offsets[k + 1] - 1] + 1 != lengths[k]) ++bad_lengths;
  }
  CHECK(bad_lengths == 0);
  CHECK(std::all_of(offsets.begin() + static_cast<std::ptrdiff_t>(runs) + 1, offsets.end(),
                    [](std::size_t v) { return v == 0; }));  // past runs + 1: untouched zeros
}

}  // namespace

TEST_CASE("segment_offsets: array form") {
  SUBCASE("empty: only the total") {
    const auto offsets = kvc::segment_offsets(std::array<int, 0>{});
    CHECK(offsets.size() == 1);
    CHECK(offsets == std::array<std::size_t, 1>{0});
    CHECK(offsets == std::vector<int>{0});
    CHECK(kvc::segment_run_count(std::array<int, 0>{}) == 0);
    CHECK(kvc::max_segment_length(std::array<int, 0>{}) == 0);
  }
  SUBCASE("single element") {
    CHECK(kvc::segment_offsets(std::array{42}) == std::array<std::size_t, 2>{0, 1});
  }
  SUBCASE("all equal: one run") {
    const auto offsets = kvc::segment_offsets(std::array{7, 7, 7, 7, 7});
    CHECK(offsets == std::vector<std::size_t>{0, 5});
    CHECK(offsets.size() == 2);
    CHECK_FALSE(offsets == std::vector<std::size_t>{0, 5, 5});  // sizes differ
    CHECK_FALSE(offsets == std::vector<std::size_t>{0});
  }
  SUBCASE("all distinct: every token a run") {
    CHECK(kvc::segment_offsets(std::array{4, 3, 2, 1}) ==
          std::array<std::size_t, 5>{0, 1, 2, 3, 4});
  }
  SUBCASE("a reused id starts a new run") {
    CHECK(kvc::segment_offsets(std::array{1, 1, 2, 1, 1, 1}) == std::vector<long>{0, 2, 3, 6});
  }
  SUBCASE("negative and string_view ids") {
    using namespace std::string_view_literals;
    CHECK(kvc::segment_offsets(std::array{-1, -1, 0, 0, -1, 0}) ==
          std::array<int, 5>{0, 2, 4, 5, 6});
    CHECK(kvc::segment_offsets(std::array{"sys"sv, "sys"sv, "user"sv, "sys"sv}) ==
          std::array<std::size_t, 4>{0, 2, 3, 4});
  }
  SUBCASE("the list is a range of its values only") {
    const auto offsets = kvc::segment_offsets(std::array{9, 9, 8, 8, 8, 9});
    const std::vector<std::size_t> copied(offsets.begin(), offsets.end());
    CHECK(copied == oracle_offsets(std::array{9, 9, 8, 8, 8, 9}));
    CHECK(offsets[1] == 2);
    CHECK_FALSE(offsets.empty());
    CHECK(std::ranges::distance(offsets) == 4);
    CHECK(offsets == kvc::segment_offsets(std::array{1, 1, 2, 2, 2, 3}));  // list == list
    CHECK_FALSE(offsets == kvc::segment_offsets(std::array{1, 1, 2, 2, 3, 3}));
    CHECK_FALSE(offsets == std::array<int, 4>{0, 2, 5, -6});  // -6 is not 6
  }
  SUBCASE("array form agrees with the span form and the oracle") {
    const std::array ids{0, 0, 0, 1, 1, 0, 2, 2, 2, 2, -1, -1, 3};
    const auto offsets = kvc::segment_offsets(ids);
    CHECK(offsets == oracle_offsets(ids));
    std::array<std::uint32_t, ids.size() + 1> out{};
    REQUIRE(kvc::segment_offsets(ids, out) == std::errc{});
    CHECK(std::equal(offsets.begin(), offsets.end(), out.begin(),
                     [](std::size_t a, std::uint32_t b) { return std::cmp_equal(a, b); }));
    CHECK(kvc::segment_run_count(ids) == 6);
    CHECK(kvc::max_segment_length(ids) == 4);
  }
}

TEST_CASE("segment_offsets: span form matches the oracle for every output type") {
  using namespace std::string_view_literals;
  const std::array ints{0, 0, 0, 1, 1, 0, 2, 2, 2, 2, -1, -1, 3};
  const int c_array[] = {5, 5, -5, -5, -5, 5};
  const std::array names{"sys"sv, "sys"sv, "user"sv, "user"sv, "user"sv, "sys"sv, ""sv, ""sv};
  const std::string_view chars = "aaabccccaab";
  for_each_type(output_types{}, [&](auto type) {
    using P = typename decltype(type)::type;
    CAPTURE(sizeof(P));
    CAPTURE(std::is_signed_v<P>);
    check_span_form<P>(ints);
    check_span_form<P>(ints, 0);  // exactly runs + 1
    check_span_form<P>(c_array);
    check_span_form<P>(names);
    check_span_form<P>(chars);
    check_span_form<P>(std::vector<std::string_view>(names.begin(), names.end()));
    check_span_form<P>(std::span<const int>(ints).subspan(2, 8));
    check_span_form<P>(std::vector<std::uint64_t>{UINT64_MAX, UINT64_MAX, 0});
  });
}

TEST_CASE("segment_offsets: out may be any contiguous range") {
  const std::vector<int> segments{9, 9, 8, 9};
  SUBCASE("std::vector") {
    std::vector<long> out(5, -1);
    REQUIRE(kvc::segment_offsets(segments, out) == std::errc{});
    CHECK(out == std::vector<long>{0, 2, 3, 4, -1});
  }
  SUBCASE("std::array") {
    std::array<unsigned short, 6> out{7, 7, 7, 7, 7, 7};
    REQUIRE(kvc::segment_offsets(segments, out) == std::errc{});
    CHECK(out == std::array<unsigned short, 6>{0, 2, 3, 4, 7, 7});
  }
  SUBCASE("C arrays") {
    const int c_segments[] = {9, 9, 8, 9};
    int out[4] = {-1, -1, -1, -1};
    REQUIRE(kvc::segment_offsets(c_segments, out) == std::errc{});
    CHECK(out[0] == 0);
    CHECK(out[1] == 2);
    CHECK(out[2] == 3);
    CHECK(out[3] == 4);
  }
  SUBCASE("a subspan leaves its neighbours alone") {
    std::vector<std::int32_t> buffer(10, -3);
    REQUIRE(kvc::segment_offsets(segments, std::span<std::int32_t>(buffer).subspan(2, 4)) ==
            std::errc{});
    CHECK(buffer == std::vector<std::int32_t>{-3, -3, 0, 2, 3, 4, -3, -3, -3, -3});
  }
}

TEST_CASE("segment_offsets: empty input writes a single 0") {
  const std::vector<int> none;
  CHECK(kvc::segment_run_count(none) == 0);
  CHECK(kvc::max_segment_length(none) == 0);
  CHECK(kvc::segment_run_count(std::string_view{}) == 0);
  CHECK(kvc::max_segment_length(std::string_view{}) == 0);
  for_each_type(output_types{}, [&](auto type) {
    using P = typename decltype(type)::type;
    CAPTURE(sizeof(P));
    {  // into exactly one element
      std::vector<P> out(1, sentinel<P>());
      CHECK(kvc::segment_offsets(none, std::span<P>(out)) == std::errc{});
      CHECK(out[0] == P{0});
    }
    {  // into a longer out: the rest is untouched
      std::vector<P> out(4, sentinel<P>());
      CHECK(kvc::segment_offsets(none, std::span<P>(out)) == std::errc{});
      CHECK(out[0] == P{0});
      CHECK(all_sentinel<P>(std::span<const P>(out).subspan(1)));
    }
    {  // into an empty out: value_too_large
      std::vector<P> out;
      CHECK(kvc::segment_offsets(none, std::span<P>(out)) == std::errc::value_too_large);
    }
  });
  check_span_form<std::int8_t>(std::string_view{});
}

TEST_CASE("segment_offsets: out shorter than runs + 1 is value_too_large and writes nothing") {
  // Every size from 0 to total + 2: below runs + 1 is an error, from runs + 1 on it succeeds even
  // when out is shorter than the input.
  const auto check_sizes = [](const std::vector<int>& segments) {
    const std::vector<std::size_t> expected = oracle_offsets(segments);
    for_each_type(output_types{}, [&](auto type) {
      using P = typename decltype(type)::type;
      CAPTURE(sizeof(P));
      CAPTURE(segments.size());
      for (std::size_t size = 0; size <= segments.size() + 2; ++size) {
        CAPTURE(size);
        std::vector<P> out(size, sentinel<P>());
        const std::errc result = kvc::segment_offsets(segments, std::span<P>(out));
        if (size < expected.size()) {
          CHECK(result == std::errc::value_too_large);
          CHECK(all_sentinel<P>(out));
        } else {
          REQUIRE(result == std::errc{});
          CHECK(std::equal(expected.begin(), expected.end(), out.begin(),
                           [](std::size_t a, P b) { return std::cmp_equal(a, b); }));
          CHECK(all_sentinel<P>(std::span<const P>(out).subspan(expected.size())));
        }
      }
    });
  };
  SUBCASE("few long runs") {
    check_sizes({1, 1, 1, 2, 2, 2, 2, 1, 1});
  }
  SUBCASE("every token its own run") {
    check_sizes({1, 2, 3, 4, 5, 6});
  }
  SUBCASE("one run") {
    check_sizes(std::vector<int>(12, 4));
  }
  SUBCASE("single token") {
    check_sizes({0});
  }
  SUBCASE("one element short of a long input of many runs") {
    std::vector<int> segments(200'000);
    for (std::size_t i = 0; i < segments.size(); ++i) segments[i] = static_cast<int>(i / 2);
    std::vector<std::uint32_t> out(100'000, sentinel<std::uint32_t>());  // runs + 1 = 100'001
    CHECK(kvc::segment_offsets(segments, std::span<std::uint32_t>(out)) ==
          std::errc::value_too_large);
    CHECK(all_sentinel<std::uint32_t>(out));
    out.push_back(sentinel<std::uint32_t>());
    CHECK(kvc::segment_offsets(segments, std::span<std::uint32_t>(out)) == std::errc{});
    CHECK(out.back() == 200'000);
    CHECK(out[50'000] == 100'000);
  }
}

TEST_CASE("segment_offsets: a total that does not fit is result_out_of_range") {
  // The total is the largest offset: a total of max fits, max + 1 does not -- however short the
  // runs.
  const auto check_limit = [](auto type) {
    using P = typename decltype(type)::type;
    constexpr auto max = static_cast<std::size_t>(std::numeric_limits<P>::max());
    CAPTURE(max);
    const std::vector<int> one_run(max, 3);
    std::vector<int> short_runs(max);
    for (std::size_t i = 0; i < max; ++i) short_runs[i] = static_cast<int>(i / 3 % 2);
    check_span_form<P>(one_run);
    check_span_form<P>(short_runs);
    check_span_form<P>(short_runs, 0);
    for (auto segments : {one_run, short_runs}) {
      segments.push_back(segments.back());  // total max + 1, same runs
      for (const std::size_t extra : {std::size_t{0}, std::size_t{5}}) {
        std::vector<P> out(oracle_offsets(segments).size() + extra, sentinel<P>());
        CHECK(kvc::segment_offsets(segments, std::span<P>(out)) == std::errc::result_out_of_range);
        CHECK(all_sentinel<P>(out));
      }
      segments.push_back(segments.back() + 1);  // total max + 2, one more run
      std::vector<P> out(segments.size() + 1, sentinel<P>());
      CHECK(kvc::segment_offsets(segments, std::span<P>(out)) == std::errc::result_out_of_range);
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
  SUBCASE("int8_t: the exact offsets at the limit") {
    std::vector<int> segments(127, 0);
    std::fill(segments.begin() + 100, segments.end(), 1);
    std::array<std::int8_t, 4> out{-7, -7, -7, -7};
    REQUIRE(kvc::segment_offsets(segments, out) == std::errc{});
    CHECK(out == std::array<std::int8_t, 4>{0, 100, 127, -7});
    segments.push_back(1);
    out = {-7, -7, -7, -7};
    CHECK(kvc::segment_offsets(segments, out) == std::errc::result_out_of_range);
    CHECK(out == std::array<std::int8_t, 4>{-7, -7, -7, -7});
  }
  SUBCASE("too short and too narrow at once is still an error that writes nothing") {
    std::vector<int> segments(300);
    for (std::size_t i = 0; i < segments.size(); ++i) segments[i] = static_cast<int>(i % 2);
    for (const std::size_t size : {std::size_t{0}, std::size_t{1}, std::size_t{299}}) {
      std::vector<std::int8_t> out(size, sentinel<std::int8_t>());
      CHECK(kvc::segment_offsets(segments, std::span<std::int8_t>(out)) != std::errc{});
      CHECK(all_sentinel<std::int8_t>(out));
    }
  }
}

TEST_CASE("segment_offsets: run count and max segment length") {
  using namespace std::string_view_literals;
  CHECK(kvc::segment_run_count(std::vector<int>{5}) == 1);
  CHECK(kvc::max_segment_length(std::vector<int>{5}) == 1);
  CHECK(kvc::segment_run_count(std::vector<int>{1, 1, 2, 1}) == 3);
  CHECK(kvc::max_segment_length(std::vector<int>{1, 1, 2, 1}) == 2);
  CHECK(kvc::max_segment_length(std::vector<int>{1, 2, 2, 2}) == 3);     // the longest run is last
  CHECK(kvc::max_segment_length(std::vector<int>{3, 3, 3, 1, 1}) == 3);  // ... and first
  CHECK(kvc::max_segment_length(std::vector<int>{1, 1, 2, 1, 1}) == 2);  // not 4 for id 1
  CHECK(kvc::segment_run_count(std::vector<int>{1, 1, 2, 1, 1}) == 3);
  CHECK(kvc::segment_run_count("aaabccccaab"sv) == 5);
  CHECK(kvc::max_segment_length("aaabccccaab"sv) == 4);
  const std::array<unsigned, 3> wrapped{UINT_MAX, UINT_MAX, 0};
  CHECK(kvc::segment_run_count(wrapped) == 2);
}

TEST_CASE("segment_offsets: random inputs against the oracles and segment_positions") {
  const auto run = [](std::uint64_t seed, std::size_t max_size, int alphabet, double mean_run) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> size(0, max_size);
    for (int iteration = 0; iteration < 200; ++iteration) {
      CAPTURE(seed);
      CAPTURE(iteration);
      const std::vector<int> segments = random_segments(rng, size(rng), alphabet, mean_run);
      check_against_positions(segments);
      check_span_form<std::size_t>(segments);
      check_span_form<std::int16_t>(segments, 0);
      const std::vector<long> as_long(segments.begin(), segments.end());
      check_span_form<std::uint32_t>(as_long);
      // A random too-short out is an error that writes nothing.
      const std::size_t needed = kvc::segment_run_count(segments) + 1;
      std::vector<std::int32_t> short_out(
          std::uniform_int_distribution<std::size_t>(0, needed - 1)(rng), -7);
      CHECK(kvc::segment_offsets(segments, std::span<std::int32_t>(short_out)) ==
            std::errc::value_too_large);
      CHECK(
          std::all_of(short_out.begin(), short_out.end(), [](std::int32_t v) { return v == -7; }));
    }
  };
  SUBCASE("binary ids, short runs") {
    run(61, 50, 2, 1.5);
  }
  SUBCASE("ternary ids with negatives, longer runs") {
    run(62, 400, 3, 8.0);
  }
  SUBCASE("many ids") {
    run(63, 200, 1000, 3.0);
  }
}

TEST_CASE("segment_offsets: large inputs") {
  SUBCASE("one run of 200k tokens") {
    const std::vector<int> segments(200'000, -4);
    check_span_form<std::int32_t>(segments);
    CHECK(kvc::segment_run_count(segments) == 1);
    CHECK(kvc::max_segment_length(segments) == 200'000);
    std::array<std::int16_t, 2> out{-7, -7};
    CHECK(kvc::segment_offsets(segments, out) == std::errc::result_out_of_range);
    CHECK(out == std::array<std::int16_t, 2>{-7, -7});
  }
  SUBCASE("200k tokens of random runs") {
    std::mt19937_64 rng(64);
    const std::vector<int> segments = random_segments(rng, 200'000, 4, 50.0);
    check_against_positions(segments);
    check_span_form<std::uint32_t>(segments);
  }
  SUBCASE("3 million tokens in runs of 100, one merged run of 1000") {
    constexpr std::size_t n = 3'000'000;
    std::vector<std::int64_t> segments(n);
    for (std::size_t i = 0; i < n; ++i) segments[i] = static_cast<std::int64_t>(i / 100 % 3);
    // Tokens [2000, 3000) become one run, replacing runs 20..29.
    std::fill(segments.begin() + 2000, segments.begin() + 3000, -1);
    const std::size_t runs = n / 100 - 9;
    CHECK(kvc::segment_run_count(segments) == runs);
    CHECK(kvc::max_segment_length(segments) == 1000);
    std::vector<std::uint32_t> out(runs + 1, sentinel<std::uint32_t>());
    REQUIRE(kvc::segment_offsets(segments, std::span<std::uint32_t>(out)) == std::errc{});
    std::size_t mismatches = 0;
    for (std::size_t k = 0; k < runs; ++k) {
      const std::size_t expected = k <= 20 ? 100 * k : 100 * (k + 9);  // run 20 starts at 2000
      if (out[k] != expected) ++mismatches;
    }
    CHECK(mismatches == 0);
    CHECK(out[runs] == n);
    std::vector<std::int16_t> narrow(runs + 1, -7);
    CHECK(kvc::segment_offsets(segments, std::span<std::int16_t>(narrow)) ==
          std::errc::result_out_of_range);
    CHECK(std::all_of(narrow.begin(), narrow.end(), [](std::int16_t v) { return v == -7; }));
  }
}
