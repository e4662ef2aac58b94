// tests/offsets_from_positions_conformance.cpp - the position-id suites at run time (`cu_seqlens`
// and `max_seqlen`, one row and M-RoPE's 3): kvc's contracts and correct implementations in other
// styles (int32 `cu_seqlens`, int32 positions, the 3-row form with `kvc::position_components`,
// offsets returned as a vector) pass the fixtures and exploration; every known-bad implementation
// fails both; wrong implementations the fixtures miss fail exploration; transformers' derivations
// before and after their fixes, judged as the engines' histories say; a form an implementation
// lacks is skipped, never run, and one it takes is judged.
#include <doctest/doctest.h>

#include <kvc/doctest.hpp>
#include <kvc/explore.hpp>
#include <kvc/offsets_from_positions.hpp>
#include <kvc/position_components.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/specs/offsets_from_positions.hpp>
#include <kvc/verification/report.hpp>

#include "mutants/offsets_from_positions.hpp"
#include "span_output_checks.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <system_error>
#include <vector>

namespace {

namespace checks = kvc_test::span_output;
namespace suites = kvc::suites;
namespace bad = kvc::mutants::offsets_from_positions;

/// kvc's one-row `cu_seqlens`, for implementations whose 3-row form alone is wrong.
struct contract_one_row {
  template <class R, class O>
  void operator()(const R& positions, O out) const {
    static_cast<void>(kvc::offsets_from_positions(positions, out));
  }
};

// --- Wrong implementations beyond the mutants -------------------------------------------------------
// Each says whether the fixtures (kvc::conforms) catch it; the tests below check both claims.

/// Padding is -1 only: other negative positions are tokens. The fixture "padding marked -5"
/// catches it; exploration does on its own.
inline constexpr auto padding_only_minus_one = [](auto positions, auto out) {
  std::size_t n = 0, kept = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (positions[i] == -1) continue;
    if (kept == 0 || positions[i] == 0) out[n++] = kept;
    ++kept;
  }
  out[n] = kept;
};

/// Positions narrowed to `std::int32_t` (an int32 position tensor): 2^32 reads as 0 and starts a
/// sequence, 2^31 reads as padding. The fixtures' positions are small: they miss it.
inline constexpr auto length_positions_as_int32 = [](auto positions) {
  std::size_t longest = 0, length = 0;
  bool started = false;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const auto p = static_cast<std::int32_t>(positions[i]);
    if (p < 0) continue;
    if (!started || p == 0) length = 0;
    started = true;
    ++length;
    longest = length > longest ? length : longest;
  }
  return longest;
};

/// The 3-row form without the whole-rows check: N = size / C rounded down, row 0 read as N tokens.
/// The fixtures' 3-row inputs are all whole rows: they miss it.
struct components_not_validated : contract_one_row {
  using contract_one_row::operator();
  template <class R, class O>
  void operator()(const R& positions, std::size_t components, O out) const {
    const std::size_t tokens = components == 0 ? 0 : positions.size() / components;
    using T = typename R::value_type;
    static_cast<void>(kvc::offsets_from_positions(std::span<const T>(positions.data(), tokens), out));
  }
};

/// The 3-row form taking a token for padding when any of its components is negative (not row 0
/// alone). The fixtures' 3-row inputs hold no negative position: they miss it.
struct padding_from_any_component : contract_one_row {
  using contract_one_row::operator();
  template <class R, class O>
  void operator()(const R& positions, std::size_t components, O out) const {
    const std::size_t size = positions.size();
    if (size != 0 && (components == 0 || size % components != 0)) return;
    const std::size_t tokens = size == 0 ? 0 : size / components;
    std::size_t n = 0, kept = 0;
    for (std::size_t k = 0; k < tokens; ++k) {
      bool padding = false;
      for (std::size_t c = 0; c < components; ++c) padding = padding || positions[c * tokens + k] < 0;
      if (padding) continue;
      if (kept == 0 || positions[k] == 0) out[n++] = kept;
      ++kept;
    }
    out[n] = kept;
  }
};

