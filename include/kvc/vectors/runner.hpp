// kvc/vectors/runner.hpp - kvc's fixture suites, read from their JSON vector files, run against
// an implementation at run time, with the standard library alone: no Boost on the include path,
// the implementation need not be constexpr. The C++ counterpart of what a Rust or Go engine does
// with the same files (docs/vectors.md).
//
//   #include <kvc/vectors/runner.hpp>
//
//   int admit(int capacity, int used, int requested);  // the engine's
//
//   const auto loaded = kvc::vectors::load_suite(vectors_dir + "/append_admission.json");
//   const kvc::vectors::run_report report = kvc::vectors::run(loaded.value, admit);
//   if (!report.passed()) std::puts(report.failures().c_str());
//
// `impl` is a function, a function pointer or a lambda with parameter types (not `auto`): the
// runner reads them to convert each input. It offers
//
//   - an integer as any integer type that holds it exactly (a value that does not fit fails the
//     fixture: the runner never narrows), or as kvc::row_length / kvc::position_components;
//   - a string as std::string_view or std::string, or as a kvc::cache_namespace naming that model;
//   - {"cache_namespace": ...} as kvc::cache_namespace, {"multimodal_item": ...} as
//     kvc::multimodal_item;
//   - a list as std::span<const E> or std::vector<E> (by value or const reference) of those;
//   - for the output call shapes ("positions", "offsets", "row_positions", "row_offsets",
//     "position_offsets", "component_offsets"), a last std::span<P> to fill, of the first input's
//     length (+ 1 for offsets). `impl` is called twice, `out` pre-filled with P's maximum and
//     then its minimum, and an element that keeps the fill both times is unwritten (null in the
//     result). The result is `out` whole (positions) or up to its last written element (offsets,
//     which must be written from the front). An implementation may instead return a range.
//
// The result is compared exactly: an integer with the expected integer, a range element by element.
// An integer result of a type wider than 64 bits outside what a vector holds fails, never read as
// its low bits.
// A fixture of an optional form ("position_*", "component_*") that `impl` does not take the inputs
// of is skipped. `run_options` declares an engine profile: the kvc::engine_profile fields the
// engine lacks (fixtures that need one are not covered, counted as skipped) and whether reuse is a
// bound (kvc::reuse_match::bound).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <kvc/cache_namespace.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/detail/parameter_types.hpp>
#include <kvc/multimodal_item.hpp>
#include <kvc/position_components.hpp>
#include <kvc/row_length.hpp>
#include <kvc/vectors/suite.hpp>

namespace kvc::vectors {

/// One fixture's outcome, its values as text (long lists elided: head, tail and length).
struct fixture_result {
  std::string label;     ///< the fixture's label
  bool passed = false;   ///< whether the result was the expected one
  bool skipped = false;  ///< not run: a form the implementation lacks, or outside the profile
  std::string inputs;    ///< the inputs, comma-separated
  std::string actual;    ///< what the implementation returned, or why it was not run
  std::string expected;  ///< what the contract demands
};

/// Every fixture's outcome, in the suite's order.
struct run_report {
  std::string suite;                     ///< the suite's name
  std::vector<fixture_result> fixtures;  ///< every fixture's outcome, in order

