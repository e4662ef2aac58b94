// kvc/spec/field.hpp - what each input of a contract is: its name and its kind. A spec lists its
// fields once; reports, the Python binding, the JSON vectors, engine profiles and the generators
// read the kinds instead of recognising inputs by their types.
#pragma once

#include <string_view>

namespace kvc {

/// The kind of one input of a contract.
enum class field_kind : unsigned char {
  namespace_text,    ///< a namespace as one string (a model name)
  cache_namespace,   ///< a structured namespace (`kvc::cache_namespace`)
  tokens,            ///< token ids
  multimodal_items,  ///< `kvc::multimodal_item`s
  block_size,        ///< tokens per block
  capacity,          ///< slots or blocks in all
  used,              ///< slots or tokens already taken
  count,             ///< tokens or slots asked for
  counts,            ///< several requests' counts, in order
  lookahead,         ///< slots reserved ahead (speculative decoding)
  segment_ids,       ///< one id per packed token
  row_length,        ///< the row length L of a flattened `[B, L]` batch
  position_ids,      ///< position ids (-1 for padding), one row or several
  components,        ///< the rows of M-RoPE position ids (C)
  output_room,       ///< the size of the output span an implementation writes
  operations,        ///< the calls of a stateful scenario
};

/// One input of a contract: its name (as reports, Python and JSON spell it) and its kind.
struct field {
  /// The input's name.
  std::string_view name;
  /// The input's kind.
  field_kind kind;
};

/// The name of a kind, as the JSON schema spells it.
[[nodiscard]] constexpr std::string_view kind_name(field_kind kind) noexcept {
  switch (kind) {
    case field_kind::namespace_text: return "namespace_text";
    case field_kind::cache_namespace: return "cache_namespace";
    case field_kind::tokens: return "tokens";
    case field_kind::multimodal_items: return "multimodal_items";
    case field_kind::block_size: return "block_size";
    case field_kind::capacity: return "capacity";
    case field_kind::used: return "used";
    case field_kind::count: return "count";
    case field_kind::counts: return "counts";
    case field_kind::lookahead: return "lookahead";
    case field_kind::segment_ids: return "segment_ids";
    case field_kind::row_length: return "row_length";
    case field_kind::position_ids: return "position_ids";
    case field_kind::components: return "components";
    case field_kind::output_room: return "output_room";
    case field_kind::operations: return "operations";
  }
  return "";
}

/// Whether a field of this kind is a sequence (an empty one is an empty input).
[[nodiscard]] constexpr bool is_sequence_kind(field_kind kind) noexcept {
  return kind == field_kind::tokens || kind == field_kind::multimodal_items ||
         kind == field_kind::counts || kind == field_kind::segment_ids ||
         kind == field_kind::position_ids;
}

}  // namespace kvc
