// tests/prefix_reuse_conformance.cpp - the prefix-reuse suites (FA-98601) at run time: every
// known-bad implementation of tests/mutants/prefix_reuse.hpp rejected by the fixtures (kvc::check
// names the failing one) and by exploration (kvc::explore shrinks a counterexample), exact and
// under each standard policy; kvc's contract and correct engines in other styles passing both;
// how the suites call an engine's own signature; and what a report says.
#include <kvc/explore.hpp>
#include <kvc/prefix_reuse.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/specs/prefix_reuse.hpp>
#include <kvc/verification/report.hpp>
#include <kvc/verification/standard_policies.hpp>

#include <doctest/doctest.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "both_halves.hpp"
#include "mutants/prefix_reuse.hpp"

namespace {

namespace bad = kvc::mutants::prefix_reuse;
namespace suites = kvc::suites;
using kvc::reuse_policy;
using kvc::verification::block_reuse_under;
using kvc::verification::blocks_of_16_policy;
using kvc::verification::exact_policy;
using kvc::verification::recompute_last_policy;
using kvc::verification::reusable_prefix_length_under;
using kvc::verification::vllm_policy;

using kvc_test::passes;
using kvc_test::rejected;
using kvc_test::text_of;

// --- Correct engines in other styles ---------------------------------------------------------------

/// As engines write it at run time: std::string namespaces, std::vector tokens.
std::size_t vector_prefix(const std::string& cache_ns, const std::string& request_ns,
                          const std::vector<std::int32_t>& cached,
                          const std::vector<std::int32_t>& requested) {
  if (cache_ns != request_ns) return 0;
  std::size_t i = 0;
  while (i < cached.size() && i < requested.size() && cached[i] == requested[i]) ++i;
  return i;
}

/// The same, one token past the truth after a mismatch.
std::size_t vector_prefix_off_by_one(const std::string& cache_ns, const std::string& request_ns,
                                     const std::vector<std::int64_t>& cached,
                                     const std::vector<std::int64_t>& requested) {
  if (cache_ns != request_ns) return 0;
  std::size_t i = 0;
  while (i < cached.size() && i < requested.size() && cached[i] == requested[i]) ++i;
  return i < cached.size() && i < requested.size() ? i + 1 : i;
}

/// Spans of 64-bit ids, compared from the end of the shorter sequence back to the first mismatch.
constexpr auto from_the_end = [](std::string_view cache_ns, std::string_view request_ns,
                                 std::span<const std::int64_t> cached,
                                 std::span<const std::int64_t> requested) -> std::size_t {
  if (cache_ns != request_ns) return 0;
  const std::size_t n = cached.size() < requested.size() ? cached.size() : requested.size();
  std::size_t prefix = n;
  for (std::size_t i = n; i > 0; --i)
    if (cached[i - 1] != requested[i - 1]) prefix = i - 1;
  return prefix;
};

/// The block form as a paged cache writes it: whole blocks compared one at a time.
constexpr auto block_by_block = [](std::string_view cache_ns, std::string_view request_ns,
                                   std::span<const int> cached, std::span<const int> requested,
                                   int block) -> std::size_t {
  if (block <= 0 || cache_ns != request_ns) return 0;
  const auto size = static_cast<std::size_t>(block);
  std::size_t reused = 0;
  while (reused + size <= cached.size() && reused + size <= requested.size()) {
    for (std::size_t i = reused; i < reused + size; ++i)
      if (cached[i] != requested[i]) return reused;
    reused += size;
  }
  return reused;
};

/// Engines of each standard policy as they write it.
constexpr auto vllm_blocks = [](std::string_view cache_ns, std::string_view request_ns,
                                std::span<const std::int32_t> cached,
                                std::span<const std::int32_t> requested) -> std::size_t {
  if (cache_ns != request_ns || requested.empty()) return 0;
  const std::size_t max_hit = requested.size() - 1;
  std::size_t hit = 0;
  while (hit + 16 <= max_hit && hit + 16 <= cached.size()) {
    for (std::size_t i = hit; i < hit + 16; ++i)
      if (cached[i] != requested[i]) return hit;
    hit += 16;
  }
  return hit;
};
constexpr auto token_radix = [](std::string_view cache_ns, std::string_view request_ns,
                                std::span<const std::int32_t> cached,
                                std::span<const std::int32_t> requested) -> std::size_t {
  if (cache_ns != request_ns) return 0;
  std::size_t matched = 0;
  while (matched < cached.size() && matched < requested.size() &&
         cached[matched] == requested[matched])
    ++matched;
  if (matched == requested.size() && matched > 0) --matched;  // llama.cpp's n_past--
  return matched;
};

// --- The known-bad implementations, by suite -------------------------------------------------------

void exact_mutants_rejected() {
  const auto& suite = suites::prefix_reuse;
  rejected("seed_failure", suite, bad::seed_failure);
  rejected("seed_unsuccessful_fix", suite, bad::seed_unsuccessful_fix);
  rejected("ignores_namespace", suite, bad::ignores_namespace);
  rejected("counts_equal_positions", suite, bad::counts_equal_positions);
  rejected("namespace_prefix_match", suite, bad::namespace_prefix_match);
  rejected("namespace_truncated", suite, bad::namespace_truncated);
  rejected("empty_namespace_is_wildcard", suite, bad::empty_namespace_is_wildcard);
  rejected("drops_last_token", suite, bad::drops_last_token);
  rejected("includes_mismatch", suite, bad::includes_mismatch);
  rejected("reuses_whole_cache_on_first_match", suite, bad::reuses_whole_cache_on_first_match);
  rejected("capped_window", suite, bad::capped_window);
  rejected("length_in_8_bits", suite, bad::length_in_8_bits);
  rejected("compares_length_and_last_character", suite, bad::compares_length_and_last_character);
  rejected("namespace_character_sum", suite, bad::namespace_character_sum);
  rejected("namespace_character_xor", suite, bad::namespace_character_xor);
  rejected("namespace_weighted_sum", suite, bad::namespace_weighted_sum);
  rejected("namespace_case_insensitive", suite, bad::namespace_case_insensitive);
  rejected("namespace_c_string_compare", suite, bad::namespace_c_string_compare);
  rejected("namespace_trims_whitespace", suite, bad::namespace_trims_whitespace);
  rejected("namespace_first_64_bytes", suite, bad::namespace_first_64_bytes);
  rejected("namespace_trailing_slash_stripped", suite, bad::namespace_trailing_slash_stripped);
}

void block_mutants_rejected() {
  const auto& suite = suites::block_prefix_reuse;
  rejected("block_rounds_up", suite, bad::block_rounds_up);
  rejected("block_zero_means_exact", suite, bad::block_zero_means_exact);
  rejected("block_rounds_shorter_length", suite, bad::block_rounds_shorter_length);
  rejected("block_count_not_tokens", suite, bad::block_count_not_tokens);
  rejected("block_ignores_namespace", suite, bad::block_ignores_namespace);
}

/// Every exact mutant with P applied to its result, and the correct engines of the other standard
/// policies, rejected by `prefix_reuse_under<P>`.
template <reuse_policy P>
void policy_mutants_rejected() {
  const auto& suite = suites::prefix_reuse_under<P>;
  rejected("seed_failure", suite, bad::under<P>(bad::seed_failure));
  rejected("seed_unsuccessful_fix", suite, bad::under<P>(bad::seed_unsuccessful_fix));
  rejected("ignores_namespace", suite, bad::under<P>(bad::ignores_namespace));
  rejected("counts_equal_positions", suite, bad::under<P>(bad::counts_equal_positions));
  rejected("namespace_prefix_match", suite, bad::under<P>(bad::namespace_prefix_match));
  rejected("namespace_truncated", suite, bad::under<P>(bad::namespace_truncated));
  rejected("empty_namespace_is_wildcard", suite, bad::under<P>(bad::empty_namespace_is_wildcard));
  rejected("drops_last_token", suite, bad::under<P>(bad::drops_last_token));
  rejected("includes_mismatch", suite, bad::under<P>(bad::includes_mismatch));
  rejected("reuses_whole_cache_on_first_match", suite,
           bad::under<P>(bad::reuses_whole_cache_on_first_match));
  rejected("capped_window", suite, bad::under<P>(bad::capped_window));
  rejected("length_in_8_bits", suite, bad::under<P>(bad::length_in_8_bits));
  rejected("compares_length_and_last_character", suite,
           bad::under<P>(bad::compares_length_and_last_character));
  rejected("namespace_character_sum", suite, bad::under<P>(bad::namespace_character_sum));
  rejected("namespace_character_xor", suite, bad::under<P>(bad::namespace_character_xor));
  rejected("namespace_weighted_sum", suite, bad::under<P>(bad::namespace_weighted_sum));
  rejected("namespace_case_insensitive", suite, bad::under<P>(bad::namespace_case_insensitive));
  rejected("namespace_c_string_compare", suite, bad::under<P>(bad::namespace_c_string_compare));
  rejected("namespace_trims_whitespace", suite, bad::under<P>(bad::namespace_trims_whitespace));
  rejected("namespace_first_64_bytes", suite, bad::under<P>(bad::namespace_first_64_bytes));
  rejected("namespace_trailing_slash_stripped", suite,
           bad::under<P>(bad::namespace_trailing_slash_stripped));
  if constexpr (P != exact_policy) rejected("exact_engine", suite, bad::exact_engine);
  if constexpr (P != blocks_of_16_policy) rejected("whole_blocks_engine", suite, bad::whole_blocks_engine);
  if constexpr (P != recompute_last_policy) rejected("token_radix_engine", suite, bad::token_radix_engine);
  if constexpr (P != vllm_policy) rejected("vllm_engine", suite, bad::vllm_engine);
  if constexpr (P.recompute_last_token)
    rejected("recomputes_within_shorter", suite, bad::recomputes_within_shorter<P>);
}

/// Every block mutant with P applied to its result, and kvc's block form under the other standard
/// policies, rejected by `block_prefix_reuse_under<P>`.
template <reuse_policy P>
void block_policy_mutants_rejected() {
  const auto& suite = suites::block_prefix_reuse_under<P>;
  rejected("block_rounds_up", suite, bad::under_with_blocks<P>(bad::block_rounds_up));
  rejected("block_zero_means_exact", suite, bad::under_with_blocks<P>(bad::block_zero_means_exact));
  rejected("block_rounds_shorter_length", suite,
           bad::under_with_blocks<P>(bad::block_rounds_shorter_length));
  rejected("block_count_not_tokens", suite, bad::under_with_blocks<P>(bad::block_count_not_tokens));
  rejected("block_ignores_namespace", suite,
           bad::under_with_blocks<P>(bad::block_ignores_namespace));
  if constexpr (P != exact_policy) rejected("block form, exact", suite, block_reuse_under<exact_policy>);
  if constexpr (P != blocks_of_16_policy)
    rejected("block form, blocks of 16", suite, block_reuse_under<blocks_of_16_policy>);
  if constexpr (P != recompute_last_policy)
    rejected("block form, last token recomputed", suite, block_reuse_under<recompute_last_policy>);
  if constexpr (P != vllm_policy) rejected("block form, vLLM's", suite, block_reuse_under<vllm_policy>);
}

}  // namespace

