// Every known-bad block pool of tests/block_pool_mutants.hpp proven caught by kvc::check_block_pool
// within its default budget and shrunk to at most 8 operations (19 for the two that need a crowd of
// requests on one block); the four that random sequences do not reach, proven caught by the shadow
// on the sequence that reaches them.
#include <doctest/doctest.h>

#include <kvc/conformance.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "block_pool_factory.hpp"
#include "block_pool_mutants.hpp"

namespace {

using block_pool_tests::factory_of;
using block_pool_tests::options_for;
namespace bad = kvc_test::bad_pools;

constexpr std::size_t most_shrunk_operations = 8;

/// The bugs that need 16 or 17 requests on the same blocks at once: their shortest replay is that
/// many allocations (and a free_blocks() or a further allocation), so 8 operations cannot show them.
constexpr bool needs_a_crowd(std::string_view name) {
  return name == "refcount_wraps_at_16" || name == "live_table_of_16";
}
constexpr std::size_t most_shrunk_crowd_operations = 19;

/// Whether random sequences can reach the pool's bug at all: each of these needs a sequence no
/// generator of short operation sequences makes (its test case below gives it by hand).
constexpr bool beyond_random_sequences(std::string_view name) {
  return name == "sneaky_key_window_64" || name == "sneaky_u8_release_stamp" ||
         name == "sneaky_weak_prefix_hash" || name == "sneaky_reset_generation_wraps";
}

/// The first step of `operations` the shadow finds wrong on a fresh `Pool` (1-based; 0: none).
template <class Pool>
std::size_t first_wrong_step(std::size_t blocks, std::size_t block_size,
                             const std::vector<kvc::block_pool_operation>& operations) {
  auto pool = factory_of<Pool>(blocks, block_size);
  kvc::block_pool_shadow shadow(blocks, block_size);
  for (std::size_t i = 0; i < operations.size(); ++i)
    if (!kvc::check_block_pool_step(pool, shadow, operations[i]).ok()) return i + 1;
  return 0;
}

}  // namespace

TEST_CASE("check_block_pool catches every known-bad pool and shrinks it to 8 operations or fewer") {
  std::string rows;
  kvc_test::bad_pools::for_each_bad_pool([&rows]<class Pool>(std::string_view name) {
    if (beyond_random_sequences(name)) return;
    // Bound mode first; a pool whose bug only loses hits passes it, and is caught in exact mode.
    kvc::block_pool_report report = kvc::check_block_pool(factory_of<Pool>, options_for<Pool>(false));
    const bool exact = report.passed();
    if (exact) report = kvc::check_block_pool(factory_of<Pool>, options_for<Pool>(true));
    INFO(name);
    INFO(report);
    CHECK_FALSE(report.passed());
    CHECK(report.shrunk_length() <=
          (needs_a_crowd(name) ? most_shrunk_crowd_operations : most_shrunk_operations));
    CHECK(report.failing_step == report.shrunk_length());
    const bool by_scenarios = !kvc::conforms(kvc::suites::block_pool_scenarios, factory_of<Pool>);
    rows += "| `" + std::string(name) + "` | " + std::to_string(report.sequences_to_failure) + " | " +
            std::to_string(report.original_length) + " | " + std::to_string(report.shrunk_length()) +
            " | " + (exact ? "exact" : "bound") + " | " + (by_scenarios ? "yes" : "no") + " |\n";
  });
  MESSAGE("known-bad pools: name | sequence | length | shrunk | mode | scenarios\n" << rows);
}

TEST_CASE("the shadow catches the bugs random sequences do not reach, on the sequence that does") {
  using kvc::allocate_operation;
  using kvc::free_operation;
  // A 32-bit polynomial hash of the prefix as the key: [1, 40] and [2, 9] collide (31 + 40 = 62 + 9).
  CHECK(first_wrong_step<bad::sneaky_weak_prefix_hash>(
            8, 2, {allocate_operation(1, 0, {1, 40, 5, 6}), allocate_operation(2, 0, {2, 9}),
                   allocate_operation(3, 0, {2, 9, 5, 6})}) == 3);
  // A 4-bit reset generation: 16 resets later the old entries count again.
  std::vector<kvc::block_pool_operation> resets{allocate_operation(0, 0, {1}), free_operation(0)};
  for (int i = 0; i < 16; ++i) resets.push_back(kvc::reset_prefix_cache_operation());
  resets.push_back(allocate_operation(1, 0, {1}));
  CHECK(first_wrong_step<bad::sneaky_reset_generation_wraps>(4, 1, resets) == resets.size());
  // An 8-bit release stamp validating a lazy eviction heap: after 256 ticks a held block is evicted.
  std::vector<kvc::block_pool_operation> stamps{allocate_operation(0, 0, {7}), free_operation(0),
                                                allocate_operation(1, 0, {8}), free_operation(1)};
  for (int i = 0; i < 127; ++i) {
    stamps.push_back(allocate_operation(1, 0, {8}));
    stamps.push_back(free_operation(1));
  }
  stamps.push_back(allocate_operation(2, 0, {7}));
  stamps.push_back(allocate_operation(3, 0, {9}));
  CHECK(first_wrong_step<bad::sneaky_u8_release_stamp>(2, 1, stamps) != 0);
  // A key of the last 64 tokens only: prompts longer than an operation holds, so the shadow is
  // driven directly.
  bad::sneaky_key_window_64 pool(64, 4);
  kvc::block_pool_shadow shadow(64, 4);
  const auto allocate = [&](std::uint64_t request, std::vector<std::int32_t> tokens) {
    const std::optional<std::size_t> hit = pool.allocate(request, 0, tokens);
    std::vector<std::int64_t> table;
    if (hit)
      for (const auto id : pool.block_table(request)) table.push_back(static_cast<std::int64_t>(id));
    std::optional<std::int64_t> seen;
    if (hit) seen = static_cast<std::int64_t>(*hit);
    return shadow.allocated(request, 0, tokens, seen, table);
  };
  std::vector<std::int32_t> c{3, 3, 3, 3};
  c.insert(c.end(), 60, 2);
  std::vector<std::int32_t> a{1, 1, 1, 1};
  a.insert(a.end(), 64, 2);
  std::vector<std::int32_t> b{3, 3, 3, 3};
  b.insert(b.end(), 64, 2);
  CHECK(allocate(1, c).ok());
  CHECK(allocate(2, a).ok());
  CHECK_FALSE(allocate(3, b).ok());
}

TEST_CASE("the scenarios reject known-bad pools too") {
  std::size_t rejected = 0;
  std::size_t pools = 0;
  bad::for_each_bad_pool([&]<class Pool>(std::string_view) {
    ++pools;
    if (!kvc::conforms(kvc::suites::block_pool_scenarios, factory_of<Pool>)) ++rejected;
  });
  MESSAGE("block_pool_scenarios reject " << rejected << " of " << pools << " known-bad pools");
  CHECK(rejected >= 15);
}
