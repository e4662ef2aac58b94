// kvc/exploration/explore_options.hpp - the options of `kvc::explore`.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kvc {

/// How `kvc::explore` searches. An aggregate: `kvc::explore(suite, impl, {.seed = 7})`. The same
/// options give the same cases on every compiler and standard library (kvc draws its own numbers).
struct explore_options {
  /// The seed of the generated cases (printed by every report, to replay it).
  std::uint64_t seed = 0x6b76632d6578706cULL;
  /// How many cases are generated; 0: the default, about 10,000 (sized so that a suite is decided
  /// within a second on one core for an implementation as fast as kvc's).
  std::size_t cases = 0;
  /// The most re-runs spent shrinking a counterexample.
  std::size_t max_shrink_runs = 4000;
  /// Whether some cases are long sequences (past 2^16 elements), where the suite has sequences.
  bool long_sequences = true;
};

/// The number of cases explored when `explore_options::cases` is 0.
inline constexpr std::size_t default_exploration_cases = 10000;

}  // namespace kvc
