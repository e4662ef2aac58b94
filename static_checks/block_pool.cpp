// Proofs that kvc::suites::block_pool_scenarios says what the block-pool contract says: the
// reference model passes every scenario, and each known-bad pool of tests/mutants/block_pool.hpp
// (`flawed_pool<flaw>`) fails exactly the scenarios its flaw shows in.
#include <kvc/model/block_pool.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/suites/block_pool_scenarios.hpp>

#include <array>
#include <cstddef>

#include "mutants/block_pool.hpp"

namespace {

using kvc::suites::block_pool_scenarios;
namespace mutants = kvc::mutants::block_pool;
using flaw = mutants::pool_flaw;
constexpr bool T = true;
constexpr bool F = false;

// The reference model, at the smallest capacity the scenarios fit and at its own.
static_assert(kvc::verify(block_pool_scenarios, [](std::size_t blocks, std::size_t block_size) {
  return kvc::model::basic_block_pool<8, 4, 16>(blocks, block_size);
}));
static_assert(kvc::verify(block_pool_scenarios, [](std::size_t blocks, std::size_t block_size) {
  return kvc::model::block_pool(blocks, block_size);
}));
// The mutants' own correct pool, written apart from the model.
static_assert(kvc::verify(block_pool_scenarios, [](std::size_t blocks, std::size_t block_size) {
  return mutants::flawed_pool<flaw::none>(blocks, block_size);
}));

template <flaw Flaw>
constexpr auto pool_outcomes = kvc::outcomes(block_pool_scenarios, [](std::size_t blocks,
                                                                      std::size_t block_size) {
  return mutants::flawed_pool<Flaw>(blocks, block_size);
});

// The scenarios, in order:
//  0 a repeated prompt hits its full blocks
//  1 another namespace does not hit
//  2 the hit stops at the first miss
//  3 a block's key holds every token before it
//  4 the namespace is in every block's key
//  5 a request that does not fit is refused whole
//  6 hit blocks nobody holds leave the free set
//  7 a hit on a block another request holds takes no free block
//  8 a double free frees once
//  9 a second free does not touch the blocks' new holders
// 10 a partial block is never a hit
// 11 an append that does not fit takes nothing
// 12 a free of an unknown request frees nothing
// 13 a refused request holds nothing
// 14 a shared block is freed by its last holder only
// 15 an append takes a block only when one is needed
// 16 a block an append fills is cached
// 17 a fork shares full blocks and each side writes its own partial block
// 18 a forked child writes into a copy of the partial block
// 19 a fork of whole blocks takes no block
// 20 a reset is refused while a request is live
// 21 an evicted block is no longer a hit
// 22 a block in use is never evicted
// 23 a freed request id starts from nothing
static_assert(pool_outcomes<flaw::namespace_not_in_key> ==
              std::array{T, F, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(pool_outcomes<flaw::parent_not_in_key> ==
              std::array{T, T, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(pool_outcomes<flaw::touched_hits_not_counted> ==
              std::array{T, T, T, T, T, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(pool_outcomes<flaw::double_free_frees_again> ==
              std::array{T, T, T, T, T, T, T, T, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(pool_outcomes<flaw::refusal_keeps_blocks> ==
              std::array{T, T, T, T, T, F, F, T, T, T, T, T, T, F, T, T, T, T, T, T, T, T, T, T});
static_assert(pool_outcomes<flaw::evicts_held_block> ==
              std::array{T, T, T, T, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T});
static_assert(pool_outcomes<flaw::eviction_keeps_hash> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T});
static_assert(pool_outcomes<flaw::reset_while_live> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T});
static_assert(pool_outcomes<flaw::free_keeps_references> ==
              std::array{F, F, F, T, F, T, F, T, F, F, T, T, T, T, F, T, T, F, F, F, F, F, F, F});
static_assert(pool_outcomes<flaw::partial_block_cached> ==
              std::array{T, T, T, T, T, T, T, T, T, T, F, T, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(pool_outcomes<flaw::fork_without_reference> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, F, F, T, T, T, T});
static_assert(pool_outcomes<flaw::fork_shares_partial> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, F, T, T, T, T, T});
static_assert(pool_outcomes<flaw::append_not_all_or_nothing> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, F, T, T, T, T, T, T, T, T, T, T, T, T});
static_assert(pool_outcomes<flaw::evictable_not_free> ==
              std::array{T, F, T, T, F, T, F, T, F, T, T, T, T, T, F, T, T, F, F, F, T, T, T, F});
static_assert(pool_outcomes<flaw::reset_keeps_hashes> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T});
static_assert(pool_outcomes<flaw::append_fills_not_cached> ==
              std::array{T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, F, T, T, T, T, T, T, T});

// A hit counted past the first miss shows only once a sequence's first block is evicted while a
// later one stays cached. Without duplicated blocks every holder of a later block holds the first
// too, so only an eviction order that takes the first block before the later ones reaches it, and
// which free block an engine evicts is its own choice: no fixed scenario can demand it. The
// generated sequences of kvc::check_block_pool do (tests/block_pool_conformance.cpp).
static_assert(kvc::verify(block_pool_scenarios, [](std::size_t blocks, std::size_t block_size) {
  return mutants::flawed_pool<flaw::hit_past_first_miss>(blocks, block_size);
}));

// Every known-bad pool is rejected by the suite as a whole.
static_assert(!kvc::conforms(block_pool_scenarios, [](std::size_t blocks, std::size_t block_size) {
  return mutants::flawed_pool<flaw::fork_shares_partial>(blocks, block_size);
}));
// A factory of int parameters is given the geometry converted explicitly.
static_assert(kvc::verify(block_pool_scenarios, [](int blocks, int block_size) {
  return kvc::model::basic_block_pool<8, 4, 16>(blocks, block_size);
}));

}  // namespace
