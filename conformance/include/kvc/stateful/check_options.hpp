// kvc/stateful/check_options.hpp - what a model-based stateful check runs: its seed, how many
// sequences of how many operations, and how strictly observations are compared with the model.
#pragma once

#include <cstddef>
#include <cstdint>

#include <kvc/reuse_policy.hpp>

namespace kvc {

/// The options of `kvc::check_prefix_cache`, `kvc::check_slot_allocator` and
/// `kvc::check_block_pool`. An aggregate: write
/// `kvc::check_options{.seed = 7, .sequences = 1000}`. The same options give the same sequences,
/// the same failure and the same shrunk counterexample, on every compiler and standard library.
struct check_options {
  /// The seed of the generated sequences.
  std::uint64_t seed = 1;
  /// How many sequences are generated, each run on a fresh implementation and a fresh model.
  std::size_t sequences = 300;
  /// The most operations one sequence holds (at most 64 are ever generated). Block pools, whose
  /// operations cost microseconds, run to 64 unless this is set below its default.
  std::size_t max_steps = 24;
  /// Caches only: compare lookups for equality with the model. Off, a lookup is checked as a bound
  /// (never above the model, never negative), which a cache that evicts also meets. Allocators are
  /// always compared exactly.
  bool exact = false;
  /// Caches only: the policy the model's lookups are rounded by (`lookup(ns, tokens, policy)`), so
  /// that a paged cache that reuses whole blocks and recomputes the last token is checked exactly
  /// under `{16, true}`. Generated lengths cluster around its block edges.
  reuse_policy policy{};
  /// Allocators only: the slot count given to a factory that takes one.
  std::size_t capacity = 16;
  /// Block pools only: the blocks given to a factory that takes the geometry; 0 draws 2 to 10 per
  /// sequence (now and then up to 40), so that pools are smaller than the working set.
  std::size_t blocks = 0;
  /// Block pools only: the tokens per block given to a factory that takes the geometry (0 draws 1,
  /// 2, 3, 4, 5, 8 or 16 per sequence), and the block size of a pool whose factory takes none.
  std::size_t block_size = 0;
  /// Block pools only: the most live requests the pool holds (as an engine's `max_num_seqs`), 0
  /// for no limit. With this many live, a refused allocation or fork is right whatever it needed.
  std::size_t max_live_requests = 0;
};

/// The most operations a generated sequence holds, whatever `check_options::max_steps` says: the
/// reference cache holds 64 sequences, so a sequence of at most 64 inserts always fits it.
inline constexpr std::size_t max_sequence_steps = 64;

}  // namespace kvc
