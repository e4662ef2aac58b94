// kvc/stateful/block_pool_check.hpp - `kvc::check_block_pool`: an engine's paged KV block pool run
// on generated operation sequences beside a shadow of the KV content its blocks must hold.
//
//   const kvc::block_pool_report report = kvc::check_block_pool(
//       [](std::size_t num_blocks, std::size_t block_size) {
//         return my_engine::block_pool(num_blocks, block_size);
//       });
//   CHECK_MESSAGE(report.passed(), report);
//
// The pool is any `kvc::block_pool_adapter` (kvc/stateful/block_pool_operations.hpp says what each
// member must do); the factory takes the geometry (any integer types), or nothing, and then
// `check_options::block_size` says the pool's block size and its `free_blocks()` its capacity. It
// may return the pool, or a pointer or smart pointer to it. After every operation kvc asks the pool
// for its block tables and `free_blocks()` and judges them with `kvc::block_pool_shadow`
// (kvc/stateful/block_pool_shadow.hpp); the first wrong step is shrunk to a short sequence.
//
// The sequences, the steps, the shrinker and the report are compiled once, in the
// `kvc::conformance` library; this file makes the pool's adapter (kvc/stateful/erased_engine.hpp):
// a fresh pool from the factory, and its members behind function pointers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include <kvc/detail/ranges.hpp>

#include "block_pool_operations.hpp"
#include "block_pool_report.hpp"
#include "block_pool_shadow.hpp"
#include "check_options.hpp"
#include "erased_engine.hpp"
#include "factory_arguments.hpp"
#include "operations.hpp"

