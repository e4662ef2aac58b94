// tests/exploration_scenarios.cpp - kvc::explore on the scenario suites, through the stateful
// checks: correct caches and allocators pass, broken ones fail, and the printed counterexample is a
// scenario to paste.
#include <chrono>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include <kvc/conformance.hpp>
#include <kvc/explore.hpp>

#include "stateful_mutants.hpp"

namespace {
std::string shown(const kvc::exploration_report& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}
}  // namespace

// --- Scenario suites: the stateful checks -------------------------------------------------------

namespace {

namespace m = stateful_mutants;

template <class Cache>
kvc::exploration_report explore_cache(const kvc::explore_options& options = {}) {
  return kvc::explore(kvc::suites::prefix_cache_scenarios, [] { return Cache{}; }, options);
}

template <class Allocator>
kvc::exploration_report explore_allocator(const kvc::explore_options& options = {}) {
  return kvc::explore(kvc::suites::slot_allocator_scenarios,
                      [](std::size_t capacity) {
                        return Allocator(static_cast<typename Allocator::count_type>(capacity));
                      },
                      options);
}

void require_rejected(const char* name, const kvc::exploration_report& report,
                      std::string_view object) {
  INFO(name);
  INFO(shown(report));
  REQUIRE_FALSE(report.passed());
  CHECK(report.inputs.find(object) != std::string::npos);
  CHECK(report.actual != report.expected);
  CHECK(report.fixture.starts_with("kvc::make_scenario(kvc::label<\"explored\">, "));
  CHECK(report.test_case.starts_with("TEST_CASE(\"kvc replay: "));
  CHECK(report.cases_run == report.failing_case + 1);
}

}  // namespace

TEST_CASE("scenario exploration: correct caches and allocators pass") {
  const auto start = std::chrono::steady_clock::now();
  const auto hash_map = explore_cache<m::hash_map_cache>();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE("prefix_cache_scenarios, hash_map_cache: " << hash_map.cases_run << " sequences in "
                                                     << static_cast<long>(seconds * 1000) << " ms");
  CHECK_MESSAGE(hash_map.passed(), shown(hash_map));
  CHECK(hash_map.suite == "prefix_cache_scenarios");
  CHECK(hash_map.seed == kvc::explore_options{}.seed);
  CHECK(hash_map.cases_run == kvc::check_options{}.sequences);
  CHECK(explore_cache<m::lru_cache<4>>().passed());
  CHECK(explore_cache<m::block_hash_cache>().passed());
  const auto map = explore_allocator<m::map_allocator<std::uint64_t, std::size_t>>();
  CHECK_MESSAGE(map.passed(), shown(map));
  CHECK(map.suite == "slot_allocator_scenarios");
  CHECK(explore_allocator<m::map_allocator<int, int>>().passed());
  // cases are the sequences run.
  CHECK(explore_cache<m::hash_map_cache>({.seed = 5, .cases = 40}).cases_run == 40);
}

TEST_CASE("scenario exploration: broken caches and allocators fail") {
  require_rejected("tokens_only_cache", explore_cache<m::tokens_only_cache>(), "cache.");
  require_rejected("counts_disagreement_cache", explore_cache<m::counts_disagreement_cache>(),
                   "cache.");
  require_rejected("int16_token_cache", explore_cache<m::int16_token_cache>(), "cache.");
  require_rejected("partial_grant_allocator", explore_allocator<m::partial_grant_allocator>(),
                   "allocator.");
  require_rejected("double_release_allocator", explore_allocator<m::double_release_allocator>(),
                   "allocator.");
  // The same seed, the same counterexample.
  const kvc::explore_options options{.seed = 11};
  CHECK(explore_cache<m::tokens_only_cache>(options).fixture ==
        explore_cache<m::tokens_only_cache>(options).fixture);
}

// The scenario kvc::explore printed for tokens_only_cache (seed 11), pasted unchanged: a scenario
// the suite could hold, which a correct cache passes and the mutant fails.
TEST_CASE("scenario exploration: a printed counterexample is a scenario") {
  static constexpr auto scenario =
      kvc::make_scenario(kvc::label<"explored">, std::array{kvc::insert_operation({"llama-3-8b", "", 0U, ""}, {4}), kvc::lookup_operation({"org_1", "2345", 0U, ""}, {4})}, std::array{kvc::unobserved, kvc::observed(0)});
  CHECK(kvc::passes(scenario, [] { return m::hash_map_cache{}; }));
  CHECK_FALSE(kvc::passes(scenario, [] { return m::tokens_only_cache{}; }));
  CHECK(explore_cache<m::tokens_only_cache>({.seed = 11}).fixture ==
        "kvc::make_scenario(kvc::label<\"explored\">, std::array{kvc::insert_operation("
        "{\"llama-3-8b\", \"\", 0U, \"\"}, {4}), kvc::lookup_operation({\"org_1\", \"2345\", 0U, "
        "\"\"}, {4})}, std::array{kvc::unobserved, kvc::observed(0)})");
}
