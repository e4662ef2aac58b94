// kvc/stateful/stateful_report.hpp - what a model-based stateful check found: how much it ran, and
// for a failure, the shrunk counterexample and a doctest test case that replays it.
//
// The report is filled, replayed and printed by the `kvc::conformance` library. Needs no
// exceptions and no RTTI.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "check_options.hpp"
#include "operations.hpp"

namespace kvc {

/// What a stateful check checked.
enum class stateful_subject : unsigned char {
  prefix_cache,    ///< `kvc::check_prefix_cache`
  slot_allocator,  ///< `kvc::check_slot_allocator`
};

/// The result of `kvc::check_prefix_cache` or `kvc::check_slot_allocator`. `out << report` prints
/// one line when it passed; when it failed, a summary with the seed, the shrunk operations one per
/// line, and `replay()`.
struct stateful_report {
  /// What was checked.
  stateful_subject subject = stateful_subject::prefix_cache;
  /// The options it ran with (the same options reproduce the same report).
  check_options options{};
  /// The seed (`options.seed`).
  std::uint64_t seed = 1;
  /// How many sequences were run, the failing one included.
  std::size_t sequences_run = 0;
  /// How many operations were applied to the implementation and the model, before shrinking.
  std::size_t operations_run = 0;
  /// The 1-based index of the first failing sequence; 0 when every sequence passed.
  std::size_t sequences_to_failure = 0;
  /// How many operations the failing sequence had run when it failed, before shrinking.
  std::size_t original_length = 0;
  /// The shrunk counterexample of a failed cache check (empty otherwise).
  std::vector<cache_operation> cache_operations{};
  /// The shrunk counterexample of a failed allocator check (empty otherwise).
  std::vector<allocator_operation> allocator_operations{};
  /// For each shrunk operation, what the model observed (`observed` false for unobserved calls).
  std::vector<observation> observed{};
  /// The 1-based index, in the shrunk operations, of the one whose observation is wrong (the last).
  std::size_t failing_step = 0;
  /// What the implementation returned there (a reservation: 1 granted, 0 refused).
  std::int64_t actual = 0;
  /// What the model returned there.
  std::int64_t expected = 0;
  /// Whether `actual` had to equal `expected`; otherwise it had to lie in [0, expected].
  bool exact = false;
  /// How many times the shrinker re-ran a candidate sequence.
  std::size_t shrink_runs = 0;
  /// Whether the factory returned a pointer to the implementation (the replay then calls `->`).
  bool through_pointer = false;
  /// Whether the allocator factory took the capacity (the replay then passes it).
  bool factory_takes_capacity = false;

  /// True when no sequence failed.
  [[nodiscard]] bool passed() const noexcept { return sequences_to_failure == 0; }

  /// How many operations the shrunk counterexample has; 0 when passed.
  [[nodiscard]] std::size_t shrunk_length() const noexcept {
    return subject == stateful_subject::prefix_cache ? cache_operations.size()
                                                     : allocator_operations.size();
  }

  /// A doctest test case that replays the shrunk counterexample against `make_cache()` (or
  /// `make_allocator()`), checking every observed operation against the model's value. Empty when
  /// passed.
  [[nodiscard]] std::string replay() const;

  /// Prints the report (see the type's description).
  friend std::ostream& operator<<(std::ostream& stream, const stateful_report& report);
};

}  // namespace kvc
