// Runtime tests of the positions fast path (kvc/detail/positions.hpp, positions_avx2.hpp):
// differential runs of `positions_at_run_time`, and of each x86 kernel it can choose, against a
// deliberately simple oracle and against the run-position loop `run_positions` (runs.hpp), on
// adversarial and random ids, at every small count, at every output misalignment (with guard
// elements around the output), around the streaming threshold and at 16M+3 tokens; and
// `kvc::segment_positions` on the same data.
#include <doctest/doctest.h>

#include <kvc/detail/positions.hpp>
#include <kvc/segment_positions.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <system_error>
#include <type_traits>
#include <vector>

#define KVC_TEST_X86 KVC_DETAIL_POSITIONS_AVX2

namespace {

// Oracle: a token continues the previous token's run iff its id equals its predecessor's; its
// position, counted in size_t, converted to P (as run_positions converts). Also gives the longest
// run.
template <class P, class Id>
std::vector<P> oracle_positions(const std::vector<Id>& ids, std::size_t& longest) {
  std::vector<P> positions(ids.size());
  std::size_t position = 0;
  longest = 0;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    position = (i > 0 && ids[i] == ids[i - 1]) ? position + 1 : 0;
    positions[i] = static_cast<P>(position);
    if (position + 1 > longest) longest = position + 1;
  }
  return positions;
}

constexpr std::size_t guard_count = 16;

template <class P>
constexpr P guard_value() {
  return static_cast<P>(0x5A5A5A5A5A5A5A5AULL);
}

// An output of `count` elements at `offset` elements into a buffer, guarded on both sides; reused
// across kernels (reset() restores the guard value everywhere).
template <class P>
struct guarded_output {
  std::vector<P> buffer;
  std::size_t offset;
  std::size_t count;

  guarded_output(std::size_t offset_, std::size_t count_)
      : buffer(offset_ + count_ + guard_count, guard_value<P>()), offset(offset_), count(count_) {}
  void reset() { std::fill(buffer.begin(), buffer.end(), guard_value<P>()); }
  P* data() { return buffer.data() + offset; }

  // Index of the first element that differs from `expected` (or of the first guard written, as
  // count + 1 + its index in the buffer), or npos.
  std::size_t first_error(const std::vector<P>& expected) const {
    const P* out = buffer.data() + offset;
    for (std::size_t i = 0; i < count; ++i)
      if (out[i] != expected[i]) return i;
    for (std::size_t i = 0; i < buffer.size(); ++i)
      if ((i < offset || i >= offset + count) && buffer[i] != guard_value<P>())
        return count + 1 + i;
    return npos;
  }
  static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();
};

enum class kernel { scalar, dispatch, avx2, avx2_stream };

const char* kernel_name(kernel k) {
  switch (k) {
    case kernel::scalar:
      return "run_positions";
    case kernel::dispatch:
      return "positions_at_run_time";
    case kernel::avx2:
      return "positions_avx2<false>";
    case kernel::avx2_stream:
      return "positions_avx2<true>";
  }
  return "?";
}

// Whether kernel `k` can run on ids of type Id into P here.
template <class Id, class P>
bool kernel_applies(kernel k, [[maybe_unused]] std::size_t count) {
  switch (k) {
    case kernel::scalar:
    case kernel::dispatch:
      return true;
    case kernel::avx2:
    case kernel::avx2_stream:
#if KVC_TEST_X86
      return kvc::detail::avx2_positions_types<Id, P> && count >= 2 && kvc::detail::cpu_has_avx2();
#else
      return false;
#endif
  }
  return false;
}

template <class Id, class P>
void run_kernel(kernel k, const Id* ids, std::size_t count, P* out) {
  switch (k) {
    case kernel::scalar:
      kvc::detail::run_positions(ids, ids, ids + count, 0, 0, out);
      return;
    case kernel::dispatch:
      kvc::detail::positions_at_run_time(ids, count, out);
      return;
    default:
      break;
  }
#if KVC_TEST_X86
  if constexpr (kvc::detail::avx2_positions_types<Id, P>) {
    if (k == kernel::avx2) kvc::detail::positions_avx2<false>(ids, count, out);
    if (k == kernel::avx2_stream) kvc::detail::positions_avx2<true>(ids, count, out);
  }
#endif
}

