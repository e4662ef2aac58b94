// kvc/spec/sequence.hpp - a sequence of integers as a fixture table holds it: a few runs, each a
// first value, a length and a step, so that "20 ones, then 258, then 20 ones" or a prompt of 5,000
// tokens is one short value in a constexpr table.
#pragma once

#include <concepts>
#include <cstddef>
#include <initializer_list>

namespace kvc {

/// One run of a `kvc::sequence`: `count` values from `first`, each `step` more than the last,
/// starting again from `first` every `period` values (0: never).
struct run {
  /// The first value.
  long long first = 0;
  /// How many values.
  std::size_t count = 0;
  /// The difference between neighbours: 0 repeats `first`, 1 counts up.
  long long step = 0;
  /// How many values before the run starts again from `first` (0: it never does).
  std::size_t period = 0;

  /// Value `i` of the run.
  [[nodiscard]] constexpr long long at(std::size_t i) const noexcept {
    return advanced(first, step, period == 0 ? i : i % period);
  }

  /// `from + k * step` in 64-bit two's complement: a run holds any value of a 64-bit type, an
  /// unsigned one past INT64_MAX included (stored as the `long long` of the same bits).
  [[nodiscard]] static constexpr long long advanced(long long from, long long by,
                                                    std::size_t k) noexcept {
    return static_cast<long long>(static_cast<unsigned long long>(from) +
                                  static_cast<unsigned long long>(by) * k);
  }
};

/// An integer sequence in a fixture table (token ids, segment ids, position ids, request sizes):
/// up to `max_runs` runs, read as elements of type `E`. Written as a list (`{1, 2, 4}`, where
/// neighbours one step apart share a run), as `kvc::repeat(1, 20)`, `kvc::counting(0, 300)` or
/// `kvc::alternating(0, 1, 300)`, and joined with `+`. `MaxRuns` is 8 but for a table whose
/// lists hardly repeat (M-RoPE's position rows), so that every other table stays small.
template <class E, std::size_t MaxRuns = 8>
struct sequence {
  /// The element type the sequence is offered as.
  using value_type = E;
  /// The most runs a sequence holds.
  static constexpr std::size_t max_runs = MaxRuns;

  /// The runs, in order; the first `run_count` are used.
  run runs[max_runs]{};
  /// How many runs are used.
  std::size_t run_count = 0;

  /// The empty sequence.
  constexpr sequence() noexcept = default;
  /// The values listed.
  constexpr sequence(std::initializer_list<long long> values) noexcept {
    for (const long long v : values) append({v, 1, 0});
  }
  /// The values listed, all of one unsigned type: `{std::uint64_t{1} << 63, std::uint64_t{1}}`
  /// holds values past INT64_MAX.
  template <std::unsigned_integral V>
  constexpr sequence(std::initializer_list<V> values) noexcept {
    for (const V v : values) append({static_cast<long long>(v), 1, 0});
  }

  /// Appends a run, merged with the last one where it continues it.
  constexpr void append(run r) noexcept {
    if (r.count == 0) return;
    if (run_count > 0 && r.period == 0 && runs[run_count - 1].period == 0) {
      run& last = runs[run_count - 1];
      const long long next = run::advanced(last.first, last.step, last.count);
      if (r.count == 1 && last.count == 1) {
        last.step = static_cast<long long>(static_cast<unsigned long long>(r.first) -
                                           static_cast<unsigned long long>(last.first));
        last.count = 2;
        return;
      }
      if (r.count == 1 && next == r.first) {
        ++last.count;
        return;
      }
    }
    runs[run_count++] = r;
  }

  /// How many values.
  [[nodiscard]] constexpr std::size_t size() const noexcept {
    std::size_t n = 0;
    for (std::size_t i = 0; i < run_count; ++i) n += runs[i].count;
    return n;
  }
  /// Whether there is no value.
  [[nodiscard]] constexpr bool empty() const noexcept { return run_count == 0; }
  /// The `i`th value. Requires `i < size()`.
  [[nodiscard]] constexpr E operator[](std::size_t i) const noexcept {
    for (std::size_t r = 0; r < run_count; ++r) {
      if (i < runs[r].count) return static_cast<E>(runs[r].at(i));
      i -= runs[r].count;
    }
    return E{};
  }

  /// Writes every value, converted to T, to `out[0]`, `out[1]`, ...: one pass over each run, with
  /// no function call per value (in constant evaluation each call costs thousands of instructions).
  template <class T>
  constexpr void copy_to(T* out) const noexcept {
    for (std::size_t r = 0; r < run_count; ++r) {
      const run& part = runs[r];
      if (part.period == 0) {
        // Unsigned, so that a run past a 64-bit type's limit wraps as run::advanced does.
        auto value = static_cast<unsigned long long>(part.first);
        const auto step = static_cast<unsigned long long>(part.step);
        for (std::size_t k = part.count; k > 0; --k, value += step)
          *out++ = static_cast<T>(static_cast<long long>(value));
      } else {
        for (std::size_t k = 0; k < part.count; ++k) *out++ = static_cast<T>(part.at(k));
      }
    }
  }

  /// `a` then `b`.
  [[nodiscard]] friend constexpr sequence operator+(sequence a, const sequence& b) noexcept {
    for (std::size_t i = 0; i < b.run_count; ++i) a.append(b.runs[i]);
    return a;
  }
  /// Equal when they hold the same values.
  [[nodiscard]] friend constexpr bool operator==(const sequence& a, const sequence& b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (a[i] != b[i]) return false;
    return true;
  }
};

/// `value`, `count` times.
template <class E = int>
[[nodiscard]] constexpr sequence<E> repeat(long long value, std::size_t count) noexcept {
  sequence<E> s;
  s.append({value, count, 0});
  return s;
}

/// `count` values counting up from `first`: `first, first + 1, ...`.
template <class E = int>
[[nodiscard]] constexpr sequence<E> counting(long long first, std::size_t count) noexcept {
  sequence<E> s;
  s.append({first, count, 1});
  return s;
}

/// `count` values alternating between `a` and `b`, from `a`.
template <class E = int>
[[nodiscard]] constexpr sequence<E> alternating(long long a, long long b, std::size_t count) noexcept {
  sequence<E> s;
  s.append({a, count, b - a, 2});
  return s;
}

}  // namespace kvc

/// The specs: each contract's shapes and fixture tables (kvc/specs/&lt;contract&gt;.hpp).
namespace kvc::specs {
/// Sequences of `char` ids, as the records write them.
using chars = sequence<char>;
/// Sequences of `int` token ids.
using tokens = sequence<int>;
}  // namespace kvc::specs