/// The longest sequence of the 3-row form read from the last row (width) instead of row 0
/// (temporal). The fixtures' M-RoPE rows start their sequences at the same tokens in every row:
/// they miss it.
struct length_from_last_row {
  template <class R>
  std::size_t operator()(const R& positions) const {
    return kvc::max_sequence_length_from_positions(positions);
  }
  template <class R>
  std::size_t operator()(const R& positions, std::size_t components) const {
    const std::size_t size = positions.size();
    if (size == 0 || components == 0 || size % components != 0) return 0;
    const std::size_t tokens = size / components;
    using T = typename R::value_type;
    return kvc::max_sequence_length_from_positions(std::span<const T>(positions.data() + (components - 1) * tokens, tokens));
  }
};

/// The first token starts a sequence only at index 0: after leading padding, the first token kept
/// starts none unless its position is 0. The fixtures catch it ("padding before a row not starting
/// at 0").
inline constexpr auto first_start_only_at_index_zero = [](auto positions, auto out) {
  std::size_t n = 0, kept = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (positions[i] < 0) continue;
    if (i == 0 || positions[i] == 0) out[n++] = kept;
    ++kept;
  }
  out[n] = kept;
};

// --- Correct implementations in other styles --------------------------------------------------------

/// flash-attn style: int64 positions in, int32 `cu_seqlens` out, with the 3-row form taking a
/// `kvc::position_components`; refused inputs leave `out` unwritten.
struct cu_seqlens_int32 {
  void operator()(std::span<const std::int64_t> positions, std::span<std::int32_t> out) const {
    write(positions, positions.size(), out);
  }
  void operator()(std::span<const std::int64_t> positions, kvc::position_components components,
                  std::span<std::int32_t> out) const {
    const std::size_t size = positions.size();
    if (size != 0 && (components.value == 0 || size % components.value != 0)) return;
    write(positions, size == 0 ? 0 : size / components.value, out);
  }

 private:
  static void write(std::span<const std::int64_t> positions, std::size_t tokens, std::span<std::int32_t> out) {
    std::int32_t* next = out.data();
    std::int32_t kept = 0;
    for (std::size_t k = 0; k < tokens; ++k) {
      if (positions[k] < 0) continue;
      if (kept == 0 || positions[k] == 0) *next++ = kept;
      ++kept;
    }
    *next = kept;
  }
};

/// The longest sequence from int32 positions in a `const std::vector<int>&`, by differences of the
/// sequence starts, with the component count as a `std::size_t`.
struct longest_from_int_positions {
  std::size_t operator()(const std::vector<int>& positions) const { return longest(positions, positions.size()); }
  std::size_t operator()(const std::vector<int>& positions, std::size_t components) const {
    const std::size_t size = positions.size();
    if (size == 0 || components == 0 || size % components != 0) return 0;
    return longest(positions, size / components);
  }

 private:
  static std::size_t longest(const std::vector<int>& positions, std::size_t tokens) {
    std::vector<std::size_t> starts;
    std::size_t kept = 0;
    for (std::size_t k = 0; k < tokens; ++k) {
      if (positions[k] < 0) continue;
      if (kept == 0 || positions[k] == 0) starts.push_back(kept);
      ++kept;
    }
    starts.push_back(kept);
    std::size_t result = 0;
    for (std::size_t i = 1; i < starts.size(); ++i)
      result = starts[i] - starts[i - 1] > result ? starts[i] - starts[i - 1] : result;
    return result;
  }
};

/// `cu_seqlens` returned as a std::vector (the range form) from a span of any integer positions.
inline constexpr auto offsets_as_vector = [](std::span<const long long> positions) {
  std::vector<std::size_t> offsets;
  std::size_t kept = 0;
  for (const long long p : positions) {
    if (p < 0) continue;
    if (kept == 0 || p == 0) offsets.push_back(kept);
    ++kept;
  }
  offsets.push_back(kept);
  return offsets;
};

// --- transformers' derivations, before and after their fixes ---------------------------------------
// As modeling_flash_attention_utils writes them: the starts are `(position_ids == 0).nonzero()`,
// the total `position_ids.size()`, in int32; each is right but for the one bug it is named after.