  /// The fixtures run and failed.
  [[nodiscard]] std::size_t failed() const noexcept {
    return static_cast<std::size_t>(std::ranges::count_if(
        fixtures, [](const fixture_result& f) { return !f.passed && !f.skipped; }));
  }
  /// The fixtures not run.
  [[nodiscard]] std::size_t skipped() const noexcept {
    return static_cast<std::size_t>(
        std::ranges::count_if(fixtures, [](const fixture_result& f) { return f.skipped; }));
  }
  /// No fixture failed and at least one ran.
  [[nodiscard]] bool passed() const noexcept {
    return failed() == 0 && skipped() < fixtures.size();
  }
  /// `suite: 2 of 19 fixtures failed:` then one line per failing fixture (label, inputs, actual,
  /// expected); empty when none failed.
  [[nodiscard]] std::string failures() const {
    std::string lines;
    for (const fixture_result& f : fixtures)
      if (!f.passed && !f.skipped)
        lines += "\n  fixture \"" + f.label + "\": inputs (" + f.inputs + "), actual " + f.actual +
                 ", expected " + f.expected;
    if (lines.empty()) return {};
    return suite + ": " + std::to_string(failed()) + " of " + std::to_string(fixtures.size()) +
           " fixtures failed:" + lines;
  }
};

/// An engine profile for `run`: what the engine legitimately does differently (kvc::engine_profile).
struct run_options {
  /// The kvc::engine_profile fields the engine lacks ("keys_salt", "empty_inputs", ...): a fixture
  /// that needs one is not covered (skipped, its actual "(not covered by the profile)").
  std::vector<std::string> lacks{};
  /// kvc::reuse_match::bound: where a fixture allows it, any integer from 0 to expected passes.
  bool reuse_is_bound = false;
  /// A fixture with an input that the implementation's parameter type cannot hold (a uint64
  /// capacity of 2^64 - 1 for an engine whose counts are int64) is skipped instead of failed: its
  /// actual reads "(skipped: an input does not fit the implementation's parameter type)". Off by
  /// default, where such a fixture fails: an engine declares that its types are narrower.
  bool skip_inputs_outside_parameter_types = false;
};

namespace detail::vector_run {

using kind = json_value::kind;

/// A value as text: integers, "text" (control characters escaped), [lists], {namespaces}.
inline void append_text(std::string& out, const json_value& v) {
  constexpr std::size_t head = 8, tail = 4;
  switch (v.form) {
    case kind::null: out += "null"; return;
    case kind::boolean: out += v.boolean ? "true" : "false"; return;
    case kind::integer:
      if (v.negative) out += '-';
      out += std::to_string(v.magnitude);
      return;
    case kind::string:
      out += '"';
      for (const char c : v.string) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
          out += '\\';
          out += c;
        } else if (byte < 0x20 || byte == 0x7f) {
          constexpr std::string_view hex = "0123456789abcdef";
          out += "\\x";
          out += hex[byte >> 4];
          out += hex[byte & 0xf];
        } else {
          out += c;
        }
      }
      out += '"';
      return;
    case kind::array: {
      out += '[';
      const std::size_t n = v.elements.size();
      for (std::size_t i = 0; i < n; ++i) {
        if (n > head + tail + 1 && i == head) {
          out += ", ... (" + std::to_string(n) + " elements)";
          i = n - tail - 1;
          continue;
        }
        if (i != 0) out += ", ";
        append_text(out, v.elements[i]);
      }
      out += ']';
      return;
    }
    case kind::object: {
      const json_value& fields = v.members.empty() ? v : v.members.front().value;
      out += '{';
      for (std::size_t i = 0; i < fields.members.size(); ++i) {
        if (i != 0) out += ", ";
        append_text(out, fields.members[i].value);
      }
      out += '}';
      return;
    }
  }
}

inline std::string text_of(const json_value& v) {
  std::string out;
  append_text(out, v);
  return out;
}

inline json_value integer_value(bool negative, std::uint64_t magnitude) {
  json_value v;
  v.form = kind::integer;
  v.negative = negative && magnitude != 0;
  v.magnitude = magnitude;
  return v;
}

/// The integer types the runner reads and writes: the standard ones but `bool`, and, where the
/// compiler has them, `__int128` and `unsigned __int128`, in the GNU dialect and in strict ISO
/// mode alike (where the standard traits do not call them integers; kvc::detail::integer_traits
/// gives their signedness and unsigned counterpart).
#if defined(__SIZEOF_INT128__)
template <class T>
inline constexpr bool is_wide = std::is_same_v<std::remove_cv_t<T>, kvc::detail::int128_type> ||
                                std::is_same_v<std::remove_cv_t<T>, kvc::detail::uint128_type>;
