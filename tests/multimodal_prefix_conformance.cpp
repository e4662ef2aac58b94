// tests/multimodal_prefix_conformance.cpp - the multimodal prefix-reuse suites at run time: kvc's
// contract and correct implementations in other styles pass the fixtures (kvc::check) and
// exploration (kvc::explore) under every policy; every known-bad implementation of
// tests/mutants/multimodal_prefix.hpp is rejected by both halves; wrong implementations the
// fixtures were not written against are rejected by exploration, and a counterexample it prints
// pastes into a table; four engines' matching before and after their fixes, called the way
// engines hold their data, fails before and passes after; an engine that switches reuse off for
// items passes as a conservative engine only.
#include <kvc/explore.hpp>
#include <kvc/multimodal_prefix.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/specs/multimodal_prefix.hpp>
#include <kvc/verification/report.hpp>
#include <kvc/verification/standard_policies.hpp>

#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "multimodal_engines.hpp"
#include "mutants/multimodal_prefix.hpp"

namespace {

using item = kvc::multimodal_item;
using token_ids = std::span<const std::int32_t>;
using item_list = std::span<const kvc::multimodal_item>;
using kvc::reuse_policy;
using kvc::suites::multimodal_prefix_reuse;
using kvc::suites::multimodal_prefix_reuse_edges;
using kvc::suites::multimodal_prefix_reuse_under;
using kvc::verification::blocks_of_16_policy;
using kvc::verification::exact_policy;
using kvc::verification::multimodal_prefix_length_under;
using kvc::verification::recompute_last_policy;
using kvc::verification::vllm_policy;
namespace bad = kvc::mutants::multimodal_prefix;
namespace engines = kvc_test::engines;

constexpr reuse_policy odd_recompute{3, true};
constexpr reuse_policy odd_blocks{7, false};

template <class Report>
std::string shown(const Report& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

/// What `rejected` expects of a known-bad implementation's reports: kvc::check names a failing
/// fixture, with its inputs and both results, and kvc::explore finds a counterexample printed as a
/// row of the suite's table. (Not a template: the checks are compiled once.)
void expect_rejected(const char* name, const kvc::conformance_report& report,
                     const kvc::exploration_report& explored) {
  INFO(name);
  CHECK_FALSE(report.passed());
  const auto failures = report.failures();
  REQUIRE_FALSE(failures.empty());
  CHECK_FALSE(failures.front().label.empty());
  CHECK(failures.front().inputs.starts_with('"'));
  CHECK(failures.front().actual != failures.front().expected);
  CHECK_MESSAGE(!explored.passed(), name << " passed kvc::explore\n" << shown(explored));
  CHECK(explored.fixture.starts_with("{\"explored\", {"));
}

/// `impl` fails `suite` in both halves, with default options.
template <class Suite, class Impl>
void rejected(const char* name, const Suite& suite, const Impl& impl) {
  expect_rejected(name, kvc::check(suite, impl), kvc::explore(suite, impl));
}

/// What `accepted` expects of a correct implementation's reports: every fixture of a suite of
/// `size` run and passed, and the default exploration run whole and passed.
void expect_accepted(std::size_t size, const kvc::conformance_report& report,
                     const kvc::exploration_report& explored) {
  CHECK_MESSAGE(report.passed(), shown(report));
  CHECK(report.fixtures.size() == size);
  CHECK_MESSAGE(explored.passed(), shown(explored));
  CHECK(explored.cases_run == kvc::default_exploration_cases);
}

/// `impl` passes `suite` in both halves.
template <class Suite, class Impl>
void accepted(const Suite& suite, const Impl& impl) {
  expect_accepted(Suite::size, kvc::check(suite, impl), kvc::explore(suite, impl));
}

/// The policy suite under P: kvc's contract under P passes both halves; kvc's contract under each
/// of `Others`, every mutant of the engine bugs' suite with P applied to its result, and `extra`
/// fail both.
template <reuse_policy P, reuse_policy... Others, class... Extra>
void policy_suite_judged(const Extra&... extra) {
  const auto& suite = multimodal_prefix_reuse_under<P>;
  const std::string name = kvc::check(suite, multimodal_prefix_length_under<P>).suite;
  INFO(name);
  accepted(suite, multimodal_prefix_length_under<P>);
  (rejected("the contract under another policy", suite, multimodal_prefix_length_under<Others>),
   ...);
  rejected("ids_only", suite, bad::under<P>(bad::ids_only));
  rejected("hash_mod_vocabulary", suite, bad::under<P>(bad::hash_mod_vocabulary));
  rejected("spans_without_content", suite, bad::under<P>(bad::spans_without_content));
  rejected("positions_ignored", suite, bad::under<P>(bad::positions_ignored));
  rejected("no_reuse_with_items", suite, bad::under<P>(bad::no_reuse_with_items));
  rejected("stops_at_first_item", suite, bad::under<P>(bad::stops_at_first_item));
  rejected("first_item_only", suite, bad::under<P>(bad::first_item_only));
  rejected("request_items_only", suite, bad::under<P>(bad::request_items_only));
  rejected("cached_items_only", suite, bad::under<P>(bad::cached_items_only));
  rejected("ignores_namespace", suite, bad::under<P>(bad::ignores_namespace));
  rejected("includes_first_disagreement", suite, bad::under<P>(bad::includes_first_disagreement));
  rejected("counts_agreeing_positions", suite, bad::under<P>(bad::counts_agreeing_positions));
  (rejected("a mistake only some policies can make", suite, extra), ...);
}

// --- Item lists, as the implementations below check them -----------------------------------------

/// The contract's validity, written as two range algorithms: every item within its tokens, and
/// each starting at or after the end of the one before it.
bool lists_valid(item_list items, std::size_t count) {
  const bool within = std::ranges::all_of(
      items, [count](const item& i) { return i.length <= count && i.offset <= count - i.length; });
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

// --- Correct implementations, each in another style than kvc's -----------------------------------

/// One key per token (vectors of 64-bit ids, `std::string` namespaces), compared with
/// std::mismatch.
constexpr auto token_keyed =
    [](const std::string& cache_ns, const std::string& request_ns,
       const std::vector<std::int64_t>& cached, const std::vector<item>& cached_items,
       const std::vector<std::int64_t>& requested, const std::vector<item>& requested_items) {
      if (cache_ns != request_ns || !lists_valid(cached_items, cached.size()) ||
          !lists_valid(requested_items, requested.size()))
        return std::size_t{0};
      const std::vector<token_key> a = keys_of(cached, cached_items);
      const std::vector<token_key> b = keys_of(requested, requested_items);
      return static_cast<std::size_t>(std::ranges::mismatch(a, b).in1 - a.begin());
    };

/// The item holding `i` among the non-empty items, sorted by offset: a binary search.
const item* holding_sorted(const std::vector<item>& non_empty, std::size_t i) {
  const auto after = std::ranges::upper_bound(non_empty, i, {}, &item::offset);
  if (after == non_empty.begin()) return nullptr;
  const item& candidate = *std::prev(after);
  return i - candidate.offset < candidate.length ? &candidate : nullptr;
}

/// An engine's shape (spans of `std::int32_t` ids and items, `kvc::cache_namespace` keys): each
/// token's item found by binary search, the whole item compared.
constexpr auto interval_search =
    [](const kvc::cache_namespace& cache_ns, const kvc::cache_namespace& request_ns,
       token_ids cached, item_list cached_items, token_ids requested, item_list requested_items) {
      if (cache_ns != request_ns || !lists_valid(cached_items, cached.size()) ||
          !lists_valid(requested_items, requested.size()))
        return std::size_t{0};
      const auto non_empty = [](item_list items) {
        std::vector<item> kept;
        std::ranges::copy_if(items, std::back_inserter(kept),
                             [](const item& i) { return i.length != 0; });
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
    };

/// The common token prefix, cut at the start of the first pair of non-empty items that differ
/// (or of the first item without a partner), the lists paired with std::ranges::mismatch.
constexpr auto first_difference = [](std::string_view cache_ns, std::string_view request_ns,
                                     const auto& cached, const auto& cached_items,
                                     const auto& requested, const auto& requested_items) {
  if (cache_ns != request_ns || !lists_valid(cached_items, std::ranges::size(cached)) ||
      !lists_valid(requested_items, std::ranges::size(requested)))
    return std::size_t{0};
  const std::size_t prefix = static_cast<std::size_t>(std::ranges::mismatch(cached, requested).in1 -
                                                      std::ranges::begin(cached));
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
constexpr auto paged_engine =
    [](std::string_view cache_ns, std::string_view request_ns,
       const std::vector<std::int64_t>& cached, const std::vector<item>& cached_items,
       const std::vector<std::int64_t>& requested, const std::vector<item>& requested_items) {
      constexpr std::size_t block = 16;
      if (cache_ns != request_ns || !lists_valid(cached_items, cached.size()) ||
          !lists_valid(requested_items, requested.size()))
        return std::size_t{0};
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
    };

// --- Wrong implementations the fixtures were not written against ---------------------------------

/// The contract, with the item lists `Cut{}(items, prefix)` before the agreement is walked.
template <class Cut>
constexpr auto contract_with_items = [](std::string_view cache_ns, std::string_view request_ns,
                                        token_ids cached, item_list cached_items,
                                        token_ids requested, item_list requested_items) {
  if (!kvc::detail::valid_items(cached_items, cached.size()) ||
      !kvc::detail::valid_items(requested_items, requested.size()))
    return std::size_t{0};
  const std::size_t prefix =
      static_cast<std::size_t>(std::ranges::mismatch(cached, requested).in1 - cached.begin());
  if (cache_ns != request_ns) return std::size_t{0};
  return kvc::detail::items_agree_up_to(Cut{}(cached_items, prefix), Cut{}(requested_items, prefix),
                                        prefix);
};

/// Per-token keys with the content hash reduced to `Key{}(hash)`.
template <class Key>
constexpr auto keyed_hash = [](std::string_view cache_ns, std::string_view request_ns,
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
  std::vector<item> operator()(item_list items, std::size_t prefix) const {
    std::vector<item> kept;
    for (const item& it : items)
      if (it.offset + it.length <= prefix) kept.push_back(it);
    return kept;
  }
};
/// A key with room for 8 items: those after the eighth are not compared.
struct first_eight_items {
  std::vector<item> operator()(item_list items, std::size_t) const {
    std::vector<item> kept(items.begin(), items.end());
    if (kept.size() > 8) kept.resize(8);
    return kept;
  }
};

/// The item holding a token looked up with `<=`: the token right after an item counts as in it.
constexpr auto end_inclusive = [](std::string_view cache_ns, std::string_view request_ns,
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

/// The contract with its validity check replaced by `Valid{}(items, count, is_request)`.
template <class Valid>
constexpr auto validated_by = [](std::string_view cache_ns, std::string_view request_ns,
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
    return items.empty() ||
           (items.back().length <= count && items.back().offset <= count - items.back().length);
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
constexpr auto case_folded = [](std::string_view cache_ns, std::string_view request_ns,
                                token_ids cached, item_list cached_items, token_ids requested,
                                item_list requested_items) {
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
template <reuse_policy P>
constexpr auto reuse_off_for_items = [](std::string_view cache_ns, std::string_view request_ns,
                                        token_ids cached, item_list cached_items,
                                        token_ids requested, item_list requested_items) {
  if (!cached_items.empty() || !requested_items.empty()) return std::size_t{0};
  return kvc::multimodal_prefix_length(cache_ns, request_ns, cached, cached_items, requested,
                                       requested_items, P);
};

// --- Engines as they hold their data -------------------------------------------------------------

/// An engine that holds int64 ids in vectors: it narrows them to int32 and runs the span-shaped
/// reconstruction. Not constexpr.
template <auto Engine>
constexpr auto with_vectors =
    [](const kvc::cache_namespace& cache_key, const kvc::cache_namespace& request_key,
       const std::vector<std::int64_t>& cached, const std::vector<item>& cached_items,
       const std::vector<std::int64_t>& requested, const std::vector<item>& requested_items) {
      const std::vector<std::int32_t> c(cached.begin(), cached.end());
      const std::vector<std::int32_t> r(requested.begin(), requested.end());
      return Engine(cache_key, request_key, c, cached_items, r, requested_items);
    };

/// The same with int32 spans of tokens beside vectors of items, and string namespaces.
template <auto Engine>
constexpr auto with_spans_and_strings =
    [](const std::string& cache_model, const std::string& request_model, token_ids cached,
       const std::vector<item>& cached_items, token_ids requested,
       const std::vector<item>& requested_items) {
      kvc::cache_namespace cache_key{}, request_key{};
      cache_key.model = cache_model;
      request_key.model = request_model;
      return Engine(cache_key, request_key, cached, cached_items, requested, requested_items);
    };

/// The engine in both run-time shapes: `Before` fails `suite` in both halves, `After` passes.
template <auto Before, auto After, class Suite>
void fixed_engine(const Suite& suite) {
  rejected("before the fix, vectors", suite, with_vectors<Before>);
  rejected("before the fix, spans and strings", suite, with_spans_and_strings<Before>);
  accepted(suite, with_vectors<After>);
  accepted(suite, with_spans_and_strings<After>);
}

}  // namespace

// --- kvc's contract ------------------------------------------------------------------------------

TEST_CASE("multimodal_prefix: kvc's contract passes the exact suites in both halves") {
  // (The policy suite under each policy: see the policy suite's cases below.)
  accepted(multimodal_prefix_reuse, kvc::multimodal_prefix_length);
  accepted(multimodal_prefix_reuse_edges, kvc::multimodal_prefix_length);
  // A policy's contract is not the exact one.
  CHECK_FALSE(
      kvc::explore(multimodal_prefix_reuse, multimodal_prefix_length_under<vllm_policy>).passed());
}

TEST_CASE("multimodal_prefix: suites are named by their policy") {
  CHECK(kvc::check(multimodal_prefix_reuse, kvc::multimodal_prefix_length).suite ==
        "multimodal_prefix_reuse");
  CHECK(kvc::check(multimodal_prefix_reuse_edges, kvc::multimodal_prefix_length).suite ==
        "multimodal_prefix_reuse_edges");
  CHECK(kvc::explore(multimodal_prefix_reuse_under<odd_recompute>,
                     multimodal_prefix_length_under<odd_recompute>, {.cases = 1})
            .suite == "multimodal_prefix_reuse_under<{3, true, false}>");
}

TEST_CASE("multimodal_prefix: exploration is deterministic per seed") {
  const kvc::explore_options options{.seed = 99};
  const auto first = kvc::explore(multimodal_prefix_reuse, keyed_hash<low_32_bits>, options);
  const auto second = kvc::explore(multimodal_prefix_reuse, keyed_hash<low_32_bits>, options);
  REQUIRE_FALSE(first.passed());
  CHECK(first.failing_case == second.failing_case);
  CHECK(first.fixture == second.fixture);
  CHECK(first.cases_run == second.cases_run);
  const auto passing_a = kvc::explore(multimodal_prefix_reuse_edges, first_difference, options);
  const auto passing_b = kvc::explore(multimodal_prefix_reuse_edges, first_difference, options);
  CHECK(passing_a.passed());
  CHECK(passing_a.cases_run == passing_b.cases_run);
}

// --- Every known-bad implementation, in both halves ----------------------------------------------

TEST_CASE(
    "multimodal_prefix: every mutant of the engine bugs' suite fails the fixtures and "
    "exploration") {
  rejected("ids_only", multimodal_prefix_reuse, bad::ids_only);
  rejected("hash_mod_vocabulary", multimodal_prefix_reuse, bad::hash_mod_vocabulary);
  rejected("spans_without_content", multimodal_prefix_reuse, bad::spans_without_content);
  rejected("positions_ignored", multimodal_prefix_reuse, bad::positions_ignored);
  rejected("no_reuse_with_items", multimodal_prefix_reuse, bad::no_reuse_with_items);
  rejected("stops_at_first_item", multimodal_prefix_reuse, bad::stops_at_first_item);
  rejected("first_item_only", multimodal_prefix_reuse, bad::first_item_only);
  rejected("request_items_only", multimodal_prefix_reuse, bad::request_items_only);
  rejected("cached_items_only", multimodal_prefix_reuse, bad::cached_items_only);
  rejected("ignores_namespace", multimodal_prefix_reuse, bad::ignores_namespace);
  rejected("includes_first_disagreement", multimodal_prefix_reuse,
           bad::includes_first_disagreement);
  rejected("counts_agreeing_positions", multimodal_prefix_reuse, bad::counts_agreeing_positions);
}

TEST_CASE("multimodal_prefix: every mutant of the edges suite fails the fixtures and exploration") {
  rejected("ignores_item_length", multimodal_prefix_reuse_edges, bad::ignores_item_length);
  rejected("ignores_item_boundaries", multimodal_prefix_reuse_edges, bad::ignores_item_boundaries);
  rejected("placeholder_ids_ignored", multimodal_prefix_reuse_edges, bad::placeholder_ids_ignored);
  rejected("zero_length_marks_token", multimodal_prefix_reuse_edges, bad::zero_length_marks_token);
  rejected("accepts_invalid_items", multimodal_prefix_reuse_edges, bad::accepts_invalid_items);
  rejected("range_check_wraps", multimodal_prefix_reuse_edges, bad::range_check_wraps);
  rejected("overlaps_allowed", multimodal_prefix_reuse_edges, bad::overlaps_allowed);
  rejected("empty_items_unchecked", multimodal_prefix_reuse_edges, bad::empty_items_unchecked);
  rejected("cached_items_checked_only", multimodal_prefix_reuse_edges,
           bad::cached_items_checked_only);
  rejected("checks_items_in_prefix_only", multimodal_prefix_reuse_edges,
           bad::checks_items_in_prefix_only);
  // The engine bugs' suite explores only what content hashes produce: these pass it.
  CHECK(kvc::explore(multimodal_prefix_reuse, bad::ignores_item_length).passed());
  CHECK(kvc::explore(multimodal_prefix_reuse, bad::accepts_invalid_items).passed());
}

TEST_CASE("multimodal_prefix: the policy suite rejects every mutant under the standard policies") {
  policy_suite_judged<exact_policy, blocks_of_16_policy, recompute_last_policy, vllm_policy>();
  policy_suite_judged<blocks_of_16_policy, exact_policy, recompute_last_policy, vllm_policy>(
      bad::item_cut_after_rounding<blocks_of_16_policy>);
  policy_suite_judged<recompute_last_policy, exact_policy, blocks_of_16_policy, vllm_policy>(
      bad::cap_from_cached_length<recompute_last_policy>);
  policy_suite_judged<vllm_policy, exact_policy, blocks_of_16_policy, recompute_last_policy>(
      bad::item_cut_after_rounding<vllm_policy>, bad::cap_from_cached_length<vllm_policy>);
}

TEST_CASE(
    "multimodal_prefix: the policy suite rejects every mutant under {3, true} and {7, false}") {
  // Block sizes that divide none of the standard ones.
  policy_suite_judged<odd_recompute, exact_policy, blocks_of_16_policy, odd_blocks>(
      bad::item_cut_after_rounding<odd_recompute>, bad::cap_from_cached_length<odd_recompute>);
  policy_suite_judged<odd_blocks, exact_policy, recompute_last_policy, odd_recompute>(
      bad::item_cut_after_rounding<odd_blocks>);
}

TEST_CASE("multimodal_prefix: a report names the failing fixture and prints the items") {
  const auto failures = kvc::check(multimodal_prefix_reuse, bad::ids_only).failures();
  REQUIRE_FALSE(failures.empty());
  CHECK(failures.front().label == "equal placeholder ids, different images");
  CHECK(failures.front().inputs ==
        "\"vlm\", \"vlm\", [1, 2, 9, 9, 9, 3], [{offset 2, length 3, hash 11400714819323198485}], "
        "[1, 2, 9, 9, 9, 3], [{offset 2, length 3, hash 14029467366897019727}]");
  CHECK(failures.front().actual == "6");
  CHECK(failures.front().expected == "2");
}

// --- Wrong implementations the fixtures miss -----------------------------------------------------

namespace {

struct wrong_outcome {
  bool fixtures_catch = false;
  bool exploration_catches = false;
};

/// Prints and returns what the fixtures and exploration made of a wrong implementation.
wrong_outcome judged(const char* name, bool fixtures, const kvc::exploration_report& report) {
  MESSAGE(name << ": fixtures " << (fixtures ? "catch it" : "miss it") << ", exploration "
               << (report.passed() ? "misses it" : "catches it") << "\n"
               << shown(report));
  return {fixtures, !report.passed()};
}

/// Whether the fixtures (both exact suites) and exploration (of `suite`) reject `impl`.
template <class Suite, class Impl>
wrong_outcome judge(const char* name, const Suite& suite, const Impl& impl) {
  const bool fixtures = !kvc::check(multimodal_prefix_reuse, impl).passed() ||
                        !kvc::check(multimodal_prefix_reuse_edges, impl).passed();
  return judged(name, fixtures, kvc::explore(suite, impl));
}

}  // namespace

TEST_CASE(
    "multimodal_prefix: wrong implementations the fixtures miss are rejected by exploration") {
  const wrong_outcome outcomes[] = {
      judge("hash kept in 32 bits", multimodal_prefix_reuse, keyed_hash<low_32_bits>),
      judge("hash carried as a double", multimodal_prefix_reuse, keyed_hash<as_double>),
      judge("items past the common token prefix ignored", multimodal_prefix_reuse,
            contract_with_items<items_within_prefix>),
      judge("items after the eighth ignored", multimodal_prefix_reuse,
            contract_with_items<first_eight_items>),
      judge("the token after an item counted in it", multimodal_prefix_reuse, end_inclusive),
      judge("namespaces compared without case", multimodal_prefix_reuse, case_folded),
      judge("range checked for the last item only", multimodal_prefix_reuse_edges,
            validated_by<last_item_range_only>),
      judge("request items may end one past the tokens", multimodal_prefix_reuse_edges,
            validated_by<request_one_past_end>),
  };
  std::size_t missed_by_fixtures = 0;
  std::size_t missed_by_exploration = 0;
  for (const wrong_outcome& o : outcomes) {
    if (!o.fixtures_catch) ++missed_by_fixtures;
    if (!o.exploration_catches) ++missed_by_exploration;
  }
  CHECK(missed_by_fixtures >= 6);
  CHECK(missed_by_exploration == 0);
}

// A counterexample kvc::explore printed for "hash kept in 32 bits", pasted unchanged into a table:
// a fixture that compiles, that kvc's contract passes and the mutant fails. (Which counterexample
// the search finds depends on the domain's generators; the form it is printed in does not.)
TEST_CASE("multimodal_prefix: a printed counterexample is a fixture") {
  using row = kvc::specs::multimodal_tables::multimodal_row;
  static constexpr row pasted[] = {
      {"explored",
       {"m", "m", {0, 0, 0, 0, 0}, {{0, 1, 0}}, {0, 0, 0, 0, 0}, {{0, 1, 4294967296}}},
       0},
  };
  static_assert(kvc::passes(pasted[0], kvc::multimodal_prefix_length));
  CHECK_FALSE(kvc::passes(pasted[0], keyed_hash<low_32_bits>));
  const kvc::exploration_report report =
      kvc::explore(multimodal_prefix_reuse, keyed_hash<low_32_bits>);
  REQUIRE_FALSE(report.passed());
  CHECK(report.fixture.starts_with("{\"explored\", {\""));
  CHECK(report.fixture.ends_with("}, " + report.expected + "},"));
  CHECK(report.test_case.find("std::vector<kvc::multimodal_item>{{") != std::string::npos);
}

// --- Correct implementations in other styles -----------------------------------------------------

TEST_CASE("multimodal_prefix: correct implementations in other styles pass both halves") {
  accepted(multimodal_prefix_reuse, token_keyed);
  accepted(multimodal_prefix_reuse_edges, token_keyed);
  accepted(multimodal_prefix_reuse, interval_search);
  accepted(multimodal_prefix_reuse_edges, interval_search);
  accepted(multimodal_prefix_reuse, first_difference);
  accepted(multimodal_prefix_reuse_edges, first_difference);
  accepted(multimodal_prefix_reuse_under<vllm_policy>, paged_engine);
}

// --- A conservative engine -----------------------------------------------------------------------

TEST_CASE("multimodal_prefix: reuse switched off for items passes as a conservative engine only") {
  using kvc::profiles::conservative_reuse;
  constexpr auto exact_engine = reuse_off_for_items<exact_policy>;
  constexpr auto paged = reuse_off_for_items<vllm_policy>;
  const auto& under = multimodal_prefix_reuse_under<vllm_policy>;

  const auto bounded =
      kvc::explore(kvc::restrict_to<conservative_reuse>(multimodal_prefix_reuse), exact_engine);
  CHECK_MESSAGE(bounded.passed(), shown(bounded));
  CHECK_FALSE(bounded.notes.empty());
  CHECK(kvc::explore(kvc::restrict_to<conservative_reuse>(multimodal_prefix_reuse_edges),
                     exact_engine)
            .passed());
  CHECK(kvc::explore(kvc::restrict_to<conservative_reuse>(under), paged).passed());
  CHECK(kvc::check(kvc::restrict_to<conservative_reuse>(multimodal_prefix_reuse), exact_engine)
            .passed());
  CHECK(
      kvc::check(kvc::restrict_to<conservative_reuse>(multimodal_prefix_reuse_edges), exact_engine)
          .passed());
  CHECK(kvc::check(kvc::restrict_to<conservative_reuse>(under), paged).passed());
  CHECK(kvc::conforms(kvc::restrict_to<conservative_reuse>(multimodal_prefix_reuse), exact_engine));

  CHECK_FALSE(kvc::explore(multimodal_prefix_reuse, exact_engine).passed());
  CHECK_FALSE(kvc::explore(multimodal_prefix_reuse_edges, exact_engine).passed());
  CHECK_FALSE(kvc::explore(under, paged).passed());
  CHECK_FALSE(kvc::check(multimodal_prefix_reuse, exact_engine).passed());
  CHECK_FALSE(kvc::check(under, paged).passed());

  // A bound is still a bound: reusing more than the contract fails the conservative profile.
  CHECK_FALSE(
      kvc::check(kvc::restrict_to<conservative_reuse>(multimodal_prefix_reuse), bad::ids_only)
          .passed());
  CHECK_FALSE(
      kvc::explore(kvc::restrict_to<conservative_reuse>(multimodal_prefix_reuse), bad::ids_only)
          .passed());
}

// --- Engines before and after their fixes --------------------------------------------------------
// (tests/multimodal_engines.hpp, called at run time the way engines hold their data: int64 ids in
// std::vector or int32 spans, const std::vector<kvc::multimodal_item>& items.)

TEST_CASE("multimodal_prefix: SGLang #2151 fails before #2256 and passes after") {
  rejected("before the fix, vectors", multimodal_prefix_reuse,
           with_vectors<engines::sglang_before_fix>);
  rejected("before the fix, spans and strings", multimodal_prefix_reuse,
           with_spans_and_strings<engines::sglang_before_fix>);
  CHECK(kvc::check(multimodal_prefix_reuse, with_vectors<engines::sglang_after_fix>).passed());
  CHECK(kvc::check(multimodal_prefix_reuse, with_spans_and_strings<engines::sglang_after_fix>)
            .passed());
  // The fixtures it fails: a hash of 7, reduced modulo the vocabulary, reads as text token 7.
  const auto failures =
      kvc::check(multimodal_prefix_reuse, with_vectors<engines::sglang_before_fix>).failures();
  REQUIRE(failures.size() == 2);
  CHECK(failures[0].label == "content-derived placeholder ids equal to text tokens");
  CHECK(failures[0].actual == "5");
  CHECK(failures[0].expected == "2");
  CHECK(failures[1].label == "text tokens equal to content-derived placeholder ids");
  // After the fix a pad value still holds only 30 bits of the hash: exploration finds two images
  // whose hashes agree there, which the fixtures' three hashes never do.
  const kvc::exploration_report after =
      kvc::explore(multimodal_prefix_reuse, with_vectors<engines::sglang_after_fix>);
  REQUIRE_FALSE(after.passed());
  CHECK(after.expected == "0");
}

TEST_CASE("multimodal_prefix: TensorRT-LLM #14125 fails without the content hash, passes with") {
  fixed_engine<engines::trtllm_before_fix, engines::trtllm_after_fix>(multimodal_prefix_reuse);
  const auto failures =
      kvc::check(multimodal_prefix_reuse, with_vectors<engines::trtllm_before_fix>).failures();
  REQUIRE_FALSE(failures.empty());
  CHECK(failures[0].label == "equal placeholder ids, different images");
}

TEST_CASE("multimodal_prefix: LMDeploy #4933 fails before #4985 and passes after") {
  fixed_engine<engines::lmdeploy_before_fix, engines::lmdeploy_after_fix>(multimodal_prefix_reuse);
}

TEST_CASE("multimodal_prefix: vLLM #56655 fails before #56656 and passes after, under its policy") {
  fixed_engine<engines::vllm_before_fix, engines::vllm_after_fix>(
      multimodal_prefix_reuse_under<vllm_policy>);
  // The fixture it fails: the same embeddings at other positions of one block.
  const auto failures =
      kvc::check(multimodal_prefix_reuse_under<vllm_policy>, with_vectors<engines::vllm_before_fix>)
          .failures();
  REQUIRE(failures.size() == 1);
  CHECK(failures[0].label == "whole blocks, then the same embeddings at other positions");
  CHECK(failures[0].actual == "32");
  CHECK(failures[0].expected == "16");
  // A block engine is not an exact one.
  rejected("a block engine against the exact suite", multimodal_prefix_reuse,
           with_vectors<engines::vllm_after_fix>);
}
