// kvc/exploration/case_values.hpp - the values of an explored case: how a fixture's input types
// are held at run time, viewed for a call, written as C++ for a fixture line, and shrunk.
//
// A fixture holds `std::string_view`, `kvc::cache_namespace` and `std::array<E, K>` inputs. An
// explored case owns its values (`std::string`, `kvc::owning_cache_namespace`, `std::vector<E>`)
// and calls the implementation with views of them (`std::string_view`, `kvc::cache_namespace`,
// `std::vector<E>`, which the suites offer in every form an array is offered in).
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/hana/tuple.hpp>

#include <kvc/cache_namespace.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/multimodal_item.hpp>

namespace kvc::exploration {

// ---------------------------------------------------------------------------------------------
// Types: a fixture input, its run-time form in a call, and the value a case owns
// ---------------------------------------------------------------------------------------------

/// The run-time form of a fixture input type in a call: arrays become vectors.
template <class A>
struct call_form {
  using type = A;
};
template <class E, std::size_t K>
struct call_form<std::array<E, K>> {
  using type = std::vector<E>;
};

/// What a case owns for a call input of type C.
template <class C>
struct owned_form {
  using type = C;
};
template <>
struct owned_form<std::string_view> {
  using type = std::string;
};
template <>
struct owned_form<cache_namespace> {
  using type = owning_cache_namespace;
};

template <class C>
using owned_t = typename owned_form<C>::type;

/// The call inputs (a Hana tuple) of a fixture's inputs.
template <class Inputs>
struct call_inputs_of;
template <class... A>
struct call_inputs_of<boost::hana::tuple<A...>> {
  using type = boost::hana::tuple<typename call_form<A>::type...>;
};

/// What a case owns for the call inputs `Call` (a `std::tuple`).
template <class Call>
struct owned_case_of;
template <class... C>
struct owned_case_of<boost::hana::tuple<C...>> {
  using type = std::tuple<owned_t<C>...>;
};

/// Views an owned case as the call inputs `Call` (a Hana tuple).
template <class Call>
struct viewer;
template <class... C>
struct viewer<boost::hana::tuple<C...>> {
  template <class Owned>
  [[nodiscard]] static boost::hana::tuple<C...> view(const Owned& owned) {
    return view_one(owned, std::index_sequence_for<C...>{});
  }

 private:
  template <class Owned, std::size_t... I>
  [[nodiscard]] static boost::hana::tuple<C...> view_one(const Owned& owned,
                                                         std::index_sequence<I...>) {
    return boost::hana::tuple<C...>(as_call<C>(std::get<I>(owned))...);
  }
  template <class T, class V>
  [[nodiscard]] static T as_call(const V& v) {
    if constexpr (std::is_same_v<T, cache_namespace>)
      return v.view();
    else if constexpr (std::is_same_v<T, std::string_view>)
      return std::string_view(v);
    else
      return v;
  }
};

// ---------------------------------------------------------------------------------------------
// C++ literals, for the fixture line of a counterexample
// ---------------------------------------------------------------------------------------------

/// The name of an integer type as a fixture line spells it.
template <class T>
[[nodiscard]] constexpr std::string_view integer_type_name() noexcept {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  else if constexpr (std::is_same_v<T, char>) return "char";
  else if constexpr (std::is_same_v<T, signed char>) return "signed char";
  else if constexpr (std::is_same_v<T, unsigned char>) return "unsigned char";
  else if constexpr (std::is_same_v<T, short>) return "short";
  else if constexpr (std::is_same_v<T, unsigned short>) return "unsigned short";
  else if constexpr (std::is_same_v<T, int>) return "int";
  else if constexpr (std::is_same_v<T, unsigned>) return "unsigned";
  else if constexpr (std::is_same_v<T, long>) return "long";
  else if constexpr (std::is_same_v<T, unsigned long>) return "unsigned long";
  else if constexpr (std::is_same_v<T, long long>) return "long long";
  else if constexpr (std::is_same_v<T, unsigned long long>) return "unsigned long long";
  else if constexpr (std::is_same_v<T, char8_t>) return "char8_t";
  else if constexpr (std::is_same_v<T, char16_t>) return "char16_t";
  else if constexpr (std::is_same_v<T, char32_t>) return "char32_t";
  else if constexpr (std::is_same_v<T, wchar_t>) return "wchar_t";
  else return "int";
}

/// An integer as a C++ constant expression of its own value (INT64_MIN as `-9223372036854775807 - 1`).
template <class T>
[[nodiscard]] std::string integer_literal(T value) {
  if constexpr (std::is_same_v<T, bool>) {
    return value ? "true" : "false";
  } else {
    const auto v = kvc::detail::integer_value(value);
    if constexpr (std::is_signed_v<decltype(v)>) {
      const auto wide = static_cast<long long>(v);
      if (wide == std::numeric_limits<long long>::min()) return "(-9223372036854775807LL - 1)";
      return std::to_string(wide) + (wide > 2147483647LL || wide < -2147483647LL ? "LL" : "");
    } else {
      const auto wide = static_cast<unsigned long long>(v);
      return std::to_string(wide) + (wide > 2147483647ULL ? "ULL" : "U");
    }
  }
}

/// A string as a C++ string literal (control characters, quotes and backslashes escaped as octal).
template <class Deferred = void>
[[nodiscard]] std::string string_literal(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u >= 0x7f) {
      const char digits[] = {'\\', static_cast<char>('0' + ((u >> 6) & 7)),
                             static_cast<char>('0' + ((u >> 3) & 7)), static_cast<char>('0' + (u & 7))};
      out.append(digits, 4);
    } else {
      out += c;
    }
  }
  return out + "\"";
}

