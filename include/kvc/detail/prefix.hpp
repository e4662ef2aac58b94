// kvc/detail/prefix.hpp - the common prefix of two token sequences: the definition, and its
// run-time fast path for contiguous integers.
//
// `common_prefix_length` is the one place that chooses: during constant evaluation, and for every
// sequence the fast path does not take, the loop `common_prefix` (the definition); at run time,
// for contiguous integers of one width and signedness, a byte comparison that returns the same
// length. The fast path uses no type punning (bytes are compared with memcmp and copied with
// memcpy) and reads nothing past either end.
#pragma once

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../host_device.hpp"
#include "equal.hpp"
#include "ranges.hpp"

namespace kvc::detail {

/// The definition: the number of leading positions where both sequences have equal tokens.
template <class I1, class S1, class I2, class S2>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t common_prefix(I1 c, const S1 c_end, I2 r,
                                                                  const S2 r_end) noexcept {
  std::size_t length = 0;
  for (; c != c_end && r != r_end && equal_ids(*c, *r); ++c, ++r) ++length;
  return length;
}

/// `common_prefix` over two whole sequences: through pointers when both are contiguous (no call
/// per token but the comparison in constant evaluation), through their iterators otherwise.
template <class R1, class R2>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t common_prefix_of(const R1& cached,
                                                                     const R2& requested) noexcept {
  if constexpr (std::ranges::contiguous_range<const R1> && std::ranges::contiguous_range<const R2>) {
    const auto* const c = detail::range_data(cached);
    const auto* const r = detail::range_data(requested);
    return common_prefix(c, c + detail::range_size(cached), r, r + detail::range_size(requested));
  } else {
    return common_prefix(detail::range_begin(cached), detail::range_end(cached),
                         detail::range_begin(requested), detail::range_end(requested));
  }
}

/// Two integer types whose values are equal exactly when their object representations are: same
/// size, same signedness, no padding bits (so not `bool`).
template <class A, class B>
concept bytewise_equal_integers =
    std::integral<A> && std::integral<B> && !std::same_as<A, bool> && !std::same_as<B, bool> &&
    sizeof(A) == sizeof(B) && std::is_signed_v<A> == std::is_signed_v<B> &&
    std::has_unique_object_representations_v<A> && std::has_unique_object_representations_v<B>;

/// The element type a contiguous sequence's data pointer points to, cv-qualifiers included
/// (`range_value_t` drops them: it is `int` for a `std::span<volatile int>`).
template <class R>
using contiguous_element_t = std::remove_reference_t<std::ranges::range_reference_t<const R>>;

/// Two token sequences the prefix fast path can compare as bytes. Volatile elements are excluded:
/// every read of them must happen as written (and their bytes cannot be viewed as `const unsigned
/// char` without casting the qualifier away), so they take the loop.
template <class R1, class R2>
concept fast_prefix_sequences =
    std::ranges::contiguous_range<const R1> && std::ranges::contiguous_range<const R2> &&
    std::ranges::sized_range<const R1> && std::ranges::sized_range<const R2> &&
    !std::is_volatile_v<contiguous_element_t<R1>> && !std::is_volatile_v<contiguous_element_t<R2>> &&
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
  constexpr std::size_t blocks[] = {262144, 16384, 1024, 64};
  for (const std::size_t block : blocks) {
    while (size - i >= block && std::memcmp(a + i, b + i, block) == 0) i += block;
  }
  return first_difference_in_words(a, b, i, size);
}

/// The common prefix of two contiguous integer sequences of the same width and signedness.
template <class R1, class R2>
[[nodiscard]] std::size_t common_prefix_at_run_time(const R1& cached,
                                                    const R2& requested) noexcept {
  using T = std::ranges::range_value_t<const R1>;
  const std::size_t count = detail::range_size(cached) < detail::range_size(requested)
                                ? detail::range_size(cached)
                                : detail::range_size(requested);
  if (count == 0) return 0;
  const auto* a = reinterpret_cast<const unsigned char*>(detail::range_data(cached));
  const auto* b = reinterpret_cast<const unsigned char*>(detail::range_data(requested));
  return first_difference(a, b, count * sizeof(T)) / sizeof(T);
}

/// Length of the common prefix of two token sequences: the one place that chooses between the
/// definition and the run-time fast path.
template <class R1, class R2>
[[nodiscard]] KVC_HOST_DEVICE constexpr std::size_t common_prefix_length(
    const R1& cached, const R2& requested) noexcept {
#if !defined(__CUDA_ARCH__)  // the fast path is host code (memcmp); device code takes the loop
  if constexpr (fast_prefix_sequences<R1, R2>) {
    if (!std::is_constant_evaluated()) return common_prefix_at_run_time(cached, requested);
  }
#endif
  return common_prefix_of(cached, requested);
}

}  // namespace kvc::detail