TEST_CASE("prefix_reuse: kvc's contract and correct engines in other styles pass both halves") {
  passes("kvc::reusable_prefix_length", suites::prefix_reuse, kvc::reusable_prefix_length);
  passes("std::string and std::vector", suites::prefix_reuse, vector_prefix);
  passes("from the end", suites::prefix_reuse, from_the_end);
  passes("the exact engine", suites::prefix_reuse, bad::exact_engine);
  passes("kvc::reusable_prefix_length", suites::block_prefix_reuse, kvc::reusable_prefix_length);
  passes("block by block", suites::block_prefix_reuse, block_by_block);
}

TEST_CASE("prefix_reuse: under each standard policy, its engines pass both halves") {
  passes("exact", suites::prefix_reuse_under<exact_policy>,
         reusable_prefix_length_under<exact_policy>);
  passes("blocks of 16", suites::prefix_reuse_under<blocks_of_16_policy>,
         reusable_prefix_length_under<blocks_of_16_policy>);
  passes("last token recomputed", suites::prefix_reuse_under<recompute_last_policy>,
         reusable_prefix_length_under<recompute_last_policy>);
  passes("vLLM's", suites::prefix_reuse_under<vllm_policy>, reusable_prefix_length_under<vllm_policy>);
  passes("token radix", suites::prefix_reuse_under<recompute_last_policy>, token_radix);
  passes("vLLM's blocks", suites::prefix_reuse_under<vllm_policy>, vllm_blocks);
  passes("whole blocks", suites::prefix_reuse_under<blocks_of_16_policy>, bad::whole_blocks_engine);
  passes("block form, exact", suites::block_prefix_reuse_under<exact_policy>,
         block_reuse_under<exact_policy>);
  passes("block form, blocks of 16", suites::block_prefix_reuse_under<blocks_of_16_policy>,
         block_reuse_under<blocks_of_16_policy>);
  passes("block form, last token recomputed", suites::block_prefix_reuse_under<recompute_last_policy>,
         block_reuse_under<recompute_last_policy>);
  passes("block form, vLLM's", suites::block_prefix_reuse_under<vllm_policy>,
         block_reuse_under<vllm_policy>);
}

