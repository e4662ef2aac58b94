// kvc/fixture.hpp - compile-time conformance checking of any implementation of a kvc contract.
//
// A suite is a Boost.Hana tuple of fixtures; a fixture is a compile-time label, the inputs of one
// call and the result the contract demands. `kvc::conforms(suite, impl)` says whether `impl` passes
// every fixture; `static_assert(kvc::verify(suite, impl))` fails the build on the first fixture it
// does not pass, and the compiler's diagnostic names that fixture's label.
//
// This header needs Boost.Hana (header-only); the contract headers do not.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <functional>
#include <limits>
#include <ranges>
#include <span>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include "bounded_list.hpp"
#include "concepts.hpp"

namespace kvc {

namespace hana = boost::hana;

// ---------------------------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------------------------

/// A string literal usable as a template argument; only a vehicle for `kvc::label`.
template <std::size_t Size>
struct fixed_label {
  char chars[Size]{};
  constexpr fixed_label(const char (&text)[Size]) noexcept {  // NOLINT: implicit by design
    for (std::size_t i = 0; i < Size; ++i) chars[i] = text[i];
  }
};

namespace detail {
template <fixed_label Text, std::size_t... I>
constexpr auto make_label(std::index_sequence<I...>) noexcept {
  return hana::string_c<Text.chars[I]...>;
}
}  // namespace detail

/// `kvc::label<"different model">` is the Hana compile-time string of that text. Being part of a
/// type, it is what a compiler diagnostic can show.
template <fixed_label Text>
inline constexpr auto label =
    detail::make_label<Text>(std::make_index_sequence<sizeof(Text.chars) - 1>{});

// ---------------------------------------------------------------------------------------------
// Results: how an actual result is compared with an expected one
// ---------------------------------------------------------------------------------------------

namespace detail {

/// Results are equal when they are equal integers (by value, across signedness), equal-length
/// ranges of equal results, or otherwise `==`.
template <class A, class E>
[[nodiscard]] constexpr bool same_result(const A& actual, const E& expected) noexcept {
  if constexpr (integer<A> && integer<E>) {
    return std::cmp_equal(actual, expected);
  } else if constexpr (std::ranges::contiguous_range<const A> &&
                       std::ranges::contiguous_range<const E>) {
    // Pointers: cheap in constant evaluation, for fixtures of tens of thousands of tokens.
    const std::size_t size = std::ranges::size(actual);
    if (size != std::ranges::size(expected)) return false;
    const auto* a = std::ranges::data(actual);
    const auto* e = std::ranges::data(expected);
    for (std::size_t i = 0; i < size; ++i)
      if (!same_result(a[i], e[i])) return false;
    return true;
  } else if constexpr (std::ranges::range<const A> && std::ranges::range<const E>) {
    auto a = std::ranges::begin(actual);
    auto e = std::ranges::begin(expected);
    for (; a != std::ranges::end(actual) && e != std::ranges::end(expected); ++a, ++e)
      if (!same_result(*a, *e)) return false;
    return a == std::ranges::end(actual) && e == std::ranges::end(expected);
  } else {
    static_assert(comparable_with<A, E>,
                  "kvc: an implementation's result must be comparable with the fixture's expected "
                  "result (an integer, a range of integers, or a type with ==)");
    return static_cast<bool>(actual == expected);
  }
}

}  // namespace detail

// ---------------------------------------------------------------------------------------------
// Call shapes: how a fixture's inputs are handed to an implementation
// ---------------------------------------------------------------------------------------------

/// `impl(args...)`; the result is compared with the expected value. Used by the prefix-reuse and
/// admission suites and by default for user suites.
struct direct_call {
  template <class Impl, class Args>
  [[nodiscard]] static constexpr auto invoke(const Impl& impl, const Args& args) noexcept {
    return hana::unpack(args, [&impl](const auto&... arg) {
      static_assert(std::invocable<const Impl&, decltype(arg)...>,
                    "kvc: the implementation cannot be called with this fixture's inputs; a suite "
                    "calls impl(inputs...) in the order the contract lists them");
      return std::invoke(impl, arg...);
    });
  }
};

/// The shape of contracts that write one output per input id (segment positions) or one per run
/// plus one (segment offsets). An implementation is either
///  - `impl(segments) -> range`, with `segments` a `const std::array<S, N>&`; or
///  - `impl(segments, out)`, with `segments` a `std::span<const S>` and `out` a
///    `std::span<std::size_t>` of N + Extra elements, which the implementation fills; its return
///    value is ignored. `out` starts filled with `SIZE_MAX` ("unwritten").
/// The first form is chosen when both are callable. An implementation written for `int` ids only
/// gets integer ids (the records' chars) converted to `int`. The actual result of the second is `out`
/// whole (Trim = false: an element left unwritten fails) or `out` up to its first unwritten
/// element (Trim = true: for outputs whose length depends on the values).
template <std::size_t Extra, bool Trim>
struct span_output_call {
  static constexpr std::size_t unwritten = std::numeric_limits<std::size_t>::max();

