// Runtime tests of kvc::reusable_prefix_length (FA-98601): dynamic inputs compared with a plain
// index-loop oracle, so a wrong implementation shows up as a mismatch on some input.
#include <doctest/doctest.h>

#include <kvc/prefix_reuse.hpp>

#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

// Oracle token equality: integers by sign and magnitude (never through a common type, which would
// make -1 equal UINT_MAX); everything else through ==.
template <class A, class B>
bool oracle_same(const A& a, const B& b) {
  if constexpr (std::is_integral_v<A> && std::is_integral_v<B> && !std::is_same_v<A, char> &&
                !std::is_same_v<B, char>) {
    bool a_negative = false;
    bool b_negative = false;
    if constexpr (std::is_signed_v<A>) a_negative = a < 0;
    if constexpr (std::is_signed_v<B>) b_negative = b < 0;
    if (a_negative != b_negative) return false;
    if (a_negative) return static_cast<long long>(a) == static_cast<long long>(b);
    return static_cast<unsigned long long>(a) == static_cast<unsigned long long>(b);
  } else {
    return a == b;
  }
}

// Oracle: 0 across namespaces, else count matching positions from the front until the first
// mismatch or the end of the shorter sequence.
template <class C, class R>
std::size_t oracle_prefix(bool same_namespace, const C& cached, const R& requested) {
  if (!same_namespace) return 0;
  const std::size_t shorter =
      std::size(cached) < std::size(requested) ? std::size(cached) : std::size(requested);
  std::size_t i = 0;
  while (i < shorter && oracle_same(cached[i], requested[i])) ++i;
  return i;
}

// A namespace as a user might define it: model plus adapter, compared field by field.
struct model_adapter {
  std::string model;
  int adapter = 0;
  bool operator==(const model_adapter&) const = default;
};

// A namespace type comparable with a different type (heterogeneous ==).
struct tenant {
  std::string_view name;
  bool operator==(std::string_view other) const { return name == other; }
};

// Random token sequences over a small alphabet, with the request sharing a random-length prefix
// with the cache so that long common prefixes actually occur.
struct random_pair {
  std::vector<int> cached;
  std::vector<int> requested;
};

random_pair make_random_pair(std::mt19937_64& rng, std::size_t max_len, int alphabet) {
  std::uniform_int_distribution<std::size_t> length(0, max_len);
  std::uniform_int_distribution<int> token(-alphabet / 2, alphabet - 1 - alphabet / 2);
  random_pair p;
  p.cached.resize(length(rng));
  for (auto& t : p.cached) t = token(rng);
  const std::size_t shared = std::uniform_int_distribution<std::size_t>(0, p.cached.size())(rng);
  p.requested.assign(p.cached.begin(), p.cached.begin() + static_cast<std::ptrdiff_t>(shared));
  p.requested.resize(length(rng));
  for (std::size_t i = shared; i < p.requested.size(); ++i) p.requested[i] = token(rng);
  return p;
}

}  // namespace

TEST_CASE("prefix_reuse: result type and noexcept") {
  const std::array<int, 2> a{1, 2};
  CHECK(kvc::reusable_prefix_length(1, 1, a, a) == 2);
}