/// A text field as a C++ expression of its exact content (with its length when it holds a NUL).
[[nodiscard]] inline std::string text_literal(std::string_view text) {
  if (text.find('\0') != std::string_view::npos)
    return "std::string_view{" + string_literal(text) + ", " + std::to_string(text.size()) + "}";
  return "std::string_view{" + string_literal(text) + "}";
}

template <class T>
[[nodiscard]] std::string value_literal(const T& value);

/// Elements as a `std::array` expression.
template <class E>
[[nodiscard]] std::string array_literal(const std::vector<E>& values) {
  std::string element;
  if constexpr (std::is_same_v<E, multimodal_item>)
    element = "kvc::multimodal_item";
  else if constexpr (std::is_same_v<E, std::size_t>)
    element = "std::size_t";
  else if constexpr (std::integral<E>)
    element = std::string(integer_type_name<E>());
  else
    element = "auto";
  std::string out = "std::array<" + element + ", " + std::to_string(values.size()) + ">{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i != 0) out += ", ";
    if constexpr (std::integral<E> && !std::is_same_v<E, bool>) {
      const auto v = kvc::detail::integer_value(values[i]);
      if constexpr (std::is_same_v<E, int> || std::is_same_v<E, std::size_t>)
        out += integer_literal(values[i]);
      else
        out += element + "(" + integer_literal(v) + ")";
    } else {
      out += value_literal(values[i]);
    }
  }
  return out + "}";
}

/// A value as a C++ expression a fixture line can hold.
template <class T>
[[nodiscard]] std::string value_literal(const T& value) {
  if constexpr (std::is_same_v<T, std::string_view> || std::is_same_v<T, std::string>) {
    return text_literal(value);
  } else if constexpr (std::is_same_v<T, cache_namespace>) {
    return "kvc::cache_namespace{" + text_literal(value.model) + ", " + text_literal(value.adapter) +
           ", " + integer_literal(value.adapter_revision) + ", " + text_literal(value.salt) + "}";
  } else if constexpr (std::is_same_v<T, multimodal_item>) {
    return "kvc::multimodal_item{" + integer_literal(value.offset) + ", " +
           integer_literal(value.length) + ", " + integer_literal(value.content_hash) + "}";
  } else if constexpr (std::is_same_v<T, int>) {
    return integer_literal(value);
  } else if constexpr (std::is_same_v<T, std::size_t>) {
    return "std::size_t{" + integer_literal(value) + "}";
  } else if constexpr (std::integral<T>) {
    return std::string(integer_type_name<T>()) + "(" + integer_literal(value) + ")";
  } else if constexpr (requires { value.data(); value.size(); typename T::value_type; }) {
    return array_literal(std::vector<typename T::value_type>(value.begin(), value.end()));
  } else {
    return "/* a value kvc cannot spell */";
  }
}