TEST_CASE("prefix_reuse: every known-bad exact implementation fails the fixtures and exploration") {
  exact_mutants_rejected();
  block_mutants_rejected();
}

TEST_CASE("prefix_reuse: under each standard policy, every known-bad implementation fails both") {
  policy_mutants_rejected<exact_policy>();
  policy_mutants_rejected<blocks_of_16_policy>();
  policy_mutants_rejected<recompute_last_policy>();
  policy_mutants_rejected<vllm_policy>();
}

TEST_CASE("prefix_reuse: under each standard policy, every known-bad block implementation fails both") {
  block_policy_mutants_rejected<exact_policy>();
  block_policy_mutants_rejected<blocks_of_16_policy>();
  block_policy_mutants_rejected<recompute_last_policy>();
  block_policy_mutants_rejected<vllm_policy>();
}

TEST_CASE("prefix_reuse: the record's published implementations fail its fixtures as published") {
  const auto failure = kvc::outcomes(suites::seed_prefix_reuse<1>, bad::seed_failure);
  CHECK(failure == std::array{true, false, true, true, true, true});
  const auto fix = kvc::outcomes(suites::seed_prefix_reuse<1>, bad::seed_unsuccessful_fix);
  CHECK(fix == std::array{true, true, false, true, true, true});
  const kvc::conformance_report report = kvc::check(suites::seed_prefix_reuse<1>, bad::seed_failure);
  REQUIRE(report.failures().size() == 1);
  CHECK(report.failures().front().label == "different model");
  CHECK(report.failures().front().actual == "2");
  CHECK(report.failures().front().expected == "0");
}

