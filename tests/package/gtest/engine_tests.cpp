// An engine's tests in GoogleTest: its functions pass kvc's suites, and a wrong one fails with
// the fixture's label, inputs, actual and expected values.
#include <kvc/gtest.hpp>

#include <gtest/gtest-spi.h>

#include <cstdint>
#include <span>
#include <cstdio>
#include <string>
#include <vector>

#include "../engine.hpp"

namespace {

constexpr kvc::reuse_policy vllm_policy{.block_size = 16, .recompute_last_token = true};

// The adapter from kvc's namespaces to the engine's key, in the test file.
std::size_t lookup(const kvc::cache_namespace& cached_ns, const kvc::cache_namespace& request_ns,
                   std::span<const std::int32_t> cached, std::span<const std::int32_t> prompt) {
  return my_engine::computed_tokens(my_engine::key_of(cached_ns), my_engine::key_of(request_ns),
                                    cached, prompt);
}
std::size_t lookup_without_revision(const kvc::cache_namespace& cached_ns,
                                    const kvc::cache_namespace& request_ns,
                                    std::span<const std::int32_t> cached,
                                    std::span<const std::int32_t> prompt) {
  return my_engine::computed_tokens_without_revision(
      my_engine::key_of(cached_ns), my_engine::key_of(request_ns), cached, prompt);
}

bool reached_after_assert = false;
void assert_strict_admission() {
  ASSERT_KVC_CONFORMS(kvc::suites::append_admission, my_engine::admit_strictly);
  reached_after_assert = true;
}

// The failures `statement` reports, intercepted.
template <class Statement>
std::vector<::testing::TestPartResult> failures_of(Statement statement) {
  ::testing::TestPartResultArray intercepted;
  {
    const ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &intercepted);
    statement();
  }
  std::vector<::testing::TestPartResult> failures;
  for (int i = 0; i < intercepted.size(); ++i) failures.push_back(intercepted.GetTestPartResult(i));
  return failures;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST(MyEngine, PassesTheSuitesOfItsPolicy) {
  EXPECT_KVC_CONFORMS(kvc::suites::append_admission, my_engine::admit);
  EXPECT_KVC_CONFORMS(kvc::suites::prefix_reuse_under<vllm_policy>, lookup);
  ASSERT_KVC_CONFORMS(kvc::suites::namespace_isolation_under<kvc::reuse_policy{16, true}>, lookup);
  EXPECT_KVC_EXPLORES(kvc::suites::namespace_isolation_under<vllm_policy>, lookup);
  EXPECT_KVC_SLOT_ALLOCATOR([](int capacity) { return my_engine::slot_allocator(capacity); });
  ASSERT_KVC_SLOT_ALLOCATOR([](int capacity) { return my_engine::slot_allocator(capacity); },
                            kvc::check_options{.seed = 7, .capacity = 32});
}

TEST(MyEngine, AnAllocatorThatFreesTwiceFailsWithItsShrunkReplay) {
  const auto failures = failures_of([] {
    EXPECT_KVC_SLOT_ALLOCATOR([](int capacity) { return my_engine::slot_allocator(capacity, true); },
                              kvc::check_options{.seed = 7});
  });
  ASSERT_EQ(failures.size(), 1U);
  const std::string message = failures.front().message();
  std::printf("%s\n", message.c_str());
  EXPECT_TRUE(contains(message, "kvc::check_slot_allocator("));
  EXPECT_TRUE(contains(message, "FAILED: seed 7"));
  EXPECT_TRUE(contains(message, "release("));
}

TEST(MyEngine, AWrongAdmissionFailsWithEveryFailingFixture) {
  const auto failures = failures_of([] {
    EXPECT_KVC_CONFORMS(kvc::suites::append_admission, my_engine::admit_strictly) << "build 7";
  });
  ASSERT_EQ(failures.size(), 1U);
  const ::testing::TestPartResult& failure = failures.front();
  EXPECT_TRUE(failure.nonfatally_failed());
  const std::string message = failure.message();
  std::printf("%s\n", message.c_str());
  EXPECT_TRUE(contains(message, "kvc::check(kvc::suites::append_admission, "
                                "my_engine::admit_strictly): "));
  EXPECT_TRUE(contains(message, " fixtures failed:\n  fixture \"fits exactly\": inputs ("));
  EXPECT_TRUE(contains(message, "), actual 0, expected "));
  EXPECT_TRUE(contains(message, "build 7"));
}

TEST(MyEngine, AKeyWithoutTheAdaptersRevisionFails) {
  const auto failures = failures_of([] {
    EXPECT_KVC_CONFORMS(kvc::suites::namespace_isolation_under<vllm_policy>,
                        lookup_without_revision);
  });
  ASSERT_EQ(failures.size(), 1U);
  const std::string message = failures.front().message();
  std::printf("%s\n", message.c_str());
  EXPECT_TRUE(contains(message, "fixture \""));
  EXPECT_TRUE(contains(message, "fixture \"adapter revision differs\": inputs ("
                                "{\"m\", \"sql\", 1, \"\"}, {\"m\", \"sql\", 2, \"\"}, [1, 1,"));
  // Namespaces that differ are checked over as many equal tokens as the policy needs for a block.
  EXPECT_TRUE(contains(message, "]), actual 16, expected 0"));
}

TEST(MyEngine, TheFatalFormStopsTheTest) {
  reached_after_assert = false;
  const auto failures = failures_of([] { assert_strict_admission(); });
  ASSERT_EQ(failures.size(), 1U);
  EXPECT_TRUE(failures.front().fatally_failed());
  EXPECT_FALSE(reached_after_assert);
}

TEST(MyEngine, ExplorationFailsWithItsReport) {
  const auto failures = failures_of([] {
    EXPECT_KVC_EXPLORES(kvc::suites::namespace_isolation_under<vllm_policy>,
                        lookup_without_revision);
  });
  ASSERT_EQ(failures.size(), 1U);
  const std::string message = failures.front().message();
  EXPECT_TRUE(contains(message, "kvc::explore(kvc::suites::namespace_isolation_under<vllm_policy>, "
                                "lookup_without_revision):\n"));
}
