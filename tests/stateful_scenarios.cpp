// The scenario suites of the stateful models at run time: kvc::check and KVC_CHECK_CONFORMS on a
// cache and an allocator built on standard containers (never constexpr), the reports of a failing
// mutant, and the mutants rejected at run time as at compile time.
#include <doctest/doctest.h>

#include <kvc/conformance.hpp>
#include <kvc/contracts/prefix_cache_scenarios.hpp>
#include <kvc/contracts/slot_allocator_scenarios.hpp>
#include <kvc/doctest.hpp>

#include "stateful_mutants.hpp"

#include <boost/hana/for_each.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/type.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <span>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

// A prefix cache and a slot allocator as an engine might write them at run time (sequences per
// namespace in a hash map; holdings in a std::map), shared with the model-based runner's tests.
using map_cache = stateful_mutants::hash_map_cache;
using map_allocator = stateful_mutants::map_allocator<std::uint64_t, std::size_t>;

const auto make_map_cache = [] { return map_cache{}; };
const auto make_map_allocator = [](std::size_t capacity) { return map_allocator(capacity); };

namespace cache_mutants = kvc::mutants::prefix_cache_scenarios;
namespace allocator_mutants = kvc::mutants::slot_allocator_scenarios;

}  // namespace

TEST_CASE("kvc::check runs the scenarios against a run-time cache and allocator") {
  const auto cache_report = kvc::check(kvc::suites::prefix_cache_scenarios, make_map_cache);
  CHECK(cache_report.passed());
  CHECK(cache_report.fixtures.size() ==
        kvc::suite_size<decltype(kvc::suites::prefix_cache_scenarios)>);

  const auto allocator_report =
      kvc::check(kvc::suites::slot_allocator_scenarios, make_map_allocator);
  CHECK(allocator_report.passed());
  CHECK(allocator_report.fixtures.size() ==
        kvc::suite_size<decltype(kvc::suites::slot_allocator_scenarios)>);

  CHECK(kvc::conforms(kvc::suites::prefix_cache_scenarios, make_map_cache));
  CHECK(kvc::conforms(kvc::suites::slot_allocator_scenarios, make_map_allocator));
}

TEST_CASE("a factory may return its cache or allocator through a pointer") {
  CHECK(kvc::check(kvc::suites::prefix_cache_scenarios, [] {
          return std::make_unique<map_cache>();
        }).passed());
  CHECK(kvc::check(kvc::suites::slot_allocator_scenarios, [](std::size_t capacity) {
          return std::make_unique<map_allocator>(capacity);
        }).passed());
}

TEST_CASE("KVC_CHECK_CONFORMS takes a factory") {
  KVC_CHECK_CONFORMS(kvc::suites::prefix_cache_scenarios, make_map_cache);
  KVC_CHECK_CONFORMS(kvc::suites::slot_allocator_scenarios, make_map_allocator);
  KVC_CHECK_CONFORMS(kvc::suites::prefix_cache_scenarios,
                     [] { return kvc::model::prefix_cache{}; });
}

// Fails (one failure per failing scenario) without failing the run: should_fail inverts it.
TEST_CASE("KVC_CHECK_CONFORMS fails a wrong cache" * doctest::should_fail()) {
  KVC_CHECK_CONFORMS(kvc::suites::prefix_cache_scenarios,
                     cache_mutants::factory<cache_mutants::erase_leaves_entries>);
}