constexpr kernel all_kernels[] = {kernel::scalar, kernel::dispatch, kernel::avx2,
                                  kernel::avx2_stream};

// Every applicable kernel, at output offset `offset`, against the oracle (and so against
// run_positions, which is checked against the same oracle); then segment_positions.
template <class P, class Id>
void check_all(const std::vector<Id>& ids, std::size_t offset, const std::string& what,
               std::span<const kernel> kernels = all_kernels) {
  const std::size_t count = ids.size();
  std::size_t longest = 0;
  const std::vector<P> expected = oracle_positions<P>(ids, longest);

  guarded_output<P> out(offset, count);
  for (const kernel k : kernels) {
    if (!kernel_applies<Id, P>(k, count)) continue;
    out.reset();
    run_kernel(k, ids.data(), count, out.data());
    const std::size_t error = out.first_error(expected);
    INFO(what, ": ", kernel_name(k), ", count ", count, ", offset ", offset, ", first error at ",
         error);
    CHECK(error == guarded_output<P>::npos);
  }

  // The contract's span form on the same data: the same positions, or out of range when a run
  // does not fit in P.
  out.reset();
  const std::errc status =
      kvc::segment_positions(std::span<const Id>(ids), std::span<P>(out.data(), count));
  INFO(what, ": segment_positions, count ", count);
  if (longest > 0 && longest - 1 > static_cast<std::size_t>(std::numeric_limits<P>::max())) {
    CHECK(status == std::errc::result_out_of_range);
  } else {
    CHECK(status == std::errc{});
    CHECK(out.first_error(expected) == guarded_output<P>::npos);
  }
}

// Ids with the given boundary pattern: boundary[i] (for i >= 1) means ids[i] != ids[i-1]. Ids
// cycle through `values` (consecutive values differ).
template <class Id>
std::vector<Id> ids_from_boundaries(const std::vector<bool>& boundary,
                                    const std::vector<Id>& values) {
  std::vector<Id> ids(boundary.size());
  std::size_t v = 0;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i > 0 && boundary[i]) v = (v + 1) % values.size();
    ids[i] = values[v];
  }
  return ids;
}

template <class Id>
std::vector<Id> extreme_values() {
  if constexpr (std::is_signed_v<Id>)
    return {std::numeric_limits<Id>::min(),
            std::numeric_limits<Id>::max(),
            Id{-1},
            Id{0},
            Id{1},
            static_cast<Id>(std::numeric_limits<Id>::min() + 1)};
  else
    return {std::numeric_limits<Id>::max(), Id{0},
            static_cast<Id>(std::numeric_limits<Id>::max() / 2 + 1), Id{1},
            static_cast<Id>(std::numeric_limits<Id>::max() / 2)};
}

// Random ids: runs with lengths drawn from [1, max_run], ids drawn from `alphabet` values (so a
// new run may repeat the previous id, merging runs), with some extreme values mixed in.
template <class Id>
std::vector<Id> random_ids(std::mt19937_64& rng, std::size_t count, std::size_t max_run,
                           std::size_t alphabet) {
  const auto extremes = extreme_values<Id>();
  std::vector<Id> ids(count);
  std::size_t i = 0;
  while (i < count) {
    std::size_t run = 1 + static_cast<std::size_t>(rng() % max_run);
    const std::size_t pick = static_cast<std::size_t>(rng() % (alphabet + extremes.size()));
    const Id id = pick < alphabet ? static_cast<Id>(pick) : extremes[pick - alphabet];
    for (; run > 0 && i < count; --run) ids[i++] = id;
  }
  return ids;
}

template <class F>
void for_each_32bit_pair(F&& f) {
  f(std::type_identity<std::int32_t>{}, std::type_identity<std::int32_t>{});
  f(std::type_identity<std::int32_t>{}, std::type_identity<std::uint32_t>{});
  f(std::type_identity<std::uint32_t>{}, std::type_identity<std::int32_t>{});
  f(std::type_identity<std::uint32_t>{}, std::type_identity<std::uint32_t>{});
}

}  // namespace