TEST_CASE("prefix_reuse: boundary inputs") {
  const std::string_view ns = "model-a";
  const auto check = [&](const std::vector<int>& cached, const std::vector<int>& requested,
                         std::size_t expected) {
    CHECK(oracle_prefix(true, cached, requested) ==
          expected);  // the oracle agrees with the hand value
    CHECK(kvc::reusable_prefix_length(ns, ns, cached, requested) == expected);
    CHECK(kvc::reusable_prefix_length(ns, ns, requested, cached) == expected);  // symmetric
  };
  SUBCASE("both empty") {
    check({}, {}, 0);
  }
  SUBCASE("cache empty") {
    check({}, {1, 2, 3}, 0);
  }
  SUBCASE("request empty") {
    check({1, 2, 3}, {}, 0);
  }
  SUBCASE("single equal token") {
    check({7}, {7}, 1);
  }
  SUBCASE("single different token") {
    check({7}, {8}, 0);
  }
  SUBCASE("identical all-equal tokens") {
    check({5, 5, 5, 5, 5}, {5, 5, 5, 5, 5}, 5);
  }
  SUBCASE("identical all-distinct tokens") {
    check({1, 2, 3, 4, 5}, {1, 2, 3, 4, 5}, 5);
  }
  SUBCASE("mismatch at first index") {
    check({9, 2, 3}, {1, 2, 3}, 0);
  }
  SUBCASE("mismatch at last index") {
    check({1, 2, 3}, {1, 2, 4}, 2);
  }
  // A match after the first mismatch must not count: the prefix ends at the mismatch.
  SUBCASE("match resumes after mismatch") {
    check({1, 2, 3, 4}, {1, 9, 3, 4}, 1);
  }
  SUBCASE("cache is a proper prefix") {
    check({1, 2}, {1, 2, 3, 4}, 2);
  }
  SUBCASE("request is a proper prefix") {
    check({1, 2, 3, 4}, {1, 2}, 2);
  }
  SUBCASE("longer than a small fixed window") {
    std::vector<int> tokens(100, 3);
    check(tokens, tokens, 100);
  }
}

TEST_CASE("prefix_reuse: different namespaces reuse nothing") {
  // Identical tokens throughout, so only the namespace check can produce 0.
  const std::array<int, 3> tokens{1, 2, 3};
  SUBCASE("string_view namespaces") {
    CHECK(kvc::reusable_prefix_length(std::string_view{"m1"}, std::string_view{"m2"}, tokens,
                                      tokens) == 0);
    // Neither a prefix relation, a shared stem nor the empty namespace is a wildcard.
    CHECK(kvc::reusable_prefix_length(std::string_view{"m"}, std::string_view{"m1"}, tokens,
                                      tokens) == 0);
    CHECK(kvc::reusable_prefix_length(std::string_view{"m1"}, std::string_view{"m"}, tokens,
                                      tokens) == 0);
    CHECK(kvc::reusable_prefix_length(std::string_view{""}, std::string_view{"m"}, tokens,
                                      tokens) == 0);
    CHECK(kvc::reusable_prefix_length(std::string_view{"m"}, std::string_view{""}, tokens,
                                      tokens) == 0);
    CHECK(kvc::reusable_prefix_length(std::string_view{""}, std::string_view{""}, tokens, tokens) ==
          3);
  }
  SUBCASE("std::string against string_view") {
    CHECK(kvc::reusable_prefix_length(std::string{"lora-7"}, std::string_view{"lora-7"}, tokens,
                                      tokens) == 3);
    CHECK(kvc::reusable_prefix_length(std::string{"lora-7"}, std::string_view{"lora-8"}, tokens,
                                      tokens) == 0);
  }
  SUBCASE("user struct namespaces") {
    const model_adapter base{"llama", 0};
    CHECK(kvc::reusable_prefix_length(base, model_adapter{"llama", 0}, tokens, tokens) == 3);
    CHECK(kvc::reusable_prefix_length(base, model_adapter{"llama", 1}, tokens, tokens) == 0);
    CHECK(kvc::reusable_prefix_length(base, model_adapter{"mistral", 0}, tokens, tokens) == 0);
    CHECK(kvc::reusable_prefix_length(tenant{"acme"}, std::string_view{"acme"}, tokens, tokens) ==
          3);
    CHECK(kvc::reusable_prefix_length(tenant{"acme"}, std::string_view{"acmf"}, tokens, tokens) ==
          0);
  }
  SUBCASE("integer namespaces compare by value") {
    CHECK(kvc::reusable_prefix_length(-1, UINT_MAX, tokens, tokens) == 0);
    CHECK(kvc::reusable_prefix_length(std::int64_t{-1}, UINT64_MAX, tokens, tokens) == 0);
    CHECK(kvc::reusable_prefix_length(42, std::uint8_t{42}, tokens, tokens) == 3);
    CHECK(kvc::reusable_prefix_length(300L, std::uint8_t{44}, tokens, tokens) == 0);  // 300 mod 256
  }
}