namespace engine {

using positions = std::span<const std::int64_t>;
using offsets = std::span<std::int32_t>;

/// What an engine gets right or wrong.
struct fixes {
  bool leading_zero = true;     ///< transformers #39814: a 0 offset when the row does not start at 0
  bool padding_removed = true;  ///< LLaMA-Factory #10452: padding marked -1 and removed, not set to 0
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
std::size_t max_length_after_39341(positions position_ids) noexcept {
  std::vector<std::int32_t> cu(position_ids.size() + 1, -1);
  if (cu_seqlens<F>(position_ids, cu) != std::errc{}) return 0;
  std::size_t longest = 0;
  for (std::size_t i = 1; i < cu.size() && cu[i] >= cu[i - 1]; ++i)
    longest = std::max(longest, static_cast<std::size_t>(cu[i] - cu[i - 1]));
  return longest;
}

/// transformers #44911, #47342, before: 3-row M-RoPE ids `view(-1)`-flattened.
constexpr std::errc cu_seqlens_3d_flattened(positions position_ids, std::size_t, offsets out) noexcept {
  return cu_seqlens<fixes{}>(position_ids, out);
}
/// After: the temporal row, `position_ids[0]`. (An empty input is whole rows for any C, 0
/// included: exploration found the example's engine refusing it.)
constexpr std::errc cu_seqlens_3d_temporal(positions position_ids, std::size_t rows, offsets out) noexcept {
  if (!position_ids.empty() && (rows == 0 || position_ids.size() % rows != 0)) return std::errc::invalid_argument;
  return cu_seqlens<fixes{}>(position_ids.first(rows == 0 ? 0 : position_ids.size() / rows), out);
}
std::size_t max_length_3d_flattened(positions position_ids, std::size_t) noexcept {
  return max_length_after_39341(position_ids);
}
std::size_t max_length_3d_temporal(positions position_ids, std::size_t rows) noexcept {
  if (rows == 0 || position_ids.size() % rows != 0) return 0;
  return max_length_after_39341(position_ids.first(position_ids.size() / rows));
}

}  // namespace engine

/// transformers' derivation as a packing trainer runs it: position ids in a std::vector, offsets
/// returned as a new vector of int32 (a tensor), with or without two fixes.
struct transformers_like {
  bool leading_zero = true;    // #39814
  bool remove_padding = true;  // LLaMA-Factory #10452
  std::vector<std::int32_t> operator()(const std::vector<std::int64_t>& position_ids) const {
    std::vector<std::int64_t> kept;
    for (const std::int64_t p : position_ids)
      if (!remove_padding || p >= 0) kept.push_back(remove_padding ? p : std::max<std::int64_t>(p, 0));
    std::vector<std::int32_t> cu_seqlens;
    for (std::size_t i = 0; i < kept.size(); ++i)
      if (kept[i] == 0 || (leading_zero && i == 0)) cu_seqlens.push_back(static_cast<std::int32_t>(i));
    cu_seqlens.push_back(static_cast<std::int32_t>(kept.size()));
    return cu_seqlens;
  }
};

std::size_t max_length_from_cu_seqlens(const std::vector<std::int64_t>& position_ids) {
  const auto cu = transformers_like{}(position_ids);
  std::int32_t longest = 0;
  for (std::size_t i = 1; i < cu.size(); ++i) longest = std::max(longest, cu[i] - cu[i - 1]);
  return static_cast<std::size_t>(longest);
}
std::size_t max_position_plus_one(const std::vector<std::int64_t>& position_ids) {
  std::int64_t largest = -1;
  for (const std::int64_t p : position_ids) largest = std::max(largest, p);
  return static_cast<std::size_t>(largest + 1);
}

// --- Optional forms ----------------------------------------------------------------------------------

int calls = 0;
/// A one-row engine that is not `constexpr` and counts its calls.
std::errc counted_one_row(std::span<const std::int64_t> positions, std::span<std::size_t> out) {
  ++calls;
  return kvc::offsets_from_positions(positions, out);
}

}  // namespace

TEST_CASE("offsets_from_positions: kvc's contracts pass the fixtures and exploration") {
  checks::passes("kvc::offsets_from_positions", suites::offsets_from_positions, kvc::offsets_from_positions);
  checks::passes("kvc::max_sequence_length_from_positions", suites::max_sequence_length_from_positions,
                 kvc::max_sequence_length_from_positions);
  // Under transformers' packing profile (no padding), cases holding a negative position are not
  // run, and the others still pass.
  const kvc::exploration_report restricted = kvc::explore(
      kvc::restrict_to<kvc::profiles::transformers_packing>(suites::offsets_from_positions), kvc::offsets_from_positions);
  CHECK(restricted.passed());
  CHECK(restricted.not_covered > 0);
  CHECK(restricted.cases_run > kvc::default_exploration_cases / 4);
  const kvc::conformance_report report =
      kvc::check(kvc::restrict_to<kvc::profiles::transformers_packing>(suites::offsets_from_positions),
                 kvc::offsets_from_positions);
  CHECK(report.passed());
  CHECK(report.not_covered() == 7);  // the fixtures holding padding
}

