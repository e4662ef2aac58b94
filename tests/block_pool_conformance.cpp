// The block_pool contract at run time: the scenarios (kvc::check) and the shadow-judged check
// (kvc::check_block_pool, and kvc::explore of the scenario suite, which runs it) against every
// pool of tests/mutants/block_pool.hpp; kvc's model and correct pools in five engine styles
// (tests/block_pool_engines.hpp, tests/block_pool_copy_engines.hpp) accepted in bound and in exact
// mode; reports that reproduce from their seed and replay step by step with
// kvc::check_block_pool_step; the adapter's accepted forms.
#include <doctest/doctest.h>

#include <kvc/doctest.hpp>
#include <kvc/explore.hpp>
#include <kvc/model/block_pool.hpp>
#include <kvc/specs/block_pool.hpp>
#include <kvc/stateful/block_pool_check.hpp>
#include <kvc/verification/report.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "block_pool_copy_engines.hpp"
#include "block_pool_engines.hpp"
#include "block_pool_factory.hpp"
#include "mutants/block_pool.hpp"

namespace {

using block_pool_tests::factory_of;
using block_pool_tests::options_for;
using kvc::suites::block_pool_scenarios;
namespace m = kvc::mutants::block_pool;
namespace bad = kvc::mutants::block_pool::pools;

template <class T>
std::string shown(const T& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

/// Factories of the scenario mutants: with the scenarios' room, and with room for every generated
/// sequence.
using flawed = m::scenario_pool_factory<false>;
using roomy = m::scenario_pool_factory<true>;

/// Rejected by the scenarios (naming a failing one) and by kvc::explore of the suite, which runs
/// kvc::check_block_pool (in exact mode when bound mode cannot see the flaw: a pool that only
/// loses hits).
void require_rejected_by_both(m::pool_flaw flaw, std::string_view name, bool by_scenarios = true) {
  INFO(name);
  const kvc::conformance_report scenarios = kvc::check(block_pool_scenarios, flawed{flaw});
  CHECK(scenarios.passed() == !by_scenarios);
  if (by_scenarios) CHECK_FALSE(scenarios.failures().empty());
  const kvc::exploration_report explored = kvc::explore(block_pool_scenarios, roomy{flaw});
  INFO(shown(explored));
  if (!explored.passed()) return;
  const kvc::block_pool_report exact = kvc::check_block_pool(roomy{flaw}, {.exact = true});
  INFO(shown(exact));
  CHECK_FALSE(exact.passed());
  CHECK(exact.failing_step == exact.shrunk_length());
}

}  // namespace

TEST_CASE("the reference block pool: hits, references, eviction, forks, resets") {
  kvc::model::block_pool pool(4, 2);
  const std::vector<int> prompt{1, 2, 3, 4, 5};
  const kvc::model::block_allocation first = pool.allocate(1, 0, prompt);
  REQUIRE(first);
  CHECK(first.cached_tokens == 0);
  CHECK(first.new_blocks == 3);
  CHECK(pool.block_table(1).size() == 3);
  CHECK(pool.free_blocks() == 1);
  CHECK_FALSE(pool.allocate(1, 0, prompt));  // live already
  CHECK_FALSE(pool.reset_prefix_cache());    // a request is live
  CHECK(pool.free(1));
  CHECK_FALSE(pool.free(1));  // frees nothing twice
  CHECK(pool.free_blocks() == 4);
  CHECK(pool.cached_blocks() == 2);
  // Under vLLM's policy a prompt of exactly two cached blocks reuses one.
  const std::vector<int> two_blocks{1, 2, 3, 4};
  CHECK(pool.allocate(2, 0, two_blocks, kvc::reuse_policy{1, true}).cached_tokens == 2);
  CHECK(pool.allocate(3, 7, two_blocks).cached_tokens == 0);  // another namespace
  CHECK(pool.free_blocks() == 0);
  CHECK_FALSE(pool.append(2, std::vector<int>{9}));  // 5 tokens need a third block
  CHECK_FALSE(pool.fork(2, 3));                      // child live
  CHECK(pool.fork(2, 4));                            // whole blocks: shared, nothing copied
  CHECK(pool.live_requests() == 3);
  CHECK(pool.free(2));
  CHECK(pool.free(3));
  CHECK(pool.free(4));
  CHECK(pool.reset_prefix_cache());
  CHECK(pool.cached_blocks() == 0);
  CHECK(pool.allocate(5, 0, prompt).cached_tokens == 0);
}

TEST_CASE("the reference block pool refuses what it cannot hold, changing nothing") {
  kvc::model::basic_block_pool<4, 2, 8> pool(4, 2);
  CHECK_FALSE(pool.allocate(1, 0, std::vector<int>{}));                 // no tokens
  CHECK_FALSE(pool.allocate(1, 0, std::vector<int>(9, 1)));             // over max_tokens
  CHECK_FALSE(pool.allocate(1, 0, std::vector<long long>{1LL << 40}));  // outside int32
  REQUIRE(pool.allocate(1, 0, std::vector<int>{1}));
  REQUIRE(pool.allocate(2, 0, std::vector<int>{2}));
  CHECK_FALSE(pool.allocate(3, 0, std::vector<int>{3}));  // max_requests live
  CHECK_FALSE(pool.fork(1, 3));
  CHECK_FALSE(pool.append(1, std::vector<int>(8, 1)));  // over max_tokens
  CHECK(pool.free_blocks() == 2);
  CHECK(pool.tokens(1).size() == 1);
  CHECK(kvc::model::block_pool(-1, 2).num_blocks() == 0);  // bad geometry: an empty pool
  CHECK(kvc::model::block_pool(65, 2).num_blocks() == 0);
  CHECK(kvc::model::block_pool(4, 0).num_blocks() == 0);
  CHECK_FALSE(kvc::model::block_pool(4, 0).allocate(1, 0, std::vector<int>{1}));
}

TEST_CASE("block pool: the scenarios and check_block_pool pass the reference model") {
  const auto model = [](std::size_t blocks, std::size_t block_size) {
    return kvc::model::block_pool(blocks, block_size);
  };
  const kvc::conformance_report scenarios = kvc::check(block_pool_scenarios, model);
  INFO(shown(scenarios));
  CHECK(scenarios.passed());
  const kvc::exploration_report explored = kvc::explore(block_pool_scenarios, model);
  INFO(shown(explored));
  CHECK(explored.passed());
  const kvc::block_pool_report bound = kvc::check_block_pool(model);
  INFO(shown(bound));
  CHECK(bound.passed());
  CHECK(bound.sequences_run == 300);
  const kvc::block_pool_report exact = kvc::check_block_pool(model, {.exact = true});
  INFO(shown(exact));
  CHECK(exact.passed());
  const kvc::block_pool_report vllm =
      kvc::check_block_pool(model, {.exact = true, .policy = {16, true}, .block_size = 16});
  INFO(shown(vllm));
  CHECK_FALSE(vllm.passed());  // the model applies no policy of its own through the adapter
}

TEST_CASE("block pool: correct pools in three engine styles pass, in bound and exact mode") {
  kvc_test::pools::for_each_correct_pool([]<class Pool>(std::string_view name) {
    for (const bool exact : {false, true}) {
      const kvc::block_pool_report report =
          kvc::check_block_pool(factory_of<Pool>, options_for<Pool>(exact));
      INFO(name << (exact ? " (exact)" : " (bound)"));
      INFO(shown(report));
      CHECK(report.passed());
    }
    INFO(name);
    CHECK(kvc::check(block_pool_scenarios, factory_of<Pool>).passed());
  });
}

TEST_CASE("block pool: copy on write, a parent that takes the copy, deduplication on fill pass") {
  using namespace kvc_test::copy_pools;
  const auto passes = [](auto make, std::string_view name) {
    for (const bool exact : {false, true}) {
      const kvc::block_pool_report report = kvc::check_block_pool(make, {.exact = exact});
      INFO(name << (exact ? " (exact)" : " (bound)"));
      INFO(shown(report));
      CHECK(report.passed());
    }
    INFO(name);
    CHECK(kvc::check(block_pool_scenarios, make).passed());
  };
  passes([](std::size_t blocks, std::size_t size) { return CowPool(blocks, size); },
         "copy on write");
  passes([](std::size_t blocks, std::size_t size) { return ParentCopyFork(blocks, size); },
         "the parent takes the copy");
  passes([](std::size_t blocks, std::size_t size) { return DedupPool(blocks, size); },
         "deduplication on fill");
}

TEST_CASE("block pool: a report reproduces from its seed and replays step by step") {
  using pool = bad::key_without_namespace;
  const kvc::block_pool_report first = kvc::check_block_pool(factory_of<pool>, {.seed = 11});
  const kvc::block_pool_report again = kvc::check_block_pool(factory_of<pool>, {.seed = 11});
  REQUIRE_FALSE(first.passed());
  CHECK(first.sequences_to_failure == again.sequences_to_failure);
  CHECK(first.shrunk_length() == again.shrunk_length());
  CHECK(first.message == again.message);
  CHECK(first.returned.size() == first.shrunk_length());
  const std::string printed = shown(first);
  CHECK(printed.find("kvc::check_block_pool FAILED: seed 11") != std::string::npos);
  CHECK(printed.find("wrong at " + std::to_string(first.failing_step)) != std::string::npos);
  CHECK(first.replay().find("kvc::check_block_pool_step(pool, shadow, op)") != std::string::npos);
  // The replay's steps, run by hand, fail where the report says.
  auto made = factory_of<pool>(first.num_blocks, first.block_size);
  kvc::block_pool_shadow shadow(first.num_blocks, first.block_size);
  std::size_t failed_at = 0;
  for (std::size_t i = 0; i < first.operations.size() && failed_at == 0; ++i)
    if (!kvc::check_block_pool_step(made, shadow, first.operations[i]).ok()) failed_at = i + 1;
  CHECK(failed_at == first.failing_step);
  // A passing report prints one line, and no replay.
  const kvc::block_pool_report passed = kvc::check_block_pool(
      [](std::size_t blocks, std::size_t size) { return kvc::model::block_pool(blocks, size); },
      {.sequences = 20});
  CHECK(passed.replay().empty());
  CHECK(shown(passed).find("kvc::check_block_pool passed: seed 1, 20 sequences") == 0);
}

TEST_CASE("block pool: pools through pointers, factories without geometry, int parameters") {
  const kvc::block_pool_report through_pointer =
      kvc::check_block_pool([](std::size_t blocks, std::size_t block_size) {
        return std::make_unique<kvc::model::block_pool>(blocks, block_size);
      });
  CHECK(through_pointer.passed());
  CHECK(through_pointer.through_pointer);
  const kvc::block_pool_report fixed =
      kvc::check_block_pool([] { return kvc::model::block_pool(6, 4); }, {.block_size = 4});
  CHECK(fixed.passed());
  CHECK_FALSE(fixed.factory_takes_geometry);
  const kvc::block_pool_report unsaid =
      kvc::check_block_pool([] { return kvc::model::block_pool(6, 4); });
  CHECK_FALSE(unsaid.passed());
  CHECK(unsaid.message.find("check_options::block_size") != std::string::npos);
  const kvc::block_pool_report narrow = kvc::check_block_pool([](int blocks, int block_size) {
    return kvc_test::pools::radix_tree_pool(blocks, block_size);
  });
  CHECK(narrow.passed());
  // A pointer's replay dereferences it; a fixed geometry's calls the factory with none.
  const kvc::block_pool_report pointed =
      kvc::check_block_pool([](std::size_t blocks, std::size_t block_size) {
        return std::make_unique<bad::free_never_releases>(blocks, block_size);
      });
  REQUIRE_FALSE(pointed.passed());
  CHECK(pointed.replay().find("check_block_pool_step(*pool, shadow, op)") != std::string::npos);
}

TEST_CASE("block pool: check_block_pool_step says when a call is not one to judge") {
  kvc::model::block_pool pool(4, 2);
  kvc::block_pool_shadow shadow(4, 2);
  CHECK(kvc::check_block_pool_step(pool, shadow, kvc::allocate_operation(1, 0, {1, 2, 3})).ok());
  const kvc::block_pool_verdict again =
      kvc::check_block_pool_step(pool, shadow, kvc::allocate_operation(1, 0, {1, 2, 3}));
  CHECK_FALSE(again.ok());
  CHECK(again.what.find("not a call the adapter has to accept") != std::string::npos);
  CHECK(kvc::check_block_pool_step(pool, shadow, kvc::free_blocks_operation()).ok());
  CHECK(shadow.free_blocks() == 2);
}

TEST_CASE("block pool: every scenario mutant is rejected by the scenarios and by exploration") {
  using flaw = m::pool_flaw;
  CHECK(kvc::check(block_pool_scenarios, flawed{}).passed());
  CHECK(kvc::explore(block_pool_scenarios, roomy{}).passed());
  CHECK(kvc::check_block_pool(roomy{}, {.exact = true}).passed());
  require_rejected_by_both(flaw::namespace_not_in_key, "namespace_not_in_key");
  require_rejected_by_both(flaw::parent_not_in_key, "parent_not_in_key");
  // No fixed scenario can demand the eviction order that shows it (static_checks/block_pool.cpp):
  // generated sequences do.
  require_rejected_by_both(flaw::hit_past_first_miss, "hit_past_first_miss", false);
  require_rejected_by_both(flaw::touched_hits_not_counted, "touched_hits_not_counted");
  require_rejected_by_both(flaw::double_free_frees_again, "double_free_frees_again");
  require_rejected_by_both(flaw::refusal_keeps_blocks, "refusal_keeps_blocks");
  require_rejected_by_both(flaw::evicts_held_block, "evicts_held_block");
  require_rejected_by_both(flaw::eviction_keeps_hash, "eviction_keeps_hash");
  require_rejected_by_both(flaw::reset_while_live, "reset_while_live");
  require_rejected_by_both(flaw::free_keeps_references, "free_keeps_references");
  require_rejected_by_both(flaw::partial_block_cached, "partial_block_cached");
  require_rejected_by_both(flaw::fork_without_reference, "fork_without_reference");
  require_rejected_by_both(flaw::fork_shares_partial, "fork_shares_partial");
  require_rejected_by_both(flaw::append_not_all_or_nothing, "append_not_all_or_nothing");
  require_rejected_by_both(flaw::evictable_not_free, "evictable_not_free");
  require_rejected_by_both(flaw::reset_keeps_hashes, "reset_keeps_hashes");
  require_rejected_by_both(flaw::append_fills_not_cached, "append_fills_not_cached");
}

TEST_CASE("block pool: the doctest adapter's KVC_CHECK_BLOCK_POOL") {
  KVC_CHECK_BLOCK_POOL([](std::size_t blocks, std::size_t block_size) {
    return kvc::model::block_pool(blocks, block_size);
  });
  KVC_CHECK_BLOCK_POOL(
      [](std::size_t blocks, std::size_t block_size) {
        return kvc_test::copy_pools::CowPool(blocks, block_size);
      },
      kvc::check_options{.seed = 3, .sequences = 50, .exact = true});
}

TEST_CASE("block pool: an exploration's counterexample is a scenario to paste and a replay") {
  const kvc::exploration_report explored =
      kvc::explore(block_pool_scenarios, roomy{m::pool_flaw::namespace_not_in_key}, {.seed = 5});
  INFO(shown(explored));
  REQUIRE_FALSE(explored.passed());
  CHECK(explored.fixture.find("kvc::make_scenario(\"explored\", ") == 0);
  CHECK(explored.fixture.find("kvc::allocate_operation(") != std::string::npos);
  CHECK(explored.fixture.find("kvc::observed(") != std::string::npos);
  CHECK(explored.test_case.find("kvc::check_block_pool_step(pool, shadow, op)") !=
        std::string::npos);
  CHECK(explored.inputs.find("pool.allocate(") == 0);
}

TEST_CASE("block pool: a counterexample comes on a small pool unless the options fix the pool") {
  using pool = bad::refused_fork_registers_child;
  const kvc::block_pool_report drawn = kvc::check_block_pool(factory_of<pool>);
  INFO(shown(drawn));
  REQUIRE_FALSE(drawn.passed());
  CHECK(drawn.num_blocks <= 5);
  CHECK(drawn.shrunk_length() <= 4);
  const kvc::block_pool_report fixed =
      kvc::check_block_pool(factory_of<pool>, {.blocks = 8, .block_size = 2});
  INFO(shown(fixed));
  REQUIRE_FALSE(fixed.passed());
  CHECK(fixed.num_blocks == 8);
  CHECK(fixed.block_size == 2);
}
