// kvc/stateful/seeded_random.hpp - the random numbers of kvc's stateful checks: the same seed gives
// the same draws on every compiler and standard library.
//
// Why not <random>'s distributions: std::uniform_int_distribution's algorithm is unspecified and
// differs between libstdc++, libc++ and MSVC, so a seed printed by one build would not reproduce a
// failure in another. SplitMix64 and a widening-multiply bounded draw are fully specified here.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kvc::detail {

/// SplitMix64 (Steele, Lea and Flood, 2014): one 64-bit state, good enough for test generation.
class seeded_random {
 public:
  /// The stream of `seed`.
  constexpr explicit seeded_random(std::uint64_t seed) noexcept : state_(seed) {}

  /// The next 64 random bits.
  constexpr std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

  /// A value in [0, bound), 0 when `bound` is 0; `bound` below 2^32. The high half of a 64 x 32-bit product: the
  /// bias (below 2^-32 for the small bounds used here) does not matter for testing.
  constexpr std::size_t below(std::size_t bound) noexcept {
    const std::uint64_t bits = next() >> 32;
    return static_cast<std::size_t>((bits * static_cast<std::uint64_t>(bound)) >> 32);
  }

  /// A value in [low, high].
  constexpr std::size_t between(std::size_t low, std::size_t high) noexcept {
    return low + below(high - low + 1);
  }

  /// True `percent` times in 100.
  constexpr bool percent(std::size_t percent) noexcept { return below(100) < percent; }

 private:
  std::uint64_t state_;
};

/// The seed of sequence `index` of a run seeded with `seed`: each sequence can be regenerated alone.
[[nodiscard]] constexpr std::uint64_t sequence_seed(std::uint64_t seed, std::size_t index) noexcept {
  seeded_random mix(seed ^ (0xD1B54A32D192ED03ULL * (static_cast<std::uint64_t>(index) + 1)));
  return mix.next();
}

}  // namespace kvc::detail