TEST_CASE("prefix_reuse: vector tokens and std::string namespaces at run time") {
  CHECK(kvc::conforms(suites::prefix_reuse, vector_prefix));
  CHECK(kvc::conforms(suites::block_prefix_reuse,
                      [](const std::string& a, const std::string& b,
                         const std::vector<std::uint64_t>& c, const std::vector<std::uint64_t>& r,
                         int block) { return kvc::reusable_prefix_length(a, b, c, r, block); }));
  CHECK_FALSE(kvc::conforms(suites::prefix_reuse, vector_prefix_off_by_one));
  const auto row = kvc::outcomes(suites::prefix_reuse, vector_prefix_off_by_one);
  CHECK(row[2] == false);  // same namespace mismatch: 2 where 1 is due
  CHECK(row[0] == true);
  rejected("one past a mismatch", suites::prefix_reuse, vector_prefix_off_by_one);
}

TEST_CASE("prefix_reuse: an implementation with state is called once per fixture") {
  int calls = 0;
  const auto counting = [&calls](std::string_view a, std::string_view b, std::span<const char> c,
                                 std::span<const char> r) {
    ++calls;
    return kvc::reusable_prefix_length(a, b, c, r);
  };
  CHECK(kvc::check(suites::prefix_reuse, counting).passed());
  CHECK(calls == static_cast<int>(decltype(suites::prefix_reuse)::size));
}

