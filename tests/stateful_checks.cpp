// The stateful checks (kvc::check_prefix_cache, kvc::check_slot_allocator) proven: every mutant of
// tests/stateful_mutants.hpp is caught within 1,000 sequences and shrunk to at most 6 operations,
// every correct implementation passes, and runs reproduce from their seed.
#include <doctest/doctest.h>

#include <kvc/conformance.hpp>
#include <kvc/doctest.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>

#include "stateful_mutants.hpp"

namespace {

namespace m = stateful_mutants;

constexpr std::size_t most_sequences = 1000;
constexpr std::size_t most_shrunk_operations = 6;

kvc::check_options mutant_options(bool exact) {
  return kvc::check_options{.seed = 7, .sequences = most_sequences, .max_steps = 24, .exact = exact};
}

std::string measured_rows;  // the README's mutant table, printed by the last test case

void require_caught(const char* name, const kvc::stateful_report& report) {
  INFO(name);
  INFO(report);
  REQUIRE_FALSE(report.passed());
  CHECK(report.sequences_to_failure <= most_sequences);
  CHECK(report.shrunk_length() <= most_shrunk_operations);
  CHECK(report.failing_step == report.shrunk_length());
  measured_rows += "| `" + std::string(name) + "` | " + std::to_string(report.sequences_to_failure) +
                   " | " + std::to_string(report.original_length) + " | " +
                   std::to_string(report.shrunk_length()) + " |\n";
}

template <class Cache>
kvc::stateful_report cache_report(bool exact) {
  return kvc::check_prefix_cache([] { return Cache{}; }, mutant_options(exact));
}

template <class Allocator>
kvc::stateful_report allocator_report() {
  return kvc::check_slot_allocator(
      [](std::size_t capacity) { return Allocator(static_cast<typename Allocator::count_type>(capacity)); },
                                   mutant_options(true));
}

m::hash_map_cache make_hash_map_cache() { return {}; }
m::map_allocator<int, int> make_int_allocator(int capacity) { return m::map_allocator<int, int>(capacity); }

}  // namespace

TEST_CASE("stateful mutants: caches are caught in bound mode and shrunk") {
  require_caught("tokens_only_cache", cache_report<m::tokens_only_cache>(false));
  require_caught("erase_first_only_cache", cache_report<m::erase_first_only_cache>(false));
  require_caught("stale_index_cache<2>", cache_report<m::stale_index_cache<2>>(false));
  require_caught("revision_blind_cache", cache_report<m::revision_blind_cache>(false));
  require_caught("concatenated_key_cache", cache_report<m::concatenated_key_cache>(false));
  require_caught("int16_token_cache", cache_report<m::int16_token_cache>(false));
  require_caught("counts_disagreement_cache", cache_report<m::counts_disagreement_cache>(false));
}

TEST_CASE("stateful mutants: allocators are caught and shrunk") {
  require_caught("partial_grant_allocator", allocator_report<m::partial_grant_allocator>());
  require_caught("double_release_allocator", allocator_report<m::double_release_allocator>());
  require_caught("unknown_release_allocator", allocator_report<m::unknown_release_allocator>());
  require_caught("overwriting_allocator", allocator_report<m::overwriting_allocator>());
}

TEST_CASE("stateful mutants: the measured table") {
  const std::string table =
      "| mutant | sequences to failure | failing length | shrunk length |\n|---|---|---|---|\n" +
      measured_rows;
  MESSAGE(table);
}

TEST_CASE("stateful checks: the models pass, exactly and as a bound") {
  const auto make_model_cache = [] { return kvc::model::prefix_cache{}; };
  const auto make_model_allocator = [](std::size_t capacity) { return kvc::model::slot_allocator(capacity); };
  for (const bool exact : {false, true}) {
    const kvc::stateful_report report = kvc::check_prefix_cache(make_model_cache, mutant_options(exact));
    INFO(report);
    CHECK(report.passed());
    CHECK(report.sequences_run == most_sequences);
    CHECK(report.operations_run >= most_sequences);
  }
  const kvc::stateful_report allocators = kvc::check_slot_allocator(make_model_allocator, mutant_options(true));
  INFO(allocators);
  CHECK(allocators.passed());
}

TEST_CASE("stateful checks: correct engine caches pass") {
  SUBCASE("an LRU cache of 4 entries passes as a bound, and exact mode sees its evictions") {
    const auto make = [] { return m::lru_cache<4>{}; };
    const kvc::stateful_report bound = kvc::check_prefix_cache(make, mutant_options(false));
    INFO(bound);
    CHECK(bound.passed());
    CHECK_FALSE(kvc::check_prefix_cache(make, mutant_options(true)).passed());
  }
  SUBCASE("a hash map keyed by owning_cache_namespace passes exactly, through a unique_ptr") {
    const auto make = [] { return std::make_unique<m::hash_map_cache>(); };
    const kvc::stateful_report exact = kvc::check_prefix_cache(make, mutant_options(true));
    INFO(exact);
    CHECK(exact.passed());
    CHECK(kvc::check_prefix_cache(make, mutant_options(false)).passed());
  }
  SUBCASE("a block-hash cache of 16-token blocks passes exactly under {16, true} only") {
    const auto make = [] { return m::block_hash_cache{}; };
    kvc::check_options options = mutant_options(true);
    options.policy = kvc::reuse_policy{16, true};
    options.max_steps = 40;
    const kvc::stateful_report exact = kvc::check_prefix_cache(make, options);
    INFO(exact);
    CHECK(exact.passed());
    const kvc::stateful_report unrounded = kvc::check_prefix_cache(make, mutant_options(true));
    CHECK_FALSE(unrounded.passed());
    CHECK(unrounded.shrunk_length() <= most_shrunk_operations);
  }
}

