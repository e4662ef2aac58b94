// kvc/stateful/block_pool_shadow.hpp - `kvc::block_pool_shadow`: what each block id of an engine's
// block pool must hold, recorded from the engine's own block tables, and a verdict on every step.
//
// Why a shadow rather than comparing block ids with a model: which block an engine hands out, and
// which cached block it evicts, are its own choices, and a correct engine's ids match no model's.
// What is not a choice is the KV content: when a request's blocks are computed, the shadow records
// which content (namespace, and every token from the start of the sequence to the block's end) each
// block id now holds, and then checks every later answer against it:
// - every block of every live request holds that request's own content: a block freed while in use
//   and handed out again shows up as soon as it is handed out;
// - a hit's blocks hold exactly the request's prefix and are still cached: a stale hash, a phantom
//   hit, a hit counted past the first miss or past an evicted block all name a block whose content
//   is something else;
// - a block is in two live tables only as a shared full block of equal content (a hit or a fork);
// - `free_blocks()` is the number of blocks in no live table, never negative, never above the
//   capacity (so nothing leaks once every request is freed);
// - in exact mode a hit is all that some block still holds, cut by the policy (an engine that
//   evicts only when it needs a block); in bound mode it may be less;
// - an allocation is refused only when it does not fit (exact mode: with that hit; bound mode: even
//   with no reuse at all), and an append or a fork only when its new blocks are not free.
//
// The shadow is what kvc::check_block_pool (and through it the Python binding) drives; it keeps the
// engine's request and block ids as they come, so any distinct integers will do. Its verdicts are
// compiled once, in the `kvc::conformance` library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <kvc/reuse_policy.hpp>

#include "sorted_map.hpp"

namespace kvc {

/// One step's verdict: empty `what` when the step is consistent with the contract; else what is
/// wrong, in one line, and the two numbers that disagree (the engine's, and the contract's).
struct block_pool_verdict {
  /// What is wrong; empty when nothing is.
  std::string what{};
  /// The engine's value there (a hit, an admission as 1 or 0, a count).
  std::int64_t actual = 0;
  /// The contract's value there (for a bound, its upper end).
  std::int64_t expected = 0;

  /// Whether the step is consistent with the contract.
  [[nodiscard]] bool ok() const noexcept { return what.empty(); }
};

/// The shadow of an engine's block pool of `num_blocks` blocks of `block_size` tokens (see the top
/// of this header). Record each step the engine took, in order; each call returns its verdict and
/// then applies what the engine did, so that one wrong step does not hide the next.
class block_pool_shadow {
  using token_vector = std::vector<std::int32_t>;
  using block_table = std::vector<std::int64_t>;
  using request_ids = std::vector<std::uint64_t>;

 public:
  /// A shadow of a fresh pool. A block size of 0 is taken as 1. With `max_live_requests` live
  /// requests (0: no limit), a refused allocation or fork is right whatever it needed.
  block_pool_shadow(std::size_t num_blocks, std::size_t block_size, reuse_policy policy = {},
                    bool exact = false, std::size_t max_live_requests = 0)
      : num_blocks_(num_blocks),
        block_size_(block_size == 0 ? 1 : block_size),
        policy_(policy),
        exact_(exact),
        max_live_requests_(max_live_requests) {}

  /// The engine's `allocate(request, ns, tokens)` returned `hit` cached tokens (nullopt: refused)
  /// and, when admitted, `table` as the request's block table. `request` must not be live.
  block_pool_verdict allocated(std::uint64_t request, std::uint64_t ns,
                               std::span<const std::int32_t> tokens,
                               std::optional<std::int64_t> hit,
                               std::span<const std::int64_t> table);

  /// The engine's `append(request, tokens)` returned `admitted`, and `table` is the request's block
  /// table after it. `request` must be live. Beside new blocks at its end, an admitted append may
  /// change an earlier entry of the table in two ways only: the partial last block moved to a
  /// block no live request held (a copy on write, when a fork left it shared), or a block that the
  /// append filled moved to a cached block of equal content (deduplication on fill, as vLLM v0's
  /// `promote_to_immutable_block` does).
  block_pool_verdict appended(std::uint64_t request, std::span<const std::int32_t> tokens,
                              bool admitted, std::span<const std::int64_t> table);

  /// The engine's `fork(parent, child)` returned `admitted`; `child_table` is the child's block
  /// table after it, and `parent_table` the parent's (empty: unchanged). `parent` must be live and
  /// `child` not. The child shares the parent's full blocks. Its partial last block, where it has
  /// one, is a copy in a block no live request held, or the parent's own block, shared until one of
  /// them writes into it (copy on write), or the parent's block while the parent moves to the copy.
  block_pool_verdict forked(std::uint64_t parent, std::uint64_t child, bool admitted,
                            std::span<const std::int64_t> child_table,
                            std::span<const std::int64_t> parent_table = {});

