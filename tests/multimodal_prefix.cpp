// Runtime tests of kvc::multimodal_prefix_length: hand-written boundary cases, every invalid item
// list, random inputs against a token-by-token oracle, the policy form against a search-down
// oracle, and the memcmp fast path against the generic path at its block boundaries.
#include <doctest/doctest.h>

#include <kvc/cache_namespace.hpp>
#include <kvc/multimodal_prefix.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <forward_list>
#include <limits>
#include <list>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

using kvc::multimodal_item;
using items = std::vector<multimodal_item>;
constexpr std::size_t max_size = std::numeric_limits<std::size_t>::max();

// Oracle, validity: every item within the tokens, and no item starting before the previous one's
// end -- sums compared in a form that cannot wrap.
bool oracle_valid(const items& list, std::size_t tokens) {
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (list[k].offset > tokens || list[k].length > tokens - list[k].offset) return false;
    if (k > 0 && list[k].offset < list[k - 1].offset) return false;
    if (k > 0 && list[k].offset - list[k - 1].offset < list[k - 1].length) return false;
  }
  return true;
}

// The item holding token i in a valid list, or null.
const multimodal_item* oracle_holding(const items& list, std::size_t i) {
  for (const auto& item : list)
    if (i >= item.offset && i < item.offset + item.length) return &item;
  return nullptr;
}

// Oracle: the contract's rule, one token at a time.
template <class C, class R>
std::size_t oracle(bool same_namespace, const std::vector<C>& cached, const items& cached_items,
                   const std::vector<R>& requested, const items& requested_items) {
  if (!same_namespace || !oracle_valid(cached_items, cached.size()) ||
      !oracle_valid(requested_items, requested.size()))
    return 0;
  std::size_t i = 0;
  for (; i < cached.size() && i < requested.size(); ++i) {
    if (static_cast<long long>(cached[i]) != static_cast<long long>(requested[i])) break;
    const multimodal_item* a = oracle_holding(cached_items, i);
    const multimodal_item* b = oracle_holding(requested_items, i);
    if (a == nullptr && b == nullptr) continue;
    if (a == nullptr || b == nullptr) break;
    if (a->content_hash != b->content_hash || i - a->offset != i - b->offset ||
        a->length != b->length)
      break;
  }
  return i;
}

// Oracle, policy: search down from the prefix for a whole number of blocks that, when the last
// token is recomputed, leaves it out.
std::size_t oracle_under(std::size_t prefix, std::size_t requested, kvc::reuse_policy policy) {
  if (policy.block_size == 0) return 0;
  for (std::size_t length = prefix; length > 0; --length)
    if (length % policy.block_size == 0 && (!policy.recompute_last_token || length < requested))
      return length;
  return 0;
}

// The contract on every container kind, both ways round: each must give `expected`.
void check_reuse(const std::vector<int>& cached, const items& cached_items,
                 const std::vector<int>& requested, const items& requested_items,
                 std::size_t expected) {
  const std::string_view ns = "vlm";
  CHECK(oracle(true, cached, cached_items, requested, requested_items) == expected);
  CHECK(kvc::multimodal_prefix_length(ns, ns, cached, cached_items, requested, requested_items) ==
        expected);
  CHECK(kvc::multimodal_prefix_length(ns, ns, requested, requested_items, cached, cached_items) ==
        expected);
  const std::deque<int> cached_deque(cached.begin(), cached.end());
  const std::list<multimodal_item> cached_list(cached_items.begin(), cached_items.end());
  const std::forward_list<multimodal_item> requested_list(requested_items.begin(),
                                                          requested_items.end());
  CHECK(kvc::multimodal_prefix_length(ns, ns, cached_deque, cached_list, requested,
                                      requested_list) == expected);
  const std::vector<std::int64_t> wide(requested.begin(), requested.end());
  CHECK(kvc::multimodal_prefix_length(ns, ns, std::span<const int>(cached),
                                      std::span<const multimodal_item>(cached_items), wide,
                                      requested_items) == expected);
}

}  // namespace

