// kvc/detail/positions_avx2.hpp - run-relative positions of 4-byte ids, 8 tokens a step (AVX2).
//
// `positions_avx2<Stream>(ids, count, out)` writes exactly what the run-position loop
// (`run_positions`, runs.hpp) writes. It is written with the compilers' own vector extensions and
// x86 builtins rather than <immintrin.h> (which alone would triple the cost of including kvc), and
// exists only on x86-64 with g++ or clang (KVC_DETAIL_POSITIONS_AVX2 is then 1); positions.hpp
// chooses it at run time when the CPU has AVX2. (An SSE2 form measured no faster than the scalar
// loop -- about 1 cycle a token either way -- so there is none.)
//
// The kernel, 8 lanes per block starting at index i:
//
//   eq   = movemask(ids[i..i+8) == ids[i-1..i+7))           one bit per lane: "continues the run"
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
// dependency. Token 0, the alignment peel and the tail (fewer than 8 tokens) are the run-position
// loop itself, so nothing is read before ids[0] or after ids[count-1], and nothing is written
// outside out[0..count).
//
// Large outputs are written with non-temporal stores, after peeling to a 32-byte aligned output,
// then fenced, so the output costs no read-for-ownership. Below the cache size, ordinary stores
// are as fast or faster, so the threshold follows memcpy's: recent glibc streams above a quarter of
// the shared cache, so it is max(4 MiB, L3 / 4), L3 as sysconf reports it (4 MiB where it does
// not).
//
// Ids and positions are loaded and stored with memcpy (one unaligned vector move each); only the
// non-temporal store goes through a vector pointer, as the intrinsic would.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "runs.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define KVC_DETAIL_POSITIONS_AVX2 1
#if __has_include(<unistd.h>)
#include <unistd.h>
#endif
#else
#define KVC_DETAIL_POSITIONS_AVX2 0
#endif

