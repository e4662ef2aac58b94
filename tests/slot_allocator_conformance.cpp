// The slot_allocator contract at run time: the scenarios (kvc::check) and the model-based check
// (kvc::check_slot_allocator, and kvc::explore of the scenario suite, which runs it) against every
// allocator of tests/mutants/slot_allocator.hpp. Each mutant is rejected by both halves: a
// scenario, and generated sequences; the correct allocators pass both, whatever integer types
// their members take; a failure's report and replay are what a test can paste.
#include <doctest/doctest.h>

#include <kvc/explore.hpp>
#include <kvc/model/slot_allocator.hpp>
#include <kvc/specs/slot_allocator.hpp>
#include <kvc/stateful/slot_allocator_check.hpp>
#include <kvc/verification/report.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>

#include "mutants/slot_allocator.hpp"

namespace {

namespace m = kvc::mutants::slot_allocator;
using kvc::suites::slot_allocator_scenarios;

constexpr std::size_t most_sequences = 1000;
constexpr std::size_t most_shrunk_operations = 6;

template <class T>
std::string shown(const T& report) {
  std::ostringstream out;
  out << report;
  return out.str();
}

kvc::check_options mutant_options(std::size_t capacity = 16) {
  return kvc::check_options{
      .seed = 7, .sequences = most_sequences, .max_steps = 24, .capacity = capacity};
}

/// `report` failed within 1,000 sequences and shrank to at most 6 operations, the last the one
/// that failed.
void require_caught(std::string_view name, const kvc::stateful_report& report) {
  INFO(name);
  INFO(shown(report));
  REQUIRE_FALSE(report.passed());
  CHECK(report.sequences_to_failure <= most_sequences);
  CHECK(report.shrunk_length() <= most_shrunk_operations);
  CHECK(report.failing_step == report.shrunk_length());
  CHECK(report.original_length >= report.shrunk_length());
}

template <class Allocator>
kvc::stateful_report allocator_report(std::size_t capacity = 16) {
  return kvc::check_slot_allocator(
      [](std::size_t c) { return Allocator(static_cast<typename Allocator::count_type>(c)); },
      mutant_options(capacity));
}

/// Rejected by the scenarios (naming a failing one), by kvc::check_slot_allocator and by
/// kvc::explore of the suite (which runs it).
void require_rejected_by_both(m::allocator_flaw flaw, std::string_view name) {
  INFO(name);
  const m::scenario_allocator_factory<true> roomy{flaw};
  const kvc::conformance_report scenarios =
      kvc::check(slot_allocator_scenarios, m::scenario_allocator_factory<false>{flaw});
  CHECK_FALSE(scenarios.passed());
  CHECK_FALSE(scenarios.failures().empty());
  const kvc::exploration_report explored = kvc::explore(slot_allocator_scenarios, roomy);
  INFO(shown(explored));
  CHECK_FALSE(explored.passed());
  require_caught(name, kvc::check_slot_allocator(roomy, mutant_options()));
}

m::map_allocator<int, int> make_int_allocator(int capacity) {
  return m::map_allocator<int, int>(capacity);
}

}  // namespace

// --- The scenarios -------------------------------------------------------------------------------

TEST_CASE("slot_allocator: kvc::check runs the scenarios against run-time allocators") {
  const auto make_map_allocator = [](std::size_t capacity) {
    return m::map_allocator<std::uint64_t, std::size_t>(capacity);
  };
  const kvc::conformance_report report = kvc::check(slot_allocator_scenarios, make_map_allocator);
  INFO(shown(report));
  CHECK(report.passed());
  CHECK(report.fixtures.size() == decltype(slot_allocator_scenarios)::size);
  CHECK(kvc::conforms(slot_allocator_scenarios, make_map_allocator));
  CHECK(kvc::check(slot_allocator_scenarios, [](std::size_t capacity) {
          return kvc::model::slot_allocator(capacity);
        }).passed());
  CHECK(kvc::check(slot_allocator_scenarios, m::factory<m::correct>).passed());
  // A factory may return its allocator through a pointer, and take the capacity as an int.
  CHECK(kvc::check(slot_allocator_scenarios, [](std::size_t capacity) {
          return std::make_unique<m::map_allocator<std::uint64_t, std::size_t>>(capacity);
        }).passed());
  CHECK(kvc::check(slot_allocator_scenarios, [](int capacity) {
          return m::map_allocator<std::uint64_t, int>(capacity);
        }).passed());
}

