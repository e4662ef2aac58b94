// tests/exploration_positions.cpp - kvc::explore on the position-id suites
// (offsets_from_positions, max_sequence_length_from_positions): kvc's contracts pass (three seeds,
// within a second, deterministically); every known-bad implementation of the descriptor is
// rejected; wrong implementations the fixtures miss are rejected; correct ones written in other
// styles (int32 `cu_seqlens`, int32 positions, the 3-row form with `kvc::position_components`) pass
// both the fixtures and exploration.
#include <doctest/doctest.h>

#include <kvc/contracts/offsets_from_positions.hpp>
#include <kvc/explore.hpp>
#include <kvc/offsets_from_positions.hpp>
#include <kvc/position_components.hpp>

#include "exploration_checks.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

namespace {

namespace checks = kvc_test::exploration_checks;
namespace suites = kvc::suites;

/// kvc's one-row `cu_seqlens`, for implementations whose 3-row form alone is wrong.
struct contract_one_row {
  template <class R, class O>
  void operator()(const R& positions, O out) const {
    static_cast<void>(kvc::offsets_from_positions(positions, out));
  }
};

// --- Wrong implementations beyond the descriptor's ---------------------------------------------
// Each says whether the fixtures (kvc::conforms) catch it; the tests below check both claims.

/// Padding is -1 only: other negative positions are tokens (of the sequence before them). The
/// fixtures pad with -1 alone: they miss it.
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
    static_cast<void>(
        kvc::offsets_from_positions(std::span<const T>(positions.data(), tokens), out));
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
      for (std::size_t c = 0; c < components; ++c)
        padding = padding || positions[c * tokens + k] < 0;
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
    return kvc::max_sequence_length_from_positions(
        std::span<const T>(positions.data() + (components - 1) * tokens, tokens));
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

// --- Correct implementations in other styles --------------------------------------------------

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
  static void write(std::span<const std::int64_t> positions, std::size_t tokens,
                    std::span<std::int32_t> out) {
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
  std::size_t operator()(const std::vector<int>& positions) const {
    return longest(positions, positions.size());
  }
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

}  // namespace

TEST_CASE("kvc's position-id contracts pass exploration, within a second, deterministically") {
  checks::check_passes("kvc::offsets_from_positions", suites::offsets_from_positions,
                       kvc::offsets_from_positions);
  checks::check_passes("kvc::max_sequence_length_from_positions",
                       suites::max_sequence_length_from_positions,
                       kvc::max_sequence_length_from_positions);
  // Under transformers' packing profile (no padding), cases holding a negative position are not
  // run, and the others still pass.
  const auto restricted = kvc::explore(
      kvc::restrict_to<kvc::profiles::transformers_packing>(suites::offsets_from_positions),
      kvc::offsets_from_positions);
  CHECK(restricted.passed());
  CHECK(restricted.not_covered > 0);
  CHECK(restricted.cases_run > kvc::default_exploration_cases / 4);
}

// The descriptor's known-bad implementations: tests/exploration_positions_descriptor.cpp.

TEST_CASE("exploration rejects wrong position-id implementations the fixtures miss") {
  // Missed by the fixtures, rejected by exploration. (Only -1 as padding was among these until
  // the fixture "padding marked -5"; exploration still rejects it on its own.)
  CHECK_FALSE(kvc::conforms(suites::offsets_from_positions, padding_only_minus_one));
  CHECK(checks::check_fails("padding_only_minus_one", suites::offsets_from_positions,
                            padding_only_minus_one));
  CHECK(kvc::conforms(suites::max_sequence_length_from_positions, length_positions_as_int32));
  CHECK(checks::check_fails("length_positions_as_int32", suites::max_sequence_length_from_positions,
                            length_positions_as_int32));
  CHECK(kvc::conforms(suites::offsets_from_positions, components_not_validated{}));
  CHECK(checks::check_fails("components_not_validated", suites::offsets_from_positions,
                            components_not_validated{}));
  CHECK(kvc::conforms(suites::offsets_from_positions, padding_from_any_component{}));
  CHECK(checks::check_fails("padding_from_any_component", suites::offsets_from_positions,
                            padding_from_any_component{}));
  CHECK(kvc::conforms(suites::max_sequence_length_from_positions, length_from_last_row{}));
  CHECK(checks::check_fails("length_from_last_row", suites::max_sequence_length_from_positions,
                            length_from_last_row{}));
  // Caught by the fixtures too.
  CHECK_FALSE(kvc::conforms(suites::offsets_from_positions, first_start_only_at_index_zero));
  CHECK(checks::check_fails("first_start_only_at_index_zero", suites::offsets_from_positions,
                            first_start_only_at_index_zero));
}

TEST_CASE("a failing position-id exploration reports the same counterexample for the same seed") {
  checks::check_deterministic_failure("padding_only_minus_one", suites::offsets_from_positions,
                                      padding_only_minus_one);
  checks::check_deterministic_failure(
      "length_from_last_row", suites::max_sequence_length_from_positions, length_from_last_row{});
}

// The fixture lines a report prints for each of the position-id call shapes, pasted: they compile,
// and kvc's contract passes them.
static_assert(kvc::passes(kvc::make_position_fixture<kvc::position_offsets_call>(
                              kvc::label<"explored">,
                              std::array<long, 4>{long(-2), long(3), long(0), long(-1)},
                              std::array<std::size_t, 3>{0U, 1U, 2U}),
                          kvc::offsets_from_positions));
static_assert(kvc::passes(kvc::make_position_fixture<kvc::component_offsets_call>(
                              kvc::label<"explored">,
                              std::array<long, 4>{long(0), long(1), long(0), long(0)},
                              std::size_t{2U}, std::array<std::size_t, 2>{0U, 2U}),
                          kvc::offsets_from_positions));
static_assert(kvc::passes(kvc::make_position_fixture<kvc::component_offsets_call>(
                              kvc::label<"explored">,
                              std::array<long, 3>{long(0), long(1), long(0)}, std::size_t{2U},
                              std::array<std::size_t, 0>{}),
                          kvc::offsets_from_positions));
static_assert(kvc::passes(kvc::make_position_fixture<kvc::position_length_call>(
                              kvc::label<"explored">,
                              std::array<long, 3>{long(4294967296LL), long(1), long(0)},
                              std::size_t{2U}),
                          kvc::max_sequence_length_from_positions));
static_assert(kvc::passes(kvc::make_position_fixture<kvc::component_length_call>(
                              kvc::label<"explored">,
                              std::array<long, 4>{long(0), long(-1), long(0), long(0)},
                              std::size_t{2U}, std::size_t{1U}),
                          kvc::max_sequence_length_from_positions));

TEST_CASE("a report's fixture line is the suite's fixture maker, as pasted above") {
  namespace x = kvc::exploration;
  namespace hana = boost::hana;
  using offsets = x::family_of<std::remove_cvref_t<decltype(suites::offsets_from_positions)>>::type;
  using lengths =
      x::family_of<std::remove_cvref_t<decltype(suites::max_sequence_length_from_positions)>>::type;
  const auto line = [](auto family, auto call, const auto& inputs) {
    using F = decltype(family);
    using C = decltype(call);
    return F::template fixture_line<C>(inputs, F::template expected<C>(inputs));
  };
  using row = std::vector<std::int64_t>;
  CHECK(line(offsets{}, kvc::position_offsets_call{}, hana::make_tuple(row{-2, 3, 0, -1})) ==
        "kvc::make_position_fixture<kvc::position_offsets_call>(kvc::label<\"explored\">, "
        "std::array<long, 4>{long(-2), long(3), long(0), long(-1)}, std::array<std::size_t, 3>{0U, "
        "1U, "
        "2U})");
  CHECK(line(offsets{}, kvc::component_offsets_call{},
             hana::make_tuple(row{0, 1, 0, 0}, std::size_t{2})) ==
        "kvc::make_position_fixture<kvc::component_offsets_call>(kvc::label<\"explored\">, "
        "std::array<long, 4>{long(0), long(1), long(0), long(0)}, std::size_t{2U}, "
        "std::array<std::size_t, 2>{0U, 2U})");
  // Not whole rows: the contract writes no offsets.
  CHECK(line(offsets{}, kvc::component_offsets_call{},
             hana::make_tuple(row{0, 1, 0}, std::size_t{2})) ==
        "kvc::make_position_fixture<kvc::component_offsets_call>(kvc::label<\"explored\">, "
        "std::array<long, 3>{long(0), long(1), long(0)}, std::size_t{2U}, std::array<std::size_t, "
        "0>{})");
  CHECK(line(lengths{}, kvc::position_length_call{}, hana::make_tuple(row{0x1'0000'0000, 1, 0})) ==
        "kvc::make_position_fixture<kvc::position_length_call>(kvc::label<\"explored\">, "
        "std::array<long, 3>{long(4294967296LL), long(1), long(0)}, std::size_t{2U})");
  CHECK(line(lengths{}, kvc::component_length_call{},
             hana::make_tuple(row{0, -1, 0, 0}, std::size_t{2})) ==
        "kvc::make_position_fixture<kvc::component_length_call>(kvc::label<\"explored\">, "
        "std::array<long, 4>{long(0), long(-1), long(0), long(0)}, std::size_t{2U}, "
        "std::size_t{1U})");
}

TEST_CASE("correct position-id implementations in other styles pass the fixtures and exploration") {
  CHECK(kvc::conforms(suites::offsets_from_positions, cu_seqlens_int32{}));
  checks::check_passes("cu_seqlens_int32", suites::offsets_from_positions, cu_seqlens_int32{});
  CHECK(kvc::conforms(suites::max_sequence_length_from_positions, longest_from_int_positions{}));
  checks::check_passes("longest_from_int_positions", suites::max_sequence_length_from_positions,
                       longest_from_int_positions{});
  CHECK(kvc::conforms(suites::offsets_from_positions, offsets_as_vector));
  checks::check_passes("offsets_as_vector", suites::offsets_from_positions, offsets_as_vector);
}
