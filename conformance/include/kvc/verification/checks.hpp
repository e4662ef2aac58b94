// kvc/verification/checks.hpp - running a suite against an implementation: `kvc::conforms`,
// `kvc::verify` (for static_assert, naming the failing fixture) and `kvc::outcomes`.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include "call_shapes.hpp"
#include "label.hpp"
#include "lazy_suite.hpp"
#include "optional_form.hpp"
#include "parameter_mismatch.hpp"
#include "results.hpp"

namespace kvc {

namespace detail {

/// Whether fixture `f` is in the domain of the engine its call shape is checked for (every fixture
/// is, but in a suite restricted to an engine profile: kvc/exploration/restricted_suite.hpp).
template <class Fixture>
[[nodiscard]] constexpr bool covered_fixture(const Fixture& f) noexcept {
  if constexpr (requires { Fixture::call::covers(f.inputs); })
    return Fixture::call::covers(f.inputs);
  else
    return true;
}

/// Whether `actual` is what `f` expects: equal, or as the call shape's engine profile compares.
template <class Fixture, class A>
[[nodiscard]] constexpr bool fixture_agrees(const Fixture& f, const A& actual) noexcept {
  if constexpr (requires { Fixture::call::agrees(f.inputs, actual, f.expected); })
    return Fixture::call::agrees(f.inputs, actual, f.expected);
  else
    return same_result(actual, f.expected);
}

}  // namespace detail

/// What `impl` returns for `f`'s inputs.
template <class Fixture, class Impl>
[[nodiscard]] constexpr auto observe(const Fixture& f, const Impl& impl) noexcept {
  return Fixture::call::invoke(impl, f.inputs);
}

/// Whether `impl` returns what `f` expects (a fixture outside the engine profile of a restricted
/// suite is not run, and not failed).
template <class Fixture, class Impl>
[[nodiscard]] constexpr bool passes(const Fixture& f, const Impl& impl) noexcept {
  if (!detail::covered_fixture(f)) return true;
  return Fixture::call::representable(impl, f.inputs) &&
         detail::fixture_agrees(f, observe(f, impl));
}

/// A fixture `impl` skips (a form it does not take, kvc/verification/optional_form.hpp) is not
/// failed.
template <class Fixture, class Impl>
  requires detail::skips<Fixture, Impl>
[[nodiscard]] constexpr bool passes(const Fixture&, const Impl&) noexcept {
  return true;
}

#if defined(__clang__) && __clang_major__ < 19
/// clang before 19 prints a class-type template argument as numbers, so for it the label stays a
/// list of characters: `fixture_failed<'a', 'l', 't', ...>`.
#define KVC_LABEL_AS_CHARACTERS 1
#else
#define KVC_LABEL_AS_CHARACTERS 0
#endif
/// clang prints the arguments of the calls a failed constant evaluation went through (g++ prints
/// their expressions), so with clang the diagnostic shows the actual and expected results.
#if defined(__clang__) && !KVC_LABEL_AS_CHARACTERS
#define KVC_SHOW_OUTCOME 1
#else
#define KVC_SHOW_OUTCOME 0
#endif

#if KVC_LABEL_AS_CHARACTERS
template <char... Label>
inline void fixture_failed() noexcept {}  // its inputs, actual and expected: std::cout << kvc::check(suite, impl)
#else
/// Deliberately not `constexpr`: a failed `kvc::verify` in a constant expression calls it, so the
/// evaluation stops here and the diagnostic names it with the failing fixture's label as text:
/// `fixture_failed<kvc::fixed_label<17>{"alternating runs"}>`.
template <fixed_label Label>
inline void fixture_failed() noexcept {}  // its inputs, actual and expected: std::cout << kvc::check(suite, impl)
#endif

namespace detail {

template <class Label>
struct failure_of;
template <char... Chars>
struct failure_of<boost::hana::string<Chars...>> {
#if KVC_LABEL_AS_CHARACTERS
  static constexpr void (*call)() noexcept = &fixture_failed<Chars...>;
#else
  static constexpr void (*call)() noexcept =
      &fixture_failed<label_text<boost::hana::string<Chars...>>>;
#endif
};

/// An integer result as a diagnostic shows it: a `long long` when it fits, else unsigned.
struct shown_result {
  bool integer = false;
  bool is_unsigned = false;
  long long signed_value = 0;
  unsigned long long unsigned_value = 0;
};

template <class T>
[[nodiscard]] constexpr shown_result show_result(const T& value) noexcept {
  shown_result shown;
  if constexpr (std::integral<T>) {
    shown.integer = true;
    if constexpr (std::is_signed_v<T>) {
      shown.signed_value = static_cast<long long>(value);
    } else if (static_cast<unsigned long long>(value) <=
               static_cast<unsigned long long>(std::numeric_limits<long long>::max())) {
      shown.signed_value = static_cast<long long>(value);
    } else {
      shown.is_unsigned = true;
      shown.unsigned_value = static_cast<unsigned long long>(value);
    }
  }
  return shown;
}

// Stop a constant evaluation at `failed` (a `fixture_failed` naming the label). clang prints the
// arguments of these calls, so its diagnostic shows the actual and expected integer results too:
// "in call to 'actual_vs_expected(-1, 0, &fixture_failed)'".
constexpr void actual_vs_expected(long long, long long, void (*failed)() noexcept) noexcept {
  failed();
}
constexpr void actual_vs_expected(long long, unsigned long long, void (*failed)() noexcept) noexcept {
  failed();
}
constexpr void actual_vs_expected(unsigned long long, long long, void (*failed)() noexcept) noexcept {
  failed();
}
constexpr void actual_vs_expected(unsigned long long, unsigned long long,
                                  void (*failed)() noexcept) noexcept {
  failed();
}

}  // namespace detail

/// What `kvc::verify` found: true when every fixture passed. Converting a failed verdict to `bool`
/// in a constant expression stops the evaluation at `kvc::fixture_failed<label>`; at run time it is
/// `false`. (The verdict is converted after `kvc::verify` has returned, so the diagnostic does not
/// repeat the suite's type in every frame.)
class verdict {
 public:
  constexpr verdict() noexcept = default;
  /// `callable` false: no call shape of the suite fits the implementation (a static_assert has
  /// said so); the verdict is false without naming a fixture.
  constexpr verdict(void (*failed)() noexcept, const detail::shown_result& actual,
                    const detail::shown_result& expected, bool callable = true) noexcept
      : failed_(failed), actual_(actual), expected_(expected), callable_(callable) {}

