// kvc::check_block_pool, kvc::model::block_pool and kvc::suites::block_pool_scenarios at run time:
// the model's rules, correct pools in three engine styles (tests/block_pool_engines.hpp) and three
// that move blocks (tests/block_pool_copy_engines.hpp) passing in bound and in exact mode, reports that reproduce from their seed and replay, and the adapter's
// accepted forms. Every known-bad pool of tests/block_pool_mutants.hpp is run in
// tests/exploration_block_pool.cpp (an executable of its own: 28 pool types cost 25 s to compile).
#include <doctest/doctest.h>

#include <kvc/conformance.hpp>

#include <cstddef>
#include <cstdint>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "block_pool_copy_engines.hpp"
#include "block_pool_engines.hpp"
#include "block_pool_factory.hpp"
#include "block_pool_mutants.hpp"


using block_pool_tests::factory_of;
using block_pool_tests::options_for;

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
  CHECK_FALSE(pool.allocate(1, 0, std::vector<int>{}));                          // no tokens
  CHECK_FALSE(pool.allocate(1, 0, std::vector<int>(9, 1)));                      // over max_tokens
  CHECK_FALSE(pool.allocate(1, 0, std::vector<long long>{1LL << 40}));           // outside int32
  REQUIRE(pool.allocate(1, 0, std::vector<int>{1}));
  REQUIRE(pool.allocate(2, 0, std::vector<int>{2}));
  CHECK_FALSE(pool.allocate(3, 0, std::vector<int>{3}));  // max_requests live
  CHECK_FALSE(pool.fork(1, 3));
  CHECK_FALSE(pool.append(1, std::vector<int>(8, 1)));    // over max_tokens
  CHECK(pool.free_blocks() == 2);
  CHECK(pool.tokens(1).size() == 1);
  CHECK(kvc::model::block_pool(-1, 2).num_blocks() == 0);  // bad geometry: an empty pool
  CHECK(kvc::model::block_pool(65, 2).num_blocks() == 0);
  CHECK(kvc::model::block_pool(4, 0).num_blocks() == 0);
  CHECK_FALSE(kvc::model::block_pool(4, 0).allocate(1, 0, std::vector<int>{1}));
}

TEST_CASE("check_block_pool passes the reference model, in bound and exact mode") {
  const auto model = [](std::size_t blocks, std::size_t block_size) {
    return kvc::model::block_pool(blocks, block_size);
  };
  const kvc::block_pool_report bound = kvc::check_block_pool(model);
  INFO(bound);
  CHECK(bound.passed());
  CHECK(bound.sequences_run == 300);
  const kvc::block_pool_report exact = kvc::check_block_pool(model, {.exact = true});
  INFO(exact);
  CHECK(exact.passed());
  const kvc::block_pool_report vllm =
      kvc::check_block_pool(model, {.exact = true, .policy = {16, true}, .block_size = 16});
  INFO(vllm);
  CHECK_FALSE(vllm.passed());  // the model applies no policy of its own through the adapter
}

TEST_CASE("check_block_pool passes correct pools in three engine styles") {
  kvc_test::pools::for_each_correct_pool([]<class Pool>(std::string_view name) {
    for (const bool exact : {false, true}) {
      const kvc::block_pool_report report = kvc::check_block_pool(factory_of<Pool>, options_for<Pool>(exact));
      INFO(name << (exact ? " (exact)" : " (bound)"));
      INFO(report);
      CHECK(report.passed());
    }
    CHECK(kvc::verify(kvc::suites::block_pool_scenarios, factory_of<Pool>));
  });
}

TEST_CASE("check_block_pool accepts copy on write, a parent that takes the copy, deduplication on fill") {
  using namespace kvc_test::copy_pools;
  const auto passes = [](auto make, std::string_view name) {
    for (const bool exact : {false, true}) {
      const kvc::block_pool_report report = kvc::check_block_pool(make, {.exact = exact});
      INFO(name << (exact ? " (exact)" : " (bound)"));
      INFO(report);
      CHECK(report.passed());
    }
    CHECK(kvc::verify(kvc::suites::block_pool_scenarios, make));
  };
  passes([](std::size_t blocks, std::size_t size) { return CowPool(blocks, size); }, "copy on write");
  passes([](std::size_t blocks, std::size_t size) { return ParentCopyFork(blocks, size); },
         "the parent takes the copy");
  passes([](std::size_t blocks, std::size_t size) { return DedupPool(blocks, size); },
         "deduplication on fill");
}

TEST_CASE("a block pool report reproduces from its seed and prints a replay") {
  using bad = kvc_test::bad_pools::flawed_pool<kvc_test::bad_pools::pool_bug::key_without_namespace>;
  const kvc::block_pool_report first = kvc::check_block_pool(factory_of<bad>, {.seed = 11});
  const kvc::block_pool_report again = kvc::check_block_pool(factory_of<bad>, {.seed = 11});
  REQUIRE_FALSE(first.passed());
  CHECK(first.sequences_to_failure == again.sequences_to_failure);
  CHECK(first.shrunk_length() == again.shrunk_length());
  CHECK(first.message == again.message);
  std::ostringstream printed;
  printed << first;
  CHECK(printed.str().find("kvc::check_block_pool FAILED: seed 11") != std::string::npos);
  CHECK(first.replay().find("kvc::check_block_pool_step(pool, shadow, op)") != std::string::npos);
  // The replay's steps, run by hand, fail where the report says.
  auto pool = factory_of<bad>(first.num_blocks, first.block_size);
  kvc::block_pool_shadow shadow(first.num_blocks, first.block_size);
  std::size_t failed_at = 0;
  for (std::size_t i = 0; i < first.operations.size() && failed_at == 0; ++i)
    if (!kvc::check_block_pool_step(pool, shadow, first.operations[i]).ok()) failed_at = i + 1;
  CHECK(failed_at == first.failing_step);
}

TEST_CASE("check_block_pool takes pools through pointers, factories without geometry, int ids") {
  const kvc::block_pool_report through_pointer =
      kvc::check_block_pool([](std::size_t blocks, std::size_t block_size) {
        return std::make_unique<kvc::model::block_pool>(blocks, block_size);
      });
  CHECK(through_pointer.passed());
  const kvc::block_pool_report fixed =
      kvc::check_block_pool([] { return kvc::model::block_pool(6, 4); }, {.block_size = 4});
  CHECK(fixed.passed());
  const kvc::block_pool_report unsaid = kvc::check_block_pool([] { return kvc::model::block_pool(6, 4); });
  CHECK_FALSE(unsaid.passed());
  CHECK(unsaid.message.find("check_options::block_size") != std::string::npos);
  const kvc::block_pool_report narrow =
      kvc::check_block_pool([](int blocks, int block_size) {
        return kvc_test::pools::radix_tree_pool(blocks, block_size);
      });
  CHECK(narrow.passed());
}