#else
template <class T>
inline constexpr bool is_wide = false;
#endif

template <class T>
inline constexpr bool is_integer =
    (std::is_integral_v<T> && !std::is_same_v<std::remove_cv_t<T>, bool>) || is_wide<T>;

template <class T>
inline constexpr bool is_signed_integer = kvc::detail::integer_traits<T>::is_signed;

/// T's largest and smallest values (`std::numeric_limits` knows `__int128` only in the GNU
/// dialect).
template <class T>
constexpr T largest() noexcept {
  using U = typename kvc::detail::integer_traits<T>::unsigned_type;
  return is_signed_integer<T> ? static_cast<T>(static_cast<U>(~U{0}) >> 1U) : static_cast<T>(~U{0});
}
template <class T>
constexpr T smallest() noexcept {
  return is_signed_integer<T> ? static_cast<T>(-largest<T>() - 1) : T{0};
}

/// The text a result outside what a vector file can hold reads as: it never equals an expected
/// value.
inline json_value unrepresentable(std::string why) {
  json_value v;
  v.form = kind::string;
  v.string = std::move(why);
  return v;
}

/// `value` as a JSON integer; a value of a type wider than 64 bits (`__int128`) that does not fit
/// [-(2^64 - 1), 2^64) is never read as its low bits.
template <class T>
json_value integer_value(T value) {
  if constexpr (sizeof(T) > sizeof(std::uint64_t)) {
    constexpr auto most = static_cast<T>(std::numeric_limits<std::uint64_t>::max());
    if (value > most)
      return unrepresentable("(a result above 2^64 - 1, which no fixture expects)");
    if constexpr (is_signed_integer<T>) {
      if (value < -most)
        return unrepresentable("(a result below -(2^64 - 1), which no fixture expects)");
    }
  }
  if constexpr (is_signed_integer<T>) {
    if (value < 0)
      return integer_value(true, std::uint64_t{0} - static_cast<std::uint64_t>(value));
  }
  return integer_value(false, static_cast<std::uint64_t>(value));
}

