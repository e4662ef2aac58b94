// Runtime tests of how kvc decides that two ids are equal, with values only known at run time:
// volatile tokens (which take the loop, not the byte-comparing fast path), characters against
// integers (by value), extended integer tokens (by value).
#include <doctest/doctest.h>

#include <kvc/bounded_list.hpp>
#include <kvc/prefix_reuse.hpp>
#include <kvc/segment_positions.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace {

/// The index of the first position where `value_of(cached[i]) != value_of(requested[i])`.
template <class C, class R, class F>
std::size_t oracle_prefix(const C& cached, const R& requested, F same) {
  std::size_t i = 0;
  while (i < cached.size() && i < requested.size() && same(cached[i], requested[i])) ++i;
  return i;
}

/// Opaque to the optimizer, so that the values below are run-time values.
template <class T>
T run_time(T value) {
  volatile T copy = value;
  return copy;
}

}  // namespace

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

TEST_CASE("id equality: character tokens against integers compare by value") {
  // Every char value against the unsigned int and int it could be confused with.
  std::vector<char> chars;
  std::vector<unsigned> as_unsigned;  // what raw == converts char(-1) to: 0xFFFFFFFF
  std::vector<int> as_int;
  for (int v = -128; v <= 127; ++v) {
    const char c = run_time(static_cast<char>(v));
    chars.push_back(c);
    as_unsigned.push_back(static_cast<unsigned>(c));
    as_int.push_back(c);
  }
  const auto by_value = [](char c, auto x) {
    return static_cast<long long>(c) == static_cast<long long>(x);
  };
  CHECK(kvc::reusable_prefix_length(0, 0, chars, as_int) == chars.size());
  CHECK(kvc::reusable_prefix_length(0, 0, as_int, chars) == chars.size());
  // The first char whose value is negative (on a signed-char platform) ends the reuse.
  CHECK(kvc::reusable_prefix_length(0, 0, chars, as_unsigned) ==
        oracle_prefix(chars, as_unsigned, by_value));
  CHECK(kvc::reusable_prefix_length(0, 0, std::vector<char>{run_time(char(-1))},
                                    std::vector<unsigned>{run_time(0xFFFFFFFFu)}) ==
        0);  // char(-1) is -1 or 255, never 0xFFFFFFFF
  CHECK(kvc::reusable_prefix_length(0, 0, std::string("abc"), std::vector<unsigned>{97, 98, 100}) == 2);
  CHECK(kvc::reusable_prefix_length(0, 0, std::u8string(u8"ab"), std::vector<long>{97, 98}) == 2);
  CHECK(kvc::reusable_prefix_length(0, 0, std::u32string{run_time(U'\xFFFFFFFF')},
                                    std::vector<int>{-1}) == 0);
  CHECK(kvc::reusable_prefix_length(0, 0, std::u32string{run_time(U'\xFFFFFFFF')},
                                    std::vector<unsigned>{0xFFFFFFFFu}) == 1);
  // Characters of two types.
  CHECK(kvc::reusable_prefix_length(0, 0, std::string{run_time(char(-1))},
                                    std::u32string{U'\xFFFFFFFF'}) == 0);
  CHECK(kvc::reusable_prefix_length(0, 0, std::string("ab"), std::u32string(U"ab")) == 2);
  // Character namespaces.
  CHECK(kvc::reusable_prefix_length(run_time(char(-1)), run_time(0xFFFFFFFFu), as_int, as_int) == 0);
  CHECK(kvc::reusable_prefix_length(run_time('m'), run_time(109L), as_int, as_int) == as_int.size());
  // A bounded_list of chars against integers.
  kvc::bounded_list<char, 2> list;
  list.push_back(run_time(char(-1)));
  CHECK_FALSE(list == std::vector<unsigned>{0xFFFFFFFFu});
  CHECK(list == std::vector<int>{-1});
}

#if defined(__SIZEOF_INT128__)
TEST_CASE("id equality: extended integer tokens compare by value, never truncated") {
  __extension__ typedef unsigned __int128 uint128;
  __extension__ typedef __int128 int128;
  const std::vector<int128> wide{run_time(int128{-1}), (int128{1} << 64) + 5};
  CHECK(kvc::reusable_prefix_length(0, 0, wide, std::vector<long long>{-1, 5}) == 1);
  CHECK(kvc::reusable_prefix_length(0, 0, std::vector<uint128>{~uint128{0}}, std::vector<int>{-1}) == 0);
  CHECK(kvc::reusable_prefix_length(0, 0, std::vector<uint128>{run_time(uint128{7})},
                                    std::vector<unsigned char>{7}) == 1);
}
#endif