TEST_CASE("fast_paths: every count 0..100, every output offset 0..7") {
  for_each_32bit_pair([](auto id_type, auto p_type) {
    using Id = typename decltype(id_type)::type;
    using P = typename decltype(p_type)::type;
    std::mt19937_64 rng(1);
    const auto values = extreme_values<Id>();
    for (std::size_t count = 0; count <= 100; ++count) {
      for (std::size_t offset = 0; offset < 8; ++offset) {
        check_all<P>(std::vector<Id>(count, values[offset % values.size()]), offset, "all equal");
        check_all<P>(ids_from_boundaries(std::vector<bool>(count, true), values), offset,
                     "runs of length 1");
        check_all<P>(random_ids<Id>(rng, count, 1 + offset * 3, 3), offset, "random");
      }
    }
  });
}

TEST_CASE("fast_paths: one or two boundaries at every position, in every lane and in the tail") {
  for_each_32bit_pair([](auto id_type, auto p_type) {
    using Id = typename decltype(id_type)::type;
    using P = typename decltype(p_type)::type;
    const std::vector<Id> values{std::numeric_limits<Id>::max(), std::numeric_limits<Id>::min()};
    for (const std::size_t count : {std::size_t{2}, std::size_t{9}, std::size_t{17},
                                    std::size_t{24}, std::size_t{33}, std::size_t{40}}) {
      for (std::size_t b1 = 1; b1 < count; ++b1) {
        std::vector<bool> boundary(count, false);
        boundary[b1] = true;
        check_all<P>(ids_from_boundaries(boundary, values), b1 % 8, "one boundary");
        for (std::size_t b2 = b1 + 1; b2 < count; ++b2) {
          boundary[b2] = true;
          check_all<P>(ids_from_boundaries(boundary, values), b2 % 8, "two boundaries");
          boundary[b2] = false;
        }
      }
      // One run of length 1 at every position, inside long runs.
      for (std::size_t k = 0; k < count; ++k) {
        std::vector<Id> ids(count, Id{7});
        ids[k] = Id{8};
        check_all<P>(ids, 0, "single-token run");
      }
    }
  });
}

TEST_CASE("fast_paths: every 8-lane boundary mask after every carried run length") {
  // Blocks of 8 start at token 1 (or after the alignment peel): a run of `head` tokens (carried
  // into the masked blocks), then two blocks with every mask in the first, the complemented mask in
  // the second, and a short tail.
  for (const std::size_t head : {1UL, 2UL, 3UL, 4UL, 5UL, 6UL, 7UL, 8UL, 9UL, 17UL, 33UL, 257UL}) {
    for (std::size_t mask = 0; mask < 256; ++mask) {
      std::vector<bool> boundary(head + 16 + 3, false);
      for (std::size_t j = 0; j < 8; ++j) {
        boundary[head + j] = ((mask >> j) & 1U) != 0;
        boundary[head + 8 + j] = ((mask >> j) & 1U) == 0;
      }
      boundary[head + 17] = true;
      const auto ids = ids_from_boundaries(boundary, std::vector<std::int32_t>{-1, 0, 1});
      check_all<std::int32_t>(ids, head % 8, "mask " + std::to_string(mask));
    }
  }
}

TEST_CASE("fast_paths: random differential runs") {
  std::mt19937_64 rng(2024);
  for (int round = 0; round < 300; ++round) {
    const auto count = static_cast<std::size_t>(rng() % 5000);
    const auto max_run = std::size_t{1} << (rng() % 11);  // 1 .. 1024
    const auto alphabet = 1 + static_cast<std::size_t>(rng() % 4);
    const auto offset = static_cast<std::size_t>(rng() % 8);
    const auto what = "random round " + std::to_string(round);
    if (round % 2 == 0)
      check_all<std::int32_t>(random_ids<std::int32_t>(rng, count, max_run, alphabet), offset,
                              what);
    else
      check_all<std::uint32_t>(random_ids<std::uint32_t>(rng, count, max_run, alphabet), offset,
                               what);
  }
}

