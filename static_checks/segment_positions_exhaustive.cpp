// Exhaustive bounded proof of the segment contracts: every segment sequence of length 0 to 6 over
// 3 ids (1,093 sequences), compared with a specification written as a set property rather than a
// running counter. Also covers kvc::segment_offsets, kvc::segment_run_count and
// kvc::max_segment_length. Each length is its own constant evaluation, within the compilers'
// default limits.
#include <kvc/segment_offsets.hpp>
#include <kvc/segment_positions.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <system_error>

namespace {

using std::size_t;

/// Specification: a token's position is the number of earlier tokens j such that every token from
/// j to it carries its id -- the size of a set, not a counter carried along the row.
template <size_t L>
constexpr size_t spec_position(const std::array<int, L>& s, size_t i) {
  size_t count = 0;
  for (size_t j = 0; j < i; ++j) {
    bool constant = true;
    for (size_t k = j; k <= i; ++k) constant = constant && s[k] == s[i];
    if (constant) ++count;
  }
  return count;
}

/// The sequence numbered `code` in base 3.
template <size_t L>
constexpr std::array<int, L> sequence(size_t code) {
  std::array<int, L> s{};
  for (auto& id : s) {
    id = static_cast<int>(code % 3);
    code /= 3;
  }
  return s;
}

constexpr size_t sequences_of_length(size_t length) {
  size_t count = 1;
  for (size_t i = 0; i < length; ++i) count *= 3;
  return count;
}

/// The sequences of length L numbered in [first, last).
template <size_t L>
constexpr bool sequences_numbered(size_t first, size_t last) {
  for (size_t code = first; code < last; ++code) {
    const auto s = sequence<L>(code);
    const auto positions = kvc::segment_positions(s);
    std::array<std::int8_t, L> narrow{};
    if (kvc::segment_positions(s, std::span{narrow}) != std::errc{}) return false;
    size_t runs = 0, longest = 0;
    std::array<size_t, L + 1> starts{};
    for (size_t i = 0; i < L; ++i) {
      const size_t expected = spec_position(s, i);
      if (positions[i] != expected || static_cast<size_t>(narrow[i]) != expected) return false;
      if (expected == 0) starts[runs++] = i;  // a run starts where no earlier token joins it
      if (expected + 1 > longest) longest = expected + 1;
    }
    starts[runs] = L;
    const auto offsets = kvc::segment_offsets(s);
    if (offsets.size() != runs + 1) return false;
    for (size_t k = 0; k <= runs; ++k)
      if (offsets[k] != starts[k]) return false;
    if (kvc::segment_run_count(s) != runs || kvc::max_segment_length(s) != longest) return false;
  }
  return true;
}

template <size_t L>
constexpr bool all_sequences_of_length = sequences_numbered<L>(0, sequences_of_length(L));

static_assert(all_sequences_of_length<0> && all_sequences_of_length<1> &&
              all_sequences_of_length<2> && all_sequences_of_length<3>);
static_assert(all_sequences_of_length<4>);
static_assert(all_sequences_of_length<5>);
// Length 6 in slices, so that each constant evaluation stays within clang's default step limit.
static_assert(sequences_numbered<6>(0, 243));
static_assert(sequences_numbered<6>(243, 486));
static_assert(sequences_numbered<6>(486, 729));

}  // namespace