TEST_CASE("offsets_from_positions: correct implementations in other styles pass both halves") {
  CHECK(kvc::conforms(suites::offsets_from_positions, cu_seqlens_int32{}));
  checks::passes("cu_seqlens_int32", suites::offsets_from_positions, cu_seqlens_int32{});
  CHECK(kvc::conforms(suites::max_sequence_length_from_positions, longest_from_int_positions{}));
  checks::passes("longest_from_int_positions", suites::max_sequence_length_from_positions,
                 longest_from_int_positions{});
  CHECK(kvc::conforms(suites::offsets_from_positions, offsets_as_vector));
  checks::passes("offsets_as_vector", suites::offsets_from_positions, offsets_as_vector);
}

TEST_CASE("offsets_from_positions: every known-bad implementation fails the fixtures and exploration") {
  const auto& offsets = suites::offsets_from_positions;
  const auto& lengths = suites::max_sequence_length_from_positions;
  checks::check_rejected("no_leading_zero", offsets, bad::no_leading_zero);
  checks::check_rejected("always_leading_zero", offsets, bad::always_leading_zero);
  checks::check_rejected("padding_as_position_zero", offsets, bad::padding_as_position_zero);
  checks::check_rejected("padding_counted_as_tokens", offsets, bad::padding_counted_as_tokens);
  checks::check_rejected("total_counts_padding", offsets, bad::total_counts_padding);
  checks::check_rejected("offsets_index_padded_row", offsets, bad::offsets_index_padded_row);
  checks::check_rejected("restarts_where_not_consecutive", offsets, bad::restarts_where_not_consecutive);
  checks::check_rejected("no_total", offsets, bad::no_total);
  checks::check_rejected("total_one_short", offsets, bad::total_one_short);
  checks::check_rejected("drops_last_sequence", offsets, bad::drops_last_sequence);
  checks::check_rejected("empty_writes_nothing", offsets, bad::empty_writes_nothing);
  checks::check_rejected("offsets_in_uint8", offsets, bad::offsets_in_uint8);
  checks::check_rejected("restarts_where_positions_fall", offsets, bad::restarts_where_positions_fall);
  checks::check_rejected("padding_is_minus_one_only", offsets, bad::padding_is_minus_one_only);
  checks::check_rejected("padding_ends_a_sequence", offsets, bad::padding_ends_a_sequence);
  checks::check_rejected("position_zero_in_16_bits", offsets, bad::position_zero_in_16_bits);
  checks::check_rejected("flattens_components", offsets, bad::flattens_components);
  checks::check_rejected("reads_token_major", offsets, bad::reads_token_major);
  checks::check_rejected("offsets_count_values", offsets, bad::offsets_count_values);
  checks::check_rejected("max_position_plus_one", lengths, bad::max_position_plus_one);
  checks::check_rejected("length_without_leading_zero", lengths, bad::length_without_leading_zero);
  checks::check_rejected("length_with_padding_as_zero", lengths, bad::length_with_padding_as_zero);
  checks::check_rejected("length_counts_padding", lengths, bad::length_counts_padding);
  checks::check_rejected("length_drops_last_sequence", lengths, bad::length_drops_last_sequence);
  checks::check_rejected("length_one_short", lengths, bad::length_one_short);
  checks::check_rejected("length_in_uint8", lengths, bad::length_in_uint8);
  checks::check_rejected("length_flattens_components", lengths, bad::length_flattens_components);
  checks::check_rejected("length_reads_token_major", lengths, bad::length_reads_token_major);
  checks::check_rejected("length_counts_values", lengths, bad::length_counts_values);
}

