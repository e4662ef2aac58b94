// kvc/spec/fixture_row.hpp - one fixture of a value table: its label, the inputs of one call and
// the result the contract demands. A suite's fixtures are a `constexpr` array of them.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include <kvc/spec/fixture_text.hpp>

namespace kvc {

/// Where a fixture is checked.
enum class fixture_scope : unsigned char {
  /// In constant evaluation (`static_assert(kvc::verify(...))`) and at run time.
  everywhere,
  /// At run time only (`kvc::check`, and the checks called at run time): a fixture whose inputs
  /// are thousands of values long, which would cost a compile-time check more than every other
  /// fixture of its suite together.
  run_time,
};
/// Marks a fixture checked at run time only: `{"label", {inputs...}, expected, kvc::run_time_only}`.
inline constexpr fixture_scope run_time_only = fixture_scope::run_time;

/// One checked call. `Inputs` is a spec's inputs type (it names its shape: `Inputs::shape`), so
/// that a fixture says by its type how it is called and by its values what it holds.
template <class Inputs, class Expected>
struct fixture_row {
  /// The call's inputs.
  using inputs_type = Inputs;
  /// The result's type.
  using expected_type = Expected;

  /// What the fixture is about, as reports and diagnostics name it.
  fixture_text label;
  /// The call's inputs.
  Inputs inputs;
  /// The result the contract demands.
  Expected expected;
  /// Where it is checked.
  fixture_scope scope = fixture_scope::everywhere;
};

}  // namespace kvc

namespace kvc::detail {

/// How many fixtures a table (a C array or a `std::array` of rows) holds.
template <class Row, std::size_t N>
[[nodiscard]] constexpr std::size_t table_size(const Row (&)[N]) noexcept {
  return N;
}
template <class Row, std::size_t N>
[[nodiscard]] constexpr std::size_t table_size(const std::array<Row, N>&) noexcept {
  return N;
}

}  // namespace kvc::detail