namespace kvc::detail {

/// Ids and positions the AVX2 kernel handles: 4-byte integers on both sides (equality of 4-byte
/// integers is equality of their bits, and a position below 2^31 has the same bits in any of them).
template <class Id, class P>
concept avx2_positions_types =
    std::integral<Id> && std::integral<P> && !std::is_volatile_v<Id> && !std::is_volatile_v<P> &&
    !std::same_as<std::remove_cv_t<Id>, bool> && !std::same_as<std::remove_cv_t<P>, bool> &&
    sizeof(Id) == 4 && sizeof(P) == 4 && std::has_unique_object_representations_v<Id> &&
    std::has_unique_object_representations_v<P>;

/// "No boundary" in the tables: above every real lane value, with room for the + 8 of the unrolled
/// carry below INT32_MAX.
inline constexpr std::int32_t positions_none = std::numeric_limits<std::int32_t>::max() - 1024;

/// The largest count the kernel takes: every lane value it computes for real tokens is at most
/// count + 7, below `positions_none`, so no lane overflows.
inline constexpr std::size_t avx2_positions_max_count =
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

struct positions_table {
  positions_min_row rows[256];
};

template <std::size_t W>
constexpr positions_table make_positions_table() {
  static_assert(W == 8, "one row of 8 lanes per movemask");
  positions_table table{};
  for (std::size_t eq = 0; eq < 256; ++eq)
    for (std::size_t j = 0; j < W; ++j) {
      table.rows[eq].t[j] = positions_t(eq, j);
      table.rows[eq].b[j] = positions_b<W>(eq, j);
    }
  return table;
}

/// The table for blocks of 32 bytes of Id, computed at compile time. A variable template used with
/// the kernel's own Id, so it is evaluated only where the kernel is instantiated, not in every TU
/// that includes kvc.
template <class Id>
inline constexpr positions_table positions_table8 = make_positions_table<32 / sizeof(Id)>();

#if KVC_DETAIL_POSITIONS_AVX2

using avx2_i32x8 = std::int32_t __attribute__((vector_size(32)));
using avx2_f32x8 = float __attribute__((vector_size(32)));
using avx2_i64x4 = long long __attribute__((vector_size(32)));

#define KVC_DETAIL_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline

/// 8 values from `p` (any alignment).
template <class T>
KVC_DETAIL_AVX2_INLINE avx2_i32x8 avx2_load(const T* p) noexcept {
  avx2_i32x8 v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}

KVC_DETAIL_AVX2_INLINE avx2_i32x8 avx2_splat(std::int32_t x) noexcept {
  return avx2_i32x8{x, x, x, x, x, x, x, x};
}

KVC_DETAIL_AVX2_INLINE avx2_i32x8 avx2_min(avx2_i32x8 a, avx2_i32x8 b) noexcept {
  return a < b ? a : b;  // vpminsd
}

/// One AVX2 block: the positions of the 8 tokens at `i` (stored), given c[j] = (position of token
/// i-1) + 1 + j; returns B[eq] (c for the next block is min(c + 8, B[eq])).
template <bool Stream, class Id, class P>
KVC_DETAIL_AVX2_INLINE avx2_i32x8 positions_avx2_block(const Id* ids, std::size_t i, P* out,
                                                       avx2_i32x8 c) noexcept {
  const avx2_i32x8 same = avx2_load(ids + i) == avx2_load(ids + i - 1);
  const auto eq = static_cast<unsigned>(
      __builtin_ia32_movmskps256(__builtin_bit_cast(avx2_f32x8, same)));
  const positions_min_row& row = positions_table8<Id>.rows[eq];
  const avx2_i32x8 positions = avx2_min(c, avx2_load(row.t));
  if constexpr (Stream) {
#if defined(__clang__)
    __builtin_nontemporal_store(positions, reinterpret_cast<avx2_i32x8*>(out + i));
#else
    __builtin_ia32_movntdq256(reinterpret_cast<avx2_i64x4*>(out + i),
                              __builtin_bit_cast(avx2_i64x4, positions));
#endif
  } else {
    __builtin_memcpy(out + i, &positions, sizeof positions);
  }
  return avx2_load(row.b);
}

/// The AVX2 kernel (requires 2 <= count <= avx2_positions_max_count and no overlap). With
/// `Stream`, non-temporal stores to a 32-byte aligned output.
template <bool Stream, class Id, class P>
__attribute__((target("avx2"))) void positions_avx2(const Id* ids, std::size_t count,
                                                    P* out) noexcept {
  // Token 0, and with `Stream` the tokens before the first 32-byte aligned output: the run loop.
  std::size_t head = 1;
  if constexpr (Stream) {
    const auto misalignment = reinterpret_cast<std::uintptr_t>(out + 1) % 32;
    if (misalignment != 0) head += (32 - misalignment) / sizeof(P);  // P is 4-byte aligned
    if (head > count) head = count;
  }
  std::size_t start = run_positions(ids, ids, ids + head, 0, 0, out).start;
  std::size_t i = head;
  if (count - i >= 8) {
    // c[j] = (position of token i-1) + 1 + j
    avx2_i32x8 c = avx2_splat(static_cast<std::int32_t>(i - 1 - start)) +
                   avx2_i32x8{1, 2, 3, 4, 5, 6, 7, 8};
    const avx2_i32x8 eight = avx2_splat(8), sixteen = avx2_splat(16);
    // Two blocks a step, the carried c updated once: min(min(c + 8, B0) + 8, B1) is
    // min(c + 16, min(B0 + 8, B1)), and only its outer add and min wait on the previous step.
    for (; count - i >= 16; i += 16) {
      const avx2_i32x8 b0 = positions_avx2_block<Stream>(ids, i, out, c);
      const avx2_i32x8 c1 = avx2_min(c + eight, b0);
      const avx2_i32x8 b1 = positions_avx2_block<Stream>(ids, i + 8, out, c1);
      c = avx2_min(c + sixteen, avx2_min(b0 + eight, b1));
    }
    if (count - i >= 8) {
      const avx2_i32x8 b0 = positions_avx2_block<Stream>(ids, i, out, c);
      c = avx2_min(c + eight, b0);
      i += 8;
    }
    if constexpr (Stream) __builtin_ia32_sfence();
    // c[0] = (position of token i-1) + 1, so token i-1's run starts at i - c[0].
    start = i - static_cast<std::size_t>(c[0]);
  }
  // The tail: the run loop again, from token i.
  run_positions(ids + i - 1, ids + i, ids + count, i, start, out + i);
}

#undef KVC_DETAIL_AVX2_INLINE

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

#endif  // KVC_DETAIL_POSITIONS_AVX2

}  // namespace kvc::detail