TEST_CASE("prefix_reuse: mixed token types compare by value") {
  SUBCASE("int against long") {
    const std::vector<int> cached{1, -2, 3, 4};
    const std::vector<long> requested{1L, -2L, 3L, 5L};
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested) == 3);
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested) ==
          oracle_prefix(true, cached, requested));
  }
  SUBCASE("int against unsigned at the extremes") {
    // -1 and UINT_MAX share a bit pattern but are different tokens.
    const std::array<int, 4> cached{0, INT_MAX, 5, -1};
    const std::array<unsigned, 4> same_bits{0u, unsigned{INT_MAX}, 5u, UINT_MAX};
    CHECK(kvc::reusable_prefix_length(0, 0, cached, same_bits) == 3);
    CHECK(kvc::reusable_prefix_length(0, 0, same_bits, cached) == 3);
    CHECK(oracle_prefix(true, cached, same_bits) == 3);
    const std::array<int, 2> min_first{INT_MIN, 0};
    const std::array<unsigned, 2> wrapped{static_cast<unsigned>(INT_MAX) + 1u, 0u};
    CHECK(kvc::reusable_prefix_length(0, 0, min_first, wrapped) == 0);
  }
  SUBCASE("narrow against wide") {
    const std::array<std::int8_t, 3> narrow{-128, 127, -1};
    const std::array<std::uint64_t, 3> wide{static_cast<std::uint64_t>(-128), 127u, UINT64_MAX};
    CHECK(kvc::reusable_prefix_length(0, 0, narrow, wide) == 0);  // -128 != 2^64 - 128
    const std::array<long long, 3> signed_wide{-128, 127, -1};
    CHECK(kvc::reusable_prefix_length(0, 0, narrow, signed_wide) == 3);
    const std::array<std::uint8_t, 2> bytes{255, 0};
    CHECK(kvc::reusable_prefix_length(0, 0, bytes, std::array<std::int8_t, 2>{-1, 0}) == 0);
  }
  SUBCASE("string tokens") {
    const std::vector<std::string_view> cached{"the", "cat", "sat"};
    const std::vector<std::string> requested{"the", "cat", "ran"};
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested) == 2);
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested) ==
          oracle_prefix(true, cached, requested));
  }
  SUBCASE("characters of a string_view") {
    CHECK(kvc::reusable_prefix_length(0, 0, std::string_view{"hello"}, std::string_view{"help"}) ==
          3);
    CHECK(kvc::reusable_prefix_length(0, 0, std::string_view{"abc"}, std::string_view{"abc"}) == 3);
    CHECK(kvc::reusable_prefix_length(0, 1, std::string_view{"abc"}, std::string_view{"abc"}) == 0);
  }
}

TEST_CASE("prefix_reuse: every container kind gives the same answer") {
  const int c_cached[] = {4, 8, 15, 16, 23, 42};
  const long c_requested[] = {4, 8, 15, 16, 0};
  const std::vector<int> v_cached(std::begin(c_cached), std::end(c_cached));
  const std::vector<long> v_requested(std::begin(c_requested), std::end(c_requested));
  const std::array<int, 6> a_cached{4, 8, 15, 16, 23, 42};
  const std::span<const int> s_cached(v_cached);            // vector-backed span
  const std::span<const long, 5> s_requested(c_requested);  // fixed-extent span over a C array
  const std::size_t expected = 4;
  REQUIRE(oracle_prefix(true, c_cached, c_requested) == expected);
  CHECK(kvc::reusable_prefix_length('n', 'n', c_cached, c_requested) == expected);
  CHECK(kvc::reusable_prefix_length('n', 'n', v_cached, v_requested) == expected);
  CHECK(kvc::reusable_prefix_length('n', 'n', a_cached, s_requested) == expected);
  CHECK(kvc::reusable_prefix_length('n', 'n', s_cached, v_requested) == expected);
  CHECK(kvc::reusable_prefix_length('n', 'n', s_cached, c_requested) == expected);
  CHECK(kvc::reusable_prefix_length('n', 'n', s_cached.first(2), s_requested) == 2);
  CHECK(kvc::reusable_prefix_length('n', 'm', c_cached, c_requested) == 0);
}

