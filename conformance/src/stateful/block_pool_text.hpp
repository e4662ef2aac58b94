// conformance/src/stateful/block_pool_text.hpp - block-pool operations as text: the operation a
// scenario table or a replay holds (`kvc::allocate_operation(1, 0, {1, 2, 3})`), the call it makes
// on a pool (`allocate(1, 0, {1, 2, 3})`), and how a scenario's operations print in a report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <kvc/stateful/block_pool_operations.hpp>

#include "operation_text.hpp"

namespace kvc::library::stateful {

/// A request id or namespace as a literal: above the largest `long long`, with its suffix.
[[nodiscard]] inline std::string id_code(std::uint64_t id) {
  return std::to_string(id) + (id > static_cast<std::uint64_t>(INT64_MAX) ? "u" : "");
}

/// `{1, 2, 3}`.
[[nodiscard]] inline std::string token_list(const block_pool_operation& op) {
  std::string code = "{";
  for (std::size_t i = 0; i < op.tokens.count; ++i)
    code += (i == 0 ? "" : ", ") + token_code(op.tokens.storage[i]);
  return code + "}";
}

/// `op` as a scenario table or a replay writes it: `kvc::allocate_operation(1, 0, {1, 2, 3})`.
[[nodiscard]] inline std::string operation_literal(const block_pool_operation& op) {
  const std::string request = id_code(op.request);
  switch (op.kind) {
    case block_pool_operation_kind::allocate:
      return "kvc::allocate_operation(" + request + ", " + id_code(op.other) + ", " +
             token_list(op) + ")";
    case block_pool_operation_kind::append:
      return "kvc::append_operation(" + request + ", " + token_list(op) + ")";
    case block_pool_operation_kind::free:
      return "kvc::free_operation(" + request + ")";
    case block_pool_operation_kind::fork:
      return "kvc::fork_operation(" + request + ", " + id_code(op.other) + ")";
    case block_pool_operation_kind::reset_prefix_cache:
      return "kvc::reset_prefix_cache_operation()";
    case block_pool_operation_kind::free_blocks:
      break;
  }
  return "kvc::free_blocks_operation()";
}

/// `op` as the call it makes on a pool: `allocate(1, 0, {1, 2, 3})`.
[[nodiscard]] inline std::string call_code(const block_pool_operation& op) {
  std::string literal = operation_literal(op);
  literal.erase(0, 5);  // "kvc::"
  return literal.replace(literal.find("_operation"), 10, "");
}

/// `[3, 0, 1]`.
[[nodiscard]] inline std::string ids_text(const std::vector<std::int64_t>& ids) {
  std::string text = "[";
  for (std::size_t i = 0; i < ids.size(); ++i)
    text += (i == 0 ? "" : ", ") + std::to_string(ids[i]);
  return text + "]";
}

}  // namespace kvc::library::stateful

namespace kvc {

/// `allocate(1, 0, {1, 2, 3})` (kvc::text::append_value finds it by argument-dependent lookup).
inline void append_text(std::string& out, const block_pool_operation& op) {
  out += library::stateful::call_code(op);
}

}  // namespace kvc