TEST_CASE(
    "slot_allocator: a failing allocator's report shows the capacity, the operations and the "
    "grants") {
  const auto report = kvc::check(slot_allocator_scenarios, m::factory<m::partial_grant>);
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
      kvc::check(slot_allocator_scenarios, m::factory<m::ids_truncated_to_32_bits>).failures();
  REQUIRE(truncated.size() == 2);
  CHECK(truncated[0].inputs ==
        "8, try_reserve(1099511627777, 3); try_reserve(1, 2); release(1); available(); "
        "release(1099511627777); available()");
  CHECK(truncated[1].inputs ==
        "8, try_reserve(9223372036854775808, 4); try_reserve(0, 1); release(0); available()");
}

// --- Every flawed allocator, by both halves
// --------------------------------------------------------

TEST_CASE(
    "slot_allocator: every flawed allocator is rejected by a scenario and by generated sequences") {
  require_rejected_by_both(m::partial_grant::flaw, "partial_grant");
  require_rejected_by_both(m::refuses_exact_fit::flaw, "refuses_exact_fit");
  require_rejected_by_both(m::overwrite_instead_of_add::flaw, "overwrite_instead_of_add");
  require_rejected_by_both(m::release_lost::flaw, "release_lost");
  require_rejected_by_both(m::double_release_frees_again::flaw, "double_release_frees_again");
  require_rejected_by_both(m::unknown_release_frees::flaw, "unknown_release_frees");
  require_rejected_by_both(m::refusal_records_request::flaw, "refusal_records_request");
  require_rejected_by_both(m::ids_truncated_to_32_bits::flaw, "ids_truncated_to_32_bits");
  require_rejected_by_both(m::grants_one_over_free::flaw, "grants_one_over_free");
  require_rejected_by_both(m::ids_truncated_to_8_bits::flaw, "ids_truncated_to_8_bits");
  require_rejected_by_both(m::zero_is_no_request::flaw, "zero_is_no_request");
  require_rejected_by_both(m::release_keeps_holding::flaw, "release_keeps_holding");
  require_rejected_by_both(m::holds_one_less::flaw, "holds_one_less");
  require_rejected_by_both(m::refusal_adds_to_holding::flaw, "refusal_adds_to_holding");
}

TEST_CASE("slot_allocator: a grant of nothing is the scenarios' alone") {
  // Generated sequences never ask for n <= 0 slots: the append-admission suites check that edge
  // call by call, and the scenario "a reservation of nothing is refused" checks it here.
  CHECK_FALSE(kvc::check(slot_allocator_scenarios, m::factory<m::grants_nothing_asked>).passed());
  CHECK(kvc::check_slot_allocator(m::factory<m::roomy<m::grants_nothing_asked>>, mutant_options())
            .passed());
}

TEST_CASE(
    "slot_allocator: a refusal recorded as holding nothing observes like a correct allocator") {
  // Its release frees 0, and it holds no slot: only a full request table could tell, and the
  // table's size is the implementation's, so both halves accept it.
  CHECK(kvc::check(slot_allocator_scenarios, m::factory<m::refusal_records_nothing_held>).passed());
  CHECK(kvc::check_slot_allocator(m::factory<m::roomy<m::refusal_records_nothing_held>>,
                                  mutant_options())
            .passed());
}

// --- kvc::check_slot_allocator -------------------------------------------------------------------

