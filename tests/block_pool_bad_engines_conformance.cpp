// tests/block_pool_bad_engines_conformance.cpp - known-bad block pools written as engines write
// them (tests/mutants/block_pool.hpp's pools): each caught by kvc::check_block_pool and shrunk to a
// few operations, the ones random sequences cannot reach caught by the shadow on a sequence given
// by hand, and the scenarios rejecting them too. Each check is compiled once for every pool: the
// pools are one class, `bug_pool`, with the bug as a member.
#include <doctest/doctest.h>

#include <kvc/specs/block_pool.hpp>
#include <kvc/stateful/block_pool_check.hpp>
#include <kvc/verification/report.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "block_pool_factory.hpp"
#include "mutants/block_pool.hpp"

namespace {

using block_pool_tests::factory_of;
using block_pool_tests::options_for;
using kvc::suites::block_pool_scenarios;
namespace bad = kvc::mutants::block_pool::pools;

template <class T>
std::string shown(const T& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

constexpr std::size_t most_shrunk_operations = 8;

/// The bugs that need 16 or 17 requests on the same blocks at once: their shortest replay is that
/// many allocations (and a free_blocks() or a further allocation), so 8 operations cannot show
/// them.
constexpr bool needs_a_crowd(std::string_view name) {
  return name == "refcount_wraps_at_16" || name == "live_table_of_16";
}
constexpr std::size_t most_shrunk_crowd_operations = 19;

/// Whether random sequences can reach the pool's bug at all: each of these needs a sequence no
/// generator of short operation sequences makes (a test case below gives it by hand).
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

/// The pool with `bug` caught by kvc::check_block_pool (in bound mode, else in exact mode: a pool
/// whose bug only loses hits passes bound mode) and shrunk to a few operations, the last the wrong
/// one.
void require_caught(bad::pool_bug bug, std::string_view name) {
  const bad::bug_pool_factory factory{bug};
  kvc::block_pool_report report = kvc::check_block_pool(factory, options_for<bad::bug_pool>(false));
  if (report.passed()) report = kvc::check_block_pool(factory, options_for<bad::bug_pool>(true));
  INFO(name);
  INFO(shown(report));
  CHECK_FALSE(report.passed());
  CHECK(report.shrunk_length() <=
        (needs_a_crowd(name) ? most_shrunk_crowd_operations : most_shrunk_operations));
  CHECK(report.failing_step == report.shrunk_length());
}

}  // namespace

TEST_CASE("block pool: every ordinary known-bad engine pool is caught and shrunk") {
  bad::for_each_ordinary_bad_pool(require_caught);
  CHECK(kvc::check_block_pool(bad::bug_pool_factory{bad::pool_bug::none},
                              options_for<bad::bug_pool>(true))
            .passed());
}

TEST_CASE("block pool: the sneaky pools random sequences reach are caught and shrunk") {
  bad::for_each_sneaky_pool([](bad::pool_bug bug, std::string_view name) {
    if (!beyond_random_sequences(name)) require_caught(bug, name);
  });
}

TEST_CASE("block pool: the shadow catches the bugs random sequences do not reach") {
  using kvc::allocate_operation;
  using kvc::free_operation;
  // A 32-bit polynomial hash of the prefix as the key: [1, 40] and [2, 9] collide (31 + 40 = 62 +
  // 9).
  CHECK(first_wrong_step<bad::sneaky_weak_prefix_hash>(
            8, 2,
            {allocate_operation(1, 0, {1, 40, 5, 6}), allocate_operation(2, 0, {2, 9}),
             allocate_operation(3, 0, {2, 9, 5, 6})}) == 3);
  // A 4-bit reset generation: 16 resets later the old entries count again.
  std::vector<kvc::block_pool_operation> resets{allocate_operation(0, 0, {1}), free_operation(0)};
  for (int i = 0; i < 16; ++i) resets.push_back(kvc::reset_prefix_cache_operation());
  resets.push_back(allocate_operation(1, 0, {1}));
  CHECK(first_wrong_step<bad::sneaky_reset_generation_wraps>(4, 1, resets) == resets.size());
  // An 8-bit release stamp validating a lazy eviction heap: after 256 ticks a held block is
  // evicted.
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
      for (const auto id : pool.block_table(request))
        table.push_back(static_cast<std::int64_t>(id));
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

TEST_CASE("block pool: the scenarios reject known-bad engine pools too") {
  std::size_t rejected = 0;
  std::size_t pools = 0;
  bad::for_each_bad_pool([&](bad::pool_bug bug, std::string_view) {
    ++pools;
    if (!kvc::check(block_pool_scenarios, bad::bug_pool_factory{bug}).passed()) ++rejected;
  });
  MESSAGE("block_pool_scenarios reject " << rejected << " of " << pools << " known-bad pools");
  CHECK(rejected >= 15);
  CHECK(kvc::check(block_pool_scenarios, bad::bug_pool_factory{bad::pool_bug::none}).passed());
}
