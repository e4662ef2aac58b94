// kvc/stateful/operation_text.hpp - stateful operations as C++ source: the calls that replay them.
//
// A counterexample is only useful if it can be pasted into a test, so each operation prints as the
// call an engine's test would make: `cache.insert(kvc::cache_namespace{"m", "", 0, ""},
// std::array<std::int32_t, 2>{1, 2})`, `allocator.try_reserve(3, 16)`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "operations.hpp"

namespace kvc::detail {

/// `text` as a C++ string literal.
[[nodiscard]] inline std::string string_literal(std::string_view text) {
  std::string literal = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') literal += '\\';
    literal += c;
  }
  return literal + '"';
}

/// `kvc::cache_namespace{"llama-3-8b", "sql-lora", 1, ""}`.
[[nodiscard]] inline std::string namespace_code(const cache_namespace& ns) {
  return "kvc::cache_namespace{" + string_literal(ns.model) + ", " + string_literal(ns.adapter) +
         ", " + std::to_string(ns.adapter_revision) + ", " + string_literal(ns.salt) + "}";
}

/// A token as a literal that initializes a `std::int32_t` without narrowing: the minimum is not a
/// literal (2147483648 is a long), so it prints as an expression.
[[nodiscard]] inline std::string token_code(std::int32_t token) {
  if (token == INT32_MIN) return "-2147483647 - 1";
  return std::to_string(token);
}

/// `std::array<std::int32_t, 3>{1, 2, 3}`.
[[nodiscard]] inline std::string tokens_code(const cache_operation& op) {
  std::string code = "std::array<std::int32_t, " + std::to_string(op.tokens.count) + ">{";
  for (std::size_t i = 0; i < op.tokens.count; ++i)
    code += (i == 0 ? "" : ", ") + token_code(op.tokens.storage[i]);
  return code + "}";
}

/// The call `op` makes on `object` (`cache`, or `cache->` through a pointer).
template <class Deferred = void>
[[nodiscard]] std::string call_code(const cache_operation& op, std::string_view object) {
  std::string code(object);
  switch (op.kind) {
    case cache_operation_kind::insert:
      return code + "insert(" + namespace_code(op.ns) + ", " + tokens_code(op) + ")";
    case cache_operation_kind::lookup:
      return code + "lookup(" + namespace_code(op.ns) + ", " + tokens_code(op) + ")";
    case cache_operation_kind::erase:
      break;
  }
  return code + "erase(" + namespace_code(op.ns) + ")";
}

/// The call `op` makes on `object` (`allocator.`, or `allocator->`).
template <class Deferred = void>
[[nodiscard]] std::string call_code(const allocator_operation& op, std::string_view object) {
  std::string code(object);
  switch (op.kind) {
    case allocator_operation_kind::try_reserve:
      return code + "try_reserve(" + std::to_string(op.request) + ", " + std::to_string(op.slots) +
             ")";
    case allocator_operation_kind::release:
      return code + "release(" + std::to_string(op.request) + ")";
    case allocator_operation_kind::available:
      break;
  }
  return code + "available()";
}

}  // namespace kvc::detail