TEST_CASE("multimodal_prefix: hand-written cases") {
  const multimodal_item a{1, 3, 0xA};
  SUBCASE("no items: the token prefix") {
    check_reuse({1, 2, 3}, {}, {1, 2, 4}, {}, 2);
  }
  SUBCASE("identical items: reuse goes on past them") {
    check_reuse({1, 9, 9, 9, 2, 3}, {a}, {1, 9, 9, 9, 2, 4}, {a}, 5);
    check_reuse({1, 9, 9, 9}, {a}, {1, 9, 9, 9}, {a}, 4);
  }
  SUBCASE("a different hash ends reuse at the item's start") {
    check_reuse({1, 9, 9, 9, 2}, {a}, {1, 9, 9, 9, 2}, {{1, 3, 0xB}}, 1);
  }
  SUBCASE("a different length ends reuse at the item's start") {
    check_reuse({1, 9, 9, 9, 2}, {a}, {1, 9, 9, 9, 2}, {{1, 2, 0xA}}, 1);
  }
  SUBCASE("a shifted item ends reuse where the first of the two starts") {
    check_reuse({1, 9, 9, 9, 9}, {a}, {1, 9, 9, 9, 9}, {{2, 3, 0xA}}, 1);
    check_reuse({1, 1, 9, 9, 9, 9}, {{2, 3, 0xA}}, {1, 1, 9, 9, 9, 9}, {{3, 3, 0xA}}, 2);
  }
  SUBCASE("an item on one side only ends reuse at its start") {
    check_reuse({1, 9, 9, 9, 2}, {a}, {1, 9, 9, 9, 2}, {}, 1);
  }
  SUBCASE("a token that differs inside identical items ends reuse there") {
    check_reuse({1, 9, 9, 9}, {a}, {1, 9, 8, 9}, {a}, 2);
  }
  SUBCASE("items past the common prefix change nothing") {
    check_reuse({1, 2, 3, 9, 9}, {{3, 2, 0xA}}, {1, 2, 4, 9, 9}, {{3, 2, 0xB}}, 2);
  }
  SUBCASE("zero-length items mark no token") {
    check_reuse({1, 2, 3}, {{1, 0, 0xA}}, {1, 2, 3}, {{2, 0, 0xB}}, 3);
    check_reuse({1, 9, 9}, {{1, 0, 0xB}, {1, 2, 0xA}}, {1, 9, 9}, {{1, 2, 0xA}, {3, 0, 0xC}}, 3);
  }
  SUBCASE("empty sequences") {
    check_reuse({}, {}, {}, {}, 0);
    check_reuse({}, {{0, 0, 0xA}}, {9}, {{0, 1, 0xA}}, 0);
  }
}

TEST_CASE("multimodal_prefix: different namespaces reuse nothing") {
  const std::vector<int> tokens{1, 9, 9, 2};
  const items list{{1, 2, 0xA}};
  CHECK(kvc::multimodal_prefix_length(std::string{"a"}, std::string_view{"b"}, tokens, list, tokens,
                                      list) == 0);
  CHECK(kvc::multimodal_prefix_length(std::string{"a"}, std::string_view{"a"}, tokens, list, tokens,
                                      list) == 4);
  CHECK(kvc::multimodal_prefix_length(kvc::cache_namespace{"m", "lora", 1, ""},
                                      kvc::cache_namespace{"m", "lora", 2, ""}, tokens, list,
                                      tokens, list) == 0);
  CHECK(kvc::multimodal_prefix_length(-1, UINT32_MAX, tokens, list, tokens, list) == 0);
}

TEST_CASE("multimodal_prefix: every invalid item list reuses nothing") {
  const std::vector<int> tokens{1, 9, 9, 2, 8, 8};
  const items valid{{1, 2, 0xA}, {4, 2, 0xB}};
  REQUIRE(kvc::multimodal_prefix_length(0, 0, tokens, valid, tokens, valid) == 6);
  const auto refused = [&](const items& list) {
    CAPTURE(list.size());
    CHECK_FALSE(oracle_valid(list, tokens.size()));
    CHECK(kvc::multimodal_prefix_length(0, 0, tokens, list, tokens, list) == 0);
    CHECK(kvc::multimodal_prefix_length(0, 0, tokens, valid, tokens, list) == 0);  // request side
    CHECK(kvc::multimodal_prefix_length(0, 0, tokens, list, tokens, valid) == 0);  // cache side
    CHECK(kvc::multimodal_prefix_length(0, 0, tokens, list, tokens, valid, kvc::reuse_policy{}) ==
          0);
  };
  SUBCASE("unsorted") {
    refused({{4, 2, 0xB}, {1, 2, 0xA}});
  }
  SUBCASE("unsorted by a zero-length item") {
    refused({{1, 2, 0xA}, {4, 2, 0xB}, {2, 0, 0xC}});
  }
  SUBCASE("overlapping") {
    refused({{1, 2, 0xA}, {2, 2, 0xB}});
  }
  SUBCASE("equal offsets") {
    refused({{1, 2, 0xA}, {1, 2, 0xA}});
  }
  SUBCASE("a zero-length item inside another") {
    refused({{1, 3, 0xA}, {2, 0, 0xB}});
  }
  SUBCASE("past the end") {
    refused({{1, 2, 0xA}, {5, 2, 0xB}});
  }
  SUBCASE("longer than the tokens") {
    refused({{0, 7, 0xA}});
  }
  SUBCASE("a zero-length item past the end") {
    refused({{7, 0, 0xA}});
  }
  SUBCASE("offset + length overflows") {
    refused({{2, max_size, 0xA}});
    refused({{max_size, 2, 0xA}});
    refused({{max_size, max_size, 0xA}});
    refused({{1, 2, 0xA}, {4, max_size - 3, 0xB}});
  }
  SUBCASE("an invalid item past the common prefix") {
    std::vector<int> differs = tokens;
    differs[1] = 0;
    CHECK(kvc::multimodal_prefix_length(0, 0, tokens, items{{5, 2, 0xA}}, differs, items{}) == 0);
  }
  SUBCASE("the limits that are still valid") {
    CHECK(kvc::multimodal_prefix_length(0, 0, tokens, items{{0, 6, 0xA}}, tokens,
                                        items{{0, 6, 0xA}}) == 6);
    CHECK(kvc::multimodal_prefix_length(0, 0, tokens, items{{6, 0, 0xA}}, tokens, items{}) == 6);
    CHECK(kvc::multimodal_prefix_length(0, 0, tokens, items{{1, 3, 0xA}, {4, 0, 0xB}, {4, 2, 0xC}},
                                        tokens, items{{1, 3, 0xA}, {4, 2, 0xC}}) == 6);
  }
}