TEST_CASE("slot_allocator: engine-style mutants are caught and shrunk") {
  require_caught("partial_grant_allocator", allocator_report<m::partial_grant_allocator>());
  require_caught("double_release_allocator", allocator_report<m::double_release_allocator>());
  require_caught("unknown_release_allocator", allocator_report<m::unknown_release_allocator>());
  require_caught("overwriting_allocator", allocator_report<m::overwriting_allocator>());
  const auto rejected = [](auto factory) {
    return !kvc::check(slot_allocator_scenarios, factory).passed();
  };
  CHECK(rejected(m::factory<m::partial_grant_allocator>));
  CHECK(rejected(m::factory<m::double_release_allocator>));
  CHECK(rejected(m::factory<m::unknown_release_allocator>));
  CHECK(rejected(m::factory<m::overwriting_allocator>));
}

TEST_CASE("slot_allocator: the hostile review's allocators are caught") {
  require_caught("edge_off_by_one_allocator", allocator_report<m::edge_off_by_one_allocator>());
  // An 8-bit counter is right below 256 slots: the check sees only the capacity it is given, so a
  // capacity as large as the engine's must be given to see this one.
  require_caught("uint8_used_allocator (capacity 300)",
                 allocator_report<m::uint8_used_allocator>(300));
  require_caught("uint32_id_allocator", allocator_report<m::uint32_id_allocator>());
  require_caught("uint8_id_allocator", allocator_report<m::uint8_id_allocator>());
  require_caught("stale_holding_allocator", allocator_report<m::stale_holding_allocator>());
  require_caught("zero_is_no_request_allocator",
                 allocator_report<m::zero_is_no_request_allocator>());
  require_caught("holds_one_less_allocator", allocator_report<m::holds_one_less_allocator>());
  require_caught("low_bits_release_allocator", allocator_report<m::low_bits_release_allocator>());
}

TEST_CASE("slot_allocator: the hostile review's allocators fail the scenarios") {
  const auto rejected = [](auto factory) {
    return !kvc::check(slot_allocator_scenarios, factory).passed();
  };
  CHECK(rejected(m::factory<m::edge_off_by_one_allocator>));
  CHECK(rejected(m::factory<m::uint32_id_allocator>));
  CHECK(rejected(m::factory<m::uint8_id_allocator>));
  CHECK(rejected(m::factory<m::stale_holding_allocator>));
  CHECK(rejected(m::factory<m::zero_is_no_request_allocator>));
  CHECK(rejected(m::factory<m::holds_one_less_allocator>));
  // Capacities of at most 8 never wrap an 8-bit count: only a check given a capacity past 255
  // sees it (above).
  CHECK_FALSE(rejected(m::factory<m::uint8_used_allocator>));
  // Its release finds the first holding equal in the low 8 bits, and the scenarios' aliasing
  // requests (1 and 2^40 + 1) are released lowest first, which it gets right: only generated
  // sequences, which release an alias that holds nothing, see it (above).
  CHECK_FALSE(rejected(m::factory<m::low_bits_release_allocator>));
}

TEST_CASE("slot_allocator: kvc::explore with its defaults rejects the engine-style allocators") {
  const auto explored_rejects = [](auto factory) {
    return !kvc::explore(slot_allocator_scenarios, factory).passed();
  };
  CHECK(explored_rejects(m::factory<m::partial_grant_allocator>));
  CHECK(explored_rejects(m::factory<m::double_release_allocator>));
  CHECK(explored_rejects(m::factory<m::unknown_release_allocator>));
  CHECK(explored_rejects(m::factory<m::overwriting_allocator>));
  CHECK(explored_rejects(m::factory<m::edge_off_by_one_allocator>));
  CHECK(explored_rejects(m::factory<m::uint32_id_allocator>));
  CHECK(explored_rejects(m::factory<m::uint8_id_allocator>));
  CHECK(explored_rejects(m::factory<m::stale_holding_allocator>));
  CHECK(explored_rejects(m::factory<m::zero_is_no_request_allocator>));
  CHECK(explored_rejects(m::factory<m::holds_one_less_allocator>));
  CHECK(explored_rejects(m::factory<m::low_bits_release_allocator>));
  // The exploration runs the check's default capacity of 16, where an 8-bit count never wraps.
  CHECK_FALSE(explored_rejects(m::factory<m::uint8_used_allocator>));
}