  /// The engine's `free(request)` was called: a live request's references go; nothing for one that
  /// is not live.
  block_pool_verdict freed(std::uint64_t request);

  /// The engine's `reset_prefix_cache()` returned `done`.
  block_pool_verdict reset(bool done);

  /// The engine's `free_blocks()` returned `observed`.
  [[nodiscard]] block_pool_verdict counted_free(std::int64_t observed) const;

  /// The blocks in no live table (0 when the tables hold more distinct ids than the capacity).
  [[nodiscard]] std::size_t free_blocks() const noexcept;
  /// The most tokens an allocation of `tokens` under `ns` may be served from cache now.
  [[nodiscard]] std::size_t cached_prefix(std::uint64_t ns,
                                          std::span<const std::int32_t> tokens) const;
  /// Whether `request` is live.
  [[nodiscard]] bool is_live(std::uint64_t request) const { return live_.contains(request); }
  /// The tokens of live `request` (empty otherwise).
  [[nodiscard]] token_vector tokens(std::uint64_t request) const;
  /// The block table the shadow holds for live `request` (empty otherwise).
  [[nodiscard]] block_table table(std::uint64_t request) const;
  /// Live `request`'s block table as the engine now gives it: wrong when it differs from the one
  /// recorded (a step on another request rewrote it).
  [[nodiscard]] block_pool_verdict reread(std::uint64_t request,
                                          std::span<const std::int64_t> table) const;

  /// The namespace of live `request` (0 otherwise).
  [[nodiscard]] std::uint64_t namespace_of(std::uint64_t request) const;
  /// The live requests, in increasing id order.
  [[nodiscard]] request_ids live_requests() const;
  /// How many requests are live.
  [[nodiscard]] std::size_t live_count() const noexcept { return live_.size(); }
  /// The capacity.
  [[nodiscard]] std::size_t num_blocks() const noexcept { return num_blocks_; }
  /// Tokens per block.
  [[nodiscard]] std::size_t block_size() const noexcept { return block_size_; }

 private:
  struct live_request {
    std::uint64_t ns = 0;
    token_vector tokens{};
    block_table table{};
  };
  struct shadow_block {
    /// Live tables holding it.
    std::size_t holders = 0;
    /// Full and hit-able: `ns` and `prefix` are its content.
    bool cached = false;
    /// Whether it holds any content (full or partial).
    bool written = false;
    std::uint64_t ns = 0;
    token_vector prefix{};
  };

  /// Whether the live requests are as many as the pool holds.
  [[nodiscard]] bool full_of_requests() const noexcept;
  /// With many live requests, what a refusal's message adds: the limit an engine may have.
  [[nodiscard]] std::string live_count_note() const;

  [[nodiscard]] std::size_t blocks_for(std::size_t n) const noexcept;
  [[nodiscard]] std::size_t holders_of(std::int64_t id) const;
  [[nodiscard]] static bool holds(const shadow_block& block, std::uint64_t ns,
                                  std::span<const std::int32_t> tokens, std::size_t end);

  /// The leading full blocks of `tokens` under `ns` that some block still holds.
  [[nodiscard]] std::size_t present_blocks(std::uint64_t ns,
                                           std::span<const std::int32_t> tokens) const;

  /// The most free blocks an admission with `hit_blocks` leading hits takes: its new blocks, and
  /// each hit block whose content some free block holds (taking that copy takes a free block).
  [[nodiscard]] std::size_t most_taken_with_hit(std::uint64_t ns,
                                                std::span<const std::int32_t> tokens,
                                                std::size_t hit_blocks) const;

  [[nodiscard]] block_pool_verdict check_table(const std::string& call,
                                               std::span<const std::int64_t> table,
                                               std::size_t blocks) const;

  [[nodiscard]] std::string content_text(const shadow_block& block) const;

  [[nodiscard]] block_pool_verdict check_hit_block(const std::string& call,
                                                   const live_request& request, std::size_t index,
                                                   std::int64_t id) const;

  [[nodiscard]] block_pool_verdict check_new_block(const std::string& call, std::size_t index,
                                                   std::int64_t id) const;

  /// Block `index` of `request` now holds the request's content up to its end.
  void record(const live_request& request, std::size_t index);

  void hold(std::int64_t id);
  void release(std::int64_t id);

  std::size_t num_blocks_;
  std::size_t block_size_;
  reuse_policy policy_;
  bool exact_;
  std::size_t max_live_requests_;
  // Ordered by id, as the shadow's answers list them.
  detail::sorted_map<std::int64_t, shadow_block> blocks_{};
  detail::sorted_map<std::uint64_t, live_request> live_{};
  std::size_t held_ = 0;
};

}  // namespace kvc
