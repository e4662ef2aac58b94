// kvc/row_length.hpp - the row length L of a `[B, L]` batch: B rows of L tokens, flattened
// row-major, as packing trainers hand them to attention kernels.
//
// A strong type rather than a bare integer, so that the row-aware overloads of
// kvc::segment_positions and kvc::segment_offsets cannot be called with a size that means
// something else (an output length, a row count) by accident: `kvc::row_length{L}`.
#pragma once

#include <cstddef>

namespace kvc {

/// The number of tokens in every row of a flattened `[B, L]` batch.
struct row_length {
  /// L, the tokens per row.
  std::size_t value;
};

}  // namespace kvc