namespace {

// Random cases: a small token alphabet, the request sharing a prefix of the cache's tokens and of
// its items; items mostly valid (laid out with gaps), sometimes shifted, resized or rehashed, and
// sometimes broken.
struct random_case {
  std::vector<int> cached, requested;
  items cached_items, requested_items;
};

items random_items(std::mt19937_64& rng, std::size_t tokens) {
  items list;
  std::size_t at = 0;
  while (rng() % 3 != 0) {
    at += rng() % 4;
    const std::size_t length = rng() % 5;
    if (at + length > tokens) break;
    list.push_back({at, length, rng() % 3});
    at += length;
  }
  return list;
}

random_case make_random_case(std::mt19937_64& rng, std::size_t max_length) {
  random_case c;
  const std::size_t n = rng() % (max_length + 1);
  for (std::size_t i = 0; i < n; ++i) c.cached.push_back(static_cast<int>(rng() % 3));
  c.cached_items = random_items(rng, n);
  const std::size_t shared = n == 0 ? 0 : rng() % (n + 1);
  c.requested.assign(c.cached.begin(), c.cached.begin() + static_cast<std::ptrdiff_t>(shared));
  const std::size_t more = rng() % (max_length / 2 + 1);
  for (std::size_t i = 0; i < more; ++i) c.requested.push_back(static_cast<int>(rng() % 3));
  for (const auto& item : c.cached_items)
    if (item.offset + item.length <= c.requested.size() && rng() % 4 != 0)
      c.requested_items.push_back(item);
  if (!c.requested_items.empty() && rng() % 3 == 0) {
    auto& changed = c.requested_items[rng() % c.requested_items.size()];
    switch (rng() % 3) {
      case 0:
        changed.content_hash += 1;
        break;
      case 1:
        changed.length += rng() % 2;
        break;
      default:
        changed.offset += 1;
        break;
    }
  }
  if (rng() % 10 == 0 && !c.cached_items.empty())
    std::swap(c.cached_items.front(), c.cached_items.back());
  return c;
}

}  // namespace

TEST_CASE("multimodal_prefix: random inputs against the oracle") {
  std::mt19937_64 rng(20260501);
  std::size_t reused_past_an_item = 0;
  for (int round = 0; round < 4000; ++round) {
    const random_case c = make_random_case(rng, round % 2 == 0 ? 12 : 60);
    const bool same = round % 7 != 0;
    const std::size_t expected =
        oracle(same, c.cached, c.cached_items, c.requested, c.requested_items);
    const std::size_t got = kvc::multimodal_prefix_length(
        same ? 1 : 1, same ? 1 : 2, c.cached, c.cached_items, c.requested, c.requested_items);
    if (got != expected) {
      CAPTURE(round);
      CHECK(got == expected);
      break;
    }
    for (const auto& item : c.cached_items)
      if (item.length > 0 && item.offset + item.length <= expected) ++reused_past_an_item;
    // Symmetric, and the same through spans of other token types.
    CHECK(kvc::multimodal_prefix_length(1, same ? 1 : 2, c.requested, c.requested_items, c.cached,
                                        c.cached_items) == expected);
    const std::vector<std::uint8_t> narrow(c.cached.begin(), c.cached.end());
    CHECK(kvc::multimodal_prefix_length(1, same ? 1 : 2, narrow,
                                        std::span<const multimodal_item>(c.cached_items),
                                        c.requested, c.requested_items) == expected);
  }
  CHECK(reused_past_an_item > 100);  // the cases did reuse across identical items
}

