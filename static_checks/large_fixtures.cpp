// Fixtures of 65,536 tokens, evaluated within the compilers' default constant-evaluation limits
// (clang: 1,048,576 steps; g++: 2^25 operations and 2^18 loop iterations). Compiled, never run.
#include <kvc/prefix_reuse.hpp>
#include <kvc/segment_positions.hpp>

#include <array>
#include <cstddef>

namespace {

constexpr std::size_t tokens = 65536;

// Tokens 0..6 repeating; the request differs from the cache only in its last token.
constexpr std::array<int, tokens> cached = [] {
  std::array<int, tokens> a{};
  int* data = a.data();
  for (std::size_t i = 0; i < tokens; ++i) data[i] = static_cast<int>(i % 7);
  return a;
}();
constexpr std::array<int, tokens> requested = [] {
  auto a = cached;
  a.data()[tokens - 1] = -1;
  return a;
}();
static_assert(kvc::reusable_prefix_length(1, 1, cached, requested) == tokens - 1);
static_assert(kvc::reusable_prefix_length(1, 2, cached, requested) == 0);
static_assert(kvc::reusable_prefix_length(1, 1, cached, cached, 16) == tokens);

// 128 segments of 512 tokens, ids reused: every position is its offset within its segment.
constexpr std::array<int, tokens> segments = [] {
  std::array<int, tokens> a{};
  int* data = a.data();
  for (std::size_t i = 0; i < tokens; ++i) data[i] = static_cast<int>(i / 512 % 3);
  return a;
}();
constexpr bool positions_restart_every_512() {
  const auto positions = kvc::segment_positions(segments);
  const std::size_t* data = positions.data();
  for (std::size_t i = 0; i < tokens; i += 511)
    if (data[i] != i % 512) return false;
  return data[tokens - 1] == 511;
}
static_assert(positions_restart_every_512());

}  // namespace
