// kvc/spec/verdict.hpp - what `kvc::verify` returns: true when every fixture passed; in a constant
// expression, a failed verdict stops the compilation at `kvc::fixture_failed<label>`, a function
// whose template argument is the failing fixture's label as text.
#pragma once

#include <concepts>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

namespace kvc {

/// A string usable as a template argument, so that a diagnostic shows it as text.
template <std::size_t Size>
struct fixed_label {
  /// The characters, the terminating NUL included.
  char chars[Size]{};
  /// Copies the literal `text`; implicit, so that `kvc::label<"text">` reads as written.
  constexpr fixed_label(const char (&text)[Size]) noexcept {  // NOLINT: implicit by design
    for (std::size_t i = 0; i < Size; ++i) chars[i] = text[i];
  }
  /// Copies the `Size - 1` characters of `text`.
  constexpr explicit fixed_label(std::string_view text) noexcept {
    for (std::size_t i = 0; i + 1 < Size && i < text.size(); ++i) chars[i] = text[i];
  }
};

#if defined(__clang__) && __clang_major__ < 19
/// clang before 19 prints a class-type template argument as numbers, so for it the label is a
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
/// Deliberately not `constexpr`: a failed `kvc::verify` stops the compilation here, its template
/// arguments spelling the failing fixture's label.
template <char... Label>
inline void fixture_failed() noexcept {}  // its inputs, actual and expected: std::cout << kvc::check(suite, impl)
#else
/// Deliberately not `constexpr`: a failed `kvc::verify` stops the compilation here, naming the
/// failing fixture: `fixture_failed<kvc::fixed_label<17>{"alternating runs"}>`.
template <fixed_label Label>
inline void fixture_failed() noexcept {}  // its inputs, actual and expected: std::cout << kvc::check(suite, impl)
#endif

namespace detail {

/// The verdict's failure at run time, where no diagnostic names a fixture: `std::cout <<
/// kvc::check(suite, impl)` does.
inline void failed_at_run_time() noexcept {}

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
  if constexpr (std::integral<T> && !std::same_as<T, bool>) {
    shown.integer = true;
    if (std::in_range<long long>(value)) {
      shown.signed_value = static_cast<long long>(value);
    } else {
      shown.is_unsigned = true;
      shown.unsigned_value = static_cast<unsigned long long>(value);
    }
  }
  return shown;
}

/// The function that names the label of fixture `Row` of `Table` in a diagnostic.
template <const auto& Table, std::size_t Row>
[[nodiscard]] constexpr auto failure_of() noexcept {
#if KVC_LABEL_AS_CHARACTERS
  return []<std::size_t... I>(std::index_sequence<I...>) {
    return &fixture_failed<Table[Row].label[I]...>;
  }(std::make_index_sequence<Table[Row].label.size()>{});
#else
  return &fixture_failed<fixed_label<Table[Row].label.size() + 1>(Table[Row].label.view())>;
#endif
}

// Stop a constant evaluation at `failed`. clang prints the arguments of these calls, so its
// diagnostic shows the actual and expected integer results too:
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
/// `false`.
class verdict {
 public:
  constexpr verdict() noexcept = default;
  /// A failed verdict: `failed` names the fixture. `callable` false: the suite cannot call the
  /// implementation at all (a static_assert has said so).
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

}  // namespace kvc
