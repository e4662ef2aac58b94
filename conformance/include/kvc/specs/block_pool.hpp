// kvc/specs/block_pool.hpp - the spec of a paged KV block pool: short fixed operation sequences
// (`allocate(request, ns, tokens)`, `append(request, tokens)`, `free(request)`, `fork(parent,
// child)`, `reset_prefix_cache()`, `free_blocks()`) on a fresh pool of the scenario's geometry,
// each with the hits, admissions and free-block counts the contract demands
// (`kvc::model::block_pool`).
//
// The implementation a scenario suite checks is a factory of the geometry, called once per
// scenario:
//
//   static_assert(kvc::verify(kvc::suites::block_pool_scenarios,
//                             [](std::size_t num_blocks, std::size_t block_size) {
//                               return my_pool(num_blocks, block_size);
//                             }));
//
// `kvc::explore` of the suite runs `kvc::check_block_pool` on the factory: generated sequences
// judged step by step by the KV-content shadow (kvc/stateful/block_pool_check.hpp).
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include <kvc/bounded_list.hpp>
#include <kvc/model/block_pool.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/fixture_text.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/stateful/block_pool_check.hpp>
#include <kvc/stateful/block_pool_operations.hpp>
#include <kvc/stateful/factory_arguments.hpp>
#include <kvc/stateful/operations.hpp>
#include <kvc/stateful/scenario.hpp>
#include <kvc/stateful/scenario_exploration.hpp>

namespace kvc {

struct exploration_report;

/// The most operations one block-pool scenario holds (a fork and the decode of both sides, then
/// every free, take nine).
inline constexpr std::size_t max_block_pool_scenario_operations = 10;

/// The operations of one block-pool scenario, applied in order to a fresh pool.
struct block_pool_scenario_operations
    : bounded_list<block_pool_operation, max_block_pool_scenario_operations> {
  /// No operation.
  constexpr block_pool_scenario_operations() noexcept = default;
  /// `operations`, in order (at most `max_block_pool_scenario_operations` of them are kept).
  constexpr block_pool_scenario_operations(
      std::initializer_list<block_pool_operation> operations) noexcept {
    for (const block_pool_operation& op : operations)
      if (this->count < max_block_pool_scenario_operations) this->push_back(op);
  }
};

/// One observation per operation of a block-pool scenario (`kvc::unobserved` for frees).
struct block_pool_observations : bounded_list<observation, max_block_pool_scenario_operations> {
  /// No observation.
  constexpr block_pool_observations() noexcept = default;
  /// `observations`, in order (at most `max_block_pool_scenario_operations` of them are kept).
  constexpr block_pool_observations(std::initializer_list<observation> observations) noexcept {
    for (const observation& o : observations)
      if (this->count < max_block_pool_scenario_operations) this->push_back(o);
  }
};

namespace detail {

/// `[](std::size_t num_blocks, std::size_t block_size) { return my_pool(num_blocks, block_size);
/// }`: a fresh block pool of the scenario's geometry per scenario.
template <class Factory>
concept block_pool_factory = std::invocable<const Factory&, std::size_t, std::size_t> &&
    block_pool_adapter<implementation_made_by<made_by<const Factory, 2>>>;

/// Applies every operation of `operations` to `pool` (an engine's pool, or kvc's model), in order,
/// and returns what each observed.
template <class Pool>
[[nodiscard]] constexpr block_pool_observations observe_block_pool_scenario(
    Pool& pool, const block_pool_scenario_operations& operations) {
  block_pool_observations seen;
  for (const block_pool_operation& op : operations) seen.push_back(apply_operation(pool, op));
  return seen;
}

/// Fills `report` (whose suite, seed and notes are set) with what `kvc::check_block_pool` found:
/// the counterexample as a scenario to add to the suite and its replay (compiled in the library).
void report_exploration(const block_pool_report& checked, exploration_report& report);

}  // namespace detail

}  // namespace kvc

