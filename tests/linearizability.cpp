// Runtime tests of kvc::check_linearizable and kvc::record_budget_history: hand-written histories
// with known verdicts, recorded histories of kvc::concurrent_slot_budget, and two budgets whose
// every access is atomic but whose updates are not, which the checker must catch. The tsan preset
// runs this file: its passing there shows that ThreadSanitizer reports nothing on those budgets.
#include <doctest/doctest.h>
#include <kvc/slot_budget.hpp>
#include <kvc/stateful/budget_history.hpp>
#include <kvc/stateful/budget_reduction.hpp>
#include <kvc/stateful/budget_shrink.hpp>
#include <kvc/stateful/linearizability.hpp>

#include "broken_budgets.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

namespace {

using kvc::budget_event;
using kvc::budget_operation_kind;

constexpr budget_event reserve(std::size_t thread, std::int64_t amount, std::int64_t granted,
                               std::uint64_t invoked, std::uint64_t responded) {
  return {thread, budget_operation_kind::try_reserve, amount, granted, invoked, responded};
}
constexpr budget_event release(std::size_t thread, std::int64_t amount, bool released,
                               std::uint64_t invoked, std::uint64_t responded) {
  return {thread, budget_operation_kind::release, amount, released ? 1 : 0, invoked, responded};
}

kvc::linearizability_report check(std::size_t capacity,
                                  std::initializer_list<budget_event> events) {
  return kvc::check_linearizable(kvc::budget_history{capacity, events});
}

std::string printed(const kvc::linearizability_report& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

std::string printed_report(const kvc::budget_shrink_report& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

kvc::budget_history history_of(std::size_t capacity, std::initializer_list<budget_event> events) {
  return kvc::budget_history{capacity, events};
}

using broken_budgets::load_then_store_budget;
using broken_budgets::stale_release_budget;

// Records histories of fresh budgets until one is not linearizable; returns how many it took, or
// 0 when all `attempts` were linearizable.
template <class Budget>
int histories_until_caught(int attempts, kvc::linearizability_report& caught) {
  for (int attempt = 1; attempt <= attempts; ++attempt) {
    Budget budget(8);
    const auto history =
        kvc::record_budget_history(budget, {static_cast<std::uint64_t>(attempt), 8, 50, 0});
    caught = kvc::check_linearizable(history);
    REQUIRE(caught.verdict != kvc::linearizability_verdict::search_limit_reached);
    if (!caught.linearizable()) return attempt;
  }
  return 0;
}

}  // namespace

TEST_CASE("linearizability: a sequential history is linearizable") {
  const auto report =
      check(8, {reserve(0, 5, 5, 0, 1), reserve(0, 4, 0, 2, 3), release(0, 5, true, 4, 5),
                reserve(0, 4, 4, 6, 7), release(0, 5, false, 8, 9)});
  CHECK(report.linearizable());
  CHECK(report.passed());
  CHECK(printed(report).starts_with("linearizable"));
}

TEST_CASE("linearizability: overlapping calls linearizable in one order only") {
  SUBCASE("the later invocation takes effect first") {
    // Invoked first, refused; invoked second, granted: only "6 granted, then 4 refused" fits.
    CHECK(check(8, {reserve(0, 4, 0, 0, 3), reserve(1, 6, 6, 1, 2)}).linearizable());
  }
  SUBCASE("a release that must come between two reservations") {
    CHECK(check(8, {reserve(0, 8, 8, 0, 1), reserve(1, 8, 8, 2, 5), release(0, 8, true, 3, 4)})
              .linearizable());
  }
  SUBCASE("the same calls, both granted, fit no order") {
    CHECK_FALSE(check(8, {reserve(0, 4, 4, 0, 3), reserve(1, 6, 6, 1, 2)}).linearizable());
  }
}

TEST_CASE("linearizability: two grants beyond capacity before any release are caught") {
  const auto report = check(8, {reserve(0, 5, 5, 0, 2), reserve(1, 5, 5, 1, 3),
                                release(0, 5, true, 4, 5), release(1, 5, true, 6, 7)});
  REQUIRE_FALSE(report.linearizable());
  CHECK(report.verdict == kvc::linearizability_verdict::not_linearizable);
  REQUIRE(report.longest_prefix.size() == 1);
  CHECK(report.longest_prefix[0].kind == budget_operation_kind::try_reserve);
  CHECK(report.used_after_prefix == 5);
  CHECK(report.unplaced.kind == budget_operation_kind::try_reserve);
  CHECK(report.unplaced.amount == 5);
  const auto text = printed(report);
  CHECK(text.find("not linearizable against kvc::slot_budget(8)") != std::string::npos);
  CHECK(text.find("longest linearizable prefix (1 calls)") != std::string::npos);
  CHECK(text.find("kvc::slot_budget would return 0 here") != std::string::npos);
}

TEST_CASE("linearizability: real-time order is respected") {
  // Reserving before releasing would fit, but the release returned before the reservation began.
  const auto report = check(8, {release(0, 3, true, 0, 1), reserve(1, 3, 3, 2, 3)});
  CHECK_FALSE(report.linearizable());
  CHECK(report.longest_prefix.empty());
  CHECK(report.unplaced.kind == budget_operation_kind::release);
}

TEST_CASE("linearizability: a call that responds before it is invoked is malformed") {
  const auto report = check(8, {reserve(0, 1, 1, 3, 2)});
  CHECK(report.verdict == kvc::linearizability_verdict::malformed_history);
  CHECK(printed(report).starts_with("malformed history"));
}

TEST_CASE("linearizability: the search limit stops the check without a verdict") {
  const auto report =
      kvc::check_linearizable(kvc::budget_history{8,
                                                  {reserve(0, 1, 1, 0, 9), reserve(1, 1, 1, 1, 9),
                                                   reserve(2, 1, 1, 2, 9), reserve(3, 1, 1, 3, 9)}},
                              {.max_states = 3});
  CHECK(report.verdict == kvc::linearizability_verdict::search_limit_reached);
  CHECK_FALSE(report.linearizable());
}

TEST_CASE("linearizability: recorded histories of concurrent_slot_budget are linearizable") {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    CAPTURE(seed);
    kvc::concurrent_slot_budget budget(8 + seed % 9);  // capacities 8 to 16
    const auto history = kvc::record_budget_history(budget, {.seed = seed});
    REQUIRE(history.events.size() == 400);
    const auto report = kvc::check_linearizable(history);
    INFO(printed(report));
    CHECK(report.linearizable());
    CHECK(report.explored_states >= 400);
  }
}

TEST_CASE("linearizability: a budget that loads, then stores, is caught while TSan sees no race") {
  kvc::linearizability_report caught;
  const int needed = histories_until_caught<load_then_store_budget>(50, caught);
  MESSAGE("load-then-store budget caught after " << needed << " histories:\n" << printed(caught));
  CHECK(needed > 0);
}

TEST_CASE("linearizability: a release that stores a stale value is caught") {
  kvc::linearizability_report caught;
  const int needed = histories_until_caught<stale_release_budget>(50, caught);
  MESSAGE("stale-release budget caught after " << needed << " histories:\n" << printed(caught));
  CHECK(needed > 0);
}

TEST_CASE(
    "linearizability: a state-free call is dropped only when the rest stays non-linearizable") {
  SUBCASE("a refused reservation beside two grants beyond capacity is dropped") {
    const auto full =
        history_of(8, {reserve(0, 5, 5, 0, 2), reserve(1, 5, 5, 1, 3), reserve(2, 4, 0, 4, 5)});
    REQUIRE_FALSE(kvc::check_linearizable(full).linearizable());
    const auto smaller = kvc::drop_state_free_calls(full);
    REQUIRE(smaller.events.size() == 2);
    CHECK(smaller.events[0].result == 5);
    CHECK(smaller.events[1].result == 5);
    CHECK(kvc::check_linearizable(smaller).verdict ==
          kvc::linearizability_verdict::not_linearizable);
  }
  SUBCASE("a refused release that is itself the wrong call is kept") {
    // With 5 used, kvc::slot_budget releases 5: the refusal is what cannot be placed.
    const auto full = history_of(8, {reserve(0, 5, 5, 0, 1), release(1, 5, false, 2, 3)});
    REQUIRE_FALSE(kvc::check_linearizable(full).linearizable());
    CHECK(kvc::drop_state_free_calls(full).events.size() == 2);
  }
  SUBCASE("a refused reservation that is itself the wrong call is kept") {
    const auto full = history_of(8, {reserve(0, 4, 0, 0, 1), release(0, 1, false, 2, 3)});
    REQUIRE_FALSE(kvc::check_linearizable(full).linearizable());
    const auto smaller = kvc::drop_state_free_calls(full);
    REQUIRE(smaller.events.size() == 1);
    CHECK(smaller.events[0].kind == budget_operation_kind::try_reserve);
  }
  SUBCASE("a successful release is never dropped, though the rest would look wrong without it") {
    // Linearizable; without the release, the second grant of 8 would fit no order.
    const auto full =
        history_of(8, {reserve(0, 8, 8, 0, 1), release(0, 8, true, 2, 3), reserve(1, 8, 8, 4, 5)});
    REQUIRE(kvc::check_linearizable(full).linearizable());
    CHECK_FALSE(kvc::is_state_free(full.events[1]));
    CHECK(kvc::drop_state_free_calls(full).events.size() == 3);
    CHECK(kvc::reduce_budget_counterexample(full).events.size() == 3);
  }
  SUBCASE("which calls are state-free") {
    CHECK(kvc::is_state_free(reserve(0, 4, 0, 0, 1)));
    CHECK(kvc::is_state_free(release(0, 4, false, 0, 1)));
    CHECK(kvc::is_state_free(release(0, 0, true, 0, 1)));
    CHECK_FALSE(kvc::is_state_free(reserve(0, 4, 4, 0, 1)));
    CHECK_FALSE(kvc::is_state_free(release(0, 4, true, 0, 1)));
  }
}

TEST_CASE("linearizability: a history is cut only at a quiescent point") {
  SUBCASE("the calls after the first non-linearizable quiescent prefix go") {
    const auto full = history_of(8, {reserve(0, 5, 5, 0, 2), reserve(1, 5, 5, 1, 3),
                                     release(0, 5, true, 4, 5), release(1, 5, true, 6, 7)});
    const auto prefix = kvc::cut_at_quiescent_point(full);
    REQUIRE(prefix.events.size() == 2);
    CHECK(prefix.events[0].amount == 5);
    CHECK(prefix.events[1].amount == 5);
    CHECK_FALSE(kvc::check_linearizable(prefix).linearizable());
  }
  SUBCASE("a later call that explains a pending one is kept with it") {
    // Thread 0's refusal is explained only by thread 1's grant, invoked while it was pending:
    // without that grant the refusal alone would look wrong, though the budget was right there.
    // The wrong call is the last grant, beyond capacity; the only quiescent cut keeps all three.
    const auto full =
        history_of(8, {reserve(0, 4, 0, 0, 5), reserve(1, 8, 8, 3, 4), reserve(2, 1, 1, 6, 7)});
    REQUIRE_FALSE(kvc::check_linearizable(full).linearizable());
    REQUIRE_FALSE(kvc::check_linearizable(history_of(8, {full.events[0]})).linearizable());
    CHECK(kvc::cut_at_quiescent_point(full).events.size() == 3);
  }
  SUBCASE("a linearizable history is left whole") {
    const auto full = history_of(8, {reserve(0, 8, 8, 0, 1), release(0, 8, true, 2, 3)});
    CHECK(kvc::cut_at_quiescent_point(full).events.size() == 2);
  }
}

namespace {

// Shrinks `runs` times and checks each counterexample; returns the sizes found, for the message.
// Each run takes under a second in Debug.
template <class Factory>
std::string shrunk_sizes(Factory make_budget, int runs) {
  std::ostringstream sizes;
  for (int run = 0; run < runs; ++run) {
    const auto report =
        kvc::shrink_budget_counterexample(make_budget, {.seed = static_cast<std::uint64_t>(run)});
    INFO(printed_report(report));
    REQUIRE(report.found);
    CHECK(report.check.verdict == kvc::linearizability_verdict::not_linearizable);
    CHECK(report.calls() <= 6);
    CHECK(report.calls() >= 2);
    sizes << report.calls() << " calls (" << report.threads << "x" << report.operations_per_thread
          << ", capacity " << report.history.capacity << ", " << report.recordings
          << " recordings); ";
    if (run == 0) MESSAGE(printed_report(report));
  }
  return sizes.str();
}

}  // namespace

TEST_CASE("linearizability: the load-then-store budget shrinks to at most 6 calls") {
  const auto sizes = shrunk_sizes(
      [](std::size_t capacity) { return std::make_unique<load_then_store_budget>(capacity); }, 5);
  MESSAGE("load-then-store budget: " << sizes);
}

TEST_CASE("linearizability: the stale-release budget shrinks to at most 6 calls") {
  const auto sizes = shrunk_sizes(
      [](std::size_t capacity) {
        return std::optional<stale_release_budget>(std::in_place, capacity);
      },
      5);
  MESSAGE("stale-release budget: " << sizes);
}

TEST_CASE("linearizability: concurrent_slot_budget yields no counterexample") {
  const auto report = kvc::shrink_budget_counterexample(
      [](std::size_t capacity) { return kvc::concurrent_slot_budget(capacity); });
  CHECK(report.passed());
  CHECK(report.recordings == 64);
  CHECK(printed_report(report).starts_with("no counterexample"));
}
