// conformance/src/gen/shrink.hpp - the one shrinker: a failing case's choices made as short and as
// small as they go while the case still fails. Every generated case, a function call's inputs or
// a stateful sequence, is shrunk here, by drawing it again from the smaller choices.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kvc::gen {

/// What shrinking may spend.
struct shrink_budget {
  /// The most re-runs.
  std::size_t runs = 4000;
  /// The most time (0: no limit).
  std::chrono::milliseconds time{0};
};

/// Whether `a` is simpler than `b`: shorter, or as long and smaller at the first difference.
[[nodiscard]] inline bool simpler(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b) {
  if (a.size() != b.size()) return a.size() < b.size();
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return a[i] < b[i];
  return false;
}

/// Shrinks the failing `choices`: `fails(candidate)` draws a case from `candidate`, runs it and
/// returns whether it still fails, together with the choices the draw consumed (a draw may stop
/// early). Returns the simplest failing choices found, and counts the re-runs in `runs`.
template <class Fails>
std::vector<std::uint64_t> shrink(std::vector<std::uint64_t> choices, Fails fails,
                                  const shrink_budget& budget, std::size_t& runs) {
  const auto start = std::chrono::steady_clock::now();
  const auto spent = [&] {
    if (runs >= budget.runs) return true;
    return budget.time.count() > 0 && std::chrono::steady_clock::now() - start > budget.time;
  };
  // Keeps `candidate` when it still fails and is simpler (as the choices the draw consumed).
  const auto attempt = [&](std::vector<std::uint64_t> candidate) {
    if (spent()) return false;
    ++runs;
    std::vector<std::uint64_t> consumed;
    if (!fails(candidate, consumed)) return false;
    if (!simpler(consumed, choices)) return false;
    choices = std::move(consumed);
    return true;
  };

  for (bool improved = true; improved && !spent();) {
    improved = false;
    // Delete chunks: whole elements of a list, whole operations of a sequence.
    for (const std::size_t size : {std::size_t{8}, std::size_t{4}, std::size_t{2}, std::size_t{1}}) {
      for (std::size_t at = 0; at + size <= choices.size() && !spent();) {
        std::vector<std::uint64_t> candidate(choices.begin(), choices.begin() + static_cast<std::ptrdiff_t>(at));
        candidate.insert(candidate.end(), choices.begin() + static_cast<std::ptrdiff_t>(at + size), choices.end());
        if (attempt(std::move(candidate)))
          improved = true;
        else
          ++at;
      }
    }
    // Lower each choice: to 0, then by halves, then by one.
    for (std::size_t i = 0; i < choices.size() && !spent(); ++i) {
      if (choices[i] == 0) continue;
      std::vector<std::uint64_t> candidate = choices;
      candidate[i] = 0;
      if (attempt(candidate)) {
        improved = true;
        continue;
      }
      std::uint64_t low = 0;  // fails at choices[i], not known to fail at low
      while (i < choices.size() && low + 1 < choices[i] && !spent()) {
        const std::uint64_t mid = low + (choices[i] - low) / 2;
        candidate = choices;
        candidate[i] = mid;
        if (attempt(candidate))
          improved = true;
        else
          low = mid;
      }
    }
  }
  return choices;
}

}  // namespace kvc::gen
