// kvc/detail/positions_simd.hpp - vectorized run-relative positions, chosen at run time.
//
// `fast_positions_dispatch(ids, count, out)` writes exactly what `fast_positions` (fast_paths.hpp)
// writes. For 4-byte ids and 4-byte positions on x86-64 it runs an AVX2 kernel when the CPU has
// AVX2 (asked once, then cached); every other case -- other widths, other targets, compilers
// without the x86 builtins, CPUs without AVX2, counts whose indices would not fit in a 32-bit lane,
// overlapping input and output -- runs the scalar `fast_positions`. (An SSE2 form of the kernel
// below measured no faster than the scalar loop -- about 1 cycle a token either way -- so there is
// none.)
//
// The kernel, 8 lanes per block starting at index i:
//
//   eq   = movemask(cmpeq(ids[i..i+8), ids[i-1..i+7)))     one bit per lane: "continues the run"
//   c[j] = r + 1 + j                                        r = position of token i-1 (carried)
//   out  = min(c, T[eq])                                    T[eq][j] = j - (last boundary <= j), or
//                                                           `none` if no boundary <= j
//   next c = min(c + 8, B[eq])                              B[eq][j] = 8 - (last boundary) + j, or
//                                                           `none` if no boundary in the block
//
// (a boundary is a lane whose id differs from its predecessor's; a boundary in the block always
// gives the smaller value, since c[j] > j). So a block costs two loads of ids, one compare, one
// movemask, one table row (64 bytes, from a 16 KiB table), an add, two minima and a store -- no
// shuffles -- and the kernel handles two blocks a step with one add and one min of carried
// dependency. Token 0, the tail (fewer than 8 tokens) and the alignment peel are scalar, so
// nothing is read before ids[0] or after ids[count-1], and nothing is written outside
// out[0..count).
//
// Large outputs are written with non-temporal stores, after peeling to a 32-byte aligned output,
// then fenced, so the output costs no read-for-ownership. Below the cache size, ordinary stores
// are as fast or faster, so the threshold follows memcpy's: recent glibc streams above a quarter of
// the shared cache, so it is max(4 MiB, L3 / 4), L3 as sysconf reports it (4 MiB where it does
// not).
//
// No type punning: ids and positions are moved only by the intrinsic unaligned loads and stores,
// and the table is an array of int32_t rows read by the intrinsic aligned loads.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "fast_paths.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KVC_DETAIL_POSITIONS_X86 1
#include <immintrin.h>
#if __has_include(<unistd.h>)
#include <unistd.h>
#endif
#else
#define KVC_DETAIL_POSITIONS_X86 0
#endif

namespace kvc::detail {

/// Ids and positions the vector kernels handle: 4-byte integers on both sides (equality of 4-byte
/// integers is equality of their bits, and a position below 2^31 has the same bits in any of them).
template <class Id, class P>
concept simd_positions_types =
    std::integral<Id> && std::integral<P> && !std::is_volatile_v<Id> && !std::is_volatile_v<P> &&
    !std::same_as<std::remove_cv_t<Id>, bool> && !std::same_as<std::remove_cv_t<P>, bool> &&
    sizeof(Id) == 4 && sizeof(P) == 4 && std::has_unique_object_representations_v<Id> &&
    std::has_unique_object_representations_v<P>;

/// "No boundary" in the tables: above every real lane value, with room for the + 8 of the unrolled
/// carry below INT32_MAX.
inline constexpr std::int32_t positions_none = std::numeric_limits<std::int32_t>::max() - 1024;

/// The largest count the vector kernels take: every lane value they compute for real tokens is at
/// most count + 7, below `positions_none`, so no lane overflows.
inline constexpr std::size_t simd_positions_max_count =
    static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()) - 2048;

/// Smallest output (bytes) written with non-temporal stores.
inline constexpr std::size_t min_stream_threshold_bytes = std::size_t{4} << 20;

/// One table row for an 8-lane block: T and B as described above; one cache line.
struct alignas(64) positions_min_row {
  std::int32_t t[8];
  std::int32_t b[8];
};

/// T[eq][j] and B[eq][j] for a W-lane block with movemask `eq`, as described above.
constexpr std::int32_t positions_t(std::size_t eq, std::size_t j) {
  for (std::size_t k = j + 1; k-- > 0;)
    if (((eq >> k) & 1U) == 0) return static_cast<std::int32_t>(j - k);
  return positions_none;
}
template <std::size_t W>
constexpr std::int32_t positions_b(std::size_t eq, std::size_t j) {
  const std::int32_t t = positions_t(eq, W - 1);  // W-1 - last boundary
  return t == positions_none ? positions_none : t + 1 + static_cast<std::int32_t>(j);
}

constexpr std::array<positions_min_row, 256> make_positions_table8() {
  std::array<positions_min_row, 256> table{};
  for (std::size_t eq = 0; eq < table.size(); ++eq)
    for (std::size_t j = 0; j < 8; ++j) {
      table[eq].t[j] = positions_t(eq, j);
      table[eq].b[j] = positions_b<8>(eq, j);
    }
  return table;
}

inline constexpr std::array<positions_min_row, 256> positions_table8 = make_positions_table8();

/// Scalar positions of tokens [from, to), given the start of the run of token from-1 (from >= 1);
/// returns the start of the run of token to-1. Same loop as `fast_positions`.
template <class Id, class P>
std::size_t positions_scalar_range(const Id* ids, std::size_t from, std::size_t to, P* out,
                                   std::size_t start) noexcept {
  for (std::size_t i = from; i < to; ++i) {
    start = ids[i] == ids[i - 1] ? start : i;
    out[i] = static_cast<P>(i - start);
  }
  return start;
}

