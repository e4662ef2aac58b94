// kvc/detail/fast_paths.hpp - run-time fast paths for contiguous integer tokens and ids.
//
// The contracts' generic loops stay the definition (and the constant-evaluation path); these
// functions compute the same results faster for the common case of contiguous arrays of integers,
// and are selected only at run time. They use no type punning (bytes are compared with memcmp or
// copied with memcpy), read nothing past either end, and keep a scalar path for every target.
#pragma once

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <ranges>
#include <type_traits>

namespace kvc::detail {

/// Two integer types whose values are equal exactly when their object representations are: same
/// size, same signedness, no padding bits (so not `bool`).
template <class A, class B>
concept bytewise_equal_integers =
    std::integral<A> && std::integral<B> && !std::same_as<A, bool> && !std::same_as<B, bool> &&
    sizeof(A) == sizeof(B) && std::is_signed_v<A> == std::is_signed_v<B> &&
    std::has_unique_object_representations_v<A> && std::has_unique_object_representations_v<B>;

/// Two token sequences the prefix fast path can compare as bytes.
template <class R1, class R2>
concept fast_prefix_sequences =
    std::ranges::contiguous_range<const R1> && std::ranges::contiguous_range<const R2> &&
    std::ranges::sized_range<const R1> && std::ranges::sized_range<const R2> &&
    bytewise_equal_integers<std::remove_cv_t<std::ranges::range_value_t<const R1>>,
                            std::remove_cv_t<std::ranges::range_value_t<const R2>>>;

/// Index of the first differing byte of `a` and `b`, at or after `i` and before `end`, comparing
/// 8-byte words (copied, never type-punned) and then bytes.
inline std::size_t first_difference_in_words(const unsigned char* a, const unsigned char* b,
                                             std::size_t i, std::size_t end) noexcept {
  if constexpr (std::endian::native == std::endian::little) {
    for (; end - i >= 8; i += 8) {
      std::uint64_t x = 0, y = 0;
      std::memcpy(&x, a + i, 8);
      std::memcpy(&y, b + i, 8);
      if (x != y) return i + static_cast<std::size_t>(std::countr_zero(x ^ y)) / 8;
    }
  }
  while (i < end && a[i] == b[i]) ++i;
  return i;
}

/// Index of the first differing byte of `a` and `b` (both `size` bytes), or `size`.
///
/// memcmp says only whether (not where) two blocks differ, but it is the fastest comparison the
/// platform has (libc dispatches it to the widest vectors the CPU offers). So: look at the first
/// 64 bytes directly (prompts often diverge early), then skip equal blocks with memcmp, narrowing
/// the block size when one differs, and finish on words.
inline std::size_t first_difference(const unsigned char* a, const unsigned char* b,
                                    std::size_t size) noexcept {
  const std::size_t head = size < 64 ? size : 64;
  std::size_t i = first_difference_in_words(a, b, 0, head);
  if (i < head || head == size) return i;
  // A short rest is one memcmp call when it matches whole (the common case of a cached prompt).
  if (size - i <= 16384 && std::memcmp(a + i, b + i, size - i) == 0) return size;
  for (const std::size_t block :
       {std::size_t{262144}, std::size_t{16384}, std::size_t{1024}, std::size_t{64}}) {
    while (size - i >= block && std::memcmp(a + i, b + i, block) == 0) i += block;
  }
  return first_difference_in_words(a, b, i, size);
}

/// The common prefix of two contiguous integer sequences of the same width and signedness.
template <class R1, class R2>
[[nodiscard]] std::size_t fast_common_prefix_length(const R1& cached, const R2& requested) noexcept {
  using T = std::ranges::range_value_t<const R1>;
  const std::size_t count = std::ranges::size(cached) < std::ranges::size(requested)
                                ? std::ranges::size(cached)
                                : std::ranges::size(requested);
  if (count == 0) return 0;
  const auto* a = reinterpret_cast<const unsigned char*>(std::ranges::data(cached));
  const auto* b = reinterpret_cast<const unsigned char*>(std::ranges::data(requested));
  return first_difference(a, b, count * sizeof(T)) / sizeof(T);
}

/// Segment ids and an output the positions fast path handles: contiguous integers.
template <class R, class O>
concept fast_segment_io =
    std::ranges::contiguous_range<const R> && std::ranges::sized_range<const R> &&
    std::integral<std::remove_cv_t<std::ranges::range_value_t<const R>>> &&
    std::ranges::contiguous_range<O>;

/// Run-relative positions of contiguous integer ids: position = index - start of its run, with the
/// run start carried in a register (a select, not a branch), so no iteration waits on the previous
/// one's store and random run lengths cost no mispredictions.
template <class Id, class P>
void fast_positions(const Id* ids, std::size_t count, P* out) noexcept {
  if (count == 0) return;
  std::size_t start = 0;
  Id previous = ids[0];
  out[0] = P{0};
  for (std::size_t i = 1; i < count; ++i) {
    const Id current = ids[i];
    start = current == previous ? start : i;
    previous = current;
    out[i] = static_cast<P>(i - start);
  }
}

/// The longest run of contiguous integer ids, for the overflow check.
template <class Id>
[[nodiscard]] std::size_t fast_longest_run(const Id* ids, std::size_t count) noexcept {
  if (count == 0) return 0;
  std::size_t start = 0, longest = 1;
  for (std::size_t i = 1; i < count; ++i) {
    start = ids[i] == ids[i - 1] ? start : i;
    longest = i + 1 - start > longest ? i + 1 - start : longest;
  }
  return longest;
}

}  // namespace kvc::detail