TEST_CASE("slot_allocator: allocators of any integer parameters pass, warning-free") {
  // The check converts request ids and counts to these parameter types itself: this file is built
  // with -Wconversion -Wsign-conversion as errors.
  CHECK(allocator_report<m::map_allocator<int, int>>().passed());
  CHECK(allocator_report<m::map_allocator<std::size_t, std::size_t>>().passed());
  CHECK(allocator_report<m::map_allocator<std::uint64_t, std::uint64_t>>().passed());
  CHECK(allocator_report<m::map_allocator<std::int64_t, std::int64_t>>().passed());
  CHECK(allocator_report<m::map_allocator<int, std::size_t>>().passed());
  CHECK(kvc::check_slot_allocator([](std::size_t capacity) {
          return kvc::model::slot_allocator(capacity);
        }).passed());
  // A factory that takes an int capacity, one that takes nothing, and plain functions.
  CHECK(kvc::check_slot_allocator([](int capacity) {
          return m::map_allocator<int, int>(capacity);
        }).passed());
  CHECK(kvc::check_slot_allocator(make_int_allocator).passed());
  CHECK(kvc::check_slot_allocator(&make_int_allocator).passed());
  const kvc::stateful_report fixed = kvc::check_slot_allocator(
      [] { return m::map_allocator<long, long>(5); }, kvc::check_options{42, 500, 20, false});
  INFO(shown(fixed));
  CHECK(fixed.passed());
  CHECK(fixed.sequences_run == 500);
  // Through a pointer.
  CHECK(kvc::check_slot_allocator([](std::size_t capacity) {
          return std::make_unique<m::map_allocator<std::uint64_t, std::size_t>>(capacity);
        }).passed());
}

TEST_CASE("slot_allocator: the replay passes the capacity and checks every observation") {
  const kvc::stateful_report report = allocator_report<m::double_release_allocator>();
  REQUIRE_FALSE(report.passed());
  const std::string replay = report.replay();
  CHECK(replay.starts_with("TEST_CASE(\"kvc replay: slot allocator, seed 7\") {\n"));
  CHECK(replay.find("auto allocator = make_allocator(16);\n") != std::string::npos);
  CHECK(replay.find("allocator.release(") != std::string::npos);
  CHECK(replay.find("CHECK(allocator.available() == ") != std::string::npos);
  const kvc::stateful_report none = kvc::check_slot_allocator(
      [] { return std::make_unique<m::double_release_allocator>(16); }, mutant_options());
  REQUIRE_FALSE(none.passed());
  CHECK(none.replay().find("auto allocator = make_allocator();\n") != std::string::npos);
  CHECK(none.replay().find("allocator->") != std::string::npos);
  CHECK(shown(none).starts_with("kvc::check_slot_allocator FAILED: seed 7, sequence "));
}

// --- kvc::explore of the scenario suite
// ------------------------------------------------------------

TEST_CASE("slot_allocator: exploring the scenarios runs the model-based check") {
  const auto map = kvc::explore(slot_allocator_scenarios, [](std::size_t capacity) {
    return m::map_allocator<std::uint64_t, std::size_t>(capacity);
  });
  CHECK_MESSAGE(map.passed(), shown(map));
  CHECK(map.suite == "slot_allocator_scenarios");
  CHECK(map.cases_run == kvc::check_options{}.sequences);
  CHECK(kvc::explore(slot_allocator_scenarios, [](int capacity) {
          return m::map_allocator<int, int>(capacity);
        }).passed());

  const auto partial =
      kvc::explore(slot_allocator_scenarios, m::factory<m::partial_grant_allocator>);
  INFO(shown(partial));
  REQUIRE_FALSE(partial.passed());
  CHECK(partial.inputs.find("allocator.") != std::string::npos);
  CHECK(partial.actual != partial.expected);
  CHECK(partial.fixture.starts_with("kvc::make_scenario(\"explored\", 16, {"));
  CHECK(partial.test_case.starts_with("TEST_CASE(\"kvc replay: slot allocator"));
  CHECK(partial.cases_run == partial.failing_case + 1);
}