/// `v` as a T, when it is an integer that T holds exactly.
template <class T>
bool integer_to(const json_value& v, T& out) {
  if (v.form != kind::integer) return false;
  using U = typename kvc::detail::integer_traits<T>::unsigned_type;
  if constexpr (sizeof(T) > sizeof(std::uint64_t)) {
    // A type wider than 64 bits (`__int128`) holds every non-negative magnitude, and a signed one
    // every negative one too: compared in 64 bits its maximum would read as its low bits.
    if (v.negative) {
      if constexpr (!is_signed_integer<T>) {
        return false;
      } else {
        out = static_cast<T>(static_cast<U>(U{0} - static_cast<U>(v.magnitude)));
        return true;
      }
    }
    out = static_cast<T>(v.magnitude);
    return true;
  } else {
    if (v.negative) {
      if constexpr (std::is_unsigned_v<T>) {
        return false;
      } else {
        const auto most = static_cast<std::uint64_t>(std::numeric_limits<T>::max()) + 1;
        if (v.magnitude > most) return false;
        out = static_cast<T>(static_cast<U>(U{0} - static_cast<U>(v.magnitude)));
        return true;
      }
    }
    if (v.magnitude > static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return false;
    out = static_cast<T>(v.magnitude);
    return true;
  }
}

/// A namespace's field, from {"cache_namespace": {...}}.
inline const json_value* namespace_field(const json_value& v, std::string_view name) {
  const json_value* fields = v.find("cache_namespace");
  return fields == nullptr ? nullptr : fields->find(name);
}

/// Holds one input converted for a parameter of type D (cv and reference removed): `load` it,
/// then pass `get()`. Specialized below for each type the runner offers.
template <class D>
struct holder {
  static constexpr bool supported = false;
};

template <class D>
  requires(is_integer<D>)
struct holder<D> {
  static constexpr bool supported = true;
  D value{};
  bool load(const json_value& v) { return integer_to(v, value); }
  [[nodiscard]] D get() const noexcept { return value; }
};

template <class D>
  requires(std::is_same_v<D, kvc::row_length> || std::is_same_v<D, kvc::position_components>)
struct holder<D> {
  static constexpr bool supported = true;
  D value{};
  bool load(const json_value& v) { return integer_to(v, value.value); }
  [[nodiscard]] D get() const noexcept { return value; }
};

template <class D>
  requires(std::is_same_v<D, std::string> || std::is_same_v<D, std::string_view>)
struct holder<D> {
  static constexpr bool supported = true;
  const json_value* value = nullptr;
  bool load(const json_value& v) {
    value = &v;
    return v.form == kind::string;
  }
  [[nodiscard]] D get() const { return D(value->string); }
};

template <>
struct holder<kvc::cache_namespace> {
  static constexpr bool supported = true;
  kvc::cache_namespace value{};
  bool load(const json_value& v) {
    if (v.form == kind::string) {  // a string namespace names the model
      value = kvc::cache_namespace{v.string, {}, 0, {}};
      return true;
    }
    const json_value* model = namespace_field(v, "model");
    const json_value* adapter = namespace_field(v, "adapter");
    const json_value* revision = namespace_field(v, "adapter_revision");
    const json_value* salt = namespace_field(v, "salt");
    if (model == nullptr || adapter == nullptr || revision == nullptr || salt == nullptr ||
        model->form != kind::string || adapter->form != kind::string ||
        salt->form != kind::string)
      return false;
    std::uint64_t r = 0;
    if (!integer_to(*revision, r)) return false;
    value = kvc::cache_namespace{model->string, adapter->string, r, salt->string};
    return true;
  }
  [[nodiscard]] const kvc::cache_namespace& get() const noexcept { return value; }
};

template <>
struct holder<kvc::multimodal_item> {
  static constexpr bool supported = true;
  kvc::multimodal_item value{};
  bool load(const json_value& v) {
    const json_value* fields = v.find("multimodal_item");
    if (fields == nullptr) return false;
    const json_value* offset = fields->find("offset");
    const json_value* length = fields->find("length");
    const json_value* hash = fields->find("content_hash");
    return offset != nullptr && length != nullptr && hash != nullptr &&
           integer_to(*offset, value.offset) && integer_to(*length, value.length) &&
           integer_to(*hash, value.content_hash);
  }
  [[nodiscard]] const kvc::multimodal_item& get() const noexcept { return value; }
};

template <class E>
bool load_elements(const json_value& v, std::vector<E>& out) {
  if (v.form != kind::array) return false;
  out.clear();
  out.reserve(v.elements.size());
  for (const json_value& element : v.elements) {
    holder<E> h;
    if (!h.load(element)) return false;
    out.push_back(E(h.get()));
  }
  return true;
}

template <class E>
  requires(std::is_const_v<E> && holder<std::remove_const_t<E>>::supported)
struct holder<std::span<E>> {
  static constexpr bool supported = true;
  std::vector<std::remove_const_t<E>> elements;
  bool load(const json_value& v) { return load_elements(v, elements); }
  [[nodiscard]] std::span<E> get() const noexcept { return std::span<E>(elements); }
};

template <class E>
  requires holder<E>::supported
struct holder<std::vector<E>> {
  static constexpr bool supported = true;
  std::vector<E> elements;
  bool load(const json_value& v) { return load_elements(v, elements); }
  [[nodiscard]] const std::vector<E>& get() const noexcept { return elements; }
};

using kvc::detail::has_parameter_types;
template <class F>
using parameters_of = kvc::detail::parameter_types<F>;

/// Whether the last parameter is an output span, std::span<P> of a mutable integer P.
template <class T>
struct output_span : std::false_type {};
template <class P>
  requires(is_integer<P> && !std::is_const_v<P>)
struct output_span<std::span<P>> : std::true_type {
  using element = P;
};

/// A result as a value: an integer, or a range of integers.
template <class R>
bool result_value(const R& result, json_value& out) {
  using D = std::remove_cvref_t<R>;
  if constexpr (is_integer<D>) {
    out = integer_value(result);
    return true;
  } else if constexpr (std::ranges::input_range<const D>) {
    using E = std::remove_cvref_t<std::ranges::range_value_t<const D>>;
    if constexpr (is_integer<E>) {
      out = json_value{};
      out.form = kind::array;
      for (const auto& element : result) out.elements.push_back(integer_value(E(element)));
      return true;
    } else {
      return false;
    }
  } else {
    return false;
  }
}

inline bool same_value(const json_value& a, const json_value& b) {
  if (a.form != b.form) return false;
  if (a.form == kind::integer) return a.negative == b.negative && a.magnitude == b.magnitude;
  if (a.form != kind::array || a.elements.size() != b.elements.size()) return false;
  for (std::size_t i = 0; i < a.elements.size(); ++i)
    if (!same_value(a.elements[i], b.elements[i])) return false;
  return true;
}

inline bool optional_form(std::string_view call) {
  return call.starts_with("position_") || call.starts_with("component_");
}
inline bool output_call(std::string_view call) {
  return call == "positions" || call == "offsets" || call == "row_positions" ||
         call == "row_offsets" || call == "position_offsets" || call == "component_offsets";
}
inline bool trimmed_output(std::string_view call) { return call.ends_with("offsets"); }

enum class call_status { ran, wrong_arity, does_not_fit };

/// Converts the inputs to the parameters `Params` (the first `sizeof...(I)` of them) and calls
/// `impl`, with an output span last when `with_output`.
template <class Params, bool with_output, class Impl, std::size_t... I>
call_status call_with(const Impl& impl, const fixture& f, json_value& actual,
                      std::index_sequence<I...>) {
  std::tuple<holder<std::remove_cvref_t<kvc::detail::list_at_t<I, Params>>>...> held;
  if (!(std::get<I>(held).load(f.inputs[I]) && ...)) return call_status::does_not_fit;
  if constexpr (with_output) {
    using out_type = std::remove_cvref_t<kvc::detail::list_at_t<sizeof...(I), Params>>;
    using P = typename output_span<out_type>::element;
    const std::size_t first =
        f.inputs.empty() ? 0 : f.inputs.front().elements.size();
    const std::size_t size = first + (trimmed_output(f.call) ? 1 : 0);
    // Called twice, `out` pre-filled with P's maximum and then with its minimum: an element that
    // keeps the fill both times was not written. (One fill alone cannot tell an unwritten element
    // from a written one of that value, which a narrow P such as std::uint8_t can hold.)
    constexpr P high = largest<P>();
    constexpr P low = smallest<P>();
    std::vector<P> out_high(size, high);
    std::vector<P> out_low(size, low);
    static_cast<void>(impl(std::get<I>(held).get()..., std::span<P>(out_high)));
    static_cast<void>(impl(std::get<I>(held).get()..., std::span<P>(out_low)));
    actual = json_value{};
    actual.form = kind::array;
    std::size_t written = 0;  // one past the last written element
    for (std::size_t i = 0; i < size; ++i) {
      const bool unwritten = out_high[i] == high && out_low[i] == low;
      if (unwritten) {
        actual.elements.emplace_back();  // null: not written
        continue;
      }
      actual.elements.push_back(integer_value(out_high[i] != high ? out_high[i] : out_low[i]));
      written = i + 1;
    }
    // Offsets: the result is the written elements, which must come first. An unwritten element
    // before a written one stays in the result as null, which no expected value holds; positions
    // must all be written.
    if (trimmed_output(f.call)) actual.elements.resize(written);
  } else {
    if (!result_value(impl(std::get<I>(held).get()...), actual))
      actual = unrepresentable("(a result that is neither an integer nor a range of integers)");
  }
  return call_status::ran;
}

template <class Impl>
call_status invoke(const Impl& impl, const fixture& f, json_value& actual) {
  using Params = typename parameters_of<std::remove_cvref_t<Impl>>::type;
  constexpr std::size_t arity = kvc::detail::list_size_v<Params>;
  constexpr bool last_is_output = [] {
    if constexpr (arity == 0) return false;
    else return output_span<std::remove_cvref_t<kvc::detail::list_at_t<arity - 1, Params>>>::value;
  }();
  if constexpr (last_is_output) {
    if (output_call(f.call) && f.inputs.size() + 1 == arity)
      return call_with<Params, true>(impl, f, actual, std::make_index_sequence<arity - 1>{});
  }
  if constexpr ([] {
                  bool all = true;
                  [&]<std::size_t... I>(std::index_sequence<I...>) {
                    all = (holder<std::remove_cvref_t<kvc::detail::list_at_t<I, Params>>>::supported &&
                           ...);
                  }(std::make_index_sequence<arity>{});
                  return all;
                }()) {
    if (f.inputs.size() == arity)
      return call_with<Params, false>(impl, f, actual, std::make_index_sequence<arity>{});
  }
  return call_status::wrong_arity;
}

}  // namespace detail::vector_run