TEST_CASE("multimodal_prefix: the policy form against the oracle, every block size to 40") {
  std::mt19937_64 rng(20260502);
  for (int round = 0; round < 300; ++round) {
    const random_case c = make_random_case(rng, 80);
    const std::size_t exact =
        oracle(true, c.cached, c.cached_items, c.requested, c.requested_items);
    for (std::size_t block = 0; block <= 40; ++block) {
      for (const bool recompute : {false, true}) {
        const kvc::reuse_policy policy{block, recompute};
        CAPTURE(round);
        CAPTURE(block);
        CAPTURE(recompute);
        CHECK(kvc::multimodal_prefix_length(0, 0, c.cached, c.cached_items, c.requested,
                                            c.requested_items, policy) ==
              oracle_under(exact, c.requested.size(), policy));
      }
    }
  }
}

namespace {

// The fast path (contiguous int32 tokens, memcmp) against the generic path (a std::deque, and the
// items in a std::list) and the oracle.
void check_fast_against_generic(const std::vector<std::int32_t>& cached, const items& cached_items,
                                const std::vector<std::int32_t>& requested,
                                const items& requested_items) {
  const std::size_t expected = oracle(true, cached, cached_items, requested, requested_items);
  REQUIRE(kvc::multimodal_prefix_length(0, 0, cached, cached_items, requested, requested_items) ==
          expected);
  const std::deque<std::int32_t> generic_cached(cached.begin(), cached.end());
  const std::deque<std::int32_t> generic_requested(requested.begin(), requested.end());
  const std::list<multimodal_item> listed(cached_items.begin(), cached_items.end());
  REQUIRE(kvc::multimodal_prefix_length(0, 0, generic_cached, listed, generic_requested,
                                        requested_items) == expected);
}

}  // namespace

TEST_CASE("multimodal_prefix: the fast path agrees with the generic path at block boundaries") {
  // memcmp compares blocks of 64 B, 1 KiB, 16 KiB and 256 KiB: 16, 256, 4096 and 65536 int32s.
  for (const std::size_t boundary :
       {std::size_t{16}, std::size_t{256}, std::size_t{4096}, std::size_t{65536}}) {
    const std::size_t n = boundary * 2 + 7;
    std::vector<std::int32_t> tokens(n);
    for (std::size_t i = 0; i < n; ++i) tokens[i] = static_cast<std::int32_t>(i % 11);
    for (const std::size_t at : {boundary - 1, boundary, boundary + 1}) {
      CAPTURE(boundary);
      CAPTURE(at);
      // A token that differs at `at`, after an identical image that ends just before it.
      std::vector<std::int32_t> requested = tokens;
      requested[at] = -1;
      const items image{{at - 8, 8, 0xA}};
      check_fast_against_generic(tokens, image, requested, image);
      // Equal tokens throughout, the images differing from `at`.
      check_fast_against_generic(tokens, items{{at, 4, 0xA}}, tokens, items{{at, 4, 0xB}});
      // Equal tokens, an image on one side only, starting at `at`.
      check_fast_against_generic(tokens, items{{at, n - at, 0xA}}, tokens, items{});
    }
  }
}

TEST_CASE("multimodal_prefix: large inputs") {
  // 200,000 tokens, 500 images of 256 tokens each, identical on both sides but the last.
  constexpr std::size_t n = 200'000;
  std::vector<std::int32_t> tokens(n);
  items list;
  for (std::size_t k = 0; k < 500; ++k) list.push_back({k * 400 + 100, 256, k});
  for (std::size_t i = 0; i < n; ++i) tokens[i] = static_cast<std::int32_t>(i % 1000);
  CHECK(kvc::multimodal_prefix_length(7, 7, tokens, list, tokens, list) == n);
  items last_differs = list;
  last_differs.back().content_hash = 12345;
  CHECK(kvc::multimodal_prefix_length(7, 7, tokens, list, tokens, last_differs) ==
        list.back().offset);
  CHECK(kvc::multimodal_prefix_length(7, 7, tokens, list, tokens, last_differs,
                                      kvc::reuse_policy{16, true}) == list.back().offset / 16 * 16);
  items unsorted = list;
  std::swap(unsorted[250], unsorted[251]);
  CHECK(kvc::multimodal_prefix_length(7, 7, tokens, unsorted, tokens, unsorted) == 0);
}