TEST_CASE("prefix_reuse: random inputs from fixed seeds") {
  const auto run = [](std::uint64_t seed, std::size_t max_len, int alphabet) {
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution namespace_differs(0.25);
    for (int iteration = 0; iteration < 500; ++iteration) {
      const random_pair p = make_random_pair(rng, max_len, alphabet);
      const bool differs = namespace_differs(rng);
      const std::string cache_ns = "ns";
      const std::string request_ns = differs ? "ns2" : "ns";
      const std::size_t expected = oracle_prefix(!differs, p.cached, p.requested);
      const std::size_t got =
          kvc::reusable_prefix_length(cache_ns, request_ns, p.cached, p.requested);
      if (got != expected) {
        INFO("seed " << seed << " iteration " << iteration << " sizes " << p.cached.size() << "/"
                     << p.requested.size());
        CHECK(got == expected);
        return;
      }
      // The same tokens as long long and through spans give the same answer.
      const std::vector<long long> wide(p.requested.begin(), p.requested.end());
      CHECK(kvc::reusable_prefix_length(cache_ns, request_ns, std::span<const int>(p.cached),
                                        wide) == expected);
    }
  };
  SUBCASE("binary alphabet, short sequences") {
    run(1, 8, 2);
  }
  SUBCASE("binary alphabet, long sequences") {
    run(2, 300, 2);
  }
  SUBCASE("ternary alphabet with negatives") {
    run(3, 64, 3);
  }
  SUBCASE("wide alphabet") {
    run(4, 64, 1000);
  }
}

TEST_CASE("prefix_reuse: large inputs") {
  SUBCASE("200k tokens") {
    constexpr std::size_t n = 200'000;
    std::vector<std::int32_t> cached(n);
    for (std::size_t i = 0; i < n; ++i) cached[i] = static_cast<std::int32_t>(i % 50'000);
    std::vector<std::int32_t> requested = cached;
    CHECK(kvc::reusable_prefix_length(7, 7, cached, requested) == n);
    CHECK(kvc::reusable_prefix_length(7, 8, cached, requested) == 0);
    requested.back() = -1;
    CHECK(kvc::reusable_prefix_length(7, 7, cached, requested) == n - 1);
    requested[123'456] = -1;
    CHECK(kvc::reusable_prefix_length(7, 7, cached, requested) == 123'456);
    CHECK(kvc::reusable_prefix_length(7, 7, cached, requested) ==
          oracle_prefix(true, cached, requested));
    requested.front() = -1;
    CHECK(kvc::reusable_prefix_length(7, 7, cached, requested) == 0);
  }
  SUBCASE("3 million tokens of different types") {
    constexpr std::size_t n = 3'000'000;
    std::vector<std::uint32_t> cached(n, 1u);
    std::vector<std::int64_t> requested(n + 5, 1);
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested) == n);
    requested[n - 2] = -1;  // equal bit pattern in the low 32 bits is not equality
    cached[n - 2] = UINT32_MAX;
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested) == n - 2);
    CHECK(kvc::reusable_prefix_length(0, 0, std::span<const std::uint32_t>(cached).first(n - 2),
                                      requested) == n - 2);
  }
}

// ---------------------------------------------------------------------------------------------
// Block-granular reuse: kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested,
// block_size). The oracle does not round a length: it walks whole blocks from the front and stops
// at the first block that is not entirely present and matching in both sequences.