/// Runs every fixture of `s` on `impl` (see the top of this header for what `impl` may take).
template <class Impl>
[[nodiscard]] run_report run(const suite& s, const Impl& impl, const run_options& options = {}) {
  static_assert(detail::vector_run::has_parameter_types<Impl>,
                "kvc::vectors::run: give a function, a function pointer or a lambda whose "
                "parameters have types (not auto): the runner converts each input to them");
  namespace run_detail = detail::vector_run;
  run_report report;
  report.suite = s.name;
  for (const fixture& f : s.fixtures) {
    fixture_result r;
    r.label = f.label;
    for (std::size_t i = 0; i < f.inputs.size(); ++i) {
      if (i != 0) r.inputs += ", ";
      run_detail::append_text(r.inputs, f.inputs[i]);
    }
    r.expected = run_detail::text_of(f.expected);
    const bool lacking = std::ranges::any_of(f.needs, [&options](const std::string& field) {
      return std::ranges::find(options.lacks, field) != options.lacks.end();
    });
    if (lacking) {
      r.skipped = true;
      r.actual = "(not covered by the profile)";
      report.fixtures.push_back(std::move(r));
      continue;
    }
    json_value actual;
    switch (run_detail::invoke(impl, f, actual)) {
      case run_detail::call_status::wrong_arity:
        if (run_detail::optional_form(f.call)) {
          r.skipped = true;
          r.actual = "(skipped: the implementation does not take this form's inputs)";
        } else {
          r.actual = "(the implementation does not take " + std::to_string(f.inputs.size()) +
                     " inputs of the \"" + f.call + "\" call shape)";
        }
        break;
      case run_detail::call_status::does_not_fit:
        if (options.skip_inputs_outside_parameter_types) {
          r.skipped = true;
          r.actual = "(skipped: an input does not fit the implementation's parameter type)";
        } else {
          r.actual = "(an input does not fit the implementation's parameter type)";
        }
        break;
      case run_detail::call_status::ran: {
        r.actual = run_detail::text_of(actual);
        r.passed = run_detail::same_value(actual, f.expected);
        if (!r.passed && options.reuse_is_bound && f.bound_when_reuse_is_bound &&
            actual.form == json_value::kind::integer && !actual.negative &&
            f.expected.form == json_value::kind::integer && !f.expected.negative)
          r.passed = actual.magnitude <= f.expected.magnitude;
        break;
      }
    }
    report.fixtures.push_back(std::move(r));
  }
  return report;
}

}  // namespace kvc::vectors