// ---------------------------------------------------------------------------------------------
// Shrinking: smaller candidates of a value, simplest first
// ---------------------------------------------------------------------------------------------

/// Whether an owned value is a sequence (a `std::vector`).
template <class T>
inline constexpr bool is_owned_sequence = false;
template <class E, class A>
inline constexpr bool is_owned_sequence<std::vector<E, A>> = true;

using wide_value = kvc::detail::int128_type;

/// Smaller integers than `value`, toward 0: 0, the value halved, one step toward 0.
template <class T>
[[nodiscard]] std::vector<T> smaller_integers(T value) {
  std::vector<T> out;
  if constexpr (std::is_same_v<T, bool>) {
    if (value) out.push_back(false);
  } else {
    if (value == T{0}) return out;
    out.push_back(T{0});
    if constexpr (std::is_signed_v<T>) {
      if (value < T{0} && value != T{-1}) out.push_back(T{-1});
    }
    const T half = static_cast<T>(value / 2);
    if (half != T{0}) out.push_back(half);
    // The highest power of two not above |value| (with value's sign): 2^63 for ...550282.
    if constexpr (!std::is_same_v<T, char>) {
      using U = std::make_unsigned_t<T>;
      const U magnitude = value < T{0} ? static_cast<U>(U{0} - static_cast<U>(value)) : static_cast<U>(value);
      U top = 1;
      while (top <= magnitude / 2) top = static_cast<U>(top * 2);
      if (value > T{0} && static_cast<T>(top) != value && static_cast<T>(top) != half)
        out.push_back(static_cast<T>(top));
      if constexpr (std::is_signed_v<T>) {
        const wide_value negative_top = -static_cast<wide_value>(top);
        if (value < T{0} && top != magnitude &&
            negative_top >= static_cast<wide_value>(std::numeric_limits<T>::min()))
          out.push_back(static_cast<T>(negative_top));
      }
    }
    const T step = value > T{0} ? static_cast<T>(value - 1) : static_cast<T>(value + 1);
    if (step != T{0} && step != half) out.push_back(step);
  }
  return out;
}

/// Shorter or simpler strings than `text`.
template <class Deferred = void>
[[nodiscard]] std::vector<std::string> smaller_strings(const std::string& text) {
  std::vector<std::string> out;
  if (text.empty()) return out;
  out.emplace_back();
  if (text.size() > 2) {
    out.push_back(text.substr(0, text.size() / 2));
    out.push_back(text.substr(text.size() / 2));
  }
  const std::size_t positions = text.size() < 48 ? text.size() : 48;
  for (std::size_t i = 0; i < positions; ++i) out.push_back(text.substr(0, i) + text.substr(i + 1));
  for (std::size_t i = 0; i < positions; ++i) {
    if (text[i] == 'a') continue;
    std::string simpler = text;
    simpler[i] = 'a';
    out.push_back(std::move(simpler));
  }
  return out;
}

/// A non-owning reference to a test of a candidate case, `bool(Owned&&)`: the shrinker's question
/// "does this smaller case still fail?", with one type per case type rather than one per
/// implementation, so that the candidate generators are compiled once per case type.
template <class Owned>
class candidate_test {
 public:
  template <class Test>
  explicit candidate_test(const Test& test) noexcept
      : test_(&test), call_([](const void* t, Owned&& candidate) {
          return (*static_cast<const Test*>(t))(std::move(candidate));
        }) {}
  bool operator()(Owned&& candidate) const { return call_(test_, std::move(candidate)); }

 private:
  const void* test_;
  bool (*call_)(const void*, Owned&&);
};

