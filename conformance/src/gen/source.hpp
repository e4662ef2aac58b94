// conformance/src/gen/source.hpp - where every random choice of a generated case comes from.
//
// A generator is a plain function that draws what it needs from a `kvc::gen::source`: a case is
// the list of choices it drew. Drawn fresh, the choices come from kvc's own SplitMix64 (the same
// cases on every compiler and standard library); replayed, they come from a recorded list, so
// that the one shrinker (gen/shrink.hpp) shrinks any case, a function call's inputs or a stateful
// sequence alike, by shortening and lowering its choices and drawing the case again. Generators
// keep the rule that makes this work: a choice of 0 draws the simplest value (the smallest
// integer, the first alternative, "no more elements"), so a smaller list of choices draws a
// simpler case.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace kvc::gen {

/// SplitMix64: a seeded stream of 64-bit values.
class splitmix64 {
 public:
  explicit constexpr splitmix64(std::uint64_t seed) noexcept : state_(seed) {}
  constexpr std::uint64_t next() noexcept {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }

 private:
  std::uint64_t state_;
};

/// The seed of case `index` of a run seeded with `seed`.
[[nodiscard]] constexpr std::uint64_t case_seed(std::uint64_t seed, std::uint64_t index) noexcept {
  splitmix64 mix(seed ^ (index * 0xD1B54A32D192ED03ULL));
  return mix.next();
}

/// The choices of one case: drawn fresh from a seed, or replayed from a list.
class source {
 public:
  /// Fresh choices from `seed`.
  explicit source(std::uint64_t seed) : random_(seed), replaying_(false) {}
  /// The choices `recorded`, in order; past their end, every choice is 0.
  explicit source(std::vector<std::uint64_t> recorded) : source(std::move(recorded), {}) {}
  /// The choices `recorded`, whose marked elements (`mark`) start at `elements`: each element is
  /// replayed from its own choices. One that draws fewer than it recorded leaves the rest unread,
  /// one that draws more reads 0s, so that a change to one element (a shorter token list) leaves
  /// every other element as it was drawn.
  source(std::vector<std::uint64_t> recorded, std::vector<std::size_t> elements)
      : random_(0),
        replaying_(true),
        recorded_(std::move(recorded)),
        elements_(std::move(elements)),
        end_(elements_.empty() ? recorded_.size() : bounded(elements_[0])) {}

  /// A choice in [0, most].
  std::uint64_t choose(std::uint64_t most) {
    std::uint64_t value = 0;
    if (!replaying_) {
      const std::uint64_t bits = random_.next();
      value = most == UINT64_MAX ? bits : bits % (most + 1);
    } else if (read_ < end_) {
      value = recorded_[read_] <= most ? recorded_[read_] : most;
      ++read_;
    } else {
      ++overrun_;
    }
    choices_.push_back(value);
    return value;
  }

  /// A value in [0, bound) (0 for a bound of 0 or 1).
  std::size_t below(std::size_t bound) { return bound <= 1 ? 0 : static_cast<std::size_t>(choose(bound - 1)); }
  /// True `percent` times in 100; false for the choice 0.
  bool chance(unsigned percent) { return choose(99) >= 100 - percent; }
  /// 64 arbitrary bits.
  std::uint64_t bits() { return choose(UINT64_MAX); }

  /// The choices drawn (or replayed) so far.
  [[nodiscard]] const std::vector<std::uint64_t>& choices() const noexcept { return choices_; }
  /// The choices the draw used, in order (those a replay read past its list, or past its
  /// element's choices, as 0): replayed, they draw the same case.
  [[nodiscard]] std::vector<std::uint64_t> consumed() const { return choices_; }
  /// How many choices a replay drew past the end of its list (or of an element's choices).
  [[nodiscard]] std::size_t overrun() const noexcept { return overrun_; }
  /// How many choices were drawn.
  [[nodiscard]] std::size_t drawn() const noexcept { return choices_.size(); }

  /// Marks the start of one element of the case (an operation of a stateful sequence): the choices
  /// from here to the next mark are drawn for it alone, so that the shrinker tries deleting them
  /// together, and a replay with the elements' starts reads each element's own choices.
  void mark() {
    marks_.push_back(choices_.size());
    if (!replaying_ || elements_.empty()) return;
    const std::size_t k = marks_.size() - 1;
    read_ = k < elements_.size() ? bounded(elements_[k]) : recorded_.size();
    end_ = k + 1 < elements_.size() ? bounded(elements_[k + 1]) : recorded_.size();
  }
  /// Where each marked element starts, in order.
  [[nodiscard]] const std::vector<std::size_t>& marks() const noexcept { return marks_; }

 private:
  [[nodiscard]] std::size_t bounded(std::size_t at) const noexcept {
    return at < recorded_.size() ? at : recorded_.size();
  }

  splitmix64 random_;
  bool replaying_;
  std::vector<std::uint64_t> recorded_;
  std::vector<std::size_t> elements_;
  std::vector<std::uint64_t> choices_;
  std::size_t read_ = 0;
  std::size_t end_ = 0;
  std::size_t overrun_ = 0;
  std::vector<std::size_t> marks_;
};

/// One of `n` alternatives, the first the simplest.
[[nodiscard]] inline std::size_t pick(source& s, std::size_t n) { return s.below(n); }

/// A list of elements drawn by `element(s)`: after each, whether another follows (false first,
/// so that shrinking ends the list). At least `least`, at most `most` elements; about one in
/// `1 + average` draws ends it.
template <class Element>
auto list_of(source& s, std::size_t least, std::size_t most, unsigned continue_percent, Element element) {
  std::vector<decltype(element(s))> out;
  while (out.size() < least) out.push_back(element(s));
  while (out.size() < most && s.chance(continue_percent)) out.push_back(element(s));
  return out;
}

}  // namespace kvc::gen