TEST_CASE("a failing cache's report shows the operations and every observation") {
  const auto report = kvc::check(kvc::suites::prefix_cache_scenarios,
                                 cache_mutants::factory<cache_mutants::erase_leaves_entries>);
  const auto failures = report.failures();
  REQUIRE(failures.size() == 1);
  const auto& failed = failures.front();
  CHECK(failed.label == "erase forgets its namespace only");
  CHECK(failed.inputs ==
        "insert({\"m\", \"sql\", 1, \"\"}, [1, 2, 3]); insert({\"m\", \"sql\", 1, \"\"}, [4, 5]); "
        "insert({\"m\", \"\", 0, \"\"}, [1, 2, 3]); erase({\"m\", \"sql\", 1, \"\"}); "
        "lookup({\"m\", \"sql\", 1, \"\"}, [1, 2, 3]); lookup({\"m\", \"sql\", 1, \"\"}, [4, 5]); "
        "lookup({\"m\", \"\", 0, \"\"}, [1, 2, 3])");
  // Inserts and erases are not observed: "-" keeps every observation under its operation.
  CHECK(failed.actual == "[-, -, -, -, 0, 2, 3]");
  CHECK(failed.expected == "[-, -, -, -, 0, 0, 3]");

  std::ostringstream table;
  table << report;
  CHECK(table.str().find("| erase forgets its namespace only | `[-, -, -, -, 0, 2, 3]` | "
                         "`[-, -, -, -, 0, 0, 3]` | Failed |\n") != std::string::npos);
  CHECK(table.str().find("| empty lookup | `[-, 0]` | `[-, 0]` | Passed |\n") != std::string::npos);
  CHECK(kvc::detail::describe_failure(failed).starts_with(
      "fixture \"erase forgets its namespace only\": inputs (insert({\"m\", \"sql\", 1, \"\"}, "));
}

TEST_CASE("a failing allocator's report shows the capacity, the operations and the grants") {
  const auto report = kvc::check(kvc::suites::slot_allocator_scenarios,
                                 allocator_mutants::factory<allocator_mutants::partial_grant>);
  const auto failures = report.failures();
  REQUIRE(failures.size() == 4);
  CHECK(failures[0].label == "one over what is free is refused whole");
  CHECK(failures[0].inputs ==
        "8, try_reserve(1, 5); try_reserve(2, 4); available(); try_reserve(2, 3)");
  // The partial grant says yes to 4 and hands out the 3 that were free.
  CHECK(failures[0].actual == "[1, 1, 0, 0]");
  CHECK(failures[0].expected == "[1, 0, 3, 1]");
  CHECK(failures[1].label == "more than the capacity is refused whole");
  CHECK(failures[2].label == "a refused request does not become known");
  CHECK(failures[2].inputs == "4, try_reserve(1, 3); try_reserve(2, 2); release(2); available()");
  // Refused whole would add nothing; the partial grant's 3 slots are freed with the first 5.
  CHECK(failures[3].label == "a refused reservation adds nothing to its request");
  CHECK(failures[3].actual == "[1, 1, 0, -, 8]");
  CHECK(failures[3].expected == "[1, 0, 3, -, 8]");

  // Request ids print whole: a truncating table's scenario shows the ids it confuses.
  const auto truncated =
      kvc::check(kvc::suites::slot_allocator_scenarios,
                 allocator_mutants::factory<allocator_mutants::ids_truncated_to_32_bits>)
          .failures();
  REQUIRE(truncated.size() == 2);
  CHECK(truncated[0].inputs ==
        "8, try_reserve(1099511627777, 3); try_reserve(1, 2); release(1); available(); "
        "release(1099511627777); available()");
  CHECK(truncated[1].inputs ==
        "8, try_reserve(9223372036854775808, 4); try_reserve(0, 1); release(0); available()");
}