namespace {

template <class... Ts>
struct block_type_list {};

// Every standard integer type a block size may have (the fixed-width aliases repeat some of them).
using block_types =
    block_type_list<signed char, short, int, long, long long, unsigned char, unsigned short,
                    unsigned, unsigned long, unsigned long long, std::int8_t, std::uint8_t,
                    std::int16_t, std::uint16_t, std::int32_t, std::uint32_t, std::int64_t,
                    std::uint64_t, std::size_t, std::ptrdiff_t>;

template <class... Ts, class F>
void for_each_block_type(block_type_list<Ts...>, F&& f) {
  (f(std::type_identity<Ts>{}), ...);
}

template <class B>
bool oracle_block_nonpositive(B block) {
  if constexpr (std::is_signed_v<B>)
    return block <= 0;
  else
    return block == 0;
}

template <class C, class R, class B>
std::size_t oracle_block_prefix(bool same_namespace, const C& cached, const R& requested, B block) {
  if (!same_namespace || oracle_block_nonpositive(block)) return 0;
  const auto b = static_cast<unsigned long long>(block);  // positive here, so exact
  const std::size_t shorter =
      std::size(cached) < std::size(requested) ? std::size(cached) : std::size(requested);
  std::size_t reused = 0;
  while (shorter - reused >= b) {  // one more whole block exists in both sequences
    for (std::size_t i = reused; i < reused + b; ++i)
      if (!oracle_same(cached[i], requested[i])) return reused;
    reused += static_cast<std::size_t>(b);
  }
  return reused;
}

// The block result against the oracle, plus its relation to the 4-argument result.
template <class NsA, class NsB, class C, class R, class B>
void check_block(const NsA& a, const NsB& b, const C& cached, const R& requested, B block) {
  const std::size_t got = kvc::reusable_prefix_length(a, b, cached, requested, block);
  const std::size_t expected = oracle_block_prefix(a == b, cached, requested, block);
  CHECK(got == expected);
  const std::size_t whole = kvc::reusable_prefix_length(a, b, cached, requested);
  CHECK(got <= whole);
}

}  // namespace

TEST_CASE("prefix_reuse: block overload result type, noexcept and constexpr") {
  const std::array<int, 3> a{1, 2, 3};
  CHECK(kvc::reusable_prefix_length(1, 1, a, a, 1) == 3);
}

TEST_CASE("prefix_reuse: block boundaries") {
  using namespace std::string_view_literals;
  // Common prefix p = k*block - 1, k*block, k*block + 1: reuse is floor(p / block) whole blocks.
  for (const int block : {1, 2, 3, 4, 7, 16, 64}) {
    for (int k = 0; k <= 4; ++k) {
      for (const int delta : {-1, 0, 1}) {
        const int p = k * block + delta;
        if (p < 0) continue;
        CAPTURE(block);
        CAPTURE(p);
        const auto prefix = static_cast<std::size_t>(p);
        // Hand value: one block less just below a boundary; the +1 only completes a block of 1.
        const int whole_blocks = delta < 0 ? k - 1 : (delta > 0 && block == 1 ? k + 1 : k);
        const auto expected = static_cast<std::size_t>(whole_blocks * block);
        std::vector<int> cached(prefix + 2 * static_cast<std::size_t>(block) + 3);
        for (std::size_t i = 0; i < cached.size(); ++i) cached[i] = static_cast<int>(i % 5);
        {  // a mismatch right after the common prefix
          std::vector<int> requested = cached;
          requested[prefix] = -1;
          CHECK(kvc::reusable_prefix_length("ns"sv, "ns"sv, cached, requested, block) == expected);
          CHECK(kvc::reusable_prefix_length("ns"sv, "ns"sv, requested, cached, block) == expected);
          check_block("ns"sv, "ns"sv, cached, requested, block);
        }
        {  // the request ends where the common prefix ends
          const std::vector<long> requested(cached.begin(), cached.begin() + p);
          CHECK(kvc::reusable_prefix_length("ns"sv, "ns"sv, cached, requested, block) == expected);
          CHECK(kvc::reusable_prefix_length("ns"sv, "ns"sv, requested, cached, block) == expected);
          check_block("ns"sv, "ns"sv, cached, requested, block);
        }
        // A different namespace reuses nothing at any boundary.
        { CHECK(kvc::reusable_prefix_length("ns"sv, "ns2"sv, cached, cached, block) == 0); }
      }
    }
  }
  SUBCASE("block equal to the whole sequence, and one past it") {
    const std::vector<int> tokens{3, 1, 4, 1, 5, 9};
    CHECK(kvc::reusable_prefix_length(0, 0, tokens, tokens, 6) == 6);
    CHECK(kvc::reusable_prefix_length(0, 0, tokens, tokens, 7) == 0);
    CHECK(kvc::reusable_prefix_length(0, 0, tokens, tokens, 5) == 5);
    CHECK(kvc::reusable_prefix_length(0, 0, tokens, tokens, 4) == 4);
    CHECK(kvc::reusable_prefix_length(0, 0, tokens, tokens, 3) == 6);
    const std::vector<int> empty;
    CHECK(kvc::reusable_prefix_length(0, 0, empty, empty, 1) == 0);
    CHECK(kvc::reusable_prefix_length(0, 0, empty, tokens, 1) == 0);
  }
}

