// conformance/src/gen/domain.hpp - the values explored cases are made of, designed from the
// domain: integers at and next to the limits of every width an implementation might narrow to
// (8 to 64 bits, 24 and 53 for float and double mantissas), with both signs; values equal in
// their low bits or as a float; texts one character apart at any position, in another case, a
// prefix of each other, empty, or holding the characters keys are joined with or trimmed of;
// lengths around block edges and where 8- and 16-bit counters wrap.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <kvc/detail/equal.hpp>

#include "source.hpp"

namespace kvc::gen {

using wide_integer = kvc::detail::int128_type;

/// The widths an implementation may narrow an integer to: 8 to 64 bits, and 53 (a double's
/// mantissa), each with its sign bit.
inline constexpr std::array<int, 11> narrowing_widths{7, 8, 15, 16, 31, 32, 52, 53, 63, 64, 24};

/// Whether `value` is a value of T.
template <class T>
[[nodiscard]] constexpr bool holds(wide_integer value) {
  if constexpr (std::is_same_v<T, bool>) {
    return value == 0 || value == 1;
  } else {
    return value >= static_cast<wide_integer>(std::numeric_limits<T>::min()) &&
           value <= static_cast<wide_integer>(std::numeric_limits<T>::max());
  }
}

/// The domain's draws over a `kvc::gen::source`: every value where implementations go wrong
/// (limits of every width, neighbours, values equal in their low bits, texts one character
/// apart, lengths around block edges), each from the source's choices, the simplest first.
class domain {
 public:
  explicit domain(source& s) noexcept : source_(s) {}

  /// A value in [0, bound) (0 for 0).
  std::size_t below(std::size_t bound) { return source_.below(bound); }
  /// True `percent` times in 100 (false for the simplest choice).
  bool percent(std::size_t percent) { return source_.chance(static_cast<unsigned>(percent)); }
  /// 64 arbitrary bits.
  std::uint64_t bits() { return source_.bits(); }
  /// True once in `one_in` draws: a rare branch, never taken by the simplest choice.
  bool rare(std::size_t one_in) { return one_in != 0 && below(one_in) == one_in - 1; }
  /// The source drawn from.
  [[nodiscard]] source& choices() { return source_; }
  /// One of `choices`.
  template <class T, std::size_t N>
  T one_of(const std::array<T, N>& choices) {
    return choices[below(N)];
  }

  /// A value at or next to the limit of a width: 2^w - 1, 2^w, 2^w + 1, and their negations.
  wide_integer width_limit() {
    const int w = narrowing_widths[below(narrowing_widths.size())];
    const wide_integer power = static_cast<wide_integer>(1) << w;
    const wide_integer offset = static_cast<wide_integer>(below(3)) - 1;
    const wide_integer value = power + offset;
    return percent(40) ? -value : value;
  }

  /// Any value of T, most of them where implementations go wrong: 0 and its neighbours, small
  /// values, the limits of every narrower width, T's own limits, and anything at all.
  template <class T>
  T integer() {
    // A few tries, then 0: a replayed (shrunk) case always draws a value.
    for (int attempt = 0; attempt < 8; ++attempt) {
      wide_integer v = 0;
      switch (below(8)) {
        case 0: {
          static constexpr int around_zero[] = {0, 1, -1};
          v = around_zero[below(3)];
          break;
        }
        case 1:
        case 2: v = static_cast<wide_integer>(below(17)); break;
        case 3:
        case 4: v = width_limit(); break;
        case 5:
          v = percent(50) ? static_cast<wide_integer>(std::numeric_limits<T>::max())
                          : static_cast<wide_integer>(std::numeric_limits<T>::min());
          v += percent(50) ? 0 : (v > 0 ? -1 : 1);
          break;
        case 6: v = -static_cast<wide_integer>(below(17)); break;
        default: v = static_cast<wide_integer>(static_cast<std::int64_t>(bits())); break;
      }
      if (holds<T>(v)) return static_cast<T>(v);
    }
    return T{};
  }

  /// A negative value of T (T signed): -1 `minus_one_percent` times in 100, else a small negative
  /// value, a width's limit negated, or T's minimum -- every value a contract treats alike as
  /// negative is tried, not only -1.
  template <class T>
  T negative(std::size_t minus_one_percent) {
    static_assert(std::is_signed_v<T>, "negative values need a signed type");
    for (int attempt = 0; attempt < 8; ++attempt) {
      wide_integer v = -1;
      if (!percent(minus_one_percent)) {
        switch (below(3)) {
          case 0: v = -static_cast<wide_integer>(2 + below(300)); break;
          case 1: {
            const wide_integer limit = width_limit();
            v = limit > 0 ? -limit : limit;
            break;
          }
          default: v = static_cast<wide_integer>(std::numeric_limits<T>::min()); break;
        }
      }
      if (holds<T>(v)) return static_cast<T>(v);
    }
    return static_cast<T>(-1);
  }

