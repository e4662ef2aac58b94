// Static checks of the stateful reference models against the scenario suites, and of the scenario
// suites against known-bad caches and allocators (tests/mutants/prefix_cache.hpp,
// tests/mutants/slot_allocator.hpp). Compiled, never run.
#include <kvc/model/prefix_cache.hpp>
#include <kvc/model/slot_allocator.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/specs/prefix_cache.hpp>
#include <kvc/specs/slot_allocator.hpp>

#include <array>
#include <cstddef>
#include <memory>

#include "mutants/prefix_cache.hpp"
#include "mutants/slot_allocator.hpp"

namespace {

namespace cache_mutants = kvc::mutants::prefix_cache;
namespace allocator_mutants = kvc::mutants::slot_allocator;
using kvc::suites::prefix_cache_scenarios;
using kvc::suites::slot_allocator_scenarios;

// --- The models pass -----------------------------------------------------------------------------

static_assert(kvc::verify(prefix_cache_scenarios, [] { return kvc::model::prefix_cache{}; }));
// The scenarios' bound: 3 entries of 17 tokens never need an eviction.
static_assert(kvc::verify(prefix_cache_scenarios,
                          [] { return kvc::model::basic_prefix_cache<3, 17>{}; }));
// One entry fewer, and the model refuses an insert that a scenario's lookups depend on.
static_assert(!kvc::conforms(prefix_cache_scenarios,
                             [] { return kvc::model::basic_prefix_cache<2, 5>{}; }));
static_assert(!kvc::conforms(prefix_cache_scenarios,
                             [] { return kvc::model::basic_prefix_cache<3, 16>{}; }));

static_assert(kvc::verify(slot_allocator_scenarios, [](std::size_t capacity) {
  return kvc::model::slot_allocator(capacity);
}));
// The scenarios' bound: 2 requests hold slots at once.
static_assert(kvc::verify(slot_allocator_scenarios, [](std::size_t capacity) {
  return kvc::model::basic_slot_allocator<2>(capacity);
}));
static_assert(!kvc::conforms(slot_allocator_scenarios, [](std::size_t capacity) {
  return kvc::model::basic_slot_allocator<1>(capacity);
}));

// A factory may return a generic lambda's result, and the capacity may be taken as any integer.
static_assert(kvc::verify(slot_allocator_scenarios, [](auto capacity) {
  return kvc::model::basic_slot_allocator<4>(capacity);
}));

// The mutants' skeleton, without a flaw, passes: each mutant fails by its flaw.
static_assert(kvc::verify(prefix_cache_scenarios, cache_mutants::factory<cache_mutants::correct>));
static_assert(kvc::verify(slot_allocator_scenarios,
                          allocator_mutants::factory<allocator_mutants::correct>));

// --- What is and is not a factory
// ------------------------------------------------------------------

static_assert(kvc::specs::prefix_cache_scenario::takes<
              decltype(cache_mutants::factory<cache_mutants::correct>),
              kvc::specs::prefix_cache_scenario::inputs<>>());
static_assert(kvc::specs::slot_allocator_scenario::takes<
              decltype(allocator_mutants::factory<allocator_mutants::correct>),
              kvc::specs::slot_allocator_scenario::inputs<>>());
// A cache is not its own factory, and an allocator factory must take the capacity.
static_assert(!kvc::detail::cache_factory<cache_mutants::correct>);
static_assert(
    !kvc::detail::allocator_factory<decltype([] { return allocator_mutants::correct(8); })>);
// A cache factory does not make allocators, nor an allocator factory caches.
static_assert(
    !kvc::detail::allocator_factory<decltype(cache_mutants::factory<cache_mutants::correct>)>);
static_assert(
    !kvc::detail::cache_factory<decltype(allocator_mutants::factory<allocator_mutants::correct>)>);
// A factory may return a pointer (at run time, a std::unique_ptr).
static_assert(kvc::detail::cache_factory<decltype([] {
  return std::make_unique<cache_mutants::correct>();
})>);

// --- Every mutant fails, and fails exactly the scenarios meant for it
// ------------------------------

// The scenarios, in order:
//  0 another model          4 concatenation aliases   8 extension               12 16-bit aliases
//  1 another adapter        5 shared prefix           9 prefix of an entry      13 narrowed
//  extremes 2 reloaded adapter       6 first disagreement     10 empty lookup            14 erase
//  its namespace 3 another salt           7 insert of a prefix     11 no entry                15
//  erase, insert shorter
// 16 base model's revision 17 hashes agree in 32 bits 18 17th token differs   19 negative tokens
// 20 erase after a lookup
template <class Mutant>
constexpr auto cache_outcomes = kvc::outcomes(prefix_cache_scenarios,
                                              cache_mutants::factory<Mutant>);
constexpr bool T = true;
constexpr bool F = false;

static_assert(!kvc::conforms(prefix_cache_scenarios,
                             cache_mutants::factory<cache_mutants::tokens_only_key>));
static_assert(cache_outcomes<cache_mutants::tokens_only_key> ==
              std::array{F, F, F, F, F, T, T, T, T, T, T, T, T, T, F, T, F, F, T, T, T});
static_assert(cache_outcomes<cache_mutants::adapter_ignored> ==
              std::array{T, F, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::adapter_revision_ignored> ==
              std::array{T, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::salt_ignored> ==
              std::array{T, T, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T});
static_assert(cache_outcomes<cache_mutants::concatenated_key> ==
              std::array{T, T, T, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::int16_tokens> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, F, F, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::counts_first_disagreement> ==
              std::array{T, T, T, T, T, F, F, T, T, T, T, T, F, F, T, T, T, T, F, F, T});
static_assert(cache_outcomes<cache_mutants::whole_request_only> ==
              std::array{T, T, T, T, T, F, F, T, F, T, T, T, T, T, T, F, T, T, F, F, T});
static_assert(cache_outcomes<cache_mutants::over_reports_cached_length> ==
              std::array{T, T, T, T, T, T, T, T, T, F, F, T, T, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::first_entry_wins> ==
              std::array{T, T, T, T, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::minimum_over_entries> ==
              std::array{F, F, F, F, F, F, T, F, T, T, T, F, T, T, F, T, F, F, T, T, F});
static_assert(cache_outcomes<cache_mutants::one_entry_per_namespace> ==
              std::array{T, T, T, T, T, F, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::erase_leaves_entries> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::erase_clears_all> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::erase_revived_by_insert> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T, T, T});

// A hostile review's mutants. Scenarios 16 to 20 were added for the eight of them that passed
// scenarios 0 to 15: the two truncated hashes, the revision kept beside an adapter only, the 8- and
// 16-token keys, magnitude tokens, -1 as padding, and erase after the last lookup only.
static_assert(cache_outcomes<cache_mutants::namespace_hash8_key> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T});
static_assert(cache_outcomes<cache_mutants::namespace_hash32_key> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T});
static_assert(cache_outcomes<cache_mutants::revision_with_adapter_only> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::first_8_tokens_key> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T});
static_assert(cache_outcomes<cache_mutants::first_16_tokens_key> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T});
static_assert(cache_outcomes<cache_mutants::int31_tokens> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::magnitude_tokens> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T});
static_assert(cache_outcomes<cache_mutants::minus_one_is_padding> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T});
static_assert(cache_outcomes<cache_mutants::most_recent_entry_only> ==
              std::array{T, T, T, T, T, F, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::erase_whole_model> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::erase_before_last_lookup> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, F, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::erase_after_last_lookup> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F});