TEST_CASE("offsets_from_positions: exploration rejects what the fixtures miss") {
  CHECK(kvc::conforms(suites::max_sequence_length_from_positions, length_positions_as_int32));
  CHECK(checks::check_fails("length_positions_as_int32", suites::max_sequence_length_from_positions,
                            length_positions_as_int32));
  CHECK(kvc::conforms(suites::offsets_from_positions, components_not_validated{}));
  CHECK(checks::check_fails("components_not_validated", suites::offsets_from_positions, components_not_validated{}));
  CHECK(kvc::conforms(suites::offsets_from_positions, padding_from_any_component{}));
  CHECK(checks::check_fails("padding_from_any_component", suites::offsets_from_positions,
                            padding_from_any_component{}));
  CHECK(kvc::conforms(suites::max_sequence_length_from_positions, length_from_last_row{}));
  CHECK(checks::check_fails("length_from_last_row", suites::max_sequence_length_from_positions,
                            length_from_last_row{}));
  // Caught by the fixtures too.
  CHECK_FALSE(kvc::conforms(suites::offsets_from_positions, padding_only_minus_one));
  CHECK(checks::check_fails("padding_only_minus_one", suites::offsets_from_positions, padding_only_minus_one));
  CHECK_FALSE(kvc::conforms(suites::offsets_from_positions, first_start_only_at_index_zero));
  CHECK(checks::check_fails("first_start_only_at_index_zero", suites::offsets_from_positions,
                            first_start_only_at_index_zero));
}

TEST_CASE("offsets_from_positions: a failing exploration reports the same counterexample for the same seed") {
  checks::check_deterministic_failure("padding_only_minus_one", suites::offsets_from_positions, padding_only_minus_one);
  checks::check_deterministic_failure("length_from_last_row", suites::max_sequence_length_from_positions,
                                      length_from_last_row{});
}

TEST_CASE("offsets_from_positions: transformers' derivations, judged before and after their fixes") {
  const auto& offsets = suites::offsets_from_positions;
  const auto& lengths = suites::max_sequence_length_from_positions;
  using engine::fixes;
  // PR #39341: max position + 1 rejected; the longest cu_seqlens difference accepted.
  checks::check_rejected("max_length_before_39341", lengths, engine::max_length_before_39341);
  checks::passes("max_length_after_39341", lengths, engine::max_length_after_39341<>);
  // #39814: no leading 0 rejected, in the offsets and in the length derived from them.
  checks::check_rejected("cu_seqlens without #39814", offsets, engine::cu_seqlens<fixes{.leading_zero = false}>);
  checks::check_rejected("max_length without #39814", lengths,
                         engine::max_length_after_39341<fixes{.leading_zero = false}>);
  checks::passes("cu_seqlens", offsets, engine::cu_seqlens<fixes{}>);
  // #44911, #47342: flattened rows rejected, the temporal row accepted. These engines take the
  // 3-row form only: the one-row fixtures are skipped.
  checks::check_rejected("cu_seqlens_3d_flattened", offsets, engine::cu_seqlens_3d_flattened);
  checks::check_rejected("max_length_3d_flattened", lengths, engine::max_length_3d_flattened);
  checks::passes("cu_seqlens_3d_temporal", offsets, engine::cu_seqlens_3d_temporal);
  checks::passes("max_length_3d_temporal", lengths, engine::max_length_3d_temporal);
  CHECK(kvc::check(offsets, engine::cu_seqlens_3d_temporal).skipped() == 19);
  // LLaMA-Factory #10452: padding at position 0 rejected.
  checks::check_rejected("cu_seqlens without #10452", offsets, engine::cu_seqlens<fixes{.padding_removed = false}>);
  checks::check_rejected("max_length without #10452", lengths,
                         engine::max_length_after_39341<fixes{.padding_removed = false}>);
}