TEST_CASE("prefix_reuse: block size of every integer type") {
  std::vector<int> cached(300);
  for (std::size_t i = 0; i < cached.size(); ++i) cached[i] = static_cast<int>(i);
  std::vector<int> requested = cached;
  requested[299] = -1;  // common prefix 299
  for_each_block_type(block_types{}, [&](auto type) {
    using B = typename decltype(type)::type;
    CAPTURE(sizeof(B));
    CAPTURE(std::is_signed_v<B>);
    constexpr B max = std::numeric_limits<B>::max();
    constexpr B min = std::numeric_limits<B>::min();
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, B{0}) == 0);
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, B{1}) == 299);
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, B{4}) == 296);
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, B{100}) == 200);
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, B{127}) == 254);
    CHECK(kvc::reusable_prefix_length(0, 1, cached, requested, B{1}) == 0);
    CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, max) ==
          (std::cmp_less_equal(max, 299)
               ? 299 / static_cast<std::size_t>(max) * static_cast<std::size_t>(max)
               : 0));
    check_block(0, 0, cached, requested, max);
    check_block(0, 0, cached, requested, min);
    if constexpr (std::is_signed_v<B>) {
      CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, B{-1}) == 0);
      CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, min) == 0);
      // A negative size whose low byte reads as 4 (a narrowing implementation would reuse 296).
      const B negative_low_four = static_cast<B>(min + 4);
      CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, negative_low_four) == 0);
      check_block(0, 0, cached, requested, negative_low_four);
    } else {
      CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, min) == 0);  // min is 0
    }
    if constexpr (sizeof(B) >= 2) {
      // 260 keeps its value; 260 truncated to 8 bits would be 4.
      CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, B{260}) == 260);
      CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, B{299}) == 299);
      CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, B{300}) == 0);
    }
    if constexpr (sizeof(B) >= 8) {
      // 2^32 + 4 is far above the prefix; truncated to 32 bits it would be 4.
      CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, static_cast<B>((1LL << 32) + 4)) ==
            0);
      CHECK(kvc::reusable_prefix_length(0, 0, cached, requested, static_cast<B>(max - 1)) == 0);
    }
  });
}

