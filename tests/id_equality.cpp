// Runtime tests of how kvc decides that two ids are equal, with values only known at run time:
// volatile tokens (which take the loop, not the byte-comparing fast path), characters against
// integers (by value), C strings (by content), extended integer tokens (by value).
#include <doctest/doctest.h>

#include <kvc/bounded_list.hpp>
#include <kvc/prefix_reuse.hpp>
#include <kvc/segment_positions.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
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

TEST_CASE("id equality: C-string namespaces compare by content, not by address") {
  const std::string cache_ns = "llama-3/base";
  const std::string request_ns = std::string("llama-3/") + "base";  // another buffer, same text
  REQUIRE(cache_ns.c_str() != request_ns.c_str());
  const std::vector<int> cached{101, 7, 42, 9};
  const std::vector<int> requested{101, 7, 42, 12};
  CHECK(kvc::reusable_prefix_length(cache_ns.c_str(), request_ns.c_str(), cached, requested) == 3);
  CHECK(kvc::reusable_prefix_length(cache_ns.data(), request_ns.c_str(), cached, requested) == 3);
  const std::string lora = "llama-3/lora-7";
  CHECK(kvc::reusable_prefix_length(cache_ns.c_str(), lora.c_str(), cached, requested) == 0);
  const std::string prefix_only = "llama-3/bas";
  CHECK(kvc::reusable_prefix_length(cache_ns.c_str(), prefix_only.c_str(), cached, requested) == 0);
  CHECK(kvc::reusable_prefix_length(prefix_only.c_str(), cache_ns.c_str(), cached, requested) == 0);
  // Buffers: the text ends at the first NUL, or at the array's end.
  char buffer[32] = {};
  for (std::size_t i = 0; i < cache_ns.size(); ++i) buffer[i] = cache_ns[i];
  CHECK(kvc::reusable_prefix_length(buffer, cache_ns.c_str(), cached, requested) == 3);
  char unterminated[3] = {'a', 'b', 'c'};
  CHECK(kvc::reusable_prefix_length(unterminated, "abc", cached, requested) == 3);
  CHECK(kvc::reusable_prefix_length(unterminated, "abcd", cached, requested) == 0);
  // Against string objects, and null pointers.
  CHECK(kvc::reusable_prefix_length(request_ns.c_str(), cache_ns, cached, requested) == 3);
  CHECK(kvc::reusable_prefix_length(std::string_view(cache_ns), request_ns.c_str(), cached, requested) ==
        3);
  const char* null = run_time<const char*>(nullptr);
  CHECK(kvc::reusable_prefix_length(null, null, cached, requested) == 3);
  CHECK(kvc::reusable_prefix_length(null, "", cached, requested) == 0);
  CHECK(kvc::reusable_prefix_length(null, std::string_view{}, cached, requested) == 0);
  CHECK(kvc::reusable_prefix_length(std::string(), null, cached, requested) == 0);
}

TEST_CASE("id equality: C-string tokens and segment ids compare by content") {
  const std::string a1 = "the", a2 = "the", b = "cat";
  const std::vector<const char*> cached{a1.c_str(), b.c_str()};
  const std::vector<const char*> requested{a2.c_str(), "cat"};
  CHECK(kvc::reusable_prefix_length(0, 0, cached, requested) == 2);
  const std::array<const char*, 3> ids{a1.c_str(), a2.c_str(), b.c_str()};
  std::array<std::size_t, 3> out{};
  REQUIRE(kvc::segment_positions(ids, std::span<std::size_t>(out)) == std::errc{});
  CHECK(out == std::array<std::size_t, 3>{0, 1, 0});
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
