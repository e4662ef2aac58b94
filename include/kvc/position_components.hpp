// kvc/position_components.hpp - the number of components C of a multimodal rotary position tensor:
// M-RoPE (Qwen2-VL and its successors) gives every token C = 3 position ids (temporal, height,
// width), held as C rows of N tokens -- a `[3, N]` or `[3, 1, N]` tensor, flattened row by row.
//
// A strong type rather than a bare integer, so that the component-aware overloads of
// kvc::offsets_from_positions and kvc::max_sequence_length_from_positions cannot be called with a
// size that means something else (an output length, a token count) by accident:
// `kvc::position_components{3}`.
#pragma once

#include <cstddef>

namespace kvc {

/// The number of position rows of a component-major position tensor: C rows of N tokens each.
struct position_components {
  /// C: 3 for M-RoPE, 1 for a one-row position tensor.
  std::size_t value;
};

}  // namespace kvc
