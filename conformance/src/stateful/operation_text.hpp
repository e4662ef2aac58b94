// conformance/src/stateful/operation_text.hpp - stateful operations as text: the C++ calls that
// replay them, the table literals that make a scenario of them, and how a scenario's operations
// and observations print in a report.
//
// A counterexample is only useful if it can be pasted into a test, so each operation prints as the
// call an engine's test would make: `cache.insert(kvc::cache_namespace{"m", "", 0, ""},
// std::array<std::int32_t, 2>{1, 2})`, `allocator.try_reserve(3, 16)`; and as the operation a
// scenario table holds: `kvc::insert_operation({"m", "", 0, ""}, {1, 2})`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <kvc/stateful/operations.hpp>
#include <kvc/stateful/scenario.hpp>

#include "../value_text.hpp"

namespace kvc::library::stateful {

/// A token as a literal that initializes a `std::int32_t` without narrowing: the minimum is not a
/// literal (2147483648 is a long), so it prints as an expression.
[[nodiscard]] inline std::string token_code(std::int32_t token) {
  if (token == INT32_MIN) return "-2147483647 - 1";
  return std::to_string(token);
}

/// `{"llama-3-8b", "sql-lora", 1, ""}`.
[[nodiscard]] inline std::string namespace_fields(const cache_namespace& ns) {
  std::string out = "{";
  text::append_literal(out, ns.model);
  out += ", ";
  text::append_literal(out, ns.adapter);
  out += ", " + std::to_string(ns.adapter_revision) + ", ";
  text::append_literal(out, ns.salt);
  return out + "}";
}

/// `kvc::cache_namespace{"llama-3-8b", "sql-lora", 1, ""}`.
[[nodiscard]] inline std::string namespace_code(const cache_namespace& ns) {
  return "kvc::cache_namespace" + namespace_fields(ns);
}

/// `{1, 2, 3}`.
[[nodiscard]] inline std::string token_list(const cache_operation& op) {
  std::string code = "{";
  for (std::size_t i = 0; i < op.tokens.count; ++i)
    code += (i == 0 ? "" : ", ") + token_code(op.tokens.storage[i]);
  return code + "}";
}

/// `std::array<std::int32_t, 3>{1, 2, 3}`.
[[nodiscard]] inline std::string tokens_code(const cache_operation& op) {
  return "std::array<std::int32_t, " + std::to_string(op.tokens.count) + ">" + token_list(op);
}

/// The member function `op` calls.
[[nodiscard]] constexpr std::string_view member_of(cache_operation_kind kind) noexcept {
  switch (kind) {
    case cache_operation_kind::insert:
      return "insert";
    case cache_operation_kind::lookup:
      return "lookup";
    case cache_operation_kind::erase:
      break;
  }
  return "erase";
}

/// The call `op` makes: `lookup(kvc::cache_namespace{...}, std::array<std::int32_t, 2>{1, 2})`.
[[nodiscard]] inline std::string call_code(const cache_operation& op) {
  std::string code(member_of(op.kind));
  code += "(" + namespace_code(op.ns);
  if (op.kind != cache_operation_kind::erase) code += ", " + tokens_code(op);
  return code + ")";
}

/// The call `op` makes: `try_reserve(3, 16)`, `release(3)`, `available()`.
[[nodiscard]] inline std::string call_code(const allocator_operation& op) {
  switch (op.kind) {
    case allocator_operation_kind::try_reserve:
      return "try_reserve(" + std::to_string(op.request) + ", " + std::to_string(op.slots) + ")";
    case allocator_operation_kind::release:
      return "release(" + std::to_string(op.request) + ")";
    case allocator_operation_kind::available:
      break;
  }
  return "available()";
}

/// `op` as a scenario table writes it: `kvc::lookup_operation({"m", "", 0, ""}, {1, 2})`.
[[nodiscard]] inline std::string operation_literal(const cache_operation& op) {
  std::string code = "kvc::";
  code += member_of(op.kind);
  code += "_operation(" + namespace_fields(op.ns);
  if (op.kind != cache_operation_kind::erase) code += ", " + token_list(op);
  return code + ")";
}

/// `op` as a scenario table writes it: `kvc::reserve_operation(1, 8)`.
[[nodiscard]] inline std::string operation_literal(const allocator_operation& op) {
  std::string code;
  switch (op.kind) {
    case allocator_operation_kind::try_reserve:
      code = "kvc::reserve_operation(";
      text::append_integer_literal(code, op.request);
      code += ", ";
      text::append_integer_literal(code, op.slots);
      return code + ")";
    case allocator_operation_kind::release:
      code = "kvc::release_operation(";
      text::append_integer_literal(code, op.request);
      return code + ")";
    case allocator_operation_kind::available:
      break;
  }
  return "kvc::available_operation()";
}

/// `kvc::observed(3)` or `kvc::unobserved`.
[[nodiscard]] inline std::string observation_literal(const observation& o) {
  return o.observed ? "kvc::observed(" + std::to_string(o.value) + ")" : "kvc::unobserved";
}

}  // namespace kvc::library::stateful

namespace kvc {

// How a scenario prints in a report (kvc::text::append_value finds these by argument-dependent
// lookup): the operations as calls, `insert({"m", "", 0, ""}, [1, 2]); erase({"m", "", 0, ""})`,
// and an observation as its value, or `-` for an unobserved call.

/// `insert({"m", "", 0, ""}, [1, 2])`.
inline void append_text(std::string& out, const cache_operation& op) {
  out += library::stateful::member_of(op.kind);
  out += '(';
  text::append_value(out, op.ns);
  if (op.kind != cache_operation_kind::erase) {
    out += ", ";
    text::append_value(out, op.tokens);
  }
  out += ')';
}

/// `try_reserve(1, 5)`.
inline void append_text(std::string& out, const allocator_operation& op) {
  out += library::stateful::call_code(op);
}

/// The operations, `; `-separated.
template <class Operation>
void append_text(std::string& out, const scenario_operations<Operation>& operations) {
  for (std::size_t i = 0; i < operations.size(); ++i) {
    if (i > 0) out += "; ";
    append_text(out, operations[i]);
  }
}

/// `3`, or `-` when the call is not observed.
inline void append_text(std::string& out, const observation& o) {
  if (o.observed)
    out += std::to_string(o.value);
  else
    out += '-';
}

}  // namespace kvc