static_assert(cache_outcomes<cache_mutants::prefix_insert_replaces> ==
              std::array{T, T, T, T, T, T, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T});

// The scenarios, in order:
//  0 exact fit               3 nothing asked          6 double release          9 request 2^40 + 1
//  1 one over what is free   4 reservations add up    7 unknown release        10 request 2^63
//  2 more than capacity      5 release frees all      8 refusal stays unknown  11 request 0
// 12 released, reserved again 13 refusal adds nothing
template <class Mutant>
constexpr auto allocator_outcomes = kvc::outcomes(slot_allocator_scenarios,
                                                  allocator_mutants::factory<Mutant>);

static_assert(!kvc::conforms(slot_allocator_scenarios,
                             allocator_mutants::factory<allocator_mutants::partial_grant>));
static_assert(allocator_outcomes<allocator_mutants::partial_grant> ==
              std::array{T, F, F, T, T, T, T, T, F, T, T, T, T, F});
static_assert(allocator_outcomes<allocator_mutants::refuses_exact_fit> ==
              std::array{F, F, T, T, T, F, T, T, T, T, T, T, T, T});
static_assert(allocator_outcomes<allocator_mutants::grants_nothing_asked> ==
              std::array{T, T, T, F, T, T, T, T, T, T, T, T, T, T});
static_assert(allocator_outcomes<allocator_mutants::overwrite_instead_of_add> ==
              std::array{T, T, T, T, F, T, T, T, T, T, T, T, T, T});
static_assert(allocator_outcomes<allocator_mutants::release_lost> ==
              std::array{T, T, T, T, F, F, F, T, T, F, F, F, F, F});
static_assert(allocator_outcomes<allocator_mutants::double_release_frees_again> ==
              std::array{T, T, T, T, T, T, F, T, T, T, T, T, F, T});
static_assert(allocator_outcomes<allocator_mutants::unknown_release_frees> ==
              std::array{T, T, T, T, T, T, F, F, F, T, T, T, T, T});
static_assert(allocator_outcomes<allocator_mutants::refusal_records_request> ==
              std::array{T, T, T, T, T, T, T, T, F, T, T, T, T, T});
static_assert(allocator_outcomes<allocator_mutants::ids_truncated_to_32_bits> ==
              std::array{T, T, T, T, T, T, T, T, T, F, F, T, T, T});

// A hostile review's mutants. Scenarios 11 to 13 were added for the three of them that passed
// scenarios 0 to 10: request 0 as "no request", a release that keeps the holding's count, and a
// refusal that adds to its request's holding.
static_assert(allocator_outcomes<allocator_mutants::grants_one_over_free> ==
              std::array{F, F, F, T, T, T, T, T, F, T, T, T, T, F});
static_assert(allocator_outcomes<allocator_mutants::ids_truncated_to_8_bits> ==
              std::array{T, T, T, T, T, T, T, T, T, F, F, T, T, T});
static_assert(allocator_outcomes<allocator_mutants::zero_is_no_request> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, F, T, T});
static_assert(allocator_outcomes<allocator_mutants::release_keeps_holding> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, F, T});
static_assert(allocator_outcomes<allocator_mutants::holds_one_less> ==
              std::array{T, T, T, T, F, F, F, T, T, F, F, F, F, F});
static_assert(allocator_outcomes<allocator_mutants::refusal_adds_to_holding> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, F});
// A refused request recorded as holding nothing observes like a correct allocator: its release
// frees 0, and it holds no slot. Only a full request table could tell, and the table's size is the
// implementation's, so the scenarios accept it.
static_assert(
    kvc::verify(slot_allocator_scenarios,
                allocator_mutants::factory<allocator_mutants::refusal_records_nothing_held>));

}  // namespace
