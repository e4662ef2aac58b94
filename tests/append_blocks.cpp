// tests/append_blocks.cpp - kvc::blocks_for_append at run time: random counts of every width
// against a deliberately simple oracle in 128-bit arithmetic, the edges of every block size, and
// the inputs that are not a request.
#include <kvc/append_blocks.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <random>

namespace {

__extension__ typedef unsigned __int128 wide;

/// ceil((held + appended + lookahead) / size) - ceil(held / size), saturated at 64 bits.
std::uint64_t oracle(std::uint64_t held, std::uint64_t appended, std::uint64_t lookahead,
                     std::uint64_t size) {
  const wide total = wide{held} + appended + lookahead;
  const wide need = (total + size - 1) / size;
  const wide have = (wide{held} + size - 1) / size;
  const wide blocks = need - have;
  return blocks > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                            : static_cast<std::uint64_t>(blocks);
}

}  // namespace

TEST_CASE("blocks_for_append equals the 128-bit oracle on random counts of every size") {
  std::mt19937_64 random(20261207);
  constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t edges[] = {0, 1, 2, 15, 16, 17, 31, 32, 33, 1ULL << 32, top / 2, top / 2 + 1,
                                 top - 1, top};
  const auto draw = [&] {
    switch (random() % 3) {
      case 0: return edges[random() % std::size(edges)];
      case 1: return random() % 100;
      default: return random();
    }
  };
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t held = draw(), appended = draw(), lookahead = draw();
    const std::uint64_t size = draw() | 1;
    CHECK(kvc::blocks_for_append(held, appended, lookahead, size) == oracle(held, appended, lookahead, size));
  }
}

TEST_CASE("blocks_for_append at every edge of small block sizes") {
  for (int size = 1; size <= 33; ++size)
    for (int held = 0; held <= 3 * size; ++held)
      for (int appended = 0; appended <= 2 * size + 1; ++appended)
        for (int lookahead = 0; lookahead <= size + 1; ++lookahead) {
          const auto have = (held + size - 1) / size;
          const auto need = (held + appended + lookahead + size - 1) / size;
          REQUIRE(kvc::blocks_for_append(held, appended, lookahead, size) ==
                  static_cast<std::uintmax_t>(need - have));
        }
}

TEST_CASE("blocks_for_append refuses what is not a request") {
  CHECK(kvc::blocks_for_append(-1, 1, 0, 16) == 0);
  CHECK(kvc::blocks_for_append(0, -1, 16, 16) == 0);
  CHECK(kvc::blocks_for_append(0, 16, -1, 16) == 0);
  CHECK(kvc::blocks_for_append(0, 16, 0, 0) == 0);
  CHECK(kvc::blocks_for_append(0, 16, 0, std::numeric_limits<std::int64_t>::min()) == 0);
  // Mixed signedness decided by value: -1 is never a huge count.
  CHECK(kvc::blocks_for_append(16U, -1, 0, 16U) == 0);
}
