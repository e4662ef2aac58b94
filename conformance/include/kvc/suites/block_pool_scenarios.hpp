// kvc/suites/block_pool_scenarios.hpp - short fixed operation sequences on a paged KV block pool,
// each with the hits, admissions and free-block counts the contract demands.
#pragma once

#include <array>

#include <boost/hana/tuple.hpp>

#include <kvc/stateful/block_pool_operations.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/label.hpp>
#include <kvc/verification/lazy_suite.hpp>
#include <kvc/verification/scenario_call.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::block_pool_scenarios`.
struct block_pool_scenarios {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = boost::hana::make_tuple(
      make_scenario(label<"a repeated prompt hits its full blocks", Deferred>, 4, 2,
                    std::array{
                        allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3, 4, 5}),
                        free_operation(1),
                        allocate_operation<fixtures::token_list<Deferred>>(2, 0, {1, 2, 3, 4, 9}),
                        free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), unobserved, observed(4), observed(1))),
      make_scenario(label<"another namespace does not hit", Deferred>, 4, 2,
                    std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                               free_operation(1),
                               allocate_operation<fixtures::token_list<Deferred>>(2, 1, {1, 2, 3}),
                               free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), unobserved, observed(0), observed(2))),
      make_scenario(
          label<"the hit stops at the first miss", Deferred>, 4, 2,
          std::array{
              allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3, 4, 5, 6, 7}),
              free_operation(1),
              allocate_operation<fixtures::token_list<Deferred>>(2, 0, {1, 2, 9, 9, 5, 6, 7})},
          fixtures::array<Deferred>(observed(0), unobserved, observed(2))),
      make_scenario(
          label<"a block's key holds every token before it", Deferred>, 8, 2,
          std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3, 4, 0}),
                     allocate_operation<fixtures::token_list<Deferred>>(2, 0, {5, 6, 7, 8, 0}),
                     free_operation(1), free_operation(2),
                     allocate_operation<fixtures::token_list<Deferred>>(3, 0, {5, 6, 3, 4, 0})},
          fixtures::array<Deferred>(observed(0), observed(0), unobserved, unobserved, observed(2))),
      make_scenario(label<"the namespace is in every block's key", Deferred>, 8, 2,
                    std::array{
                        allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3, 4, 0}),
                        allocate_operation<fixtures::token_list<Deferred>>(2, 1, {5, 6, 7, 8, 0}),
                        free_operation(1), free_operation(2),
                        allocate_operation<fixtures::token_list<Deferred>>(3, 1, {5, 6, 3, 4, 0}),
                        free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), observed(0), unobserved, unobserved,
                                              observed(2), observed(5))),
      make_scenario(label<"a request that does not fit is refused whole", Deferred>, 3, 2,
                    std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                               allocate_operation<fixtures::token_list<Deferred>>(2, 0, {4, 5, 6}),
                               free_blocks_operation(),
                               allocate_operation<fixtures::token_list<Deferred>>(3, 0, {7}),
                               free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), observed(-1), observed(1), observed(0),
                                              observed(0))),
      make_scenario(
          label<"hit blocks nobody holds leave the free set", Deferred>, 4, 2,
          std::array{
              allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3, 4, 5}),
              free_operation(1), allocate_operation<fixtures::token_list<Deferred>>(2, 0, {9}),
              allocate_operation<fixtures::token_list<Deferred>>(3, 0, {1, 2, 3, 4, 5, 6, 7}),
              free_blocks_operation()},
          fixtures::array<Deferred>(observed(0), unobserved, observed(0), observed(-1),
                                    observed(3))),
      make_scenario(label<"a hit on a block another request holds takes no free block", Deferred>,
                    4, 2,
                    std::array{
                        allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3, 4, 5}),
                        allocate_operation<fixtures::token_list<Deferred>>(2, 0, {1, 2, 3, 4, 6}),
                        free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), observed(4), observed(0))),
      make_scenario(label<"a double free frees once", Deferred>, 4, 2,
                    std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                               allocate_operation<fixtures::token_list<Deferred>>(2, 0, {4, 5, 6}),
                               free_operation(1), free_operation(1), free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), observed(0), unobserved, unobserved,
                                              observed(2))),
      make_scenario(label<"a second free does not touch the blocks' new holders", Deferred>, 4, 2,
                    std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                               free_operation(1),
                               allocate_operation<fixtures::token_list<Deferred>>(2, 0, {1, 2, 9}),
                               free_operation(1), free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), unobserved, observed(2), unobserved,
                                              observed(2))),
      make_scenario(label<"a partial block is never a hit", Deferred>, 4, 2,
                    std::array{
                        allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                        free_operation(1),
                        allocate_operation<fixtures::token_list<Deferred>>(2, 0, {1, 2, 3, 0, 5})},
                    fixtures::array<Deferred>(observed(0), unobserved, observed(2))),
      make_scenario(label<"an append that does not fit takes nothing", Deferred>, 4, 2,
                    std::array{
                        allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                        append_operation<fixtures::token_list<Deferred>>(1, {4, 5, 6, 7, 8, 9}),
                        free_blocks_operation(),
                        append_operation<fixtures::token_list<Deferred>>(1, {4, 5, 6}),
                        free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), observed(0), observed(2), observed(1),
                                              observed(1))),
      make_scenario(label<"a free of an unknown request frees nothing", Deferred>, 4, 2,
                    std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                               free_operation(7), free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), unobserved, observed(2))),
      make_scenario(label<"a refused request holds nothing", Deferred>, 2, 2,
                    std::array{
                        allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3, 4, 5}),
                        free_blocks_operation(), free_operation(1), free_blocks_operation(),
                        allocate_operation<fixtures::token_list<Deferred>>(2, 0, {1, 2, 3}),
                        free_blocks_operation()},
                    fixtures::array<Deferred>(observed(-1), observed(2), unobserved, observed(2),
                                              observed(0), observed(0))),
      make_scenario(label<"a shared block is freed by its last holder only", Deferred>, 4, 2,
                    std::array{
                        allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3, 4, 5}),
                        allocate_operation<fixtures::token_list<Deferred>>(2, 0, {1, 2, 3, 4, 6}),
                        free_operation(1), free_blocks_operation(), free_operation(2),
                        free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), observed(4), unobserved, observed(1),
                                              unobserved, observed(4))),
      make_scenario(label<"an append takes a block only when one is needed", Deferred>, 3, 2,
                    std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                               append_operation<fixtures::token_list<Deferred>>(1, {4}),
                               free_blocks_operation(),
                               append_operation<fixtures::token_list<Deferred>>(1, {5}),
                               free_blocks_operation(),
                               append_operation<fixtures::token_list<Deferred>>(1, {6, 7}),
                               free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), observed(1), observed(1), observed(1),
                                              observed(0), observed(0), observed(0))),
      make_scenario(
          label<"a block an append fills is cached", Deferred>, 4, 2,
          std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                     append_operation<fixtures::token_list<Deferred>>(1, {4, 5}), free_operation(1),
                     allocate_operation<fixtures::token_list<Deferred>>(2, 0, {1, 2, 3, 4, 9})},
          fixtures::array<Deferred>(observed(0), observed(1), unobserved, observed(4))),
      make_scenario(
          label<"a fork shares full blocks and each side writes its own partial block", Deferred>,
          4, 2,
          std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                     fork_operation(1, 2), append_operation<fixtures::token_list<Deferred>>(1, {4}),
                     append_operation<fixtures::token_list<Deferred>>(2, {5}),
                     free_blocks_operation(), free_operation(1), free_blocks_operation(),
                     free_operation(2), free_blocks_operation()},
          fixtures::array<Deferred>(observed(0), observed(1), observed(1), observed(1), observed(1),
                                    unobserved, observed(2), unobserved, observed(4))),
      make_scenario(
          label<"a forked child writes into a copy of the partial block", Deferred>, 3, 2,
          std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                     fork_operation(1, 2), append_operation<fixtures::token_list<Deferred>>(2, {5}),
                     free_blocks_operation(),
                     append_operation<fixtures::token_list<Deferred>>(1, {4}), free_operation(2),
                     free_blocks_operation(), free_operation(1), free_blocks_operation()},
          fixtures::array<Deferred>(observed(0), observed(1), observed(1), observed(0), observed(1),
                                    unobserved, observed(1), unobserved, observed(3))),
      make_scenario(label<"a fork of whole blocks takes no block", Deferred>, 2, 2,
                    std::array{
                        allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3, 4}),
                        fork_operation(1, 2), free_blocks_operation(), free_operation(1),
                        free_blocks_operation(), free_operation(2), free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), observed(1), observed(0), unobserved,
                                              observed(0), unobserved, observed(2))),
      make_scenario(label<"a reset is refused while a request is live", Deferred>, 4, 2,
                    std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                               reset_prefix_cache_operation(), free_operation(1),
                               allocate_operation<fixtures::token_list<Deferred>>(2, 0, {1, 2, 9}),
                               free_operation(2), reset_prefix_cache_operation(),
                               allocate_operation<fixtures::token_list<Deferred>>(3, 0, {1, 2, 9})},
                    fixtures::array<Deferred>(observed(0), observed(0), unobserved, observed(2),
                                              unobserved, observed(1), observed(0))),
      make_scenario(label<"an evicted block is no longer a hit", Deferred>, 2, 2,
                    std::array{
                        allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                        free_operation(1),
                        allocate_operation<fixtures::token_list<Deferred>>(2, 0, {5, 6, 7, 8}),
                        free_operation(2),
                        allocate_operation<fixtures::token_list<Deferred>>(3, 0, {1, 2, 3}),
                        free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), unobserved, observed(0), unobserved,
                                              observed(0), observed(0))),
      make_scenario(label<"a block in use is never evicted", Deferred>, 3, 2,
                    std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                               allocate_operation<fixtures::token_list<Deferred>>(2, 0, {4, 5}),
                               allocate_operation<fixtures::token_list<Deferred>>(3, 0, {6}),
                               free_blocks_operation(), free_operation(2),
                               allocate_operation<fixtures::token_list<Deferred>>(3, 0, {6})},
                    fixtures::array<Deferred>(observed(0), observed(0), observed(-1), observed(0),
                                              unobserved, observed(0))),
      make_scenario(label<"a freed request id starts from nothing", Deferred>, 4, 2,
                    std::array{allocate_operation<fixtures::token_list<Deferred>>(1, 0, {1, 2, 3}),
                               free_operation(1),
                               allocate_operation<fixtures::token_list<Deferred>>(1, 0, {4, 5, 6}),
                               free_blocks_operation(), free_operation(1), free_blocks_operation()},
                    fixtures::array<Deferred>(observed(0), unobserved, observed(0), observed(2),
                                              unobserved, observed(4))));
};
}  // namespace definition

