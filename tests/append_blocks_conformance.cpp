// tests/append_blocks_conformance.cpp - the suites of the blocks an append needs at run time: every
// known-bad implementation rejected by the fixtures (kvc::check names one) and by exploration
// (kvc::explore shrinks a counterexample), and correct implementations in other styles passing
// both.
#include <kvc/explore.hpp>
#include <kvc/specs/append_blocks.hpp>
#include <kvc/verification/report.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "both_halves.hpp"
#include "mutants/append_blocks.hpp"

namespace {

namespace bad = kvc::mutants::append_blocks;

/// Correct, as vLLM writes it: cdiv of the total minus the blocks held, in 128 bits.
constexpr auto with_wide_integers = [](std::int64_t held, std::int64_t appended,
                                       std::int64_t lookahead, std::int64_t size) -> std::uint64_t {
  __extension__ typedef unsigned __int128 wide;
  if (held < 0 || appended < 0 || lookahead < 0 || size <= 0) return 0;
  const wide block = static_cast<wide>(size);
  const wide need = (static_cast<wide>(held) + static_cast<wide>(appended) +
                     static_cast<wide>(lookahead) + block - 1) / block;
  const wide have = (static_cast<wide>(held) + block - 1) / block;
  return static_cast<std::uint64_t>(need - have);
};

/// Correct, slot by slot against the last block's free slots (int64 engine, small counts).
constexpr auto by_free_slots = [](std::int64_t held, std::int64_t appended, std::int64_t lookahead,
                                  std::int64_t size) -> std::int64_t {
  if (held < 0 || appended < 0 || lookahead < 0 || size <= 0) return 0;
  const std::int64_t free_slots = held % size == 0 ? 0 : size - held % size;
  const std::int64_t wanted = appended + lookahead;
  if (wanted <= free_slots) return 0;
  return (wanted - free_slots + size - 1) / size;
};

template <class Suite, class Impl>
void rejected(const Suite& suite, const Impl& impl) {
  const kvc::conformance_report report = kvc::check(suite, impl);
  CHECK_FALSE(report.passed());
  const kvc::exploration_report explored = kvc::explore(kvc::suites::append_blocks_extremes, impl);
  CHECK_MESSAGE(!explored.passed(), explored.suite);
  CHECK(explored.test_case.find("CHECK(impl(") != std::string::npos);
}

}  // namespace

TEST_CASE("append_blocks: kvc's contract and correct engines pass both halves") {
  CHECK(kvc::check(kvc::suites::append_blocks, kvc::blocks_for_append).passed());
  CHECK(kvc::check(kvc::suites::append_blocks_extremes, kvc::blocks_for_append).passed());
  CHECK(kvc::explore(kvc::suites::append_blocks, kvc::blocks_for_append).passed());
  kvc_test::explores_deterministically(kvc::suites::append_blocks, kvc::blocks_for_append);
  CHECK(kvc::explore(kvc::suites::append_blocks_extremes, kvc::blocks_for_append).passed());
  CHECK(kvc::check(kvc::suites::append_blocks, with_wide_integers).passed());
  CHECK(kvc::explore(kvc::suites::append_blocks, with_wide_integers).passed());
  CHECK(kvc::check(kvc::suites::append_blocks, by_free_slots).passed());
  // An int64 engine is explored with the counts its types hold: the rest are outside them.
  const kvc::exploration_report narrow = kvc::explore(kvc::suites::append_blocks, by_free_slots);
  CHECK(narrow.passed());
}

TEST_CASE("append_blocks: every known-bad implementation fails the fixtures and exploration") {
  rejected(kvc::suites::append_blocks, bad::ignores_lookahead);
  rejected(kvc::suites::append_blocks, bad::partial_block_not_counted);
  rejected(kvc::suites::append_blocks, bad::ignores_free_slots);
  rejected(kvc::suites::append_blocks, bad::floor_division);
  rejected(kvc::suites::append_blocks, bad::ceiling_wraps_at_zero);
  rejected(kvc::suites::append_blocks, bad::lookahead_twice);
  rejected(kvc::suites::append_blocks, bad::lookahead_only_with_tokens);
  rejected(kvc::suites::append_blocks, bad::block_size_clamped);
  rejected(kvc::suites::append_blocks, bad::extra_block_at_edge);
  rejected(kvc::suites::append_blocks, bad::trusts_signs);
  rejected(kvc::suites::append_blocks_extremes, bad::sum_wraps);
  rejected(kvc::suites::append_blocks_extremes, bad::counts_in_32_bits);
}

TEST_CASE("append_blocks: a report names the failing fixture, its inputs and both results") {
  const kvc::conformance_report report = kvc::check(kvc::suites::append_blocks, bad::ignores_lookahead);
  const auto failures = report.failures();
  REQUIRE_FALSE(failures.empty());
  CHECK(failures.front().label == "lookahead alone into a full block");
  CHECK(failures.front().inputs == "16, 0, 1, 16");
  CHECK(failures.front().actual == "0");
  CHECK(failures.front().expected == "1");
}