TEST_CASE("stateful checks: allocators of any integer parameters pass, warning-free") {
  // The runner converts request ids and counts to these parameter types itself: this file is
  // built with -Wconversion -Wsign-conversion as errors.
  CHECK(allocator_report<m::map_allocator<int, int>>().passed());
  CHECK(allocator_report<m::map_allocator<std::size_t, std::size_t>>().passed());
  CHECK(allocator_report<m::map_allocator<std::uint64_t, std::uint64_t>>().passed());
  CHECK(allocator_report<m::map_allocator<std::int64_t, std::int64_t>>().passed());
  CHECK(allocator_report<m::map_allocator<int, std::size_t>>().passed());
  // A factory that takes an int capacity, and one that takes nothing.
  CHECK(kvc::check_slot_allocator([](int capacity) { return m::map_allocator<int, int>(capacity); }).passed());
  // Plain functions as factories.
  CHECK(kvc::check_slot_allocator(make_int_allocator).passed());
  CHECK(kvc::check_slot_allocator(&make_int_allocator).passed());
  CHECK(kvc::check_prefix_cache(make_hash_map_cache, kvc::check_options{.exact = true}).passed());
  const kvc::stateful_report fixed =
      kvc::check_slot_allocator([] { return m::map_allocator<long, long>(5); }, kvc::check_options{42, 500, 20, false});
  INFO(fixed);
  CHECK(fixed.passed());
  CHECK(fixed.sequences_run == 500);
}

TEST_CASE("stateful checks: a run reproduces from its options") {
  const auto make = [] { return m::stale_index_cache<2>{}; };
  const kvc::check_options options{.seed = 11, .sequences = 1000, .max_steps = 30, .exact = false};
  const kvc::stateful_report first = kvc::check_prefix_cache(make, options);
  const kvc::stateful_report second = kvc::check_prefix_cache(make, options);
  REQUIRE_FALSE(first.passed());
  CHECK(kvc::detail::report_text(first) == kvc::detail::report_text(second));
  CHECK(first.seed == 11);
  CHECK(first.sequences_run == first.sequences_to_failure);
  CHECK(first.original_length >= first.shrunk_length());

  const kvc::stateful_report passed = kvc::check_prefix_cache([] { return m::hash_map_cache{}; });
  std::ostringstream line;
  line << passed;
  CHECK(line.str() == "kvc::check_prefix_cache passed: seed 1, 300 sequences, " +
                          std::to_string(passed.operations_run) +
                          " operations checked against the model (bound)\n");
  CHECK(passed.replay().empty());
}

TEST_CASE("stateful checks: the doctest entry points pass correct implementations") {
  KVC_CHECK_PREFIX_CACHE([] { return m::hash_map_cache{}; });
  KVC_CHECK_PREFIX_CACHE([] { return m::hash_map_cache{}; }, kvc::check_options{.seed = 7, .sequences = 1000, .max_steps = 30, .exact = true});
  KVC_CHECK_SLOT_ALLOCATOR([](std::size_t capacity) { return m::map_allocator<std::size_t, std::size_t>(capacity); });
  KVC_CHECK_SLOT_ALLOCATOR([](std::size_t capacity) { return m::map_allocator<int, int>(static_cast<int>(capacity)); },
                           kvc::check_options{.seed = 9, .capacity = 40});
}

// The replay kvc::check_prefix_cache printed for revision_blind_cache (seed 7), pasted unchanged.
// Here make_cache() builds the fixed cache, so the pasted test is the bug's regression test.
namespace replay_of_revision_blind_cache {
m::hash_map_cache make_cache() { return {}; }

// [replay]
TEST_CASE("kvc replay: prefix cache, seed 7") {
  auto cache = make_cache();
  cache.insert(kvc::cache_namespace{"llama-3-8b", "sql-lora", 2, ""}, std::array<std::int32_t, 1>{1});
  CHECK(cache.lookup(kvc::cache_namespace{"llama-3-8b", "sql-lora", 1, ""}, std::array<std::int32_t, 1>{1}) <= 0);
}
// [replay]
}  // namespace replay_of_revision_blind_cache

TEST_CASE("stateful checks: the pasted replay is the one printed") {
  const kvc::stateful_report report = cache_report<m::revision_blind_cache>(false);
  CHECK(report.replay() ==
        "TEST_CASE(\"kvc replay: prefix cache, seed 7\") {\n"
        "  auto cache = make_cache();\n"
        "  cache.insert(kvc::cache_namespace{\"llama-3-8b\", \"sql-lora\", 2, \"\"}, std::array<std::int32_t, 1>{1});\n"
        "  CHECK(cache.lookup(kvc::cache_namespace{\"llama-3-8b\", \"sql-lora\", 1, \"\"}, std::array<std::int32_t, 1>{1}) <= 0);\n"
        "}\n");
  const kvc::stateful_report allocator = allocator_report<m::double_release_allocator>();
  CHECK(allocator.replay().find("auto allocator = make_allocator(16);\n") != std::string::npos);
  const kvc::stateful_report pointer = kvc::check_prefix_cache(
      [] { return std::make_unique<m::tokens_only_cache>(); }, mutant_options(false));
  CHECK(pointer.replay().find("cache->lookup(") != std::string::npos);
}