TEST_CASE("fast_paths: fallback types give run_positions' output") {
  std::mt19937_64 rng(99);
  for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{9},
                                  std::size_t{100}, std::size_t{1000}, std::size_t{70000}}) {
    const auto offset = count % 8;
    // Wide ids, narrow and wide outputs; runs longer than the narrow outputs' range wrap (and
    // segment_positions reports them out of range).
    check_all<std::int32_t>(random_ids<std::int64_t>(rng, count, 64, 3), offset, "int64 ids");
    check_all<std::int8_t>(random_ids<std::int32_t>(rng, count, 300, 2), offset, "int8 out");
    check_all<std::uint8_t>(random_ids<std::int32_t>(rng, count, 300, 2), offset, "uint8 out");
    check_all<std::int16_t>(random_ids<std::uint32_t>(rng, count, 64, 3), offset, "int16 out");
    check_all<std::uint64_t>(random_ids<std::int32_t>(rng, count, 64, 3), offset, "uint64 out");
    check_all<std::int64_t>(random_ids<std::uint64_t>(rng, count, 64, 3), offset, "uint64 ids");
    check_all<std::uint32_t>(random_ids<std::int16_t>(rng, count, 64, 3), offset, "int16 ids");
    check_all<std::int32_t>(random_ids<std::uint8_t>(rng, count, 64, 3), offset, "uint8 ids");
    check_all<std::int32_t>(
        std::vector<std::int64_t>(count, std::numeric_limits<std::int64_t>::min()), offset,
        "int64 all equal");
  }
}

TEST_CASE("fast_paths: overlapping ids and output give run_positions' output") {
  std::mt19937_64 rng(5);
  for (const std::size_t count : {std::size_t{2}, std::size_t{17}, std::size_t{1000}}) {
    const auto ids = random_ids<std::int32_t>(rng, count, 16, 3);
    for (const std::size_t shift : {std::size_t{0}, std::size_t{1}, std::size_t{5}}) {
      // Ids at shift, output at 0 (shift 0: in place).
      std::vector<std::int32_t> a(count + shift), b(count + shift);
      std::copy(ids.begin(), ids.end(), a.begin() + static_cast<std::ptrdiff_t>(shift));
      b = a;
      kvc::detail::run_positions(a.data() + shift, a.data() + shift, a.data() + shift + count, 0, 0,
                                 a.data());
      kvc::detail::positions_at_run_time(b.data() + shift, count, b.data());
      INFO("count ", count, ", shift ", shift);
      CHECK(a == b);
    }
  }
}

TEST_CASE("fast_paths: sizes around the streaming threshold") {
  std::mt19937_64 rng(7);
  // Every kernel around the smallest threshold (4 MiB of int32 positions)...
  const std::size_t least = std::size_t{4} << 20 >> 2;
  for (const std::size_t count : {least - 9, least - 1, least, least + 1, least + 9})
    check_all<std::int32_t>(random_ids<std::int32_t>(rng, count, 32, 4), count % 8, "threshold");
#if KVC_TEST_X86
  CHECK(kvc::detail::min_stream_threshold_bytes == std::size_t{4} << 20);
  // ...and the dispatch around this machine's threshold (L3 / 4), up to 256 MiB of output.
  const std::size_t threshold = kvc::detail::positions_stream_threshold() / 4;
  CHECK(threshold >= least);
  // (Skipped where the threshold is above 64 MiB of output: too slow for every CI run; the
  // streaming kernel itself is tested directly at every size above.)
  if (threshold > least && threshold <= (std::size_t{1} << 24)) {
    constexpr kernel dispatch_only[] = {kernel::dispatch};
    for (const std::size_t count : {threshold, threshold + 1})
      check_all<std::int32_t>(random_ids<std::int32_t>(rng, count, 32, 4), count % 8,
                              "machine threshold", dispatch_only);
  }
#endif
}

TEST_CASE("fast_paths: 16M+3 tokens") {
  std::mt19937_64 rng(11);
  const std::size_t count = (std::size_t{16} << 20) + 3;
  check_all<std::int32_t>(random_ids<std::int32_t>(rng, count, 40, 4), 3, "16M+3 random");
  constexpr kernel dispatch_and_stream[] = {kernel::dispatch, kernel::avx2_stream};
  check_all<std::uint32_t>(random_ids<std::uint32_t>(rng, count, 1, 1 << 20), 5, "16M+3 runs of 1",
                           dispatch_and_stream);
  constexpr kernel dispatch_only[] = {kernel::dispatch};
  check_all<std::int32_t>(std::vector<std::uint32_t>(count, 0xFFFFFFFFU), 1, "16M+3 all equal",
                          dispatch_only);
}
