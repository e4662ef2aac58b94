// kvc/exploration/output_buffer.hpp - the buffers an explored case hands to a span-output
// implementation (segment positions and offsets, `cu_seqlens` from position ids).
//
// The output is pre-filled with "unwritten" (the element type's maximum) and read back as the call
// shapes read it (kvc/verification/call_shapes.hpp): whole, or up to its first unwritten element.
// At compile time a write past the end of `out`, or a read past the end of the ids, stops the
// constant evaluation; at run time it would corrupt memory instead. So both buffers here extend
// past what the implementation is given by guard elements: a write into them makes the result
// differ from every expected one (it holds the elements written past the end), and a read of them
// reads initialised memory, so that the case fails with a counterexample rather than ending the
// process.
#pragma once

#include <cstddef>
#include <limits>
#include <span>
#include <vector>

namespace kvc::exploration {

/// How many elements past the end of an output (and of ids read through a span) every call gets as
/// a guard. The row forms add a row length: their wrong implementations run to the end of a row
/// the ids do not fill.
inline constexpr std::size_t output_guard = 16;

/// Calls `fill(out)` with `out` a `std::span<P>` of `size` elements, each P's maximum
/// ("unwritten") before the call, followed in memory by `guard` more. Returns `out` whole (`trim`
/// false) or up to its first unwritten element (`trim` true), as the span-output call shapes do;
/// when the implementation wrote past the end of `out`, everything up to the last element it
/// wrote, which no expected result equals.
template <class P, class Fill>
[[nodiscard]] std::vector<P> guarded_output(std::size_t size, std::size_t guard, bool trim,
                                            Fill fill) {
  constexpr P unwritten = std::numeric_limits<P>::max();
  std::vector<P> buffer(size + guard, unwritten);
  fill(std::span<P>(buffer.data(), size));
  for (std::size_t end = size + guard; end > size; --end) {
    if (buffer[end - 1] != unwritten) {
      buffer.resize(end);
      return buffer;
    }
  }
  std::size_t kept = size;
  if (trim) {
    kept = 0;
    while (kept < size && buffer[kept] != unwritten) ++kept;
  }
  buffer.resize(kept);
  return buffer;
}

/// Ids handed to an implementation as a `std::span<const S>` over a copy followed by `guard`
/// value-initialised elements.
template <class S>
class guarded_ids {
 public:
  /// A copy of `ids` with `guard` elements after it.
  guarded_ids(const std::vector<S>& ids, std::size_t guard) : size_(ids.size()) {
    storage_.reserve(ids.size() + guard);
    storage_.assign(ids.begin(), ids.end());
    storage_.resize(ids.size() + guard);
  }

  /// The ids, without the guard.
  [[nodiscard]] std::span<const S> view() const noexcept {
    return std::span<const S>(storage_.data(), size_);
  }

 private:
  std::vector<S> storage_;
  std::size_t size_;
};

}  // namespace kvc::exploration
