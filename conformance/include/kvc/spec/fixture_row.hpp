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

template <const auto& Table, const std::string_view& Suffix>
[[nodiscard]] constexpr std::size_t suffixed_size() noexcept {
  std::size_t n = 0;
  for (const auto& row : Table) n += row.label.size() + Suffix.size();
  return n;
}

/// The characters of every label of `Table`, each followed by `Suffix`, stored once.
template <const auto& Table, const std::string_view& Suffix>
inline constexpr auto suffixed_characters = [] {
  std::array<char, suffixed_size<Table, Suffix>()> chars{};
  std::size_t at = 0;
  for (const auto& row : Table) {
    for (const char c : row.label.view()) chars[at++] = c;
    for (const char c : Suffix) chars[at++] = c;
  }
  return chars;
}();

/// Label `i` of `Table` with `Suffix` appended (the labels of a table derived from another).
template <const auto& Table, const std::string_view& Suffix>
[[nodiscard]] constexpr fixture_text suffixed_label(std::size_t i) noexcept {
  std::size_t at = 0;
  for (std::size_t k = 0; k < i; ++k) at += Table[k].label.size() + Suffix.size();
  return fixture_text(std::string_view(suffixed_characters<Table, Suffix>.data() + at,
                                       Table[i].label.size() + Suffix.size()));
}

}  // namespace kvc::detail