  template <class Impl, class Args>
  [[nodiscard]] static constexpr auto invoke(const Impl& impl, const Args& args) noexcept {
    const auto& segments = hana::at_c<0>(args);
    using segments_t = std::remove_cvref_t<decltype(segments)>;
    using id_t = typename segments_t::value_type;
    constexpr std::size_t n = std::tuple_size_v<segments_t>;
    if constexpr (!std::invocable<const Impl&, const segments_t&> &&
                  !std::invocable<const Impl&, std::span<const id_t>, std::span<std::size_t>> &&
                  std::integral<id_t> && !std::same_as<id_t, int>) {
      // An implementation written for int ids gets the fixture's char ids as ints: same runs.
      std::array<int, n> as_int{};
      for (std::size_t i = 0; i < n; ++i) as_int[i] = static_cast<int>(segments[i]);
      return invoke(impl, hana::make_tuple(as_int));
    } else if constexpr (std::invocable<const Impl&, const segments_t&>) {
      return std::invoke(impl, segments);
    } else {
      static_assert(std::invocable<const Impl&, std::span<const id_t>, std::span<std::size_t>>,
                    "kvc: implementations in this suite are called as impl(segments) with a "
                    "std::array<S, N>, or as impl(segments, out) with std::span<const S> segments "
                    "and a std::span<std::size_t> out to fill");
      constexpr std::size_t out_size = n + Extra;
      std::array<std::size_t, out_size> out{};
      for (auto& element : out) element = unwritten;
      std::invoke(impl, std::span<const id_t>(segments), std::span<std::size_t>(out));
      if constexpr (Trim) {
        bounded_list<std::size_t, out_size> written;
        for (std::size_t i = 0; i < out_size && out[i] != unwritten; ++i) written.push_back(out[i]);
        return written;
      } else {
        return out;
      }
    }
  }
};

/// Segment positions: one position per id; see `span_output_call`.
using positions_call = span_output_call<0, false>;
/// Segment offsets: runs + 1 offsets in an output of N + 1; see `span_output_call`.
using offsets_call = span_output_call<1, true>;

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

/// One checked call: `label` names it, `Call` says how `inputs` reach the implementation, and
/// `expected` is what the contract demands.
template <class Label, class Call, class Inputs, class Expected>
struct fixture {
  using call = Call;
  Label label;
  Inputs inputs;
  Expected expected;
};

/// The inputs of one call, in the order the implementation takes them (decayed: a string literal
/// is kept as a `const char*`).
template <class... Inputs>
[[nodiscard]] constexpr hana::tuple<std::decay_t<Inputs>...> inputs(Inputs&&... values) noexcept {
  return hana::tuple<std::decay_t<Inputs>...>(std::forward<Inputs>(values)...);
}

/// A fixture whose inputs are passed as `impl(inputs...)`, like the seeds'
/// `check(label, solve(inputs...), expected)`.
template <class Label, class... Inputs, class Expected>
[[nodiscard]] constexpr auto make_fixture(Label label, const hana::tuple<Inputs...>& call_inputs,
                                          const Expected& expected) noexcept {
  return fixture<Label, direct_call, hana::tuple<Inputs...>, Expected>{label, call_inputs,
                                                                        expected};
}

/// A fixture for a span-output contract (`kvc::positions_call`, `kvc::offsets_call`): `segments`
/// and the output the contract demands for them.
template <class Call, class Label, class S, std::size_t N, class Expected>
[[nodiscard]] constexpr auto make_output_fixture(Label label, const std::array<S, N>& segments,
                                                 const Expected& expected) noexcept {
  return fixture<Label, Call, hana::tuple<std::array<S, N>>, Expected>{label, inputs(segments),
                                                                        expected};
}

/// A segment-positions fixture: `segments` and the positions the contract demands for them.
template <class Label, class S, std::size_t N>
[[nodiscard]] constexpr auto make_positions_fixture(
    Label label, const std::array<S, N>& segments,
    const std::array<std::size_t, N>& expected) noexcept {
  return make_output_fixture<positions_call>(label, segments, expected);
}

/// What `impl` returns for `f`'s inputs.
template <class Fixture, class Impl>
[[nodiscard]] constexpr auto observe(const Fixture& f, const Impl& impl) noexcept {
  return Fixture::call::invoke(impl, f.inputs);
}

/// Whether `impl` returns what `f` expects.
template <class Fixture, class Impl>
[[nodiscard]] constexpr bool passes(const Fixture& f, const Impl& impl) noexcept {
  return detail::same_result(observe(f, impl), f.expected);
}

/// Deliberately not `constexpr`: `kvc::verify` calls it for a failing fixture, so the constant
/// evaluation stops here and the compiler names this function with the fixture's label spelled
/// out, character by character, in its template arguments.
template <char... Label>
inline void fixture_failed(hana::string<Label...>) noexcept {}

// ---------------------------------------------------------------------------------------------
// Suite-level checks
// ---------------------------------------------------------------------------------------------

/// Number of fixtures in a suite.
template <class Suite>
inline constexpr std::size_t suite_size = decltype(hana::length(std::declval<Suite>()))::value;

/// True when `impl` passes every fixture of `suite`.
template <class Suite, class Impl>
[[nodiscard]] constexpr bool conforms(const Suite& suite, const Impl& impl) noexcept {
  return hana::unpack(suite, [&impl](const auto&... f) { return (passes(f, impl) && ...); });
}

/// For `static_assert(kvc::verify(suite, impl))`: true when `impl` passes every fixture; otherwise
/// constant evaluation fails at the first failing fixture and the diagnostic names its label. At
/// run time it returns false.
template <class Suite, class Impl>
[[nodiscard]] constexpr bool verify(const Suite& suite, const Impl& impl) noexcept {
  return hana::unpack(suite, [&impl](const auto&... f) {
    return ([&impl](const auto& one) {
      if (passes(one, impl)) return true;
      fixture_failed(one.label);
      return false;
    }(f) && ...);
  });
}

/// Pass (true) or fail (false) of every fixture of `suite`, in order: a seed's published table as a
/// value, so a known-bad implementation can be shown to fail exactly the fixtures it should.
template <class Suite, class Impl>
[[nodiscard]] constexpr auto outcomes(const Suite& suite, const Impl& impl) noexcept {
  return hana::unpack(suite, [&impl](const auto&... f) {
    return std::array<bool, sizeof...(f)>{passes(f, impl)...};
  });
}

}  // namespace kvc