TEST_CASE("prefix_reuse: block overload random inputs from fixed seeds") {
  // Random sequences and random block sizes, each size tried with every integer type that holds it.
  const auto run = [](std::uint64_t seed, std::size_t max_len, int alphabet) {
    std::mt19937_64 rng(seed);
    std::bernoulli_distribution namespace_differs(0.2);
    std::uniform_int_distribution<int> kind(0, 6);
    std::size_t nonzero = 0;
    for (int iteration = 0; iteration < 300; ++iteration) {
      const random_pair p = make_random_pair(rng, max_len, alphabet);
      const std::string cache_ns = "ns";
      const std::string request_ns = namespace_differs(rng) ? "ns2" : "ns";
      const auto prefix = static_cast<long long>(oracle_prefix(true, p.cached, p.requested));
      long long block = 1;
      switch (kind(rng)) {
        case 0:
          block = 1;
          break;
        case 1:
          block = std::uniform_int_distribution<long long>(2, 9)(rng);
          break;
        case 2:
          block = prefix + std::uniform_int_distribution<long long>(-1, 1)(rng);
          break;
        case 3:
          block = std::uniform_int_distribution<long long>(1, prefix + 2)(rng);
          break;
        case 4:
          block = std::uniform_int_distribution<long long>(LLONG_MIN, 0)(rng);
          break;
        case 5:
          block = std::uniform_int_distribution<long long>(prefix + 1, LLONG_MAX)(rng);
          break;
        default:
          block = std::uniform_int_distribution<long long>(-3, 3)(rng);
          break;
      }
      CAPTURE(seed);
      CAPTURE(iteration);
      CAPTURE(block);
      CAPTURE(prefix);
      for_each_block_type(block_types{}, [&](auto type) {
        using B = typename decltype(type)::type;
        if (!std::in_range<B>(block)) return;
        const std::size_t got = kvc::reusable_prefix_length(cache_ns, request_ns, p.cached,
                                                            p.requested, static_cast<B>(block));
        const std::size_t expected = oracle_block_prefix(cache_ns == request_ns, p.cached,
                                                         p.requested, static_cast<B>(block));
        if (got != expected) {
          CAPTURE(sizeof(B));
          CHECK(got == expected);
        }
        if (got != 0) ++nonzero;
      });
      // Sizes above every signed type still work as unsigned values.
      check_block(cache_ns, request_ns, p.cached, p.requested,
                  static_cast<unsigned long long>(LLONG_MAX) + rng() % 1000);
    }
    CHECK(nonzero > 0);  // the blocks were not all too big or non-positive
  };
  SUBCASE("binary alphabet, short sequences") {
    run(51, 10, 2);
  }
  SUBCASE("binary alphabet, long sequences") {
    run(52, 300, 2);
  }
  SUBCASE("small alphabet with negatives") {
    run(53, 80, 3);
  }
}

TEST_CASE("prefix_reuse: block overload large inputs") {
  SUBCASE("3 million matching tokens") {
    constexpr std::size_t n = 3'000'000;
    std::vector<std::int32_t> cached(n);
    for (std::size_t i = 0; i < n; ++i) cached[i] = static_cast<std::int32_t>(i % 1000);
    const std::vector<std::int64_t> same(cached.begin(), cached.end());
    CHECK(kvc::reusable_prefix_length(7, 7, cached, same, 4096) == n / 4096 * 4096);
    CHECK(kvc::reusable_prefix_length(7, 7, cached, same, std::size_t{n}) == n);
    CHECK(kvc::reusable_prefix_length(7, 7, cached, same, std::uint32_t{n + 1}) == 0);
    CHECK(kvc::reusable_prefix_length(7, 8, cached, same, 16) == 0);
    CHECK(kvc::reusable_prefix_length(7, 7, cached, same, -16) == 0);
  }
  SUBCASE("200k tokens, mismatch around a block boundary deep in the sequence") {
    constexpr std::size_t n = 200'000;
    std::vector<std::int32_t> cached(n);
    for (std::size_t i = 0; i < n; ++i) cached[i] = static_cast<std::int32_t>(i % 1000);
    constexpr std::size_t boundary = 16 * 10'000;
    for (const std::size_t at : {boundary - 1, boundary, boundary + 1}) {
      CAPTURE(at);
      std::vector<std::int64_t> requested(cached.begin(), cached.end());
      requested[at] = -1;
      const std::size_t expected = at / 16 * 16;
      CHECK(kvc::reusable_prefix_length(7, 7, cached, requested, 16) == expected);
      CHECK(kvc::reusable_prefix_length(7, 7, cached, requested, std::uint8_t{16}) == expected);
      CHECK(kvc::reusable_prefix_length(7, 7, cached, requested, 1) == at);
      CHECK(kvc::reusable_prefix_length(7, 7, cached, requested, at) == at);  // one block
      CHECK(kvc::reusable_prefix_length(7, 7, cached, requested, at + 1) == 0);
      CHECK(oracle_block_prefix(true, cached, requested, 16) == expected);
    }
  }
}

