// kvc/exploration/row_shrinking.hpp - smaller cases of values laid out as whole rows: a `[B, L]`
// batch of segment ids (B rows of L tokens) or C rows of N position ids.
//
// The generic shrink candidates (kvc/exploration/case_values.hpp) remove values anywhere and halve
// the row length on its own, so nearly every one of them is a case the contract refuses (not whole
// rows), which fails in another way than the case being shrunk. These keep the rows whole: a row
// removed, the same column removed from every row, every row cut to its first half.
#pragma once

#include <cstddef>
#include <vector>

namespace kvc::exploration {

/// A smaller layout of whole rows: its values and its row length.
template <class T>
struct row_layout {
  /// The values, row by row.
  std::vector<T> values;
  /// The values of one row.
  std::size_t row_size;
};

/// Smaller layouts of `values`, rows of `row_size` values each (none when they are not whole rows,
/// or empty): each of the first 16 rows removed, every row cut to its first half, and each of the
/// first 64 columns removed from every row.
template <class T>
[[nodiscard]] std::vector<row_layout<T>> smaller_row_layouts(const std::vector<T>& values,
                                                             std::size_t row_size) {
  std::vector<row_layout<T>> out;
  if (row_size == 0 || values.empty() || values.size() % row_size != 0) return out;
  const std::size_t rows = values.size() / row_size;
  // Keeps, of every row, the columns `keep(column)` says.
  const auto columns = [&](std::size_t kept_size, const auto& keep) {
    row_layout<T> smaller{{}, kept_size};
    smaller.values.reserve(rows * kept_size);
    for (std::size_t row = 0; row < rows; ++row)
      for (std::size_t column = 0; column < row_size; ++column)
        if (keep(column)) smaller.values.push_back(values[row * row_size + column]);
    out.push_back(std::move(smaller));
  };
  for (std::size_t removed = 0; removed < rows && removed < 16 && rows > 1; ++removed) {
    row_layout<T> fewer{{}, row_size};
    fewer.values.reserve(values.size() - row_size);
    for (std::size_t i = 0; i < values.size(); ++i)
      if (i / row_size != removed) fewer.values.push_back(values[i]);
    out.push_back(std::move(fewer));
  }
  if (row_size >= 2) {
    const std::size_t half = row_size / 2;
    columns(half, [half](std::size_t column) { return column < half; });
    for (std::size_t removed = 0; removed < row_size && removed < 64; ++removed)
      columns(row_size - 1, [removed](std::size_t column) { return column != removed; });
  }
  return out;
}

}  // namespace kvc::exploration
