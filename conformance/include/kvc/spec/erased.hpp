// kvc/spec/erased.hpp - an implementation behind one call signature, for the run-time checks.
//
// `kvc::check`, `kvc::explore` and the stateful checks are compiled once, into the
// `kvc::conformance` library, not in every file that calls them. What depends on the
// implementation's type stays in the caller's file and is small: for each input type of a suite,
// one function that calls the implementation on run-time inputs (in the forms it takes, as
// `static_assert(kvc::verify(...))` calls it) and compares its result with the expected one under
// an engine profile, exactly as the compile-time checks do.
#pragma once

#include <type_traits>

#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/runtime.hpp>
#include <kvc/spec/shape.hpp>

namespace kvc::detail {

/// What one call on run-time inputs gave.
template <class Result>
struct call_outcome {
  /// Whether every value fit the implementation's parameter types (kvc never narrows).
  bool fit = false;
  /// Whether the result agrees with the expected one.
  bool agrees = false;
  /// The result, as reports show it.
  Result actual{};
};

/// An implementation called with run-time inputs of type `In` (a shape's `runtime_inputs_t`), its
/// result compared with an `Expected`.
template <class In, class Expected, class Result>
struct erased_call {
  using inputs_type = In;
  using expected_type = Expected;
  using result_type = Result;

  /// The implementation.
  const void* impl = nullptr;
  /// Calls it; null when the implementation does not take this form (its fixtures are skipped).
  call_outcome<Result> (*call)(const void* impl, const In& inputs, const Expected& expected,
                               const engine_profile& profile) = nullptr;

  /// Whether the implementation takes this form.
  [[nodiscard]] bool takes() const noexcept { return call != nullptr; }
  /// The implementation's outcome on `inputs`.
  [[nodiscard]] call_outcome<Result> operator()(const In& inputs, const Expected& expected,
                                                const engine_profile& profile) const {
    return call(impl, inputs, expected, profile);
  }
};

/// The run-time signature of a table whose rows are `Row`s: its inputs and its expected result
/// in their run-time forms (a table's `kvc::sequence` of expected values is a `std::vector`, so
/// that a generated case's expected result, of any length, has the same type).
template <class Row>
using erased_call_of =
    erased_call<runtime_inputs_t<typename Row::inputs_type>,
                runtime_field_t<typename Row::expected_type>,
                typename Row::inputs_type::shape::result>;

/// The address of an implementation as an erased call keeps it: a function's (`kvc::check(suite,
/// my_function)`) through the conditionally-supported conversion every platform kvc supports has
/// (POSIX requires it), anything else's as it is.
template <class Impl>
[[nodiscard]] const void* erased_address(const Impl& impl) noexcept {
  if constexpr (std::is_function_v<Impl>)
    return reinterpret_cast<const void*>(&impl);
  else
    return &impl;
}
/// The implementation at an address `erased_address` gave.
template <class Impl>
[[nodiscard]] const Impl& erased_implementation(const void* address) noexcept {
  if constexpr (std::is_function_v<Impl>)
    return *reinterpret_cast<Impl*>(const_cast<void*>(address));
  else
    return *static_cast<const Impl*>(address);
}

/// `impl` behind the run-time signature of `Row`'s table.
template <class Row, class Impl>
[[nodiscard]] erased_call_of<Row> erase(const Impl& impl) {
  using shape = typename Row::inputs_type::shape;
  using In = runtime_inputs_t<typename Row::inputs_type>;
  using Expected = runtime_field_t<typename Row::expected_type>;
  using Result = typename shape::result;
  erased_call_of<Row> erased;
  erased.impl = erased_address(impl);
  if constexpr (shape_takes<shape, Impl, In>) {
    erased.call = [](const void* erased_impl, const In& inputs, const Expected& expected,
                     const engine_profile& profile) {
      call_outcome<Result> outcome;
      outcome.fit = shape::call(erased_implementation<Impl>(erased_impl), inputs,
                                [&](const auto& actual) {
                                  outcome.agrees = shape::agrees(profile, inputs, actual, expected);
                                  outcome.actual = shape::normalize(actual);
                                });
      return outcome;
    };
  }
  return erased;
}

}  // namespace kvc::detail