TEST_CASE("prefix_reuse: kvc::check reports every fixture, its inputs and both results") {
  const kvc::conformance_report report = kvc::check(suites::prefix_reuse, kvc::reusable_prefix_length);
  CHECK(report.passed());
  CHECK(report.fixtures.size() == decltype(suites::prefix_reuse)::size);
  CHECK(report.failures().empty());
  CHECK(report.fixtures.front().label == "same namespace prefix");
  CHECK(report.fixtures.front().inputs == "\"m\", \"m\", ['a'], ['a', 'b']");
  CHECK(report.suite == "prefix_reuse");

  const kvc::conformance_report wrong = kvc::check(suites::prefix_reuse, bad::includes_mismatch);
  const auto failures = wrong.failures();
  REQUIRE_FALSE(failures.empty());
  CHECK(failures.front().label == "same namespace mismatch");
  CHECK(failures.front().inputs == "\"x\", \"x\", ['a', 'b'], ['a', 'c']");
  CHECK(failures.front().actual == "2");
  CHECK(failures.front().expected == "1");
  const std::string table = text_of(wrong);
  CHECK(table.starts_with("| Boundary fixture | Actual | Expected | Outcome |\n|---|---|---|---|\n"));
  CHECK(table.find("| same namespace mismatch | 2 | 1 | Failed |\n") != std::string::npos);
  CHECK(table.find("| same namespace prefix | 1 | 1 | Passed |\n") != std::string::npos);

  const kvc::conformance_report under =
      kvc::check(suites::prefix_reuse_under<vllm_policy>, reusable_prefix_length_under<vllm_policy>);
  CHECK(under.passed());
  CHECK(under.suite == "prefix_reuse_under<{16, true, false}>");
}

TEST_CASE("prefix_reuse: exploration is deterministic per seed, and decides a suite within budget") {
  const auto truncated = [](std::string_view a, std::string_view b, std::span<const std::int32_t> c,
                            std::span<const std::int32_t> r) -> std::size_t {
    return a.substr(0, 16) == b.substr(0, 16) ? kvc::reusable_prefix_length(1, 1, c, r) : 0;
  };
  const std::string first = text_of(kvc::explore(suites::prefix_reuse, truncated, {.seed = 11}));
  CHECK(first.find("FAILED") != std::string::npos);
  CHECK(first == text_of(kvc::explore(suites::prefix_reuse, truncated, {.seed = 11})));
  const std::string other = text_of(kvc::explore(suites::prefix_reuse, truncated, {.seed = 1}));
  CHECK(other.find("seed 1,") != std::string::npos);
  // The shrunk counterexample: namespaces equal in their first 16 characters, nothing more.
  const kvc::exploration_report shrunk = kvc::explore(suites::prefix_reuse, truncated);
  REQUIRE_FALSE(shrunk.passed());
  MESSAGE(text_of(shrunk));
  CHECK(shrunk.expected == "0");
  CHECK(shrunk.inputs.size() < 120);
}