#if KVC_DETAIL_POSITIONS_X86

/// One AVX2 block: the positions of the 8 tokens at `i` (stored), given c[j] = (position of token
/// i-1) + 1 + j; returns B[eq] (c for the next block is min(c + 8, B[eq])).
template <bool Stream, class Id, class P>
__attribute__((target("avx2"), always_inline)) inline __m256i positions_avx2_block(
    const Id* ids, std::size_t i, P* out, __m256i c) noexcept {
  const __m256i current = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ids + i));
  const __m256i previous = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ids + i - 1));
  const auto eq = static_cast<unsigned>(
      _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(current, previous))));
  const auto& row = positions_table8[eq];
  const __m256i positions =
      _mm256_min_epi32(c, _mm256_load_si256(reinterpret_cast<const __m256i*>(row.t)));
  if constexpr (Stream)
    _mm256_stream_si256(reinterpret_cast<__m256i*>(out + i), positions);
  else
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), positions);
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(row.b));
}

/// The AVX2 kernel (requires 2 <= count <= simd_positions_max_count and no overlap). With `Stream`,
/// non-temporal stores to a 32-byte aligned output.
template <bool Stream, class Id, class P>
__attribute__((target("avx2"))) void positions_avx2(const Id* ids, std::size_t count,
                                                    P* out) noexcept {
  out[0] = P{0};
  // Peel scalar tokens until the output is 32-byte aligned (non-temporal stores need it).
  std::size_t head = 1;
  if constexpr (Stream) {
    const auto misalignment = reinterpret_cast<std::uintptr_t>(out + 1) % 32;
    if (misalignment != 0) head += (32 - misalignment) / sizeof(P);  // P is 4-byte aligned
    if (head > count) head = count;
  }
  std::size_t start = positions_scalar_range(ids, 1, head, out, 0);
  std::size_t i = head;
  if (count - i >= 8) {
    // c[j] = (position of token i-1) + 1 + j
    __m256i c = _mm256_add_epi32(_mm256_set1_epi32(static_cast<std::int32_t>(i - 1 - start)),
                                 _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 8));
    const __m256i eight = _mm256_set1_epi32(8), sixteen = _mm256_set1_epi32(16);
    // Two blocks a step, the carried c updated once: min(min(c + 8, B0) + 8, B1) is
    // min(c + 16, min(B0 + 8, B1)), and only its outer add and min wait on the previous step.
    for (; count - i >= 16; i += 16) {
      const __m256i b0 = positions_avx2_block<Stream>(ids, i, out, c);
      const __m256i c1 = _mm256_min_epi32(_mm256_add_epi32(c, eight), b0);
      const __m256i b1 = positions_avx2_block<Stream>(ids, i + 8, out, c1);
      c = _mm256_min_epi32(_mm256_add_epi32(c, sixteen),
                           _mm256_min_epi32(_mm256_add_epi32(b0, eight), b1));
    }
    if (count - i >= 8) {
      const __m256i b0 = positions_avx2_block<Stream>(ids, i, out, c);
      c = _mm256_min_epi32(_mm256_add_epi32(c, eight), b0);
      i += 8;
    }
    if constexpr (Stream) _mm_sfence();
    // c[0] = (position of token i-1) + 1, so token i-1's run starts at i - c[0].
    start = i - static_cast<std::size_t>(_mm_cvtsi128_si32(_mm256_castsi256_si128(c)));
  }
  positions_scalar_range(ids, i, count, out, start);
}

/// Whether the CPU (and the OS) support AVX2; asked once.
inline bool cpu_has_avx2() noexcept {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return has;
}

/// Output size (bytes) above which the AVX2 kernel streams; computed once.
inline std::size_t positions_stream_threshold() noexcept {
  static const std::size_t threshold = [] {
    std::size_t bytes = min_stream_threshold_bytes;
#if defined(_SC_LEVEL3_CACHE_SIZE)
    const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (l3 > 0 && static_cast<std::size_t>(l3) / 4 > bytes)
      bytes = static_cast<std::size_t>(l3) / 4;
#endif
    return bytes;
  }();
  return threshold;
}

#endif  // KVC_DETAIL_POSITIONS_X86

/// Whether the bytes of `a` (a_bytes long) and `b` (b_bytes long) overlap.
inline bool bytes_overlap(const void* a, std::size_t a_bytes, const void* b,
                          std::size_t b_bytes) noexcept {
  const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
  return x < y + b_bytes && y < x + a_bytes;
}

/// Run-relative positions of contiguous integer ids: the same output as `fast_positions`, through
/// the fastest kernel the types, the size and the CPU allow.
template <class Id, class P>
void fast_positions_dispatch(const Id* ids, std::size_t count, P* out) noexcept {
#if KVC_DETAIL_POSITIONS_X86
  if constexpr (simd_positions_types<Id, P>) {
    if (count > 1 && count <= simd_positions_max_count && cpu_has_avx2() &&
        !bytes_overlap(ids, count * sizeof(Id), out, count * sizeof(P))) {
      if (count * sizeof(P) > positions_stream_threshold())
        positions_avx2<true>(ids, count, out);
      else
        positions_avx2<false>(ids, count, out);
      return;
    }
  }
#endif
  fast_positions(ids, count, out);
}

}  // namespace kvc::detail

#undef KVC_DETAIL_POSITIONS_X86