/// Scenarios of a paged KV block pool (the adapter of kvc/stateful/block_pool_operations.hpp): each
/// a few operations on a fresh pool of the scenario's blocks and block size, and what every
/// allocation (cached tokens, -1 refused), append and fork (1 admitted, 0 refused), reset (1 done,
/// 0 refused) and `free_blocks()` must return. Hits are whole leading blocks whose namespace and
/// every earlier token match; free blocks count cached blocks nobody holds; allocation is all or
/// nothing, hit blocks nobody held included; a request that is not live frees nothing; a fork
/// shares full blocks, and its partial block is copied before either side writes into it (at the
/// fork, or on the first append); eviction never takes a block in use and leaves no hit behind.
/// Each scenario is there to reject a plausible wrong pool.
///
/// Every result is the same for every correct pool, whatever its eviction order and its reuse
/// policy: no scenario evicts a block while another cached block could be evicted instead, and no
/// prompt whose hit is observed ends where a cached block ends (so a pool that recomputes the last
/// prompt token, as vLLM does, reuses as much).
///
/// The implementation checked is a factory of the geometry: `kvc::verify(block_pool_scenarios,
/// [](std::size_t num_blocks, std::size_t block_size) { return my_pool(num_blocks, block_size);
/// })`. Pools have at most 8 blocks of 2 tokens.
inline constexpr lazy_suite<definition::block_pool_scenarios> block_pool_scenarios{};

}  // namespace kvc::suites
