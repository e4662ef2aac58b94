// kvc/stateful/shrink.hpp - a failing operation sequence shrunk to a minimal one: deterministic,
// bounded, and re-run on a fresh implementation for every candidate.
//
// First delta debugging (Zeller): delete chunks of operations, halving the chunk size down to
// single operations, keeping every deletion after which the sequence still fails. Then each
// operation is simplified (shorter token lists, smaller tokens, the pool's first namespace; a
// reservation replaced by `available()`, fewer slots, smaller request ids), and both repeat until nothing changes. A candidate is kept only when
// it fails, and the sequence is cut after its failing step, so the result ends at its failure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "namespace_pool.hpp"
#include "operations.hpp"

namespace kvc::detail {

/// Where and how a sequence failed: its failing step (0-based) and the observation there.
struct step_failure {
  /// Whether some step's observation disagreed with the model.
  bool failed = false;
  /// The index of that step.
  std::size_t step = 0;
  /// What the implementation returned there.
  std::int64_t actual = 0;
  /// What the model returned there.
  std::int64_t expected = 0;
};

/// The most re-runs one shrink makes: a few thousand short sequences take milliseconds, and a
/// bound keeps a pathological implementation from stalling the test.
inline constexpr std::size_t max_shrink_runs = 5000;

/// Simpler forms of a cache operation, simplest first: fewer tokens, smaller tokens, the pool's
/// first namespace.
template <class Emit>
void simpler_operations(const cache_operation& op, Emit&& emit) {
  const std::size_t n = op.tokens.count;
  if (n > 1) {
    cache_operation half = op;
    half.tokens.count = n / 2;
    emit(half);
  }
  for (std::size_t drop = n; drop-- > 0;) {
    cache_operation fewer = op;
    for (std::size_t i = drop; i + 1 < n; ++i) fewer.tokens.storage[i] = fewer.tokens.storage[i + 1];
    fewer.tokens.count = n - 1;
    emit(fewer);
  }
  if (!(op.ns == namespace_pool<Emit>[0])) {
    cache_operation first = op;
    first.ns = namespace_pool<Emit>[0];
    emit(first);
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::int32_t token = op.tokens.storage[i];
    for (const std::int32_t lower : {0, 1}) {
      if (token == lower || (token == 0 && lower == 1)) continue;
      cache_operation smaller = op;
      smaller.tokens.storage[i] = lower;
      emit(smaller);
    }
  }
}

/// Simpler forms of an allocator operation: a reservation replaced by a look at `available()`,
/// fewer slots, a smaller request id.
///
/// Why `available()`: a lost or doubled slot count is often first seen by a reservation at the
/// capacity edge, which needs other reservations to fill the allocator up to it; looking at
/// `available()` where that reservation was shows the same bug without them, so they can then be
/// deleted.
template <class Emit>
void simpler_operations(const allocator_operation& op, Emit&& emit) {
  if (op.kind == allocator_operation_kind::try_reserve) emit(available_operation());
  if (op.kind != allocator_operation_kind::try_reserve &&
      op.kind != allocator_operation_kind::release)
    return;
  if (op.slots > 1) {
    for (const std::size_t fewer : {std::size_t{1}, op.slots / 2, op.slots - 1}) {
      if (fewer == 0 || fewer >= op.slots) continue;
      allocator_operation smaller = op;
      smaller.slots = fewer;
      emit(smaller);
    }
  }
  if (op.request > 1) {
    for (const std::uint64_t lower : {std::uint64_t{1}, op.request - 1}) {
      allocator_operation smaller = op;
      smaller.request = lower;
      emit(smaller);
    }
  }
}

/// A shrunk counterexample: the operations, their failure, and how many re-runs it took.
template <class Operation>
struct shrunk_sequence {
  std::vector<Operation> operations;
  step_failure failure;
  std::size_t runs = 0;
};

/// Shrinks `operations`, which fail as `failure` says, with `run(operations) -> step_failure`
/// (each call on a fresh implementation) as the oracle.
template <class Operation, class Run>
[[nodiscard]] shrunk_sequence<Operation> shrink(std::vector<Operation> operations,
                                                step_failure failure, Run&& run) {
  shrunk_sequence<Operation> best{std::move(operations), failure, 0};
  best.operations.resize(failure.step + 1);

  const auto keep_if_failing = [&best, &run](std::vector<Operation>& candidate) {
    if (best.runs >= max_shrink_runs) return false;
    ++best.runs;
    const step_failure outcome = run(candidate);
    if (!outcome.failed) return false;
    candidate.resize(outcome.step + 1);
    best.operations = candidate;
    best.failure = outcome;
    return true;
  };

  std::vector<Operation> candidate;
  for (bool changed = true; changed && best.runs < max_shrink_runs;) {
    changed = false;
    for (std::size_t chunk = best.operations.size() / 2; chunk >= 1; chunk /= 2) {
      for (std::size_t at = 0; at < best.operations.size();) {
        candidate.assign(best.operations.begin(), best.operations.begin() + static_cast<std::ptrdiff_t>(at));
        const std::size_t end = at + chunk < best.operations.size() ? at + chunk : best.operations.size();
        candidate.insert(candidate.end(), best.operations.begin() + static_cast<std::ptrdiff_t>(end),
                         best.operations.end());
        if (!candidate.empty() && keep_if_failing(candidate))
          changed = true;  // the next chunk now starts at `at`
        else
          at += chunk;
      }
    }
    for (std::size_t at = 0; at < best.operations.size(); ++at) {
      for (bool simpler = true; simpler && at < best.operations.size();) {
        simpler = false;
        const Operation current = best.operations[at];
        simpler_operations(current, [&](const Operation& replacement) {
          if (simpler || at >= best.operations.size()) return;
          candidate = best.operations;
          candidate[at] = replacement;
          simpler = keep_if_failing(candidate);
        });
        changed = changed || simpler;
      }
    }
  }
  return best;
}

}  // namespace kvc::detail
