// Runtime tests of kvc::reusable_prefix_length under a kvc::reuse_policy: random inputs against an
// oracle that applies the policy by searching down from the plain common prefix, every block size
// up to 40 with and without the recomputed last token, and the policies' boundaries.
#include <doctest/doctest.h>

#include <kvc/prefix_reuse.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <vector>

namespace {

// Oracle: the common prefix by an index loop, then the longest length at most that which is a
// whole number of blocks and (when the last token is recomputed) shorter than the request.
std::size_t oracle(bool same_namespace, const std::vector<int>& cached,
                   const std::vector<int>& requested, kvc::reuse_policy policy) {
  if (!same_namespace || policy.block_size == 0) return 0;
  std::size_t prefix = 0;
  while (prefix < cached.size() && prefix < requested.size() && cached[prefix] == requested[prefix])
    ++prefix;
  for (std::size_t length = prefix; length > 0; --length) {
    const bool leaves_last = !policy.recompute_last_token || length < requested.size();
    if (length % policy.block_size == 0 && leaves_last) return length;
  }
  return 0;
}

}  // namespace

TEST_CASE("reuse_policy: the default policy is the exact contract") {
  const std::vector<int> cached{1, 2, 3, 4}, requested{1, 2, 3, 5};
  CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, kvc::reuse_policy{}) ==
        kvc::reusable_prefix_length(0, 0, cached, requested));
  CHECK(kvc::reuse_policy{} == kvc::reuse_policy{1, false});
}

TEST_CASE("reuse_policy: boundaries of the cap and the blocks") {
  const kvc::reuse_policy vllm{.block_size = 16, .recompute_last_token = true};
  const kvc::reuse_policy radix{.block_size = 1, .recompute_last_token = true};
  const std::vector<int> ones32(32, 1), ones33(33, 1), ones16(16, 1), ones17(17, 1);
  SUBCASE("a full hit of 32 keeps the last block's last token out: one block") {
    CHECK(kvc::reusable_prefix_length(0, 0, ones33, ones32, vllm) == 16);
    CHECK(kvc::reusable_prefix_length(0, 0, ones33, ones32, radix) == 31);
  }
  SUBCASE("a full hit of 33 reuses two whole blocks") {
    CHECK(kvc::reusable_prefix_length(0, 0, ones33, ones33, vllm) == 32);
  }
  SUBCASE("a full hit of 16 reuses nothing under blocks of 16") {
    CHECK(kvc::reusable_prefix_length(0, 0, ones16, ones16, vllm) == 0);
    CHECK(kvc::reusable_prefix_length(0, 0, ones17, ones16, kvc::reuse_policy{16, false}) == 16);
  }
  SUBCASE("an empty request reuses nothing") {
    CHECK(kvc::reusable_prefix_length(0, 0, ones16, std::vector<int>{}, radix) == 0);
  }
  SUBCASE("a block size of 0 reuses nothing") {
    CHECK(kvc::reusable_prefix_length(0, 0, ones33, ones33, kvc::reuse_policy{0, false}) == 0);
  }
  SUBCASE("a block size larger than anything reuses nothing") {
    const kvc::reuse_policy huge{std::numeric_limits<std::size_t>::max(), true};
    CHECK(kvc::reusable_prefix_length(0, 0, ones33, ones33, huge) == 0);
  }
  SUBCASE("another namespace reuses nothing under any policy") {
    CHECK(kvc::reusable_prefix_length(std::string("a"), std::string("b"), ones33, ones33, radix) ==
          0);
  }
}

TEST_CASE("reuse_policy: random inputs against the oracle, every block size to 40") {
  std::mt19937_64 rng(20261130);
  std::uniform_int_distribution<std::size_t> length(0, 100);
  std::uniform_int_distribution<int> token(0, 1);  // two tokens: long common prefixes are common
  std::size_t checked = 0;
  for (int round = 0; round < 400; ++round) {
    std::vector<int> cached(length(rng)), requested(length(rng));
    for (auto& t : cached) t = token(rng) == 0 ? 7 : token(rng);
    for (std::size_t i = 0; i < requested.size(); ++i)
      requested[i] = i < cached.size() && token(rng) + token(rng) > 0 ? cached[i] : token(rng);
    const bool same = round % 5 != 0;
    for (std::size_t block = 0; block <= 40; ++block) {
      for (const bool recompute : {false, true}) {
        const kvc::reuse_policy policy{block, recompute};
        const std::size_t expected = oracle(same, cached, requested, policy);
        CAPTURE(block);
        CAPTURE(recompute);
        CHECK(kvc::reusable_prefix_length(same ? 1 : 1, same ? 1 : 2, cached, requested, policy) ==
              expected);
        CHECK(kvc::reusable_prefix_length(same ? 1 : 1, same ? 1 : 2,
                                          std::span<const int>(cached),
                                          std::span<const int>(requested), policy) == expected);
        ++checked;
      }
    }
  }
  CHECK(checked == 400 * 41 * 2);
}