namespace kvc {

namespace detail {

/// What the block-pool check learns from the pool's types, and the members the check calls beyond
/// `kvc::apply_operation`.
struct block_pool_facts {
  /// Whether the pool has `fork(parent, child)`.
  bool forks = false;
  /// Whether the pool has `reset_prefix_cache()`.
  bool resets = false;
  /// The largest request id `allocate` takes: no larger id is generated.
  std::uint64_t largest_request = ~std::uint64_t{0};
  /// The largest namespace `allocate` takes.
  std::uint64_t largest_namespace = ~std::uint64_t{0};
  /// Whether `allocate` takes a signed namespace (negative ones are then generated).
  bool signed_namespaces = false;
  /// Whether the factory takes no geometry: every pool then has `fixed_blocks` blocks (a fresh
  /// pool's `free_blocks()`) of `check_options::block_size` tokens.
  bool fixed_geometry = false;
  /// The blocks of a pool whose factory takes no geometry.
  std::size_t fixed_blocks = 0;
  /// `pool.allocate(request, ns, tokens)`: the cached tokens, or nullopt for a refusal.
  std::optional<std::int64_t> (*allocate)(void* made, const block_pool_operation& op) = nullptr;
  /// `pool.block_table(request)`, as 64-bit ids, into `ids`.
  void (*block_table)(void* made, std::uint64_t request, std::vector<std::int64_t>& ids) = nullptr;
};

/// The block pool a factory makes, behind the adapter the library's check drives.
using erased_block_pool = erased_engine<block_pool_operation, block_pool_facts>;

/// Runs the check of `pool` (compiled in the library).
[[nodiscard]] block_pool_report run_block_pool_check(const erased_block_pool& pool,
                                                     const check_options& options);

/// Judges one operation on `made` (a pool `pool`'s functions apply to) against `shadow` (compiled
/// in the library).
[[nodiscard]] block_pool_verdict run_block_pool_step(const erased_block_pool& pool, void* made,
                                                     block_pool_shadow& shadow,
                                                     const block_pool_operation& op);

/// The members of the pool `Made` names (itself, or what it points at) behind `erased`'s function
/// pointers.
template <class Made>
void erase_block_pool_members(erased_block_pool& erased) {
  erased.apply = [](void* m, const block_pool_operation& op) {
    return apply_operation(implementation_of(*static_cast<Made*>(m)), op);
  };
  erased.facts.allocate = [](void* m, const block_pool_operation& op) {
    return allocate_on(implementation_of(*static_cast<Made*>(m)), op);
  };
  erased.facts.block_table = [](void* m, std::uint64_t request, std::vector<std::int64_t>& ids) {
    auto& pool = implementation_of(*static_cast<Made*>(m));
    using pool_type = std::remove_cvref_t<decltype(pool)>;
    using member = typename block_table_member<pool_type>::type;
    auto&& table = pool.block_table(as_parameter<0, member>(request));
    ids.clear();
    ids.reserve(static_cast<std::size_t>(std::ranges::size(table)));
    for (const auto id : table) ids.push_back(observed_value(id).value);
  };
}

/// What the check learns from the types of `Pool`.
template <class Pool>
[[nodiscard]] constexpr block_pool_facts block_pool_facts_of() noexcept {
  using allocate = typename allocate_member<Pool>::type;
  block_pool_facts facts{};
  facts.forks = block_pool_with_fork<Pool>;
  facts.resets = block_pool_with_reset<Pool>;
  facts.largest_request = largest_parameter_of<0, allocate>();
  facts.largest_namespace = largest_parameter_of<1, allocate>();
  facts.signed_namespaces = signed_parameter_of<1, allocate>();
  return facts;
}

template <class Factory>
[[nodiscard]] block_pool_report check_block_pool_with(Factory& factory,
                                                      const check_options& options) {
  using made = made_by<Factory, 2>;
  using pool_type = std::remove_cvref_t<implementation_made_by<made>>;
  static_assert(block_pool_adapter<pool_type>,
                "kvc::check_block_pool: the factory must make a block pool with allocate(request, "
                "ns, tokens), append(request, tokens), free(request), free_blocks() and "
                "block_table(request) (kvc/stateful/block_pool_operations.hpp)");
  block_pool_facts facts = block_pool_facts_of<pool_type>();
  if constexpr (std::is_invocable_v<Factory&>) {
    made sample = factory();
    const std::int64_t capacity = observed_value(implementation_of(sample).free_blocks()).value;
    facts.fixed_geometry = true;
    facts.fixed_blocks = capacity < 0 ? 0 : static_cast<std::size_t>(capacity);
  }
  erased_block_pool erased = erase_engine<block_pool_operation, 2>(factory, facts);
  erase_block_pool_members<made>(erased);
  return run_block_pool_check(erased, options);
}

}  // namespace detail

/// Judges one operation of a block pool against its shadow: applies `op` to `pool`, reads back the
/// block tables it changed and `free_blocks()`, and returns the shadow's verdict. What
/// `block_pool_report::replay()` calls; usable in an engine's own tests step by step.
template <class Pool>
[[nodiscard]] block_pool_verdict check_block_pool_step(Pool& pool, block_pool_shadow& shadow,
                                                       const block_pool_operation& op) {
  using pool_type = std::remove_cvref_t<decltype(detail::implementation_of(pool))>;
  static_assert(block_pool_adapter<pool_type>,
                "kvc::check_block_pool_step: the pool must have allocate(request, ns, tokens), "
                "append(request, tokens), free(request), free_blocks() and block_table(request) "
                "(kvc/stateful/block_pool_operations.hpp)");
  detail::erased_block_pool erased{};
  erased.facts = detail::block_pool_facts_of<pool_type>();
  detail::erase_block_pool_members<Pool>(erased);
  return detail::run_block_pool_step(erased, static_cast<void*>(detail::address_of(pool)), shadow, op);
}

/// Runs `options.sequences` generated sequences, each on a fresh pool from `make_pool(num_blocks,
/// block_size)` (a geometry drawn per sequence: 2 to 10 blocks of 1 to 32 tokens, unless
/// `options.blocks` and `options.block_size` fix it) or from `make_pool()` (then
/// `options.block_size` must be set), judging every step with `kvc::block_pool_shadow`: hits in
/// bound mode by default, exactly with `options.exact`, under `options.policy`. The first failure
/// is shrunk to a minimal sequence (the pool's geometry with it, when the factory takes one).
template <class MakePool>
[[nodiscard]] block_pool_report check_block_pool(MakePool&& make_pool,
                                                 const check_options& options = {}) {
  if constexpr (std::is_function_v<std::remove_reference_t<MakePool>>) {
    auto* function = &make_pool;  // a function's address, held in an object the adapter points to
    return detail::check_block_pool_with(function, options);
  } else {
    return detail::check_block_pool_with(make_pool, options);
  }
}

}  // namespace kvc
