// tests/exploration_multimodal.cpp - kvc::explore on the multimodal prefix-reuse suites and on the
// scenario suites. kvc's contract passes every multimodal suite and policy; every known-bad
// implementation of the multimodal descriptor is rejected by exploration alone; wrong
// implementations the fixtures do not catch are rejected too; correct ones in other styles pass
// the fixtures and exploration; an engine that switches reuse off for multimodal requests passes
// as a conservative engine only. The scenario suites explore a factory through kvc's model-based
// stateful checks.
// Compiled in three parts (KVC_MULTIMODAL_PART 1, 2 and 3: tests/exploration_multimodal_wrong.cpp
// and tests/exploration_multimodal_engines.cpp have the second and third), so that no translation
// unit needs much memory.
#ifndef KVC_MULTIMODAL_PART
#define KVC_MULTIMODAL_PART 1
#endif

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <vector>

#include <boost/hana/for_each.hpp>
#include <boost/hana/string.hpp>
#include <doctest/doctest.h>

#include <kvc/conformance.hpp>
#include <kvc/contracts/multimodal_prefix.hpp>
#include <kvc/explore.hpp>


namespace {

using item = kvc::multimodal_item;
using token_ids = std::span<const std::int32_t>;
using item_list = std::span<const kvc::multimodal_item>;

[[maybe_unused]] constexpr kvc::reuse_policy vllm_like{16, true};
[[maybe_unused]] constexpr kvc::reuse_policy odd_recompute{3, true};
[[maybe_unused]] constexpr kvc::reuse_policy odd_blocks{7, false};

/// Explores and prints how fast: cases per second.
template <class Suite, class Impl>
kvc::exploration_report timed(const char* what, const Suite& suite, const Impl& impl,
                              const kvc::explore_options& options = {}) {
  const auto start = std::chrono::steady_clock::now();
  kvc::exploration_report report = kvc::explore(suite, impl, options);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  MESSAGE(std::string(what) << ": " << report.cases_run << " cases (" << report.not_covered
               << " not covered) in " << static_cast<long>(seconds * 1000) << " ms, "
               << static_cast<long>(static_cast<double>(report.cases_run) / seconds) << " cases/s");
  return report;
}

std::string shown(const kvc::exploration_report& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

// --- Item lists, as the implementations below check them --------------------------------------

/// The contract's validity, written as two range algorithms: every item within its tokens, and
/// each starting at or after the end of the one before it.
bool lists_valid(item_list items, std::size_t count) {
  const bool within = std::ranges::all_of(items, [count](const item& i) {
    return i.length <= count && i.offset <= count - i.length;
  });
  return within && std::ranges::adjacent_find(items, [](const item& a, const item& b) {
                     return b.offset < a.offset + a.length;
                   }) == items.end();
}

/// What identifies token `i` of a sequence: its id, and the item holding it (hash, length and the
/// distance from its start), if any.
struct token_key {
  std::int64_t id = 0;
  bool in_item = false;
  std::uint64_t hash = 0;
  std::size_t length = 0;
  std::size_t distance = 0;
  friend bool operator==(const token_key&, const token_key&) = default;
};

std::vector<token_key> keys_of(const std::vector<std::int64_t>& tokens,
                               const std::vector<item>& items) {
  std::vector<token_key> keys(tokens.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) keys[i].id = tokens[i];
  for (const item& it : items)
    for (std::size_t k = 0; k < it.length; ++k)
      keys[it.offset + k] = {tokens[it.offset + k], true, it.content_hash, it.length, k};
  return keys;
}

// --- Correct implementations, each in another style than kvc's ---------------------------------

/// One key per token (vectors of 64-bit ids, `std::string` namespaces), compared with
/// std::mismatch.
[[maybe_unused]] std::size_t token_keyed(const std::string& cache_ns, const std::string& request_ns,
                        const std::vector<std::int64_t>& cached, const std::vector<item>& cached_items,
                        const std::vector<std::int64_t>& requested,
                        const std::vector<item>& requested_items) {
  if (cache_ns != request_ns || !lists_valid(cached_items, cached.size()) ||
      !lists_valid(requested_items, requested.size()))
    return 0;
  const std::vector<token_key> a = keys_of(cached, cached_items);
  const std::vector<token_key> b = keys_of(requested, requested_items);
  return static_cast<std::size_t>(std::ranges::mismatch(a, b).in1 - a.begin());
}

/// The item holding `i` among the non-empty items, sorted by offset: a binary search.
const item* holding_sorted(const std::vector<item>& non_empty, std::size_t i) {
  const auto after = std::ranges::upper_bound(non_empty, i, {}, &item::offset);
  if (after == non_empty.begin()) return nullptr;
  const item& candidate = *std::prev(after);
  return i - candidate.offset < candidate.length ? &candidate : nullptr;
}

/// An engine's shape (spans of `std::int32_t` ids and items, `kvc::cache_namespace` keys): each
/// token's item found by binary search, the whole item compared.
[[maybe_unused]] std::size_t interval_search(const kvc::cache_namespace& cache_ns,
                            const kvc::cache_namespace& request_ns, token_ids cached,
                            item_list cached_items, token_ids requested, item_list requested_items) {
  if (cache_ns != request_ns || !lists_valid(cached_items, cached.size()) ||
      !lists_valid(requested_items, requested.size()))
    return 0;
  const auto non_empty = [](item_list items) {
    std::vector<item> kept;
    std::ranges::copy_if(items, std::back_inserter(kept), [](const item& i) { return i.length != 0; });
    return kept;
  };
  const std::vector<item> a = non_empty(cached_items);
  const std::vector<item> b = non_empty(requested_items);
  std::size_t i = 0;
  for (; i < cached.size() && i < requested.size() && cached[i] == requested[i]; ++i) {
    const item* x = holding_sorted(a, i);
    const item* y = holding_sorted(b, i);
    if ((x == nullptr) != (y == nullptr) || (x != nullptr && !(*x == *y))) break;
  }
  return i;
}

/// The common token prefix, cut at the start of the first pair of non-empty items that differ
/// (or of the first item without a partner), the lists paired with std::ranges::mismatch.
[[maybe_unused]] constexpr auto first_difference = [](std::string_view cache_ns, std::string_view request_ns,
                                     const auto& cached, const auto& cached_items,
                                     const auto& requested, const auto& requested_items) {
  if (cache_ns != request_ns || !lists_valid(cached_items, std::ranges::size(cached)) ||
      !lists_valid(requested_items, std::ranges::size(requested)))
    return std::size_t{0};
  const std::size_t prefix = static_cast<std::size_t>(
      std::ranges::mismatch(cached, requested).in1 - std::ranges::begin(cached));
  const auto non_empty = [](const item& i) { return i.length != 0; };
  std::vector<item> a;
  std::vector<item> b;
  std::ranges::copy_if(cached_items, std::back_inserter(a), non_empty);
  std::ranges::copy_if(requested_items, std::back_inserter(b), non_empty);
  const auto [x, y] = std::ranges::mismatch(a, b);
  std::size_t cut = prefix;
  if (x != a.end()) cut = std::min(cut, x->offset);
  if (y != b.end()) cut = std::min(cut, y->offset);
  return cut;
};

/// A paged engine under {16, true}: whole blocks of 16 tokens, each reused while every token key
/// in it agrees, within the request's length less its last token.
[[maybe_unused]] std::size_t paged_engine(std::string_view cache_ns, std::string_view request_ns,
                         const std::vector<std::int64_t>& cached, const std::vector<item>& cached_items,
                         const std::vector<std::int64_t>& requested,
                         const std::vector<item>& requested_items) {
  constexpr std::size_t block = 16;
  if (cache_ns != request_ns || !lists_valid(cached_items, cached.size()) ||
      !lists_valid(requested_items, requested.size()))
    return 0;
  const std::vector<token_key> a = keys_of(cached, cached_items);
  const std::vector<token_key> b = keys_of(requested, requested_items);
  const std::size_t cap = requested.empty() ? 0 : requested.size() - 1;
  std::size_t reused = 0;
  while (reused + block <= cap && reused + block <= a.size() &&
         std::equal(a.begin() + static_cast<std::ptrdiff_t>(reused),
                    a.begin() + static_cast<std::ptrdiff_t>(reused + block),
                    b.begin() + static_cast<std::ptrdiff_t>(reused)))
    reused += block;
  return reused;
}

// --- Wrong implementations the fixtures were not written against -------------------------------

/// The contract, with the item lists `cut(items)` before the agreement is walked.
template <class Cut>
[[maybe_unused]] constexpr auto contract_with_items = [](const auto& cache_ns, const auto& request_ns,
                                        const auto& cached, const auto& cached_items,
                                        const auto& requested, const auto& requested_items) {
  if (!kvc::detail::valid_items(cached_items, std::ranges::size(cached)) ||
      !kvc::detail::valid_items(requested_items, std::ranges::size(requested)))
    return std::size_t{0};
  const std::size_t prefix = static_cast<std::size_t>(
      std::ranges::mismatch(cached, requested).in1 - std::ranges::begin(cached));
  if (cache_ns != request_ns) return std::size_t{0};
  return kvc::detail::items_agree_up_to(Cut{}(cached_items, prefix), Cut{}(requested_items, prefix),
                                        prefix);
};

/// Per-token keys with the content hash reduced to `Key(hash)`.
template <class Key>
[[maybe_unused]] constexpr auto keyed_hash = [](std::string_view cache_ns, std::string_view request_ns,
                               token_ids cached, item_list cached_items, token_ids requested,
                               item_list requested_items) {
  if (cache_ns != request_ns || !lists_valid(cached_items, cached.size()) ||
      !lists_valid(requested_items, requested.size()))
    return std::size_t{0};
  const auto key = [](item_list items, std::size_t i) {
    for (const item& it : items)
      if (i >= it.offset && i - it.offset < it.length)
        return std::tuple{true, Key{}(it.content_hash), it.offset, it.length};
    return std::tuple{false, Key{}(0), std::size_t{0}, std::size_t{0}};
  };
  std::size_t i = 0;
  while (i < cached.size() && i < requested.size() && cached[i] == requested[i] &&
         key(cached_items, i) == key(requested_items, i))
    ++i;
  return i;
};

/// The hash kept in 32 bits (a `uint32_t` extra key).
struct low_32_bits {
  std::uint32_t operator()(std::uint64_t h) const { return static_cast<std::uint32_t>(h); }
};
/// The hash carried as a double (a JSON number): 53 bits of mantissa.
struct as_double {
  double operator()(std::uint64_t h) const { return static_cast<double>(h); }
};

/// Items that extend past the common token prefix are left out: an image that starts in the
/// shared part and differs goes unseen.
struct items_within_prefix {
  std::vector<item> operator()(const auto& items, std::size_t prefix) const {
    std::vector<item> kept;
    for (const item& it : items)
      if (it.offset + it.length <= prefix) kept.push_back(it);
    return kept;
  }
};
/// A key with room for 8 items: those after the eighth are not compared.
struct first_eight_items {
  std::vector<item> operator()(const auto& items, std::size_t) const {
    std::vector<item> kept(std::ranges::begin(items), std::ranges::end(items));
    if (kept.size() > 8) kept.resize(8);
    return kept;
  }
};

/// The item holding a token looked up with `<=`: the token right after an item counts as in it.
[[maybe_unused]] constexpr auto end_inclusive = [](std::string_view cache_ns, std::string_view request_ns,
                                  token_ids cached, item_list cached_items, token_ids requested,
                                  item_list requested_items) {
  if (cache_ns != request_ns || !lists_valid(cached_items, cached.size()) ||
      !lists_valid(requested_items, requested.size()))
    return std::size_t{0};
  const auto holding = [](item_list items, std::size_t i) -> const item* {
    for (const item& it : items)
      if (it.length != 0 && i >= it.offset && i - it.offset <= it.length) return &it;
    return nullptr;
  };
  std::size_t i = 0;
  for (; i < cached.size() && i < requested.size() && cached[i] == requested[i]; ++i) {
    const item* x = holding(cached_items, i);
    const item* y = holding(requested_items, i);
    if ((x == nullptr) != (y == nullptr) || (x != nullptr && !(*x == *y))) break;
  }
  return i;
};

/// The contract with its validity check replaced by `valid(items, count, is_request)`.
template <class Valid>
[[maybe_unused]] constexpr auto validated_by = [](std::string_view cache_ns, std::string_view request_ns,
                                 token_ids cached, item_list cached_items, token_ids requested,
                                 item_list requested_items) {
  if (cache_ns != request_ns || !Valid{}(cached_items, cached.size(), false) ||
      !Valid{}(requested_items, requested.size(), true))
    return std::size_t{0};
  const std::size_t prefix =
      static_cast<std::size_t>(std::ranges::mismatch(cached, requested).in1 - cached.begin());
  return kvc::detail::items_agree_up_to(cached_items, requested_items, prefix);
};

/// Order and overlap checked as the items go, the range only for the last item ("sorted and
/// disjoint, so only the last can reach past the end"): an end that overflows is missed when
/// another item follows.
struct last_item_range_only {
  bool operator()(item_list items, std::size_t count, bool) const {
    std::size_t end = 0;
    for (const item& it : items) {
      if (it.offset < end) return false;
      end = it.offset + it.length;
    }
    return items.empty() || (items.back().length <= count &&
                             items.back().offset <= count - items.back().length);
  }
};
/// A request's items may end one token past its tokens (the engine appends the last placeholder
/// later).
struct request_one_past_end {
  bool operator()(item_list items, std::size_t count, bool request) const {
    return lists_valid(items, request ? count + 1 : count);
  }
};

/// Namespaces compared without case.
[[maybe_unused]] constexpr auto case_folded = [](std::string_view cache_ns, std::string_view request_ns,
                                const auto& cached, const auto& cached_items, const auto& requested,
                                const auto& requested_items) {
  const auto fold = [](std::string_view s) {
    std::string folded(s);
    for (char& c : folded) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return folded;
  };
  return kvc::multimodal_prefix_length(fold(cache_ns), fold(request_ns), cached, cached_items,
                                       requested, requested_items);
};

/// Reuse switched off for any request with items (the workaround of TensorRT-LLM #14231), under
/// policy P: a conservative engine, not an exact one.
template <kvc::reuse_policy P>
[[maybe_unused]] constexpr auto reuse_off_for_items = [](const auto& cache_ns, const auto& request_ns,
                                        const auto& cached, const auto& cached_items,
                                        const auto& requested, const auto& requested_items) {
  if (!std::ranges::empty(cached_items) || !std::ranges::empty(requested_items))
    return std::size_t{0};
  return kvc::multimodal_prefix_length(cache_ns, request_ns, cached, cached_items, requested,
                                       requested_items, P);
};

template <class S>
using suite_type = std::remove_cvref_t<S>;

}  // namespace

// --- Recognition --------------------------------------------------------------------------------

static_assert(!kvc::exploration::has_prefix_shape<suite_type<decltype(kvc::suites::multimodal_prefix_reuse)>>::value);
static_assert(!kvc::exploration::has_prefix_shape<suite_type<decltype(kvc::suites::multimodal_prefix_reuse_edges)>>::value);
static_assert(!kvc::exploration::has_prefix_shape<suite_type<decltype(kvc::suites::multimodal_prefix_reuse_under<vllm_like>)>>::value);
static_assert(!kvc::exploration::has_prefix_shape<suite_type<decltype(kvc::suites::prefix_cache_scenarios)>>::value);
static_assert(!kvc::exploration::has_prefix_shape<suite_type<decltype(kvc::suites::slot_allocator_scenarios)>>::value);
static_assert(kvc::explorable<decltype(kvc::suites::multimodal_prefix_reuse)>);
static_assert(kvc::explorable<decltype(kvc::suites::multimodal_prefix_reuse_edges)>);
static_assert(kvc::explorable<decltype(kvc::suites::multimodal_prefix_reuse_under<odd_blocks>)>);
static_assert(kvc::explorable<decltype(kvc::restrict_to<kvc::profiles::conservative_reuse>(
                  kvc::suites::multimodal_prefix_reuse))>);
static_assert(kvc::explorable<decltype(kvc::suites::prefix_cache_scenarios)>);
static_assert(kvc::explorable<decltype(kvc::suites::slot_allocator_scenarios)>);
static_assert(kvc::exploration::suite_policy<decltype(kvc::suites::multimodal_prefix_reuse_under<odd_recompute>)> ==
              odd_recompute);

#if KVC_MULTIMODAL_PART == 0 || KVC_MULTIMODAL_PART == 1
TEST_CASE("multimodal exploration: suites are named by type") {
  using kvc::exploration::suite_name;
  CHECK(suite_name<suite_type<decltype(kvc::suites::multimodal_prefix_reuse)>>() == "multimodal_prefix_reuse");
  CHECK(suite_name<suite_type<decltype(kvc::suites::multimodal_prefix_reuse_edges)>>() ==
        "multimodal_prefix_reuse_edges");
  CHECK(suite_name<suite_type<decltype(kvc::suites::multimodal_prefix_reuse_under<odd_recompute>)>>() ==
        "multimodal_prefix_reuse_under<{3, true, false}>");
  CHECK(suite_name<suite_type<decltype(kvc::suites::prefix_cache_scenarios)>>() == "prefix_cache_scenarios");
  CHECK(suite_name<suite_type<decltype(kvc::suites::slot_allocator_scenarios)>>() == "slot_allocator_scenarios");
}

// --- kvc's contract -----------------------------------------------------------------------------

TEST_CASE("multimodal exploration: kvc's contract passes every suite and policy") {
  const auto main_report = timed("multimodal_prefix_reuse", kvc::suites::multimodal_prefix_reuse,
                                 kvc::multimodal_prefix_length);
  CHECK_MESSAGE(main_report.passed(), shown(main_report));
  CHECK(main_report.cases_run == kvc::default_exploration_cases);
  const auto edges = timed("multimodal_prefix_reuse_edges", kvc::suites::multimodal_prefix_reuse_edges,
                           kvc::multimodal_prefix_length);
  CHECK_MESSAGE(edges.passed(), shown(edges));
  CHECK(edges.cases_run == kvc::default_exploration_cases);
  const auto under_16 = timed("multimodal_prefix_reuse_under<{16, true}>",
                              kvc::suites::multimodal_prefix_reuse_under<vllm_like>,
                              kvc::verification::multimodal_prefix_length_under<vllm_like>);
  CHECK_MESSAGE(under_16.passed(), shown(under_16));
  const auto under_3 = timed("multimodal_prefix_reuse_under<{3, true}>",
                             kvc::suites::multimodal_prefix_reuse_under<odd_recompute>,
                             kvc::verification::multimodal_prefix_length_under<odd_recompute>);
  CHECK_MESSAGE(under_3.passed(), shown(under_3));
  const auto under_7 = timed("multimodal_prefix_reuse_under<{7, false}>",
                             kvc::suites::multimodal_prefix_reuse_under<odd_blocks>,
                             kvc::verification::multimodal_prefix_length_under<odd_blocks>);
  CHECK_MESSAGE(under_7.passed(), shown(under_7));
  // And another policy's contract is not this policy's.
  CHECK_FALSE(kvc::explore(kvc::suites::multimodal_prefix_reuse_under<odd_recompute>,
                           kvc::verification::multimodal_prefix_length_under<odd_blocks>)
                  .passed());
  CHECK_FALSE(kvc::explore(kvc::suites::multimodal_prefix_reuse,
                           kvc::verification::multimodal_prefix_length_under<vllm_like>)
                  .passed());
}

TEST_CASE("multimodal exploration: deterministic per seed") {
  const kvc::explore_options options{.seed = 99};
  const auto first = kvc::explore(kvc::suites::multimodal_prefix_reuse, keyed_hash<low_32_bits>, options);
  const auto second = kvc::explore(kvc::suites::multimodal_prefix_reuse, keyed_hash<low_32_bits>, options);
  REQUIRE_FALSE(first.passed());
  CHECK(first.failing_case == second.failing_case);
  CHECK(first.fixture == second.fixture);
  CHECK(first.cases_run == second.cases_run);
  const auto passing_a = kvc::explore(kvc::suites::multimodal_prefix_reuse_edges, first_difference, options);
  const auto passing_b = kvc::explore(kvc::suites::multimodal_prefix_reuse_edges, first_difference, options);
  CHECK(passing_a.passed());
  CHECK(passing_a.cases_run == passing_b.cases_run);
  CHECK(passing_a.not_covered == passing_b.not_covered);
}

// The descriptor's mutants, exact and under odd policies, are explored in
// tests/exploration_multimodal_descriptor.cpp and tests/exploration_multimodal_odd.cpp.

#endif  // part 1

#if KVC_MULTIMODAL_PART == 0 || KVC_MULTIMODAL_PART == 2
// --- Wrong implementations of my own ------------------------------------------------------------

namespace {

struct wrong_outcome {
  bool fixtures_catch = false;
  bool exploration_catches = false;
};

/// Whether the fixtures (both exact suites) and exploration (of `suite`) reject `impl`.
template <class Suite, class Impl>
wrong_outcome judge(const char* name, const Suite& suite, const Impl& impl) {
  const bool fixtures = !kvc::conforms(kvc::suites::multimodal_prefix_reuse, impl) ||
                        !kvc::conforms(kvc::suites::multimodal_prefix_reuse_edges, impl);
  const kvc::exploration_report report = kvc::explore(suite, impl);
  MESSAGE(std::string(name) << ": fixtures " << std::string(fixtures ? "catch it" : "miss it")
               << ", exploration " << std::string(report.passed() ? "misses it" : "catches it")
               << " (failing case "
               << report.failing_case << ")\n"
               << shown(report));
  return {fixtures, !report.passed()};
}

}  // namespace

TEST_CASE("multimodal exploration: wrong implementations the fixtures miss are rejected") {
  const auto& main_suite = kvc::suites::multimodal_prefix_reuse;
  const auto& edges = kvc::suites::multimodal_prefix_reuse_edges;
  const wrong_outcome outcomes[] = {
      judge("hash kept in 32 bits", main_suite, keyed_hash<low_32_bits>),
      judge("hash carried as a double", main_suite, keyed_hash<as_double>),
      judge("items past the common token prefix ignored", main_suite,
            contract_with_items<items_within_prefix>),
      judge("items after the eighth ignored", main_suite, contract_with_items<first_eight_items>),
      judge("the token after an item counted in it", main_suite, end_inclusive),
      judge("namespaces compared without case", main_suite, case_folded),
      judge("range checked for the last item only", edges, validated_by<last_item_range_only>),
      judge("request items may end one past the tokens", edges, validated_by<request_one_past_end>),
  };
  std::size_t missed_by_fixtures = 0;
  std::size_t missed_by_exploration = 0;
  for (const wrong_outcome& o : outcomes) {
    if (!o.fixtures_catch) ++missed_by_fixtures;
    if (!o.exploration_catches) ++missed_by_exploration;
  }
  MESSAGE(std::size(outcomes) << " wrong implementations: " << missed_by_fixtures
                              << " missed by the fixtures, " << missed_by_exploration
                              << " missed by exploration");
  CHECK(missed_by_fixtures >= 6);
  CHECK(missed_by_exploration == 0);
}

// The counterexample kvc::explore printed for "hash kept in 32 bits" (default seed), pasted
// unchanged: a fixture that compiles, that kvc's contract passes and the mutant fails.
TEST_CASE("multimodal exploration: a printed counterexample is a fixture") {
  static constexpr auto fixture =
      kvc::make_fixture(kvc::label<"explored">, kvc::inputs(std::string_view{""}, std::string_view{""}, std::array<int, 1>{0}, std::array<kvc::multimodal_item, 1>{kvc::multimodal_item{0U, 1U, 4294999312ULL}}, std::array<int, 1>{0}, std::array<kvc::multimodal_item, 1>{kvc::multimodal_item{0U, 1U, 32016U}}), std::size_t{0U});
  static_assert(kvc::passes(fixture, kvc::multimodal_prefix_length));
  CHECK_FALSE(kvc::passes(fixture, keyed_hash<low_32_bits>));
  CHECK(kvc::explore(kvc::suites::multimodal_prefix_reuse, keyed_hash<low_32_bits>).fixture ==
        "kvc::make_fixture(kvc::label<\"explored\">, kvc::inputs(std::string_view{\"\"}, "
        "std::string_view{\"\"}, std::array<int, 1>{0}, std::array<kvc::multimodal_item, "
        "1>{kvc::multimodal_item{0U, 1U, 4294999312ULL}}, std::array<int, 1>{0}, "
        "std::array<kvc::multimodal_item, 1>{kvc::multimodal_item{0U, 1U, "
        "32016U}}), std::size_t{0U})");
}

#endif  // part 2

#if KVC_MULTIMODAL_PART == 0 || KVC_MULTIMODAL_PART == 3
// --- Correct implementations in other styles ----------------------------------------------------

TEST_CASE("multimodal exploration: correct implementations in other styles pass") {
  const auto& main_suite = kvc::suites::multimodal_prefix_reuse;
  const auto& edges = kvc::suites::multimodal_prefix_reuse_edges;
  CHECK(kvc::conforms(main_suite, token_keyed));
  CHECK(kvc::conforms(edges, token_keyed));
  CHECK(kvc::conforms(main_suite, interval_search));
  CHECK(kvc::conforms(edges, interval_search));
  CHECK(kvc::conforms(main_suite, first_difference));
  CHECK(kvc::conforms(edges, first_difference));
  CHECK(kvc::conforms(kvc::suites::multimodal_prefix_reuse_under<vllm_like>, paged_engine));
  for (const auto& report :
       {kvc::explore(main_suite, token_keyed), kvc::explore(edges, token_keyed),
        kvc::explore(main_suite, interval_search), kvc::explore(edges, interval_search),
        kvc::explore(main_suite, first_difference), kvc::explore(edges, first_difference),
        kvc::explore(kvc::suites::multimodal_prefix_reuse_under<vllm_like>, paged_engine)})
    CHECK_MESSAGE(report.passed(), shown(report));
}

// --- A conservative engine ----------------------------------------------------------------------

TEST_CASE("multimodal exploration: reuse switched off for items passes as a conservative engine") {
  using kvc::profiles::conservative_reuse;
  const auto& main_suite = kvc::suites::multimodal_prefix_reuse;
  const auto& edges = kvc::suites::multimodal_prefix_reuse_edges;
  const auto& under = kvc::suites::multimodal_prefix_reuse_under<vllm_like>;
  constexpr auto exact_engine = reuse_off_for_items<kvc::reuse_policy{}>;
  constexpr auto paged = reuse_off_for_items<vllm_like>;

  const auto bounded = kvc::explore(kvc::restrict_to<conservative_reuse>(main_suite), exact_engine);
  CHECK_MESSAGE(bounded.passed(), shown(bounded));
  CHECK(kvc::explore(kvc::restrict_to<conservative_reuse>(edges), exact_engine).passed());
  CHECK(kvc::explore(kvc::restrict_to<conservative_reuse>(under), paged).passed());
  CHECK(kvc::check(kvc::restrict_to<conservative_reuse>(main_suite), exact_engine).passed());
  CHECK(kvc::check(kvc::restrict_to<conservative_reuse>(edges), exact_engine).passed());
  CHECK(kvc::check(kvc::restrict_to<conservative_reuse>(under), paged).passed());
  CHECK(kvc::conforms(kvc::restrict_to<conservative_reuse>(main_suite), exact_engine));
  CHECK_FALSE(bounded.notes.empty());

  CHECK_FALSE(kvc::explore(main_suite, exact_engine).passed());
  CHECK_FALSE(kvc::explore(edges, exact_engine).passed());
  CHECK_FALSE(kvc::explore(under, paged).passed());
  CHECK_FALSE(kvc::check(main_suite, exact_engine).passed());
  CHECK_FALSE(kvc::check(under, paged).passed());

  // A bound is still a bound: reusing more than the contract fails the conservative profile.
  CHECK_FALSE(kvc::explore(kvc::restrict_to<conservative_reuse>(main_suite),
                           kvc::mutants::multimodal_prefix::ids_only)
                  .passed());
}
#endif  // part 3