TEST_CASE("offsets_from_positions: engines written at run time, through kvc::check") {
  const auto& offsets = suites::offsets_from_positions;
  const auto& lengths = suites::max_sequence_length_from_positions;

  const kvc::conformance_report fixed = kvc::check(offsets, transformers_like{});
  CHECK(fixed.passed());
  CHECK(fixed.skipped() == 4);  // the 3-row fixtures: a one-row engine
  KVC_CHECK_CONFORMS(offsets, transformers_like{});
  KVC_CHECK_CONFORMS(lengths, max_length_from_cu_seqlens);

  const kvc::conformance_report no_leading_zero = kvc::check(offsets, transformers_like{false, true});
  REQUIRE_FALSE(no_leading_zero.passed());
  CHECK(no_leading_zero.failures().front().label == "a row not starting at 0");
  CHECK(no_leading_zero.failures().front().actual == "[3, 5]");
  const kvc::conformance_report padding_at_zero = kvc::check(offsets, transformers_like{true, false});
  REQUIRE_FALSE(padding_at_zero.passed());
  CHECK(padding_at_zero.failures().front().label == "padding at the tail");
  CHECK(padding_at_zero.failures().front().actual == "[0, 3, 5, 6, 7, 8]");

  const kvc::conformance_report plus_one = kvc::check(lengths, max_position_plus_one);
  REQUIRE_FALSE(plus_one.passed());
  CHECK(plus_one.failures().front().label == "repeated positions inside a sequence");
  CHECK(plus_one.failures().front().actual == "6");
}

TEST_CASE("offsets_from_positions: a fixture of a form the implementation lacks is skipped, never run") {
  calls = 0;
  const kvc::conformance_report report = kvc::check(suites::offsets_from_positions, counted_one_row);
  CHECK(calls == 19);
  REQUIRE(report.fixtures.size() == 23);
  CHECK(report.passed());
  CHECK(report.failures().empty());
  CHECK(report.skipped() == 4);
  const kvc::fixture_outcome& skipped = report.fixtures[19];
  CHECK(skipped.skipped);
  CHECK(skipped.passed);  // not failed
  CHECK(skipped.label == "3-row M-RoPE positions");
  CHECK(skipped.inputs == "[0, 1, 1, 1, 1, 3, 0, 1, 0, 1, 1, 2, 2, 3, 0, 1, 0, 1, 2, 1, 2, 3, 0, 1], 3");
  CHECK(skipped.actual == "(does not implement the 3-row form)");
  CHECK(skipped.expected == "[0, 6, 8]");
  const std::string table = checks::text_of(report);
  CHECK(table.find("| 3-row M-RoPE positions | `(does not implement the 3-row form)` | `[0, 6, 8]` | Skipped |") !=
        std::string::npos);
  CHECK(table.find("4 of 23 fixtures skipped") != std::string::npos);
  CHECK(kvc::conforms(suites::offsets_from_positions, counted_one_row));
  KVC_CHECK_CONFORMS(suites::offsets_from_positions, counted_one_row);  // nothing raised for the skipped
}

TEST_CASE("offsets_from_positions: an implementation that takes a form is judged on it") {
  const kvc::conformance_report report =
      kvc::check(suites::offsets_from_positions, bad::flattens_components);
  CHECK_FALSE(report.passed());
  CHECK(report.skipped() == 0);
  REQUIRE(report.failures().size() == 2);
  CHECK(report.failures().front().label == "3-row M-RoPE positions");
  CHECK(report.failures().front().actual == "[0, 6, 8, 14, 16, 22, 24]");
  CHECK(checks::text_of(report).find("skipped") == std::string::npos);
}

// The fixture lines the reports below print, pasted as rows of the suites' tables: they compile,
// and kvc's contracts pass them.
static_assert(kvc::passes(kvc::specs::position_tables::offsets_row{"explored", {{-2}}, {0}},
                          kvc::offsets_from_positions));
static_assert(kvc::passes(kvc::specs::position_tables::component_offsets_row{"explored", {{0, 1, 0, 0, 0, 1}, 3}, {0, 2}},
                          kvc::offsets_from_positions));
static_assert(kvc::passes(kvc::specs::position_tables::component_length_row{"explored", {{0, 1, 0, 0, 0, 1}, 3}, 2},
                          kvc::max_sequence_length_from_positions));

TEST_CASE("offsets_from_positions: a report's fixture line is a row of the suite's table, as pasted above") {
  CHECK(kvc::explore(suites::offsets_from_positions, bad::padding_is_minus_one_only).fixture ==
        "{\"explored\", {{-2}}, {0}},");
  CHECK(kvc::explore(suites::offsets_from_positions, bad::reads_token_major).fixture ==
        "{\"explored\", {{0, 1, 0, 0, 0, 1}, 3}, {0, 2}},");
  CHECK(kvc::explore(suites::max_sequence_length_from_positions, bad::length_reads_token_major).fixture ==
        "{\"explored\", {{0, 1, 0, 0, 0, 1}, 3}, 2},");
}
