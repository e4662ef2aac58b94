// The prefix_cache contract at run time: the scenarios (kvc::check) and the model-based check
// (kvc::check_prefix_cache, and kvc::explore of the scenario suite, which runs it) against every
// cache of tests/mutants/prefix_cache.hpp. Each mutant is rejected by both halves: a scenario, and
// generated sequences (checked as a bound, or exactly for a cache that reuses too little, which a
// bound lets through); the correct caches pass both; a failure's report and replay are what a
// test can paste.
#include <doctest/doctest.h>

#include <kvc/explore.hpp>
#include <kvc/model/prefix_cache.hpp>
#include <kvc/specs/prefix_cache.hpp>
#include <kvc/stateful/prefix_cache_check.hpp>
#include <kvc/verification/report.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <sstream>
#include <string>
#include <string_view>

#include "mutants/prefix_cache.hpp"

namespace {

namespace m = kvc::mutants::prefix_cache;
using kvc::suites::prefix_cache_scenarios;

constexpr std::size_t most_sequences = 1000;
constexpr std::size_t most_shrunk_operations = 6;

template <class T>
std::string shown(const T& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

kvc::check_options mutant_options(bool exact, kvc::reuse_policy policy = {}) {
  return kvc::check_options{.seed = 7,
                            .sequences = most_sequences,
                            .max_steps = policy.block_size > 1 ? 40U : 24U,
                            .exact = exact,
                            .policy = policy};
}

/// `report` failed within 1,000 sequences and shrank to at most 6 operations, the last the one
/// that failed.
void require_caught(std::string_view name, const kvc::stateful_report& report) {
  INFO(name);
  INFO(shown(report));
  REQUIRE_FALSE(report.passed());
  CHECK(report.sequences_to_failure <= most_sequences);
  CHECK(report.shrunk_length() <= most_shrunk_operations);
  CHECK(report.failing_step == report.shrunk_length());
  CHECK(report.original_length >= report.shrunk_length());
}

template <class Cache>
kvc::stateful_report cache_report(bool exact, kvc::reuse_policy policy = {}) {
  return kvc::check_prefix_cache([] { return Cache{}; }, mutant_options(exact, policy));
}

/// Rejected by the scenarios (naming a failing one) and by kvc::check_prefix_cache: as a bound
/// (the default, and kvc::explore of the suite), or, for a cache that reuses too little, exactly.
void require_rejected_by_both(m::cache_flaw flaw, std::string_view name, bool too_little) {
  INFO(name);
  const m::scenario_cache_factory<false> flawed{flaw};
  const m::scenario_cache_factory<true> roomy{flaw};
  const kvc::conformance_report scenarios = kvc::check(prefix_cache_scenarios, flawed);
  CHECK_FALSE(scenarios.passed());
  CHECK_FALSE(scenarios.failures().empty());
  if (too_little) {
    require_caught(name, kvc::check_prefix_cache(roomy, mutant_options(true)));
    CHECK(kvc::check_prefix_cache(roomy, mutant_options(false)).passed());
  } else {
    const kvc::exploration_report explored = kvc::explore(prefix_cache_scenarios, roomy);
    INFO(shown(explored));
    CHECK_FALSE(explored.passed());
    require_caught(name, kvc::check_prefix_cache(roomy, mutant_options(false)));
  }
}

m::hash_map_cache make_hash_map_cache() {
  return {};
}

}  // namespace

// --- The scenarios -------------------------------------------------------------------------------

TEST_CASE("prefix_cache: kvc::check runs the scenarios against run-time caches") {
  const auto make_map_cache = [] { return m::hash_map_cache{}; };
  const kvc::conformance_report report = kvc::check(prefix_cache_scenarios, make_map_cache);
  INFO(shown(report));
  CHECK(report.passed());
  CHECK(report.fixtures.size() == decltype(prefix_cache_scenarios)::size);
  CHECK(kvc::conforms(prefix_cache_scenarios, make_map_cache));
  CHECK(kvc::check(prefix_cache_scenarios, [] { return kvc::model::prefix_cache{}; }).passed());
  CHECK(kvc::check(prefix_cache_scenarios, m::factory<m::correct>).passed());
  // A factory may return its cache through a pointer.
  CHECK(kvc::check(prefix_cache_scenarios, [] {
          return std::make_unique<m::hash_map_cache>();
        }).passed());
}

TEST_CASE("prefix_cache: a failing cache's report shows the operations and every observation") {
  const auto report = kvc::check(prefix_cache_scenarios, m::factory<m::erase_leaves_entries>);
  const auto failures = report.failures();
  REQUIRE(failures.size() == 1);
  const auto& failed = failures.front();
  CHECK(failed.label == "erase forgets its namespace only");
  CHECK(failed.inputs ==
        "insert({\"m\", \"sql\", 1, \"\"}, [1, 2, 3]); insert({\"m\", \"sql\", 1, \"\"}, [4, 5]); "
        "insert({\"m\", \"\", 0, \"\"}, [1, 2, 3]); erase({\"m\", \"sql\", 1, \"\"}); "
        "lookup({\"m\", \"sql\", 1, \"\"}, [1, 2, 3]); lookup({\"m\", \"sql\", 1, \"\"}, [4, 5]); "
        "lookup({\"m\", \"\", 0, \"\"}, [1, 2, 3])");
  // Inserts and erases are not observed: "-" keeps every observation under its operation.
  CHECK(failed.actual == "[-, -, -, -, 0, 2, 3]");
  CHECK(failed.expected == "[-, -, -, -, 0, 0, 3]");
  const std::string table = shown(report);
  CHECK(table.find("| erase forgets its namespace only | `[-, -, -, -, 0, 2, 3]` | "
                   "`[-, -, -, -, 0, 0, 3]` | Failed |\n") != std::string::npos);
  CHECK(table.find("| empty lookup | `[-, 0]` | `[-, 0]` | Passed |\n") != std::string::npos);
}

TEST_CASE("prefix_cache: each scenario starts from a fresh cache") {
  int made = 0;
  const auto counting = [&made] {
    ++made;
    return m::hash_map_cache{};
  };
  CHECK(kvc::check(prefix_cache_scenarios, counting).passed());
  CHECK(made == static_cast<int>(decltype(prefix_cache_scenarios)::size));

  // A factory that hands out one shared cache carries entries from scenario to scenario.
  struct shared_cache {
    std::shared_ptr<m::hash_map_cache> cache;
    bool insert(const kvc::cache_namespace& ns, std::span<const std::int32_t> tokens) {
      return cache->insert(ns, tokens);
    }
    std::size_t lookup(const kvc::cache_namespace& ns, std::span<const std::int32_t> tokens) const {
      return cache->lookup(ns, tokens);
    }
    std::size_t erase(const kvc::cache_namespace& ns) { return cache->erase(ns); }
  };
  auto shared = std::make_shared<m::hash_map_cache>();
  CHECK_FALSE(
      kvc::check(prefix_cache_scenarios, [shared] { return shared_cache{shared}; }).passed());
}

// --- Every flawed cache, by both halves
// ------------------------------------------------------------

TEST_CASE("prefix_cache: every flawed cache is rejected by a scenario and by generated sequences") {
  // Too much reuse (another namespace's, or past a difference): a bound sees it.
  require_rejected_by_both(m::tokens_only_key::flaw, "tokens_only_key", false);
  require_rejected_by_both(m::adapter_ignored::flaw, "adapter_ignored", false);
  require_rejected_by_both(m::adapter_revision_ignored::flaw, "adapter_revision_ignored", false);
  require_rejected_by_both(m::salt_ignored::flaw, "salt_ignored", false);
  require_rejected_by_both(m::concatenated_key::flaw, "concatenated_key", false);
  require_rejected_by_both(m::int16_tokens::flaw, "int16_tokens", false);
  require_rejected_by_both(m::counts_first_disagreement::flaw, "counts_first_disagreement", false);
  require_rejected_by_both(m::over_reports_cached_length::flaw, "over_reports_cached_length",
                           false);
  require_rejected_by_both(m::minimum_over_entries::flaw, "minimum_over_entries", false);
  require_rejected_by_both(m::erase_leaves_entries::flaw, "erase_leaves_entries", false);
  require_rejected_by_both(m::erase_revived_by_insert::flaw, "erase_revived_by_insert", false);
  require_rejected_by_both(m::namespace_hash8_key::flaw, "namespace_hash8_key", false);
  require_rejected_by_both(m::revision_with_adapter_only::flaw, "revision_with_adapter_only",
                           false);
  require_rejected_by_both(m::first_8_tokens_key::flaw, "first_8_tokens_key", false);
  require_rejected_by_both(m::first_16_tokens_key::flaw, "first_16_tokens_key", false);
  require_rejected_by_both(m::int31_tokens::flaw, "int31_tokens", false);
  require_rejected_by_both(m::magnitude_tokens::flaw, "magnitude_tokens", false);
  require_rejected_by_both(m::minus_one_is_padding::flaw, "minus_one_is_padding", false);
  require_rejected_by_both(m::erase_before_last_lookup::flaw, "erase_before_last_lookup", false);
  require_rejected_by_both(m::erase_after_last_lookup::flaw, "erase_after_last_lookup", false);
  // Too little reuse (an entry lost or ignored): a cache may evict, so only an exact check, which
  // says no entry is evicted, sees it.
  require_rejected_by_both(m::whole_request_only::flaw, "whole_request_only", true);
  require_rejected_by_both(m::first_entry_wins::flaw, "first_entry_wins", true);
  require_rejected_by_both(m::one_entry_per_namespace::flaw, "one_entry_per_namespace", true);
  require_rejected_by_both(m::erase_clears_all::flaw, "erase_clears_all", true);
  require_rejected_by_both(m::most_recent_entry_only::flaw, "most_recent_entry_only", true);
  require_rejected_by_both(m::erase_whole_model::flaw, "erase_whole_model", true);
  require_rejected_by_both(m::prefix_insert_replaces::flaw, "prefix_insert_replaces", true);
}

TEST_CASE("prefix_cache: a hash of the namespace cut to 32 bits is seen by its scenario only") {
  // Two namespaces whose hashes agree in 32 bits are one in 2^32 pairs: a scenario holds such a
  // pair, generated sequences cannot be expected to find one.
  CHECK_FALSE(kvc::check(prefix_cache_scenarios, m::factory<m::namespace_hash32_key>).passed());
  CHECK(cache_report<m::roomy<m::namespace_hash32_key>>(true).passed());
}

// --- kvc::check_prefix_cache ---------------------------------------------------------------------

TEST_CASE("prefix_cache: engine-style mutants are caught as a bound and shrunk") {
  require_caught("tokens_only_cache", cache_report<m::tokens_only_cache>(false));
  require_caught("erase_first_only_cache", cache_report<m::erase_first_only_cache>(false));
  require_caught("stale_index_cache<2>", cache_report<m::stale_index_cache<2>>(false));
  require_caught("revision_blind_cache", cache_report<m::revision_blind_cache>(false));
  require_caught("concatenated_key_cache", cache_report<m::concatenated_key_cache>(false));
  require_caught("int16_token_cache", cache_report<m::int16_token_cache>(false));
  require_caught("counts_disagreement_cache", cache_report<m::counts_disagreement_cache>(false));
}

TEST_CASE("prefix_cache: engine-style mutants fail their scenarios") {
  CHECK_FALSE(kvc::check(prefix_cache_scenarios, m::factory<m::tokens_only_cache>).passed());
  CHECK_FALSE(kvc::check(prefix_cache_scenarios, m::factory<m::erase_first_only_cache>).passed());
  CHECK_FALSE(kvc::check(prefix_cache_scenarios, m::factory<m::revision_blind_cache>).passed());
  CHECK_FALSE(kvc::check(prefix_cache_scenarios, m::factory<m::int16_token_cache>).passed());
  CHECK_FALSE(
      kvc::check(prefix_cache_scenarios, m::factory<m::counts_disagreement_cache>).passed());
  // Two slots are too few for the scenario of three entries, and its stale index serves the slot's
  // new content to a lookup of the old.
  CHECK_FALSE(kvc::check(prefix_cache_scenarios, m::factory<m::stale_index_cache<2>>).passed());
  // Its key puts the revision between the adapter and the salt, so the scenarios' aliasing pair
  // ("org_1" + "2345", "org_12345" + "") stays apart: only generated sequences, whose pool holds
  // pairs for this key too, see it (above).
  CHECK(kvc::check(prefix_cache_scenarios, m::factory<m::concatenated_key_cache>).passed());
}

TEST_CASE("prefix_cache: the hostile review's caches are caught") {
  constexpr kvc::reuse_policy paged{16, true};
  // Too much reuse: caught as a bound, which an evicting cache also meets.
  require_caught("weak_namespace_hash_cache", cache_report<m::weak_namespace_hash_cache>(false));
  require_caught("fnv8_namespace_cache", cache_report<m::fnv8_namespace_cache>(false));
  require_caught("unsalted_base_cache", cache_report<m::unsalted_base_cache>(false));
  require_caught("base_revision_blind_cache", cache_report<m::base_revision_blind_cache>(false));
  require_caught("adapter_revision_blind_cache",
                 cache_report<m::adapter_revision_blind_cache>(false));
  require_caught("additive_token_hash_cache", cache_report<m::additive_token_hash_cache>(false));
  require_caught("fnv8_token_hash_cache", cache_report<m::fnv8_token_hash_cache>(false));
  require_caught("fixed_width_8_cache", cache_report<m::fixed_width_8_cache>(false));
  require_caught("fixed_width_16_cache", cache_report<m::fixed_width_16_cache>(false));
  require_caught("one_past_request_cache", cache_report<m::one_past_request_cache>(false));
  require_caught("padding_skipping_cache", cache_report<m::padding_skipping_cache>(false));
  require_caught("magnitude_token_cache", cache_report<m::magnitude_token_cache>(false));
  require_caught("sign_bit_flag_cache", cache_report<m::sign_bit_flag_cache>(false));
  require_caught("uint16_token_cache", cache_report<m::uint16_token_cache>(false));
  require_caught("erase_before_last_lookup_cache",
                 cache_report<m::erase_before_last_lookup_cache>(false));
  require_caught("edge_recompute_cache", cache_report<m::edge_recompute_cache>(true, paged));
  require_caught("whole_hit_cache", cache_report<m::whole_hit_cache>(true, paged));
  // Too little reuse: a cache may evict, so only exact mode (no eviction promised) sees these.
  require_caught("negative_is_end_cache", cache_report<m::negative_is_end_cache>(true));
  require_caught("erase_whole_model_cache", cache_report<m::erase_whole_model_cache>(true));
  require_caught("most_recent_only_cache", cache_report<m::most_recent_only_cache>(true));
  require_caught("first_match_cache", cache_report<m::first_match_cache>(true));
}

TEST_CASE("prefix_cache: the hostile review's caches fail the scenarios") {
  const auto rejected = [](auto factory) {
    return !kvc::check(prefix_cache_scenarios, factory).passed();
  };
  CHECK(rejected(m::factory<m::weak_namespace_hash_cache>));
  CHECK(rejected(m::factory<m::fnv8_namespace_cache>));
  CHECK(rejected(m::factory<m::unsalted_base_cache>));
  CHECK(rejected(m::factory<m::base_revision_blind_cache>));
  CHECK(rejected(m::factory<m::adapter_revision_blind_cache>));
  CHECK(rejected(m::factory<m::fixed_width_8_cache>));
  CHECK(rejected(m::factory<m::fixed_width_16_cache>));
  CHECK(rejected(m::factory<m::one_past_request_cache>));
  CHECK(rejected(m::factory<m::padding_skipping_cache>));
  CHECK(rejected(m::factory<m::magnitude_token_cache>));
  CHECK(rejected(m::factory<m::sign_bit_flag_cache>));
  CHECK(rejected(m::factory<m::uint16_token_cache>));
  CHECK(rejected(m::factory<m::erase_before_last_lookup_cache>));
  CHECK(rejected(m::factory<m::edge_recompute_cache>));
  CHECK(rejected(m::factory<m::whole_hit_cache>));
  CHECK(rejected(m::factory<m::negative_is_end_cache>));
  CHECK(rejected(m::factory<m::erase_whole_model_cache>));
  CHECK(rejected(m::factory<m::most_recent_only_cache>));
  CHECK(rejected(m::factory<m::first_match_cache>));
  // A hash of the tokens trusted without comparing them collides on token sequences no scenario
  // holds (the same tokens in another order, an 8-bit collision): only generated sequences see
  // them (above).
  CHECK_FALSE(rejected(m::factory<m::additive_token_hash_cache>));
  CHECK_FALSE(rejected(m::factory<m::fnv8_token_hash_cache>));
}

TEST_CASE("prefix_cache: kvc::explore with its defaults rejects every cache that reuses too much") {
  const auto explored_rejects = [](auto factory) {
    return !kvc::explore(prefix_cache_scenarios, factory).passed();
  };
  CHECK(explored_rejects(m::factory<m::tokens_only_cache>));
  CHECK(explored_rejects(m::factory<m::erase_first_only_cache>));
  CHECK(explored_rejects(m::factory<m::stale_index_cache<2>>));
  CHECK(explored_rejects(m::factory<m::revision_blind_cache>));
  CHECK(explored_rejects(m::factory<m::concatenated_key_cache>));
  CHECK(explored_rejects(m::factory<m::int16_token_cache>));
  CHECK(explored_rejects(m::factory<m::counts_disagreement_cache>));
  CHECK(explored_rejects(m::factory<m::weak_namespace_hash_cache>));
  CHECK(explored_rejects(m::factory<m::fnv8_namespace_cache>));
  CHECK(explored_rejects(m::factory<m::unsalted_base_cache>));
  CHECK(explored_rejects(m::factory<m::base_revision_blind_cache>));
  CHECK(explored_rejects(m::factory<m::adapter_revision_blind_cache>));
  CHECK(explored_rejects(m::factory<m::additive_token_hash_cache>));
  CHECK(explored_rejects(m::factory<m::fnv8_token_hash_cache>));
  CHECK(explored_rejects(m::factory<m::fixed_width_8_cache>));
  CHECK(explored_rejects(m::factory<m::fixed_width_16_cache>));
  CHECK(explored_rejects(m::factory<m::one_past_request_cache>));
  CHECK(explored_rejects(m::factory<m::padding_skipping_cache>));
  CHECK(explored_rejects(m::factory<m::magnitude_token_cache>));
  CHECK(explored_rejects(m::factory<m::sign_bit_flag_cache>));
  CHECK(explored_rejects(m::factory<m::uint16_token_cache>));
  CHECK(explored_rejects(m::factory<m::erase_before_last_lookup_cache>));
  // The rest reuse too little, or round to blocks: a cache may evict, so the exploration's bound
  // lets them through, and kvc::check_prefix_cache with `.exact = true` (and the paged policy)
  // rejects them (above).
  CHECK_FALSE(explored_rejects(m::factory<m::negative_is_end_cache>));
  CHECK_FALSE(explored_rejects(m::factory<m::first_match_cache>));
}

TEST_CASE("prefix_cache: the model and correct engine caches pass") {
  const auto make_model = [] { return kvc::model::prefix_cache{}; };
  for (const bool exact : {false, true}) {
    const kvc::stateful_report report = kvc::check_prefix_cache(make_model, mutant_options(exact));
    INFO(shown(report));
    CHECK(report.passed());
    CHECK(report.sequences_run == most_sequences);
    CHECK(report.operations_run >= most_sequences);
  }
  SUBCASE("an LRU cache of 4 entries passes as a bound, and exact mode sees its evictions") {
    const auto make = [] { return m::lru_cache<4>{}; };
    const kvc::stateful_report bound = kvc::check_prefix_cache(make, mutant_options(false));
    INFO(shown(bound));
    CHECK(bound.passed());
    CHECK_FALSE(kvc::check_prefix_cache(make, mutant_options(true)).passed());
  }
  SUBCASE("a hash map keyed by owning_cache_namespace passes exactly, through a unique_ptr") {
    const auto make = [] { return std::make_unique<m::hash_map_cache>(); };
    const kvc::stateful_report exact = kvc::check_prefix_cache(make, mutant_options(true));
    INFO(shown(exact));
    CHECK(exact.passed());
    CHECK(kvc::check_prefix_cache(make, mutant_options(false)).passed());
  }
  SUBCASE("a block-hash cache of 16-token blocks passes exactly under {16, true} only") {
    const auto make = [] { return m::block_hash_cache{}; };
    const kvc::stateful_report exact =
        kvc::check_prefix_cache(make, mutant_options(true, {16, true}));
    INFO(shown(exact));
    CHECK(exact.passed());
    const kvc::stateful_report unrounded = kvc::check_prefix_cache(make, mutant_options(true));
    CHECK_FALSE(unrounded.passed());
    CHECK(unrounded.shrunk_length() <= most_shrunk_operations);
  }
  SUBCASE("a plain function is a factory") {
    CHECK(kvc::check_prefix_cache(make_hash_map_cache, kvc::check_options{.exact = true}).passed());
    CHECK(kvc::check_prefix_cache(&make_hash_map_cache).passed());
  }
}

TEST_CASE("prefix_cache: a run reproduces from its options, and a pass prints one line") {
  const auto make = [] { return m::stale_index_cache<2>{}; };
  const kvc::check_options options{.seed = 11, .sequences = 1000, .max_steps = 30, .exact = false};
  const kvc::stateful_report first = kvc::check_prefix_cache(make, options);
  const kvc::stateful_report second = kvc::check_prefix_cache(make, options);
  REQUIRE_FALSE(first.passed());
  CHECK(shown(first) == shown(second));
  CHECK(first.seed == 11);
  CHECK(first.sequences_run == first.sequences_to_failure);

  const kvc::stateful_report passed = kvc::check_prefix_cache([] { return m::hash_map_cache{}; });
  CHECK(shown(passed) == "kvc::check_prefix_cache passed: seed 1, 300 sequences, " +
                             std::to_string(passed.operations_run) +
                             " operations checked against the model (bound)\n");
  CHECK(passed.replay().empty());
}

// The replay kvc::check_prefix_cache printed for revision_blind_cache (seed 7), pasted unchanged.
// Here make_cache() builds the fixed cache, so the pasted test is the bug's regression test.
namespace replay_of_revision_blind_cache {
m::hash_map_cache make_cache() {
  return {};
}

// [replay]
TEST_CASE("kvc replay: prefix cache, seed 7") {
  auto cache = make_cache();
  cache.insert(kvc::cache_namespace{"llama-3-8b", "", 1, ""}, std::array<std::int32_t, 1>{0});
  CHECK(cache.lookup(kvc::cache_namespace{"llama-3-8b", "", 0, ""},
                     std::array<std::int32_t, 1>{0}) <= 0);
}
// [replay]
}  // namespace replay_of_revision_blind_cache

TEST_CASE("prefix_cache: the pasted replay is the one printed") {
  const kvc::stateful_report report = cache_report<m::revision_blind_cache>(false);
  CHECK(report.replay() ==
        "TEST_CASE(\"kvc replay: prefix cache, seed 7\") {\n"
        "  auto cache = make_cache();\n"
        "  cache.insert(kvc::cache_namespace{\"llama-3-8b\", \"\", 1, \"\"}, "
        "std::array<std::int32_t, 1>{0});\n"
        "  CHECK(cache.lookup(kvc::cache_namespace{\"llama-3-8b\", \"\", 0, \"\"}, "
        "std::array<std::int32_t, 1>{0}) <= 0);\n"
        "}\n");
  const kvc::stateful_report pointer = kvc::check_prefix_cache(
      [] { return std::make_unique<m::tokens_only_cache>(); }, mutant_options(false));
  CHECK(pointer.replay().find("cache->lookup(") != std::string::npos);
}

// --- kvc::explore of the scenario suite
// ------------------------------------------------------------

TEST_CASE("prefix_cache: exploring the scenarios runs the model-based check") {
  const auto hash_map = kvc::explore(prefix_cache_scenarios, [] { return m::hash_map_cache{}; });
  CHECK_MESSAGE(hash_map.passed(), shown(hash_map));
  CHECK(hash_map.suite == "prefix_cache_scenarios");
  CHECK(hash_map.seed == kvc::explore_options{}.seed);
  CHECK(hash_map.cases_run == kvc::check_options{}.sequences);
  CHECK(kvc::explore(prefix_cache_scenarios, [] { return m::lru_cache<4>{}; }).passed());
  CHECK(kvc::explore(prefix_cache_scenarios, [] { return m::block_hash_cache{}; }).passed());
  // cases are the sequences run.
  CHECK(kvc::explore(prefix_cache_scenarios, [] { return m::hash_map_cache{}; },
                     {.seed = 5, .cases = 40})
            .cases_run == 40);

  const auto tokens_only =
      kvc::explore(prefix_cache_scenarios, [] { return m::tokens_only_cache{}; });
  INFO(shown(tokens_only));
  REQUIRE_FALSE(tokens_only.passed());
  CHECK(tokens_only.inputs.find("cache.") != std::string::npos);
  CHECK(tokens_only.actual != tokens_only.expected);
  CHECK(tokens_only.fixture.starts_with("kvc::make_scenario(\"explored\", {"));
  CHECK(tokens_only.test_case.starts_with("TEST_CASE(\"kvc replay: "));
  CHECK(tokens_only.cases_run == tokens_only.failing_case + 1);
  // The same seed, the same counterexample.
  const kvc::explore_options options{.seed = 11};
  CHECK(kvc::explore(
            prefix_cache_scenarios, [] { return m::tokens_only_cache{}; }, options)
            .fixture == kvc::explore(
                            prefix_cache_scenarios, [] { return m::tokens_only_cache{}; }, options)
                            .fixture);
}

// The scenario kvc::explore printed for tokens_only_cache (seed 11), pasted unchanged: a scenario
// the suite could hold, which a correct cache passes and the mutant fails.
TEST_CASE("prefix_cache: a printed counterexample is a scenario") {
  static constexpr auto scenario =
      kvc::make_scenario("explored",
                         {kvc::insert_operation({"llama-3-8b", "", 0, ""}, {0}),
                          kvc::lookup_operation({"llama-3-8b", "", 0, "tenant-a"}, {0})},
                         {kvc::unobserved, kvc::observed(0)});
  CHECK(kvc::passes(scenario, [] { return m::hash_map_cache{}; }));
  CHECK_FALSE(kvc::passes(scenario, [] { return m::tokens_only_cache{}; }));
  CHECK(kvc::explore(prefix_cache_scenarios, [] { return m::tokens_only_cache{}; }, {.seed = 11})
            .fixture ==
        "kvc::make_scenario(\"explored\", {kvc::insert_operation({\"llama-3-8b\", \"\", 0, \"\"}, "
        "{0}), kvc::lookup_operation({\"llama-3-8b\", \"\", 0, \"tenant-a\"}, {0})}, "
        "{kvc::unobserved, kvc::observed(0)})");
}