  /// A value of T close to `target` (its neighbours, or the target itself), or any value when
  /// none of them is one of T's.
  template <class T>
  T near(wide_integer target) {
    for (int attempt = 0; attempt < 4; ++attempt) {
      const wide_integer v = target + static_cast<wide_integer>(below(3)) - 1;
      if (holds<T>(v)) return static_cast<T>(v);
    }
    return holds<T>(target) ? static_cast<T>(target) : integer<T>();
  }

  /// A value of T that agrees with `value` in its low bits (8, 16, 32) or differs only in sign,
  /// but is another value: what a comparison that narrows cannot tell apart. `value` itself when
  /// T has no such value.
  template <class T>
  T colliding(T value) {
    const wide_integer v = static_cast<wide_integer>(kvc::detail::integer_value(value));
    // The same value as T's bits read with the other signedness: -v for a signed type, 2^w - v
    // (its two's complement) for an unsigned one.
    const wide_integer other_sign =
        std::is_signed_v<T> ? -v
                            : (static_cast<wide_integer>(1) << (8 * sizeof(T) < 127 ? 8 * sizeof(T) : 126)) - v;
    const std::array<wide_integer, 10> candidates{
        v + (static_cast<wide_integer>(1) << 8),  v - (static_cast<wide_integer>(1) << 8),
        v + (static_cast<wide_integer>(1) << 16), v + (static_cast<wide_integer>(1) << 32),
        v - (static_cast<wide_integer>(1) << 32), other_sign == v ? v + 1 : other_sign,
        v + (static_cast<wide_integer>(1) << 53),
        // Neighbours: alike once converted to float (past 2^24) or double (past 2^53).
        v + 1, v - 1, -v};
    for (std::size_t attempt = 0; attempt < 8; ++attempt) {
      const wide_integer c = candidates[below(candidates.size())];
      if (c != v && holds<T>(c)) return static_cast<T>(c);
    }
    for (const wide_integer c : candidates)
      if (c != v && holds<T>(c)) return static_cast<T>(c);
    return holds<T>(v + 1) ? static_cast<T>(v + 1) : static_cast<T>(v - 1);
  }

  /// A token of type E: mostly a small alphabet, so that sequences drawn apart still agree for a
  /// while; sometimes a value at a width's limit.
  template <class E>
  E token() {
    if constexpr (std::is_same_v<E, bool>) {
      return percent(50);
    } else {
      if (percent(85)) return static_cast<E>(below(4));
      return integer<E>();
    }
  }

  /// A length around a multiple of one of `blocks` (k * b - 1, k * b, k * b + 1), or a small one;
  /// past 2^16 once in `long_one_in` draws (never for 0).
  template <std::size_t N>
  std::size_t length(const std::array<std::size_t, N>& blocks, std::size_t long_one_in) {
    if (long_one_in != 0 && rare(long_one_in))
      return (std::size_t{1} << 16) + below(3) - 1 + (percent(30) ? 16 : 0);
    // Where a counter of 8 bits wraps (one in 40 draws, where long ones are allowed).
    if (long_one_in != 0 && rare(40)) return 255 + below(3);
    if (!percent(75)) return below(6);
    const std::size_t b = blocks[below(N)];
    const std::size_t k = below(5);
    // One below, at or one past k blocks; the simplest choice at k * b.
    static constexpr std::size_t offsets[] = {1, 0, 2};
    const std::size_t base = b * k + offsets[below(3)];
    return base == 0 ? 0 : base - 1;
  }