TEST_CASE("every mutant is rejected at run time, and their skeleton is not") {
  CHECK(kvc::check(kvc::suites::prefix_cache_scenarios,
                   cache_mutants::factory<cache_mutants::correct>)
            .passed());
  CHECK(kvc::check(kvc::suites::slot_allocator_scenarios,
                   allocator_mutants::factory<allocator_mutants::correct>)
            .passed());

  namespace hana = boost::hana;
  const auto cache_flaws = hana::tuple_t<
      cache_mutants::tokens_only_key, cache_mutants::adapter_ignored,
      cache_mutants::adapter_revision_ignored, cache_mutants::salt_ignored,
      cache_mutants::concatenated_key, cache_mutants::int16_tokens,
      cache_mutants::counts_first_disagreement, cache_mutants::whole_request_only,
      cache_mutants::over_reports_cached_length, cache_mutants::first_entry_wins,
      cache_mutants::minimum_over_entries, cache_mutants::one_entry_per_namespace,
      cache_mutants::erase_leaves_entries, cache_mutants::erase_clears_all,
      cache_mutants::erase_revived_by_insert, cache_mutants::namespace_hash8_key,
      cache_mutants::namespace_hash32_key, cache_mutants::revision_with_adapter_only,
      cache_mutants::first_8_tokens_key, cache_mutants::first_16_tokens_key,
      cache_mutants::int31_tokens, cache_mutants::magnitude_tokens,
      cache_mutants::minus_one_is_padding, cache_mutants::most_recent_entry_only,
      cache_mutants::erase_whole_model, cache_mutants::erase_before_last_lookup,
      cache_mutants::erase_after_last_lookup, cache_mutants::prefix_insert_replaces>;
  hana::for_each(cache_flaws, [](auto mutant) {
    using cache = typename decltype(mutant)::type;
    CHECK_FALSE(kvc::check(kvc::suites::prefix_cache_scenarios, cache_mutants::factory<cache>)
                    .passed());
  });

  const auto allocator_flaws = hana::tuple_t<
      allocator_mutants::partial_grant, allocator_mutants::refuses_exact_fit,
      allocator_mutants::grants_nothing_asked, allocator_mutants::overwrite_instead_of_add,
      allocator_mutants::release_lost, allocator_mutants::double_release_frees_again,
      allocator_mutants::unknown_release_frees, allocator_mutants::refusal_records_request,
      allocator_mutants::ids_truncated_to_32_bits, allocator_mutants::grants_one_over_free,
      allocator_mutants::ids_truncated_to_8_bits, allocator_mutants::zero_is_no_request,
      allocator_mutants::release_keeps_holding, allocator_mutants::holds_one_less,
      allocator_mutants::refusal_adds_to_holding>;
  hana::for_each(allocator_flaws, [](auto mutant) {
    using allocator = typename decltype(mutant)::type;
    CHECK_FALSE(kvc::check(kvc::suites::slot_allocator_scenarios,
                           allocator_mutants::factory<allocator>)
                    .passed());
  });
  // Observes like a correct allocator within its request table: accepted, as it should be.
  CHECK(kvc::check(kvc::suites::slot_allocator_scenarios,
                   allocator_mutants::factory<allocator_mutants::refusal_records_nothing_held>)
            .passed());
}

TEST_CASE("each scenario starts from a fresh implementation") {
  // A factory that hands out one shared cache would carry entries from scenario to scenario.
  auto shared = std::make_shared<map_cache>();
  int made = 0;
  const auto counting = [&made] {
    ++made;
    return map_cache{};
  };
  CHECK(kvc::check(kvc::suites::prefix_cache_scenarios, counting).passed());
  CHECK(made == static_cast<int>(kvc::suite_size<decltype(kvc::suites::prefix_cache_scenarios)>));

  struct shared_cache {
    std::shared_ptr<map_cache> cache;
    bool insert(const kvc::cache_namespace& ns, std::span<const std::int32_t> tokens) {
      return cache->insert(ns, tokens);
    }
    std::size_t lookup(const kvc::cache_namespace& ns, std::span<const std::int32_t> tokens) const {
      return cache->lookup(ns, tokens);
    }
    std::size_t erase(const kvc::cache_namespace& ns) { return cache->erase(ns); }
  };
  CHECK_FALSE(kvc::check(kvc::suites::prefix_cache_scenarios, [shared] {
                return shared_cache{shared};
              }).passed());
}