namespace kvc::specs {

/// The call shape of the block-pool scenarios: the implementation is a factory of pools of a
/// geometry (`[](std::size_t num_blocks, std::size_t block_size) { return my_pool(num_blocks,
/// block_size); }`, by value or through a pointer; the geometry converted to the factory's
/// parameter types), called once per scenario; the operations are applied to what it makes with
/// `kvc::apply_operation`, and the result is one `kvc::observation` per operation
/// (`kvc::unobserved` for frees).
struct block_pool_scenario {
  /// The shape's name.
  static constexpr std::string_view name = "block_pool_scenario";
  /// The call shape's name in the JSON vectors.
  static constexpr std::string_view call_name = "scenario";
  /// A stateful scenario: explored by `kvc::check_block_pool` (`explore`), not by a generator.
  static constexpr bool stateful = true;
  /// The inputs: the pool's blocks and tokens per block, then the operations, in order.
  static constexpr field fields[] = {{"num_blocks", field_kind::capacity},
                                     {"block_size", field_kind::block_size},
                                     {"operations", field_kind::operations}};

  /// One scenario's inputs.
  template <class NumBlocks = std::size_t, class BlockSize = std::size_t,
            class Operations = block_pool_scenario_operations>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = block_pool_scenario;
    NumBlocks num_blocks;   ///< the pool's blocks
    BlockSize block_size;   ///< the tokens per block
    Operations operations;  ///< the operations, in order
  };

  /// `f(num_blocks, block_size, operations)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.num_blocks, in.block_size, in.operations);
  }

  /// Whether `Impl` is a factory of pools of a geometry.
  template <class Impl, class In>
  [[nodiscard]] static constexpr bool takes() noexcept {
    return detail::block_pool_factory<Impl>;
  }
  /// One observation per operation.
  template <class Impl, class In>
  using actual_type = block_pool_observations;
  /// Makes a fresh pool of the scenario's geometry, applies the scenario's operations to it and
  /// hands their observations to `use`.
  template <class Impl, class In, class Use>
  static constexpr bool call(const Impl& factory, const In& in, Use&& use) {
    const std::size_t geometry[] = {in.num_blocks, in.block_size};
    auto made = detail::call_factory<2>(factory, geometry);
    use(detail::observe_block_pool_scenario(detail::implementation_of(made), in.operations));
    return true;
  }

  /// The result as the run-time checks keep and print it.
  using result = block_pool_observations;
  /// `actual` as a `result`.
  [[nodiscard]] static constexpr result normalize(const block_pool_observations& actual) noexcept {
    return actual;
  }
  /// Every hit, admission, reset and `free_blocks()` equal to the contract's.
  template <class In>
  [[nodiscard]] static constexpr bool agrees(const engine_profile&, const In&,
                                             const block_pool_observations& actual,
                                             const block_pool_observations& expected) noexcept {
    if (actual.size() != expected.size()) return false;
    for (std::size_t i = 0; i < actual.size(); ++i)
      if (!(actual[i] == expected[i])) return false;
    return true;
  }
  /// The contract's observations: the scenario applied to `kvc::model::block_pool` of the
  /// scenario's geometry (no policy applies).
  template <class In>
  [[nodiscard]] static constexpr block_pool_observations reference(const In& in,
                                                                   reuse_policy = {}) noexcept {
    model::basic_block_pool<8, 4, 16> pool(in.num_blocks, in.block_size);
    return detail::observe_block_pool_scenario(pool, in.operations);
  }

  /// `kvc::explore` of a suite of this shape: `kvc::check_block_pool` of the factory, with the
  /// exploration's seed and cases (kvc/stateful/scenario_exploration.hpp).
  template <class Impl, class Options, class Report>
  static void explore(const Impl& factory, const Options& options, Report& report) {
    detail::report_exploration(
        check_block_pool(factory, detail::scenario_check_options(options.seed, options.cases)),
        report);
  }
};

/// A block-pool scenario: its label, the pool's geometry and the operations, and the observation
/// the contract demands of each.
using pool_scenario = fixture_row<block_pool_scenario::inputs<>, block_pool_observations>;

}  // namespace kvc::specs

