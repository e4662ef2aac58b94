// Static checks of the stateful reference models against the scenario suites, and of the scenario
// suites against known-bad caches and allocators. Compiled, never run.
#include <kvc/contracts/prefix_cache_scenarios.hpp>
#include <kvc/contracts/slot_allocator_scenarios.hpp>
#include <kvc/model/prefix_cache.hpp>
#include <kvc/model/slot_allocator.hpp>
#include <kvc/suites/prefix_cache_scenarios.hpp>
#include <kvc/suites/slot_allocator_scenarios.hpp>
#include <kvc/verification/checks.hpp>

#include <array>
#include <cstddef>
#include <memory>

namespace {

namespace cache_mutants = kvc::mutants::prefix_cache_scenarios;
namespace allocator_mutants = kvc::mutants::slot_allocator_scenarios;
using kvc::suites::prefix_cache_scenarios;
using kvc::suites::slot_allocator_scenarios;

// --- The models pass -----------------------------------------------------------------------------

static_assert(kvc::verify(prefix_cache_scenarios, [] { return kvc::model::prefix_cache{}; }));
// The scenarios' bound: 3 entries of 5 tokens never need an eviction.
static_assert(kvc::verify(prefix_cache_scenarios, [] { return kvc::model::basic_prefix_cache<3, 5>{}; }));
// One entry fewer, and the model refuses an insert that a scenario's lookups depend on.
static_assert(!kvc::conforms(prefix_cache_scenarios, [] { return kvc::model::basic_prefix_cache<2, 5>{}; }));
static_assert(!kvc::conforms(prefix_cache_scenarios, [] { return kvc::model::basic_prefix_cache<3, 4>{}; }));

static_assert(kvc::verify(slot_allocator_scenarios,
                          [](std::size_t capacity) { return kvc::model::slot_allocator(capacity); }));
// The scenarios' bound: 2 requests hold slots at once.
static_assert(kvc::verify(slot_allocator_scenarios, [](std::size_t capacity) {
  return kvc::model::basic_slot_allocator<2>(capacity);
}));
static_assert(!kvc::conforms(slot_allocator_scenarios, [](std::size_t capacity) {
  return kvc::model::basic_slot_allocator<1>(capacity);
}));

// A factory may return a generic lambda's result, and the capacity may be taken as any integer.
static_assert(kvc::verify(slot_allocator_scenarios,
                          [](auto capacity) { return kvc::model::basic_slot_allocator<4>(capacity); }));

// The mutants' skeleton, without a flaw, passes: each mutant fails by its flaw.
static_assert(kvc::verify(prefix_cache_scenarios, cache_mutants::factory<cache_mutants::correct>));
static_assert(kvc::verify(slot_allocator_scenarios,
                          allocator_mutants::factory<allocator_mutants::correct>));

// --- What is and is not a factory ------------------------------------------------------------------

static_assert(kvc::scenario_call::accepts<decltype(cache_mutants::factory<cache_mutants::correct>),
                                          decltype(boost::hana::at_c<0>(prefix_cache_scenarios).inputs)>);
// A cache is not its own factory, and an allocator factory must take the capacity.
static_assert(!kvc::detail::cache_factory<cache_mutants::correct>);
static_assert(!kvc::detail::allocator_factory<decltype([] { return allocator_mutants::correct(8); })>);
// A cache factory does not make allocators, nor an allocator factory caches.
static_assert(!kvc::detail::allocator_factory<decltype(cache_mutants::factory<cache_mutants::correct>)>);
static_assert(!kvc::detail::cache_factory<decltype(allocator_mutants::factory<allocator_mutants::correct>)>);
// A factory may return a pointer (at run time, a std::unique_ptr).
static_assert(kvc::detail::cache_factory<decltype([] { return std::make_unique<cache_mutants::correct>(); })>);

// --- Every mutant fails, and fails exactly the scenarios meant for it ------------------------------

// The scenarios, in order:
//  0 another model          4 concatenation aliases   8 extension               12 16-bit aliases
//  1 another adapter        5 shared prefix           9 prefix of an entry      13 narrowed extremes
//  2 reloaded adapter       6 first disagreement     10 empty lookup            14 erase its namespace
//  3 another salt           7 insert of a prefix     11 no entry                15 erase, insert shorter
template <class Mutant>
constexpr auto cache_outcomes = kvc::outcomes(prefix_cache_scenarios, cache_mutants::factory<Mutant>);
constexpr bool T = true;
constexpr bool F = false;

static_assert(!kvc::conforms(prefix_cache_scenarios, cache_mutants::factory<cache_mutants::tokens_only_key>));
static_assert(cache_outcomes<cache_mutants::tokens_only_key> ==
              std::array{F, F, F, F, F, T, T, T, T, T, T, T, T, T, F, T});
static_assert(cache_outcomes<cache_mutants::adapter_ignored> ==
              std::array{T, F, T, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::adapter_revision_ignored> ==
              std::array{T, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::salt_ignored> ==
              std::array{T, T, T, F, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::concatenated_key> ==
              std::array{T, T, T, T, F, T, T, T, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::int16_tokens> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, F, F, T, T});
static_assert(cache_outcomes<cache_mutants::counts_first_disagreement> ==
              std::array{T, T, T, T, T, F, F, T, T, T, T, T, F, F, T, T});
static_assert(cache_outcomes<cache_mutants::whole_request_only> ==
              std::array{T, T, T, T, T, F, F, T, F, T, T, T, T, T, T, F});
static_assert(cache_outcomes<cache_mutants::over_reports_cached_length> ==
              std::array{T, T, T, T, T, T, T, T, T, F, F, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::first_entry_wins> ==
              std::array{T, T, T, T, T, F, T, T, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::minimum_over_entries> ==
              std::array{F, F, F, F, F, F, T, F, T, T, T, F, T, T, F, T});
static_assert(cache_outcomes<cache_mutants::one_entry_per_namespace> ==
              std::array{T, T, T, T, T, F, T, F, T, T, T, T, T, T, T, T});
static_assert(cache_outcomes<cache_mutants::erase_leaves_entries> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T});
static_assert(cache_outcomes<cache_mutants::erase_clears_all> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T});
static_assert(cache_outcomes<cache_mutants::erase_revived_by_insert> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F});

// The scenarios, in order:
//  0 exact fit               3 nothing asked          6 double release          9 request 2^40 + 1
//  1 one over what is free   4 reservations add up    7 unknown release        10 request 2^63
//  2 more than capacity      5 release frees all      8 refusal stays unknown
template <class Mutant>
constexpr auto allocator_outcomes =
    kvc::outcomes(slot_allocator_scenarios, allocator_mutants::factory<Mutant>);

static_assert(!kvc::conforms(slot_allocator_scenarios,
                             allocator_mutants::factory<allocator_mutants::partial_grant>));
static_assert(allocator_outcomes<allocator_mutants::partial_grant> ==
              std::array{T, F, F, T, T, T, T, T, F, T, T});
static_assert(allocator_outcomes<allocator_mutants::refuses_exact_fit> ==
              std::array{F, F, T, T, T, F, T, T, T, T, T});
static_assert(allocator_outcomes<allocator_mutants::grants_nothing_asked> ==
              std::array{T, T, T, F, T, T, T, T, T, T, T});
static_assert(allocator_outcomes<allocator_mutants::overwrite_instead_of_add> ==
              std::array{T, T, T, T, F, T, T, T, T, T, T});
static_assert(allocator_outcomes<allocator_mutants::release_lost> ==
              std::array{T, T, T, T, F, F, F, T, T, F, F});
static_assert(allocator_outcomes<allocator_mutants::double_release_frees_again> ==
              std::array{T, T, T, T, T, T, F, T, T, T, T});
static_assert(allocator_outcomes<allocator_mutants::unknown_release_frees> ==
              std::array{T, T, T, T, T, T, F, F, F, T, T});
static_assert(allocator_outcomes<allocator_mutants::refusal_records_request> ==
              std::array{T, T, T, T, T, T, T, T, F, T, T});
static_assert(allocator_outcomes<allocator_mutants::ids_truncated_to_32_bits> ==
              std::array{T, T, T, T, T, T, T, T, T, F, F});

}  // namespace
