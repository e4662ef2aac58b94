// cu_seqlens and max_seqlen from position ids, and the engine bugs the suites catch: each engine
// derivation is written here before and after its fix, and the suites reject every "before" and
// accept every "after", at compile time and at run time.
#include <kvc/offsets_from_positions.hpp>
#include <kvc/position_components.hpp>
#include <kvc/specs/offsets_from_positions.hpp>
#include <kvc/verification/checks.hpp>
#include <kvc/verification/report.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <span>
#include <system_error>

// [snippet]
#include <kvc/offsets_from_positions.hpp>

// One packed row: a text token, a 2 x 2 image whose four tokens share temporal position 1 (M-RoPE),
// text resuming at 3; a second sequence; then padding, marked -1.
constexpr std::array<std::int64_t, 10> position_ids{0, 1, 1, 1, 1, 3, 0, 1, -1, -1};

// cu_seqlens: every sequence start, then the total, over the 8 tokens that are not padding.
static_assert(kvc::offsets_from_positions(position_ids) == std::array<std::size_t, 3>{0, 6, 8});
// max_seqlen counts tokens: 6, where max(position) + 1 would say 4.
static_assert(kvc::max_sequence_length_from_positions(position_ids) == 6);

// The same row as Qwen2-VL's [3, N] position ids (temporal, height, width), flattened row by row:
// row 0 decides, and the offsets count the 10 tokens, not the 30 values.
constexpr std::array<std::int64_t, 30> mrope{0, 1, 1, 1, 1, 3, 0, 1, -1, -1,   // temporal
                                             0, 1, 1, 2, 2, 3, 0, 1, -1, -1,   // height
                                             0, 1, 2, 1, 2, 3, 0, 1, -1, -1};  // width
constexpr auto cu_seqlens_of(const std::array<std::int64_t, 30>& rows) {
  std::array<std::int32_t, 11> cu_seqlens{};  // at most one sequence per token, plus the total
  const std::errc status = kvc::offsets_from_positions(rows, kvc::position_components{3}, cu_seqlens);
  return status == std::errc{} ? cu_seqlens : std::array<std::int32_t, 11>{};
}
static_assert(cu_seqlens_of(mrope) == std::array<std::int32_t, 11>{0, 6, 8});
// [snippet]

// --- Engines, before and after their fixes ---------------------------------------------------------
// Every derivation below is transformers' (modeling_flash_attention_utils): the sequence starts are
// `(position_ids == 0).nonzero()`, the total `position_ids.size()`, in int32; each is right but for
// the one bug it is named after, so the suites judge that bug alone.

namespace engine {

using positions = std::span<const std::int64_t>;
using offsets = std::span<std::int32_t>;

/// What an engine gets right or wrong.
struct fixes {
  bool leading_zero = true;      ///< transformers #39814: a 0 offset when the row does not start at 0
  bool padding_removed = true;   ///< LLaMA-Factory #10452: padding marked -1 and removed, not set to 0
};

/// `cu_seqlens` of one row of position ids, with the fixes F.
template <fixes F>
constexpr std::errc cu_seqlens(positions position_ids, offsets out) noexcept {
  std::size_t n = 0, kept = 0;
  for (const std::int64_t id : position_ids) {
    const std::int64_t position = id < 0 && !F.padding_removed ? 0 : id;  // the collator's 0
    if (position < 0) continue;
    if (position == 0 || (F.leading_zero && kept == 0)) {
      if (n == out.size()) return std::errc::value_too_large;
      out[n++] = static_cast<std::int32_t>(kept);
    }
    ++kept;
  }
  if (n == out.size()) return std::errc::value_too_large;
  out[n] = static_cast<std::int32_t>(kept);
  return std::errc{};
}

/// `max_length`: before PR #39341, `position_ids.max() + 1`.
constexpr std::size_t max_length_before_39341(positions position_ids) noexcept {
  std::int64_t largest = -1;
  for (const std::int64_t position : position_ids) largest = std::max(largest, position);
  return static_cast<std::size_t>(largest + 1);
}

/// `max_length`: after PR #39341, `cu_seqlens.diff().max()`.
template <fixes F = fixes{}>
constexpr std::size_t max_length_after_39341(positions position_ids) noexcept {
  std::array<std::int32_t, 512> cu{};  // the suites' rows are shorter
  if (position_ids.size() >= cu.size() || cu_seqlens<F>(position_ids, cu) != std::errc{}) return 0;
  std::size_t longest = 0;
  for (std::size_t i = 1; i < cu.size() && cu[i] > cu[i - 1]; ++i)
    longest = std::max(longest, static_cast<std::size_t>(cu[i] - cu[i - 1]));
  return longest;
}

/// transformers #44911, #47342, before: 3-row M-RoPE ids `view(-1)`-flattened.
constexpr std::errc cu_seqlens_3d_flattened(positions position_ids, std::size_t,
                                            offsets out) noexcept {
  return cu_seqlens<fixes{}>(position_ids, out);
}

/// After: the temporal row, `position_ids[0]`.
constexpr std::errc cu_seqlens_3d_temporal(positions position_ids, std::size_t rows,
                                           offsets out) noexcept {
  if (rows == 0 || position_ids.size() % rows != 0) return std::errc::invalid_argument;
  return cu_seqlens<fixes{}>(position_ids.first(position_ids.size() / rows), out);
}
constexpr std::size_t max_length_3d_flattened(positions position_ids, std::size_t) noexcept {
  return max_length_after_39341(position_ids);
}
constexpr std::size_t max_length_3d_temporal(positions position_ids, std::size_t rows) noexcept {
  if (rows == 0 || position_ids.size() % rows != 0) return 0;
  return max_length_after_39341(position_ids.first(position_ids.size() / rows));
}

}  // namespace engine

