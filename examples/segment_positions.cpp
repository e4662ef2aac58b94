// Packed sequences restart positions at every segment run.
#include <kvc/segment_positions.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <span>
#include <system_error>
#include <vector>

// [snippet]
#include <kvc/segment_positions.hpp>

// Three requests packed into one row; request 1 appears again after request 2.
constexpr std::array segments{1, 1, 1, 2, 2, 1};
static_assert(kvc::segment_positions(segments) == std::array<std::size_t, 6>{0, 1, 2, 0, 1, 0});

// The span form writes into caller memory and reports errors instead of writing partially.
constexpr bool int8_overflow_is_reported() {
  std::array<int, 200> ids{};             // one run of 200 tokens: positions up to 199
  std::array<std::int8_t, 200> out{};     // int8_t stops at 127
  return kvc::segment_positions(ids, std::span{out}) == std::errc::result_out_of_range;
}
static_assert(int8_overflow_is_reported());
// [snippet]

int main() {
  const std::vector<std::int32_t> packed{7, 7, 7, 3, 3, 7, 7};
  std::vector<std::int32_t> positions(packed.size());
  if (kvc::segment_positions(packed, std::span{positions}) != std::errc{}) return 1;
  for (const auto position : positions) std::printf("%d ", position);
  std::printf("\n");
  return positions == std::vector<std::int32_t>{0, 1, 2, 0, 1, 0, 1} ? 0 : 1;
}