  /// True when every fixture passed. A failed verdict stops a constant evaluation at
  /// `kvc::fixture_failed<label>`, naming the fixture; at run time it is false.
  // NOLINTNEXTLINE(google-explicit-constructor): `constexpr bool ok = kvc::verify(...)` reads well.
  constexpr operator bool() const noexcept {
    if (!callable_) return false;
    if (failed_ == nullptr) return true;
#if KVC_SHOW_OUTCOME
    using detail::actual_vs_expected;
    if (!actual_.integer || !expected_.integer) {
      failed_();
    } else if (actual_.is_unsigned && expected_.is_unsigned) {
      actual_vs_expected(actual_.unsigned_value, expected_.unsigned_value, failed_);
    } else if (actual_.is_unsigned) {
      actual_vs_expected(actual_.unsigned_value, expected_.signed_value, failed_);
    } else if (expected_.is_unsigned) {
      actual_vs_expected(actual_.signed_value, expected_.unsigned_value, failed_);
    } else {
      actual_vs_expected(actual_.signed_value, expected_.signed_value, failed_);
    }
#else
    failed_();  // a fixture failed; std::cout << kvc::check(suite, impl) prints its values
#endif
    return false;
  }

 private:
  void (*failed_)() noexcept = nullptr;
  detail::shown_result actual_{};
  detail::shown_result expected_{};
  bool callable_ = true;
};

namespace detail {

/// A fixture as a check sees it: references to its inputs and result, and the function that names
/// its label in a diagnostic. A fixture's label is a type of its own (a Hana string), so that a
/// check keyed on the fixture is instantiated once per fixture and implementation; keyed on the
/// view, once per call shape, inputs' and result's types and implementation, which many fixtures
/// of a suite share.
template <class Call, class Inputs, class Expected>
struct checked_fixture {
  using call = Call;
  void (*failed)() noexcept;
  const Inputs& inputs;
  const Expected& expected;
};

/// The view of fixture `f`, which must outlive it.
template <class Fixture>
[[nodiscard]] constexpr auto checked_view(const Fixture& f) noexcept {
  return checked_fixture<typename Fixture::call, std::remove_cvref_t<decltype(f.inputs)>,
                         std::remove_cvref_t<decltype(f.expected)>>{
      failure_of<std::remove_cvref_t<decltype(f.label)>>::call, f.inputs, f.expected};
}

/// Whether `impl` passes the fixture `f` views; otherwise `result` names it and its outcome.
template <class View, class Impl>
[[nodiscard]] constexpr bool passes_or_record(verdict& result, const View& f,
                                              const Impl& impl) noexcept {
  if (!covered_fixture(f)) return true;
  if (!View::call::representable(impl, f.inputs)) {
    result = verdict(f.failed, {}, {});
    return false;
  }
  const auto actual = observe(f, impl);
  if (fixture_agrees(f, actual)) return true;
  result = verdict(f.failed, show_result(actual), show_result(f.expected));
  return false;
}

/// A fixture `impl` skips (a form it does not take) leaves `result` as it is.
template <class Fixture, class Impl>
  requires skips<Fixture, Impl>
[[nodiscard]] constexpr bool passes_or_record(verdict&, const Fixture&, const Impl&) noexcept {
  return true;
}

}  // namespace detail

/// Number of fixtures in a suite.
template <class Suite>
inline constexpr std::size_t suite_size =
    decltype(boost::hana::length(std::declval<suite_fixtures_t<Suite>>()))::value;

namespace detail {
/// Whether the suite can call `Impl`: every fixture's call shape can, but those of an optional
/// form (which `Impl` skips), and at least one fixture's can.
template <class Impl, class... F>
[[nodiscard]] constexpr bool accepts_every_fixture(const boost::hana::tuple<F...>*) noexcept {
  // Asked of each fixture's call shape and inputs' type directly (which many fixtures share),
  // not through a variable template per fixture type.
  constexpr bool accepted[] = {
      F::call::template accepts<Impl, std::remove_cvref_t<decltype(F::inputs)>>..., false};
  constexpr bool optional[] = {is_optional_form<typename F::call>..., false};
  bool every = true;
  bool some = false;
  for (std::size_t i = 0; i < sizeof...(F); ++i) {
    every = every && (accepted[i] || optional[i]);
    some = some || accepted[i];
  }
  return every && (sizeof...(F) == 0 || some);
}
template <class Impl, class Suite>
inline constexpr bool suite_can_call =
    accepts_every_fixture<Impl>(static_cast<const suite_fixtures_t<Suite>*>(nullptr));
}  // namespace detail

/// True when `impl` passes every fixture of `suite`.
template <class Suite, class Impl>
[[nodiscard]] constexpr bool conforms(const Suite& suite, const Impl& impl) noexcept {
  if constexpr (!detail::suite_can_call<Impl, Suite>) {
    detail::name_unmatched_parameter<Impl, Suite>();
    detail::require_call_shape<Impl, false>();
    return false;
  } else {
    return boost::hana::unpack(fixtures_of(suite), [&impl](const auto&... f) {
      return (passes(detail::checked_view(f), impl) && ...);
    });
  }
}

/// For `static_assert(kvc::verify(suite, impl))`: true when `impl` passes every fixture; otherwise
/// constant evaluation fails at the first failing fixture and the diagnostic names its label (and,
/// with clang 19, shows the actual and expected results). At run time it converts to false.
template <class Suite, class Impl>
[[nodiscard]] constexpr verdict verify(const Suite& suite, const Impl& impl) noexcept {
  if constexpr (!detail::suite_can_call<Impl, Suite>) {
    detail::name_unmatched_parameter<Impl, Suite>();
    detail::require_call_shape<Impl, false>();
    return verdict(nullptr, {}, {}, false);
  } else {
    verdict result;
    // Each fixture is checked through its view (kvc::detail::checked_fixture), so that the checks
    // are instantiated once per call shape, inputs' and result's types, not once per fixture.
    const auto& fixtures = fixtures_of(suite);
    // In a constant expression, the first fixture alone first: an implementation that is not
    // constexpr stops the evaluation here, in a diagnostic that names one fixture's type rather
    // than the whole suite's in every frame (g++ 12: about 5 KB instead of 100 KB).
    if (std::is_constant_evaluated()) {
      verdict first;
      // not constexpr? kvc::check(suite, impl) runs it
      static_cast<void>(detail::passes_or_record(
          first, detail::checked_view(boost::hana::at_c<0>(fixtures)), impl));
    }
    boost::hana::unpack(fixtures, [&result, &impl](const auto&... f) {
      return (detail::passes_or_record(result, detail::checked_view(f), impl) && ...);
    });
    return result;
  }
}

/// Pass (true) or fail (false) of every fixture of `suite`, in order: a seed's published table as a
/// value, so a known-bad implementation can be shown to fail exactly the fixtures it should.
template <class Suite, class Impl>
[[nodiscard]] constexpr auto outcomes(const Suite& suite, const Impl& impl) noexcept {
  if constexpr (!detail::suite_can_call<Impl, Suite>) detail::name_unmatched_parameter<Impl, Suite>();
  detail::require_call_shape<Impl, detail::suite_can_call<Impl, Suite>>();
  return boost::hana::unpack(fixtures_of(suite), [&impl](const auto&... f) {
    return std::array<bool, sizeof...(f)>{passes(detail::checked_view(f), impl)...};
  });
}

}  // namespace kvc