/// Calls `offer(candidate)` with each smaller candidate of one owned value, simplest first, and
/// stops at the first it accepts (returns true). Candidates are made one at a time: a sequence of
/// 65,537 elements is not copied hundreds of times before the first is tried.
template <class T, class Offer>
bool offer_smaller(const T& value, const Offer& offer) {
  if constexpr (std::integral<T>) {
    for (auto& v : smaller_integers(value))
      if (offer(std::move(v))) return true;
    return false;
  } else if constexpr (std::is_same_v<T, std::string>) {
    for (auto& v : smaller_strings(value))
      if (offer(std::move(v))) return true;
    return false;
  } else if constexpr (std::is_same_v<T, owning_cache_namespace>) {
    for (auto& s : smaller_strings(value.model))
      if (offer(T{s, value.adapter, value.adapter_revision, value.salt})) return true;
    for (auto& s : smaller_strings(value.adapter))
      if (offer(T{value.model, s, value.adapter_revision, value.salt})) return true;
    for (auto r : smaller_integers(value.adapter_revision))
      if (offer(T{value.model, value.adapter, r, value.salt})) return true;
    for (auto& s : smaller_strings(value.salt))
      if (offer(T{value.model, value.adapter, value.adapter_revision, s})) return true;
    return false;
  } else if constexpr (std::is_same_v<T, multimodal_item>) {
    for (auto v : smaller_integers(value.offset))
      if (offer(T{v, value.length, value.content_hash})) return true;
    for (auto v : smaller_integers(value.length))
      if (offer(T{value.offset, v, value.content_hash})) return true;
    for (auto v : smaller_integers(value.content_hash))
      if (offer(T{value.offset, value.length, v})) return true;
    return false;
  } else if constexpr (is_owned_sequence<T>) {
    using E = typename T::value_type;
    const std::size_t n = value.size();
    if (n == 0) return false;
    if (offer(T{})) return true;
    // Chunks removed, largest first (at most 64 places per chunk size).
    for (std::size_t chunk = n / 2; chunk >= 1; chunk /= 2) {
      const std::size_t step = (n / chunk) > 64 ? (n - chunk) / 64 + 1 : chunk;
      for (std::size_t at = 0; at + chunk <= n; at += step) {
        T fewer;
        fewer.reserve(n - chunk);
        // Element by element: g++ 12 warns (-Warray-bounds) on a range insert of one element.
        for (std::size_t i = 0; i < n; ++i)
          if (i < at || i >= at + chunk) fewer.push_back(value[i]);
        if (offer(std::move(fewer))) return true;
      }
      if (chunk == 1) break;
    }
    // Elements simplified, for short sequences.
    if (n <= 64) {
      for (std::size_t i = 0; i < n; ++i) {
        const bool accepted = offer_smaller(value[i], [&](auto&& smaller) {
          T simpler = value;
          simpler[i] = static_cast<E>(smaller);
          return offer(std::move(simpler));
        });
        if (accepted) return true;
      }
    }
    return false;
  } else {
    return false;
  }
}

/// Smaller candidates of one owned value (not counting joint changes across values), as a list.
template <class T>
[[nodiscard]] std::vector<T> smaller_values(const T& value) {
  std::vector<T> out;
  offer_smaller(value, [&out](T&& candidate) {
    out.push_back(std::move(candidate));
    return false;
  });
  return out;
}

/// Calls `change(v)` for every sequence `v` of `o`.
template <class Owned, class Change>
void for_each_sequence(Owned& o, const Change& change) {
  std::apply(
      [&change](auto&... value) {
        (
            [&change](auto& v) {
              if constexpr (is_owned_sequence<std::remove_cvref_t<decltype(v)>>) change(v);
            }(value),
            ...);
      },
      o);
}

