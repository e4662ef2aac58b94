// kvc/stateful/block_pool_report.hpp - what kvc::check_block_pool found: how much it ran, and for
// a failure, the shrunk operations, what was wrong, and a doctest test case that replays it.
//
// The report is filled, replayed and printed by the `kvc::conformance` library. Needs no
// exceptions and no RTTI.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "block_pool_operations.hpp"
#include "check_options.hpp"

namespace kvc {

/// The result of `kvc::check_block_pool`. `out << report` prints one line when it passed; when it
/// failed, the seed, the pool's geometry, the shrunk operations one per line with what the engine
/// returned, what is wrong at the last one, and `replay()`.
struct block_pool_report {
  /// The options it ran with (the same options reproduce the same report).
  check_options options{};
  /// The seed (`options.seed`).
  std::uint64_t seed = 1;
  /// How many sequences were run, the failing one included.
  std::size_t sequences_run = 0;
  /// How many operations were applied to the pool, before shrinking.
  std::size_t operations_run = 0;
  /// The 1-based index of the first failing sequence; 0 when every sequence passed.
  std::size_t sequences_to_failure = 0;
  /// How many operations the failing sequence had run when it failed, before shrinking.
  std::size_t original_length = 0;
  /// The blocks of the failing sequence's pool.
  std::size_t num_blocks = 0;
  /// The block size of the failing sequence's pool.
  std::size_t block_size = 0;
  /// The shrunk counterexample (empty when passed).
  std::vector<block_pool_operation> operations{};
  /// What the pool returned at each shrunk operation ("-" for a call that returns nothing).
  std::vector<std::string> returned{};
  /// The 1-based index, in the shrunk operations, of the one that is wrong (the last).
  std::size_t failing_step = 0;
  /// What is wrong there, in one line (empty when passed).
  std::string message{};
  /// The engine's value there.
  std::int64_t actual = 0;
  /// The contract's value there (for a bound, its upper end).
  std::int64_t expected = 0;
  /// Whether hits had to equal everything still cached (`options.exact`).
  bool exact = false;
  /// How many times the shrinker re-ran a candidate sequence.
  std::size_t shrink_runs = 0;
  /// Whether the factory takes the geometry (the replay then passes it).
  bool factory_takes_geometry = false;
  /// Whether the factory returned a pointer to the pool (the replay then calls `->`).
  bool through_pointer = false;

  /// True when no sequence failed.
  [[nodiscard]] bool passed() const noexcept { return sequences_to_failure == 0; }
  /// How many operations the shrunk counterexample has; 0 when passed.
  [[nodiscard]] std::size_t shrunk_length() const noexcept { return operations.size(); }

  /// A doctest test case that replays the shrunk counterexample against `make_pool(...)`, judging
  /// every step with `kvc::check_block_pool_step` and the same shadow. Empty when passed.
  [[nodiscard]] std::string replay() const;

  /// Prints the report (see the type's description).
  friend std::ostream& operator<<(std::ostream& stream, const block_pool_report& report);
};

}  // namespace kvc