  /// A text: a common name, a long one, an empty one, or random characters.
  std::string text() {
    static constexpr std::array<const char*, 10> names{
        "m",         "llama-3-8b", "lora-a", "org_1", "tenant-42", "A",
        "Qwen2-VL",  "",           "x",      "sql"};
    switch (below(6)) {
      case 0:
      case 1: return names[below(names.size())];
      case 2: {
        // Long: a length at or next to a power of two up to 1,024, so that a comparison cut at
        // 8, 16, ..., 1,024 characters sees a difference just past its cut. 'a's, up to three of
        // them changed: a fixed number of choices whatever the length, so that a shrinker lowers
        // the length alone.
        const std::size_t power = std::size_t{1} << (3 + below(8));
        const std::size_t near = below(3);  // at, one below, one past
        const bool longer = percent(30);
        const std::size_t more = below(40);
        std::string long_name(power + (near == 2 ? 1 : 0) - (near == 1 ? 1 : 0) + (longer ? more : 0),
                              'a');
        for (std::size_t changes = below(4); changes > 0; --changes) {
          const std::size_t at = below(long_name.size());
          long_name[at] = static_cast<char>('a' + below(3));
        }
        return long_name;
      }
      case 3: return std::string(below(3), 'a');
      case 4: {
        // The characters engines join keys with, split on or trim: a text holding them aliases a
        // joined key or a trimmed one.
        static constexpr std::array<char, 16> separators{'/', ':', '|', ',', ' ', '\t', '\n',
                                                         '\0', '_', '-', '\x1f', ';', '@', '#',
                                                         '.', '='};
        std::string joined(1 + below(8), 'a');
        for (auto& c : joined)
          c = percent(40) ? separators[below(separators.size())] : static_cast<char>('a' + below(3));
        return joined;
      }
      default: {
        std::string any(below(12), ' ');
        for (auto& c : any) c = static_cast<char>(percent(5) ? below(32) : 'a' + below(26));
        return any;
      }
    }
  }

  /// A text that is not `base` but close to it: one character changed at any position, one in
  /// another case, one longer or shorter (each a prefix of the other), empty, or another text.
  std::string other_text(const std::string& base) {
    for (int attempt = 0; attempt < 8; ++attempt) {
      std::string t = base;
      switch (below(10)) {
        case 0:
          if (!t.empty()) {
            // Anywhere, or just past a power of two (where a truncated comparison stops), or last.
            std::size_t at = below(t.size());
            if (percent(40)) {
              const std::size_t power = std::size_t{1} << below(11);
              at = power < t.size() ? power : t.size() - 1;
            }
            t[at] = static_cast<char>(t[at] == 'a' ? 'b' : t[at] ^ 1);
          }
          break;
        case 8: {
          // Punctuation a normaliser folds together: "llama-3" and "llama_3", "a.b" and "a b".
          static constexpr std::array<char, 7> alike{'-', '_', '.', ' ', ':', '/', '+'};
          std::size_t at = t.size();
          for (std::size_t i = 0; i < t.size(); ++i)
            if (std::find(alike.begin(), alike.end(), t[i]) != alike.end()) at = i;
          if (at == t.size() && !t.empty()) at = below(t.size());
          if (at < t.size()) {
            char c = alike[below(alike.size())];
            if (c == t[at]) c = alike[(static_cast<std::size_t>(std::find(alike.begin(), alike.end(), c) - alike.begin()) + 1) % alike.size()];
            t[at] = c;
          } else {
            t = "a-b";
          }
          break;
        }
        case 1:
          if (!t.empty()) {
            const std::size_t at = below(t.size());
            const char c = t[at];
            t[at] = c >= 'a' && c <= 'z' ? static_cast<char>(c - 32)
                    : c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32)
                                           : static_cast<char>(c ^ 2);
          }
          break;
        case 2: t.push_back(percent(20) ? '\0' : static_cast<char>('a' + below(26))); break;
        case 3:
          if (!t.empty()) t.pop_back();
          break;
        case 4: t.clear(); break;
        case 5: t = text(); break;
        case 6: {
          // Whitespace or a separator added at either end: equal once trimmed or split.
          static constexpr std::array<char, 6> around{' ', '\t', '\n', '/', ':', '\0'};
          const char c = around[below(around.size())];
          if (percent(50))
            t.push_back(c);
          else
            t.insert(t.begin(), c);
          break;
        }
        case 9:
          // The same digest: two characters swapped (an anagram: a sum or an xor of the
          // characters is kept), or two changed so that a sum weighted by position (1, 2, ...)
          // is kept (the first up by the second's weight, the second down by the first's).
          if (t.size() < 2) t = "ab";
          {
            const std::size_t i = below(t.size() - 1);
            const std::size_t j = i + 1 + below(t.size() - 1 - i);
            if (percent(50) && t[i] != t[j]) {
              std::swap(t[i], t[j]);
            } else {
              const auto up = static_cast<unsigned char>(t[i]);
              const auto down = static_cast<unsigned char>(t[j]);
              // Kept printable ASCII, so that every language reads the text (Python as str).
              if (up + j + 1 <= 126 && down >= 33 + i + 1) {
                t[i] = static_cast<char>(up + j + 1);
                t[j] = static_cast<char>(down - (i + 1));
              }
            }
          }
          break;
        default: t = base + base; break;
      }
      if (t != base) return t;
    }
    return base + "'";
  }

 private:
  source& source_;
};

}  // namespace kvc::gen