namespace kvc {

/// A block-pool scenario: `ops`, applied in order to a fresh pool of `num_blocks` blocks of
/// `block_size` tokens, and the observation the contract demands of each (`kvc::unobserved` for
/// frees): `kvc::make_scenario("label", 4, 2, {kvc::allocate_operation(1, 0, {1, 2, 3}), ...},
/// {kvc::observed(0), ...})`.
[[nodiscard]] constexpr specs::pool_scenario make_scenario(
    fixture_text label, std::size_t num_blocks, std::size_t block_size,
    const block_pool_scenario_operations& ops, const block_pool_observations& expected) noexcept {
  return {label, {num_blocks, block_size, ops}, expected};
}

/// The same, from arrays of one length (at most `kvc::max_block_pool_scenario_operations`
/// operations).
template <std::size_t K>
[[nodiscard]] constexpr specs::pool_scenario make_scenario(
    fixture_text label, std::size_t num_blocks, std::size_t block_size,
    const std::array<block_pool_operation, K>& ops,
    const std::array<observation, K>& expected) noexcept {
  static_assert(K <= max_block_pool_scenario_operations,
                "kvc: a block-pool scenario holds at most 10 operations");
  specs::pool_scenario scenario{label, {num_blocks, block_size, {}}, {}};
  for (std::size_t i = 0; i < K; ++i) {
    scenario.inputs.operations.push_back(ops[i]);
    scenario.expected.push_back(expected[i]);
  }
  return scenario;
}

}  // namespace kvc

