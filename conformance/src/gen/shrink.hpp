// conformance/src/gen/shrink.hpp - the one shrinker: a failing case's choices made as short and as
// small as they go while the case still fails. Every generated case, a function call's inputs or
// a stateful sequence, is shrunk here, by drawing it again from the smaller choices.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <utility>
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

/// Drops the 0s that end `choices`: a replay reads 0 past its list, so a case without marked
/// elements is the same case without them, and passes over the rest (a long token list drawn
/// from 0s) spend no runs on them.
inline void drop_trailing_zeros(std::vector<std::uint64_t>& choices) {
  while (!choices.empty() && choices.back() == 0) choices.pop_back();
}

/// `elements` (where each marked element starts) once `size` choices from `at` are deleted.
[[nodiscard]] inline std::vector<std::size_t> without_choices(std::vector<std::size_t> elements,
                                                             std::size_t at, std::size_t size) {
  for (std::size_t& start : elements)
    if (start > at) start = start >= at + size ? start - size : at;
  return elements;
}

/// Shrinks the failing `choices`, whose marked elements (`kvc::gen::source::mark`: the operations
/// of a stateful sequence) start at `elements`: `fails(candidate, starts, consumed, marks)` draws a
/// case from `candidate`, each element from its own choices (`starts`), runs it and returns whether
/// it still fails, together with the choices the draw consumed (a draw may stop early) and where
/// its elements start. Whole elements are deleted first (runs of them, halving down to one); in a
/// long case, large blocks of choices are then deleted or zeroed and each choice lowered; then
/// chunks of choices are deleted, each choice is
/// lowered as far as it goes, and then, in a case with elements, equal choices together. Returns the simplest failing choices found, and counts the re-runs in `runs`.
template <class Fails>
std::vector<std::uint64_t> shrink(std::vector<std::uint64_t> choices, std::vector<std::size_t> elements,
                                  Fails fails, const shrink_budget& budget, std::size_t& runs) {
  if (elements.empty()) drop_trailing_zeros(choices);
  const auto start = std::chrono::steady_clock::now();
  const auto spent = [&] {
    if (runs >= budget.runs) return true;
    return budget.time.count() > 0 && std::chrono::steady_clock::now() - start > budget.time;
  };
  // Keeps `candidate` when it still fails and is simpler (as the choices the draw consumed).
  const auto attempt = [&](const std::vector<std::uint64_t>& candidate,
                           const std::vector<std::size_t>& starts) {
    if (spent()) return false;
    ++runs;
    std::vector<std::uint64_t> consumed;
    std::vector<std::size_t> marks;
    if (!fails(candidate, starts, consumed, marks)) return false;
    if (marks.empty()) drop_trailing_zeros(consumed);
    if (!simpler(consumed, choices)) return false;
    choices = std::move(consumed);
    elements = std::move(marks);
    return true;
  };
  const auto without = [&](std::size_t begin, std::size_t end) {
    std::vector<std::uint64_t> candidate(choices.begin(), choices.begin() + static_cast<std::ptrdiff_t>(begin));
    candidate.insert(candidate.end(), choices.begin() + static_cast<std::ptrdiff_t>(end), choices.end());
    return attempt(candidate, without_choices(elements, begin, end - begin));
  };

  // Lowers each choice: to 0, then by halves, then by one.
  const auto lower_each = [&] {
    bool lowered = false;
    for (std::size_t i = 0; i < choices.size() && !spent(); ++i) {
      if (choices[i] == 0) continue;
      std::vector<std::uint64_t> candidate = choices;
      candidate[i] = 0;
      if (attempt(candidate, elements)) {
        lowered = true;
        continue;
      }
      std::uint64_t low = 0;  // fails at choices[i], not known to fail at low
      while (i < choices.size() && low + 1 < choices[i] && !spent()) {
        const std::uint64_t mid = low + (choices[i] - low) / 2;
        candidate = choices;
        candidate[i] = mid;
        if (attempt(candidate, elements))
          lowered = true;
        else
          low = mid;
      }
    }
    return lowered;
  };
  constexpr std::size_t long_case = 512;  // choices
  for (bool improved = true; improved && !spent();) {
    improved = false;
    // Delete whole elements: an operation of a sequence goes with every choice it drew, and the
    // operations after it are drawn as they were.
    for (std::size_t size = elements.size() > 1 ? elements.size() / 2 : 1; size >= 1 && !spent(); size /= 2) {
      for (std::size_t at = 0; at + size <= elements.size() && !spent();) {
        const std::size_t begin = elements[at];
        const std::size_t end = at + size < elements.size() ? elements[at + size] : choices.size();
        if (begin < end && end <= choices.size() && without(begin, end))
          improved = true;
        else
          ++at;
      }
    }
    // A long case (a list of thousands of tokens): large blocks of its choices deleted, then
    // zeroed, halving their size, so that most of it goes in a few runs where choice-by-choice
    // passes would spend the budget.
    for (std::size_t size = choices.size() / 2; choices.size() > long_case && size > 8 && !spent(); size /= 2) {
      for (std::size_t at = 0; at + size <= choices.size() && !spent(); at += size)
        if (without(at, at + size)) improved = true;
      for (std::size_t at = 0; at + size <= choices.size() && !spent(); at += size) {
        if (std::all_of(choices.begin() + static_cast<std::ptrdiff_t>(at),
                        choices.begin() + static_cast<std::ptrdiff_t>(at + size),
                        [](std::uint64_t c) { return c == 0; }))
          continue;
        std::vector<std::uint64_t> candidate = choices;
        std::fill_n(candidate.begin() + static_cast<std::ptrdiff_t>(at), size, std::uint64_t{0});
        if (attempt(candidate, elements)) improved = true;
      }
    }
    // A long case (a sequence of thousands): its choices lowered first. A length drawn before the
    // elements it sizes, lowered, shortens the case at once (its elements' choices are no longer
    // consumed), where deleting them one by one would spend the budget on runs of the long case.
    if (choices.size() > long_case && lower_each()) improved = true;
    // Delete chunks: whole elements of a list, parts of an operation.
    for (const std::size_t size : {std::size_t{8}, std::size_t{4}, std::size_t{2}, std::size_t{1}}) {
      for (std::size_t at = 0; at + size <= choices.size() && !spent();) {
        if (without(at, at + size))
          improved = true;
        else
          ++at;
      }
    }
    if (lower_each()) improved = true;
    // Lower equal choices of a sequence together: a value drawn by two operations (the same token
    // in an insert and in a lookup that must match it) goes down only when both do.
    for (std::size_t i = 0; !elements.empty() && i < choices.size() && !spent(); ++i) {
      const std::uint64_t value = choices[i];
      if (value == 0) continue;
      std::size_t equal = 0;
      for (std::size_t j = i; j < choices.size(); ++j)
        if (choices[j] == value) ++equal;
      if (equal < 2) continue;
      const auto lowered = [&](std::uint64_t to) {
        std::vector<std::uint64_t> candidate = choices;
        for (std::size_t j = i; j < candidate.size(); ++j)
          if (candidate[j] == value) candidate[j] = to;
        return candidate;
      };
      if (attempt(lowered(0), elements) || attempt(lowered(value / 2), elements) ||
          attempt(lowered(value - 1), elements))
        improved = true;
    }
  }
  return choices;
}

/// Shrinks the failing `choices` of a case without marked elements: `fails(candidate, consumed)`
/// draws a case from `candidate`, runs it and returns whether it still fails, together with the
/// choices the draw consumed (a draw may stop early). Returns the simplest failing choices found,
/// and counts the re-runs in `runs`.
template <class Fails>
std::vector<std::uint64_t> shrink(std::vector<std::uint64_t> choices, Fails fails,
                                  const shrink_budget& budget, std::size_t& runs) {
  return shrink(
      std::move(choices), {},
      [&fails](const std::vector<std::uint64_t>& candidate, const std::vector<std::size_t>&,
               std::vector<std::uint64_t>& consumed, std::vector<std::size_t>& marks) {
        marks.clear();
        return fails(candidate, consumed);
      },
      budget, runs);
}

}  // namespace kvc::gen
