// Exhaustive bounded proof of kvc::reusable_prefix_length: every pair of token sequences of length
// 0 to 4 over 2 tokens (31 x 31 = 961 pairs), with equal and unequal namespaces, and the block form
// for block sizes -1 to 5, against a specification that searches for the longest equal prefix from
// the top down instead of walking up to the first mismatch.
#include <kvc/prefix_reuse.hpp>

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

namespace {

using std::size_t;

struct tokens {
  std::array<char, 4> data{};
  size_t length = 0;
  [[nodiscard]] constexpr std::span<const char> view() const { return {data.data(), length}; }
};

/// The sequence numbered `code`: sequences are listed by length, then in binary.
constexpr tokens sequence(size_t code) {
  tokens t;
  size_t first_of_length = 0, count = 1;
  while (code >= first_of_length + count) {
    first_of_length += count;
    count *= 2;
    ++t.length;
  }
  size_t bits = code - first_of_length;
  for (size_t i = 0; i < t.length; ++i, bits /= 2) t.data[i] = bits % 2 ? 'b' : 'a';
  return t;
}
constexpr size_t sequences = 1 + 2 + 4 + 8 + 16;

/// Specification: the largest k (searching down from the shorter length) whose first k tokens agree.
constexpr size_t spec_prefix(const tokens& a, const tokens& b) {
  for (size_t k = a.length < b.length ? a.length : b.length;; --k) {
    bool agree = true;
    for (size_t i = 0; i < k; ++i) agree = agree && a.data[i] == b.data[i];
    if (agree || k == 0) return k;
  }
}

/// Specification of blocks: the largest multiple of `block` not above the prefix, found by search.
constexpr size_t spec_blocks(size_t prefix, int block) {
  if (block <= 0) return 0;
  size_t best = 0;
  for (size_t m = 0; m <= prefix; ++m)
    if (m % static_cast<size_t>(block) == 0) best = m;
  return best;
}

/// Every pair whose first sequence is numbered in [first, last).
constexpr bool pairs_from(size_t first, size_t last, bool same_namespace) {
  const std::string_view cache_ns = "model/adapter";
  const std::string_view request_ns = same_namespace ? "model/adapter" : "model/adapter2";
  for (size_t i = first; i < last; ++i)
    for (size_t j = 0; j < sequences; ++j) {
      const auto a = sequence(i), b = sequence(j);
      const size_t expected = same_namespace ? spec_prefix(a, b) : 0;
      if (kvc::reusable_prefix_length(cache_ns, request_ns, a.view(), b.view()) != expected)
        return false;
      for (int block = -1; block <= 5; ++block)
        if (kvc::reusable_prefix_length(cache_ns, request_ns, a.view(), b.view(), block) !=
            spec_blocks(expected, block))
          return false;
    }
  return true;
}
static_assert(sequence(0).length == 0 && sequence(30).length == 4 && sequence(30).data[3] == 'b');
// In slices, so that each constant evaluation stays within clang's default step limit.
static_assert(pairs_from(0, 7, true) && pairs_from(0, 7, false));
static_assert(pairs_from(7, 15, true) && pairs_from(7, 15, false));
static_assert(pairs_from(15, 23, true));
static_assert(pairs_from(15, 23, false));
static_assert(pairs_from(23, sequences, true));
static_assert(pairs_from(23, sequences, false));

}  // namespace
