// Exhaustive bounded proof of kvc::offsets_from_positions and
// kvc::max_sequence_length_from_positions: every row of length 0 to 6 over the positions -1
// (padding), 0, 1 and 2 (5,461 rows), compared with a specification that searches for pairs of
// consecutive boundaries rather than walking the row once. Each row is also checked through the
// span form into an int8_t output, and as row 0 of a 2-row component form whose row 1 differs.
// Each slice is its own constant evaluation, within the compilers' default limits.
#include <kvc/offsets_from_positions.hpp>
#include <kvc/position_components.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <system_error>
#include <utility>

namespace {

using std::size_t;

/// The row numbered `code` in base 4: digit d is the position d - 1.
template <size_t L>
constexpr std::array<int, L> row(size_t code) {
  std::array<int, L> positions{};
  for (auto& position : positions) {
    position = static_cast<int>(code % 4) - 1;
    code /= 4;
  }
  return positions;
}

constexpr size_t rows_of_length(size_t length) {
  size_t count = 1;
  for (size_t i = 0; i < length; ++i) count *= 4;
  return count;
}

/// Specification. Remove the padding; the n tokens left have boundaries at 0, at n and before every
/// token at position 0. A sequence is a pair a < b of boundaries with none between them; the
/// offsets are the first of every such pair, then n.
template <size_t L>
struct specification {
  std::array<size_t, L + 1> offsets{};
  size_t count = 0;  // of offsets
  size_t longest = 0;

  constexpr explicit specification(const std::array<int, L>& positions) {
    std::array<int, L> kept{};
    size_t n = 0;
    for (const int position : positions)
      if (position >= 0) kept[n++] = position;
    const auto boundary = [&](size_t k) { return k == 0 || k == n || kept[k] == 0; };
    for (size_t a = 0; a < n; ++a) {
      for (size_t b = a + 1; b <= n; ++b) {
        bool consecutive = boundary(a) && boundary(b);
        for (size_t between = a + 1; between < b; ++between)
          consecutive = consecutive && !boundary(between);
        if (!consecutive) continue;
        offsets[count++] = a;
        if (b - a > longest) longest = b - a;
      }
    }
    offsets[count++] = n;
  }
};

/// The rows of length L numbered in [first, last).
template <size_t L>
constexpr bool rows_numbered(size_t first, size_t last) {
  for (size_t code = first; code < last; ++code) {
    const auto positions = row<L>(code);
    const specification<L> spec(positions);
    // The compile-time form.
    const auto offsets = kvc::offsets_from_positions(positions);
    if (offsets.size() != spec.count) return false;
    for (size_t k = 0; k < spec.count; ++k)
      if (offsets[k] != spec.offsets[k]) return false;
    if (kvc::max_sequence_length_from_positions(positions) != spec.longest) return false;
    // The span form, into exactly sequences + 1 int8_t elements.
    std::array<std::int8_t, L + 1> narrow{};
    const std::span<std::int8_t> out(narrow.data(), spec.count);
    if (kvc::offsets_from_positions(positions, out) != std::errc{}) return false;
    for (size_t k = 0; k < spec.count; ++k)
      if (static_cast<size_t>(narrow[k]) != spec.offsets[k]) return false;
    // Row 0 of two: row 1 (the row reversed, zeros and padding elsewhere) decides nothing.
    std::array<int, 2 * L> rows{};
    for (size_t i = 0; i < L; ++i) {
      rows[i] = positions[i];
      rows[L + i] = positions[L - 1 - i];
    }
    std::array<std::size_t, 2 * L + 1> wide{};
    if (kvc::offsets_from_positions(rows, kvc::position_components{2}, wide) != std::errc{})
      return false;
    for (size_t k = 0; k < spec.count; ++k)
      if (wide[k] != spec.offsets[k]) return false;
    if (kvc::max_sequence_length_from_positions(rows, kvc::position_components{2}) != spec.longest)
      return false;
  }
  return true;
}

template <size_t L>
constexpr bool all_rows_of_length = rows_numbered<L>(0, rows_of_length(L));

static_assert(all_rows_of_length<0> && all_rows_of_length<1> && all_rows_of_length<2> &&
              all_rows_of_length<3>);
static_assert(all_rows_of_length<4>);
// Lengths 5 and 6 in slices of 256 rows, each a constant evaluation of its own (a variable template
// instance), so that each stays within clang's default step limit.
inline constexpr size_t slice = 256;
template <size_t L, size_t Slice>
constexpr bool slice_holds = rows_numbered<L>(Slice * slice, (Slice + 1) * slice);
template <size_t L, size_t... Slice>
constexpr bool slices_hold(std::index_sequence<Slice...>) {
  return (slice_holds<L, Slice> && ...);
}
static_assert(slices_hold<5>(std::make_index_sequence<rows_of_length(5) / slice>{}));
static_assert(slices_hold<6>(std::make_index_sequence<rows_of_length(6) / slice>{}));

}  // namespace