constexpr auto& offsets_suite = kvc::suites::offsets_from_positions;
constexpr auto& lengths_suite = kvc::suites::max_sequence_length_from_positions;

// transformers PR #39341: max position + 1 rejected; the longest cu_seqlens difference accepted.
static_assert(!kvc::conforms(lengths_suite, engine::max_length_before_39341));
static_assert(kvc::verify(lengths_suite, engine::max_length_after_39341<>));
// transformers #39814: no leading 0 rejected, in the offsets and in the length derived from them.
static_assert(!kvc::conforms(offsets_suite, engine::cu_seqlens<engine::fixes{.leading_zero = false}>));
static_assert(!kvc::conforms(lengths_suite,
                             engine::max_length_after_39341<engine::fixes{.leading_zero = false}>));
static_assert(kvc::verify(offsets_suite, engine::cu_seqlens<engine::fixes{}>));
// transformers #44911, #47342: flattened rows rejected, the temporal row accepted. These engines take
// the 3-row form only, so the one-row fixtures are skipped.
static_assert(!kvc::conforms(offsets_suite, engine::cu_seqlens_3d_flattened));
static_assert(!kvc::conforms(lengths_suite, engine::max_length_3d_flattened));
static_assert(kvc::verify(offsets_suite, engine::cu_seqlens_3d_temporal));
static_assert(kvc::verify(lengths_suite, engine::max_length_3d_temporal));
// LLaMA-Factory #10452: padding at position 0 rejected; padding marked -1 and removed accepted.
static_assert(!kvc::conforms(offsets_suite,
                             engine::cu_seqlens<engine::fixes{.padding_removed = false}>));
static_assert(!kvc::conforms(lengths_suite,
                             engine::max_length_after_39341<engine::fixes{.padding_removed = false}>));

/// Prints what the suite found in one engine and says whether it judged as expected.
template <class Suite, class Impl>
bool judged(const char* name, const Suite& suite, const Impl& impl, bool should_pass) {
  const kvc::conformance_report report = kvc::check(suite, impl);
  std::cout << name << ": " << (report.passed() ? "passed" : "failed") << " ("
            << report.skipped() << " of " << report.fixtures.size() << " fixtures skipped)\n";
  for (const kvc::fixture_outcome& f : report.failures())
    std::cout << "  " << f.label << ": " << f.actual << ", expected " << f.expected << '\n';
  return report.passed() == should_pass;
}

int main() {
  using engine::fixes;
  bool ok = true;
  ok &= judged("#39341 before", lengths_suite, engine::max_length_before_39341, false);
  ok &= judged("#39341 after", lengths_suite, engine::max_length_after_39341<>, true);
  ok &= judged("#39814 before", offsets_suite, engine::cu_seqlens<fixes{.leading_zero = false}>, false);
  ok &= judged("#39814 after", offsets_suite, engine::cu_seqlens<fixes{}>, true);
  ok &= judged("#44911 before", offsets_suite, engine::cu_seqlens_3d_flattened, false);
  ok &= judged("#44911 after", offsets_suite, engine::cu_seqlens_3d_temporal, true);
  ok &= judged("#10452 before", offsets_suite, engine::cu_seqlens<fixes{.padding_removed = false}>, false);
  ok &= judged("#10452 after", offsets_suite, engine::cu_seqlens<fixes{}>, true);
  return ok ? 0 : 1;
}