/// Offers candidates that change several values of `owned` at once, so that a relation between
/// them (a shared prefix, equal lengths) survives: every sequence cut at the same length, the same
/// position set to 0 or removed from each. Stops at the first accepted.
template <class Owned, class Offer>
bool offer_joint(const Owned& owned, const Offer& offer) {
  std::size_t longest = 0;
  Owned probe = owned;
  for_each_sequence(probe, [&longest](auto& v) {
    if (v.size() > longest) longest = v.size();
  });
  if (longest < 2) return false;
  for (std::size_t cut = longest / 2; cut >= 1; cut /= 2) {
    Owned shorter = owned;
    for_each_sequence(shorter, [cut](auto& v) {
      // erase, not resize: g++ 12 warns (-Wstringop-overflow) on resize's growing path for chars.
      if (v.size() > cut) v.erase(v.end() - static_cast<std::ptrdiff_t>(cut), v.end());
    });
    if (offer(std::move(shorter))) return true;
    Owned later = owned;
    for_each_sequence(later, [cut](auto& v) {
      const std::size_t drop = v.size() < cut ? v.size() : cut;
      v.erase(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(drop));
    });
    if (offer(std::move(later))) return true;
  }
  const std::size_t positions = longest < 64 ? longest : 64;
  for (std::size_t i = 0; i < positions; ++i) {
    // The same position set to 0 in every sequence: a shared prefix stays shared.
    Owned zeroed = owned;
    bool changed = false;
    for_each_sequence(zeroed, [i, &changed](auto& v) {
      using E = typename std::remove_cvref_t<decltype(v)>::value_type;
      if constexpr (std::is_integral_v<E>) {
        if (i < v.size() && v[i] != E{0}) {
          v[i] = E{0};
          changed = true;
        }
      }
    });
    if (changed && offer(std::move(zeroed))) return true;
  }
  for (std::size_t i = 0; i < positions; ++i) {
    Owned fewer = owned;
    for_each_sequence(fewer, [i](auto& v) {
      if (i < v.size()) v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
    });
    if (offer(std::move(fewer))) return true;
  }
  return false;
}

/// Calls `visit(text)` for every text of `owned`: its strings and its namespaces' text fields.
template <class Owned, class Visit>
void for_each_text(Owned& owned, const Visit& visit) {
  std::apply(
      [&visit](auto&... value) {
        (
            [&visit](auto& v) {
              using T = std::remove_cvref_t<decltype(v)>;
              if constexpr (std::is_same_v<T, std::string>) {
                visit(v);
              } else if constexpr (std::is_same_v<T, owning_cache_namespace>) {
                visit(v.model);
                visit(v.adapter);
                visit(v.salt);
              }
            }(value),
            ...);
      },
      owned);
}

/// Offers candidates that replace a text held in several places (two namespaces that differ only
/// in which field holds it) by a smaller one everywhere at once.
template <class Owned, class Offer>
bool offer_joint_texts(const Owned& owned, const Offer& offer) {
  std::vector<std::string> texts;
  Owned copy = owned;
  for_each_text(copy, [&texts](std::string& t) {
    if (!t.empty()) texts.push_back(t);
  });
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const std::string& text = texts[i];
    if (std::count(texts.begin(), texts.end(), text) < 2 ||
        std::find(texts.begin(), texts.end(), text) != texts.begin() + static_cast<std::ptrdiff_t>(i))
      continue;
    for (const auto& smaller : smaller_strings(text)) {
      Owned candidate = owned;
      for_each_text(candidate, [&](std::string& t) {
        if (t == text) t = smaller;
      });
      if (offer(std::move(candidate))) return true;
    }
  }
  return false;
}

/// Offers every candidate of `owned`, joint changes first, then each value's own; stops at the
/// first accepted and returns whether one was.
template <class Owned, class Offer>
bool offer_candidates(const Owned& owned, const Offer& offer) {
  if (offer_joint(owned, offer)) return true;
  if (offer_joint_texts(owned, offer)) return true;
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return ([&] {
      return offer_smaller(std::get<I>(owned), [&](auto&& smaller) {
        Owned candidate = owned;
        std::get<I>(candidate) = std::move(smaller);
        return offer(std::move(candidate));
      });
    }() || ...);
  }(std::make_index_sequence<std::tuple_size_v<Owned>>{});
}

/// Every candidate of `owned`, as a list (for families that combine them with their own).
template <class Owned>
[[nodiscard]] std::vector<Owned> shrink_candidates(const Owned& owned) {
  std::vector<Owned> out;
  offer_candidates(owned, [&out](Owned&& candidate) {
    out.push_back(std::move(candidate));
    return false;
  });
  return out;
}

}  // namespace kvc::exploration