namespace kvc::specs {

/// The scenarios of `kvc::suites::block_pool_scenarios`, each there to reject a plausible wrong
/// pool (tests/mutants/block_pool.hpp holds them). Every result is the same for every correct
/// pool, whatever its eviction order and its reuse policy: no scenario evicts a block while
/// another cached block could be evicted instead, and no prompt whose hit is observed ends where
/// a cached block ends (so a pool that recomputes the last prompt token, as vLLM does, reuses as
/// much).
inline constexpr pool_scenario block_pool_scenario_table[] = {
    // Keys: whole leading blocks whose namespace and every earlier token match, nothing else.
    make_scenario("a repeated prompt hits its full blocks", 4, 2,
                  {allocate_operation(1, 0, {1, 2, 3, 4, 5}), free_operation(1),
                   allocate_operation(2, 0, {1, 2, 3, 4, 9}), free_blocks_operation()},
                  {observed(0), unobserved, observed(4), observed(1)}),
    make_scenario("another namespace does not hit", 4, 2,
                  {allocate_operation(1, 0, {1, 2, 3}), free_operation(1),
                   allocate_operation(2, 1, {1, 2, 3}), free_blocks_operation()},
                  {observed(0), unobserved, observed(0), observed(2)}),
    make_scenario("the hit stops at the first miss", 4, 2,
                  {allocate_operation(1, 0, {1, 2, 3, 4, 5, 6, 7}), free_operation(1),
                   allocate_operation(2, 0, {1, 2, 9, 9, 5, 6, 7})},
                  {observed(0), unobserved, observed(2)}),
    make_scenario(
        "a block's key holds every token before it", 8, 2,
        {allocate_operation(1, 0, {1, 2, 3, 4, 0}), allocate_operation(2, 0, {5, 6, 7, 8, 0}),
         free_operation(1), free_operation(2), allocate_operation(3, 0, {5, 6, 3, 4, 0})},
        {observed(0), observed(0), unobserved, unobserved, observed(2)}),
    make_scenario("the namespace is in every block's key", 8, 2,
                  {allocate_operation(1, 0, {1, 2, 3, 4, 0}),
                   allocate_operation(2, 1, {5, 6, 7, 8, 0}), free_operation(1), free_operation(2),
                   allocate_operation(3, 1, {5, 6, 3, 4, 0}), free_blocks_operation()},
                  {observed(0), observed(0), unobserved, unobserved, observed(2), observed(5)}),
    // Admission: all or nothing, hit blocks that nobody held counted among the blocks it takes.
    make_scenario("a request that does not fit is refused whole", 3, 2,
                  {allocate_operation(1, 0, {1, 2, 3}), allocate_operation(2, 0, {4, 5, 6}),
                   free_blocks_operation(), allocate_operation(3, 0, {7}), free_blocks_operation()},
                  {observed(0), observed(-1), observed(1), observed(0), observed(0)}),
    make_scenario("hit blocks nobody holds leave the free set", 4, 2,
                  {allocate_operation(1, 0, {1, 2, 3, 4, 5}), free_operation(1),
                   allocate_operation(2, 0, {9}), allocate_operation(3, 0, {1, 2, 3, 4, 5, 6, 7}),
                   free_blocks_operation()},
                  {observed(0), unobserved, observed(0), observed(-1), observed(3)}),
    make_scenario("a hit on a block another request holds takes no free block", 4, 2,
                  {allocate_operation(1, 0, {1, 2, 3, 4, 5}),
                   allocate_operation(2, 0, {1, 2, 3, 4, 6}), free_blocks_operation()},
                  {observed(0), observed(4), observed(0)}),
    // References: a request that is not live frees nothing; a shared block goes with its last
    // holder.
    make_scenario("a double free frees once", 4, 2,
                  {allocate_operation(1, 0, {1, 2, 3}), allocate_operation(2, 0, {4, 5, 6}),
                   free_operation(1), free_operation(1), free_blocks_operation()},
                  {observed(0), observed(0), unobserved, unobserved, observed(2)}),
    make_scenario("a second free does not touch the blocks' new holders", 4, 2,
                  {allocate_operation(1, 0, {1, 2, 3}), free_operation(1),
                   allocate_operation(2, 0, {1, 2, 9}), free_operation(1), free_blocks_operation()},
                  {observed(0), unobserved, observed(2), unobserved, observed(2)}),
    make_scenario("a partial block is never a hit", 4, 2,
                  {allocate_operation(1, 0, {1, 2, 3}), free_operation(1),
                   allocate_operation(2, 0, {1, 2, 3, 0, 5})},
                  {observed(0), unobserved, observed(2)}),
    make_scenario(
        "an append that does not fit takes nothing", 4, 2,
        {allocate_operation(1, 0, {1, 2, 3}), append_operation(1, {4, 5, 6, 7, 8, 9}),
         free_blocks_operation(), append_operation(1, {4, 5, 6}), free_blocks_operation()},
        {observed(0), observed(0), observed(2), observed(1), observed(1)}),
    make_scenario("a free of an unknown request frees nothing", 4, 2,
                  {allocate_operation(1, 0, {1, 2, 3}), free_operation(7), free_blocks_operation()},
                  {observed(0), unobserved, observed(2)}),
    make_scenario(
        "a refused request holds nothing", 2, 2,
        {allocate_operation(1, 0, {1, 2, 3, 4, 5}), free_blocks_operation(), free_operation(1),
         free_blocks_operation(), allocate_operation(2, 0, {1, 2, 3}), free_blocks_operation()},
        {observed(-1), observed(2), unobserved, observed(2), observed(0), observed(0)}),
    make_scenario(
        "a shared block is freed by its last holder only", 4, 2,
        {allocate_operation(1, 0, {1, 2, 3, 4, 5}), allocate_operation(2, 0, {1, 2, 3, 4, 6}),
         free_operation(1), free_blocks_operation(), free_operation(2), free_blocks_operation()},
        {observed(0), observed(4), unobserved, observed(1), unobserved, observed(4)}),
    // Decode: an append takes a block only when it needs one, all or nothing, and caches what it
    // fills.
    make_scenario("an append takes a block only when one is needed", 3, 2,
                  {allocate_operation(1, 0, {1, 2, 3}), append_operation(1, {4}),
                   free_blocks_operation(), append_operation(1, {5}), free_blocks_operation(),
                   append_operation(1, {6, 7}), free_blocks_operation()},
                  {observed(0), observed(1), observed(1), observed(1), observed(0), observed(0),
                   observed(0)}),
    make_scenario("a block an append fills is cached", 4, 2,
                  {allocate_operation(1, 0, {1, 2, 3}), append_operation(1, {4, 5}),
                   free_operation(1), allocate_operation(2, 0, {1, 2, 3, 4, 9})},
                  {observed(0), observed(1), unobserved, observed(4)}),
    // Forks: full blocks shared, the partial last block copied before either side writes into it.
    make_scenario(
        "a fork shares full blocks and each side writes its own partial block", 4, 2,
        {allocate_operation(1, 0, {1, 2, 3}), fork_operation(1, 2), append_operation(1, {4}),
         append_operation(2, {5}), free_blocks_operation(), free_operation(1),
         free_blocks_operation(), free_operation(2), free_blocks_operation()},
        {observed(0), observed(1), observed(1), observed(1), observed(1), unobserved, observed(2),
         unobserved, observed(4)}),
    make_scenario(
        "a forked child writes into a copy of the partial block", 3, 2,
        {allocate_operation(1, 0, {1, 2, 3}), fork_operation(1, 2), append_operation(2, {5}),
         free_blocks_operation(), append_operation(1, {4}), free_operation(2),
         free_blocks_operation(), free_operation(1), free_blocks_operation()},
        {observed(0), observed(1), observed(1), observed(0), observed(1), unobserved, observed(1),
         unobserved, observed(3)}),
    make_scenario(
        "a fork of whole blocks takes no block", 2, 2,
        {allocate_operation(1, 0, {1, 2, 3, 4}), fork_operation(1, 2), free_blocks_operation(),
         free_operation(1), free_blocks_operation(), free_operation(2), free_blocks_operation()},
        {observed(0), observed(1), observed(0), unobserved, observed(0), unobserved, observed(2)}),
    // Resets and eviction: no reset while a request is live; no hit on, and no eviction of, a block
    // in use.
    make_scenario(
        "a reset is refused while a request is live", 4, 2,
        {allocate_operation(1, 0, {1, 2, 3}), reset_prefix_cache_operation(), free_operation(1),
         allocate_operation(2, 0, {1, 2, 9}), free_operation(2), reset_prefix_cache_operation(),
         allocate_operation(3, 0, {1, 2, 9})},
        {observed(0), observed(0), unobserved, observed(2), unobserved, observed(1), observed(0)}),
    make_scenario("an evicted block is no longer a hit", 2, 2,
                  {allocate_operation(1, 0, {1, 2, 3}), free_operation(1),
                   allocate_operation(2, 0, {5, 6, 7, 8}), free_operation(2),
                   allocate_operation(3, 0, {1, 2, 3}), free_blocks_operation()},
                  {observed(0), unobserved, observed(0), unobserved, observed(0), observed(0)}),
    make_scenario("a block in use is never evicted", 3, 2,
                  {allocate_operation(1, 0, {1, 2, 3}), allocate_operation(2, 0, {4, 5}),
                   allocate_operation(3, 0, {6}), free_blocks_operation(), free_operation(2),
                   allocate_operation(3, 0, {6})},
                  {observed(0), observed(0), observed(-1), observed(0), unobserved, observed(0)}),
    make_scenario("a freed request id starts from nothing", 4, 2,
                  {allocate_operation(1, 0, {1, 2, 3}), free_operation(1),
                   allocate_operation(1, 0, {4, 5, 6}), free_blocks_operation(), free_operation(1),
                   free_blocks_operation()},
                  {observed(0), unobserved, observed(0), observed(2), unobserved, observed(4)}),
};

/// The description of kvc::suites::block_pool_scenarios.
struct block_pool_scenarios_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "block_pool_scenarios";
};

}  // namespace kvc::specs

namespace kvc::suites {

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
/// The implementation checked is a factory of the geometry: `kvc::verify(block_pool_scenarios,
/// [](std::size_t num_blocks, std::size_t block_size) { return my_pool(num_blocks, block_size);
/// })`. Pools have at most 8 blocks of 2 tokens.
inline constexpr suite<specs::block_pool_scenarios_suite, specs::block_pool_scenario_table>
    block_pool_scenarios{};

}  // namespace kvc::suites

namespace kvc::specs {
/// The block-pool contract and its suite.
inline constexpr auto block_pool_contract = describe("block_pool", suites::block_pool_scenarios);
}  // namespace kvc::specs