// --- The run-time fast path (contiguous integers of one width and signedness) against the generic
// --- path (the same tokens in a std::deque) and a plain index loop ------------------------------

namespace {

template <class T>
std::size_t plain_prefix(const std::vector<T>& a, const std::vector<T>& b) {
  std::size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  return i;
}

template <class T>
void check_fast_against_generic(const std::vector<T>& cached, const std::vector<T>& requested) {
  const std::deque<T> generic_cached(cached.begin(), cached.end());
  const std::deque<T> generic_requested(requested.begin(), requested.end());
  const std::size_t expected = plain_prefix(cached, requested);
  REQUIRE(kvc::reusable_prefix_length(0, 0, cached, requested) == expected);
  REQUIRE(kvc::reusable_prefix_length(0, 0, generic_cached, generic_requested) == expected);
  REQUIRE(kvc::reusable_prefix_length(0, 0, std::span{cached}, requested) == expected);
}

// A mismatch at every position of interest: the first and last token, and either side of every
// block the fast path compares at once (64 bytes, 1 KiB, 16 KiB, 256 KiB).
template <class T>
void mismatches_everywhere() {
  for (const std::size_t bytes : {std::size_t{64}, std::size_t{1024}, std::size_t{16384},
                                  std::size_t{262144}}) {
    for (const std::size_t size : {bytes / sizeof(T) - 1, bytes / sizeof(T), bytes / sizeof(T) + 1,
                                   3 * bytes / sizeof(T) + 5}) {
      std::vector<T> cached(size);
      for (std::size_t i = 0; i < size; ++i) cached[i] = static_cast<T>(i * 7 + 1);
      check_fast_against_generic(cached, cached);  // full match
      for (const std::size_t at : {std::size_t{0}, std::size_t{1}, size / 2, bytes / sizeof(T) - 1,
                                   bytes / sizeof(T), size - 2, size - 1}) {
        if (at >= size) continue;
        CAPTURE(size);
        CAPTURE(at);
        std::vector<T> requested = cached;
        // Flip only the top byte, so the first differing byte is the element's last one.
        requested[at] = static_cast<T>(requested[at] ^ static_cast<T>(T{1} << (sizeof(T) * 8 - 2)));
        check_fast_against_generic(cached, requested);
        requested.resize(at);  // a request that is a proper prefix of the cache
        check_fast_against_generic(cached, requested);
      }
    }
  }
}

}  // namespace

TEST_CASE("prefix_reuse: the fast path agrees with the generic path at every block boundary") {
  SUBCASE("int8") { mismatches_everywhere<std::int8_t>(); }
  SUBCASE("uint16") { mismatches_everywhere<std::uint16_t>(); }
  SUBCASE("int32") { mismatches_everywhere<std::int32_t>(); }
  SUBCASE("uint64") { mismatches_everywhere<std::uint64_t>(); }
}

TEST_CASE("prefix_reuse: the fast path agrees with the generic path on random inputs") {
  std::mt19937_64 rng(2026);
  for (int round = 0; round < 300; ++round) {
    const auto size = static_cast<std::size_t>(rng() % 5000);
    std::vector<std::int32_t> cached(size);
    for (auto& token : cached) token = static_cast<std::int32_t>(rng() % 3);
    std::vector<std::int32_t> requested = cached;
    if (size > 0 && rng() % 4 != 0) requested[rng() % size] = -1;
    requested.resize(static_cast<std::size_t>(rng() % (size + 10)), 2);
    check_fast_against_generic(cached, requested);
  }
}
