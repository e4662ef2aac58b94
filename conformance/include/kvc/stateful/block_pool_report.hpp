// kvc/stateful/block_pool_report.hpp - what kvc::check_block_pool found: how much it ran, and for
// a failure, the shrunk operations, what was wrong, and a doctest test case that replays it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <kvc/detail/deferred.hpp>
#include <kvc/verification/report_builder.hpp>

#include "block_pool_operations.hpp"
#include "check_options.hpp"
#include "operation_text.hpp"

namespace kvc {

namespace detail {

/// `op` as the scenario suites write it: `kvc::allocate_operation(1, 0, {1, 2, 3})`. (Its types
/// depend on `Deferred`, so that it is compiled where it is called, not in every including file.)
template <class Deferred = void>
[[nodiscard]] std::string operation_literal(const dependent_t<Deferred, block_pool_operation>& op) {
  using string = dependent_t<Deferred, std::string>;
  string tokens = "{";
  for (std::size_t i = 0; i < op.tokens.count; ++i)
    tokens += (i == 0 ? "" : ", ") + token_code(op.tokens.storage[i]);
  tokens += "}";
  // Above the largest `long long`, a decimal literal needs its suffix.
  const auto id_code = [](dependent_t<Deferred, std::uint64_t> id) {
    return std::to_string(id) + (id > static_cast<std::uint64_t>(INT64_MAX) ? "u" : "");
  };
  const string request = id_code(op.request);
  switch (op.kind) {
    case block_pool_operation_kind::allocate:
      return "kvc::allocate_operation(" + request + ", " + id_code(op.other) + ", " + tokens + ")";
    case block_pool_operation_kind::append:
      return "kvc::append_operation(" + request + ", " + tokens + ")";
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
template <class Deferred = void>
[[nodiscard]] std::string call_text(const dependent_t<Deferred, block_pool_operation>& op) {
  dependent_t<Deferred, std::string> literal = operation_literal<Deferred>(op);
  literal.erase(0, 5);  // "kvc::"
  return literal.replace(literal.find("_operation"), 10, "");
}

}  // namespace detail

/// The result of `kvc::check_block_pool`. `out << report` prints one line when it passed; when it
/// failed, the seed, the pool's geometry, the shrunk operations one per line with what the engine
/// returned, what is wrong at the last one, and `replay()`.
struct block_pool_report {
  /// The options it ran with (the same options reproduce the same report).
  check_options options{};
  /// The seed (`options.seed`).
  std::uint64_t seed = 1;
  /// How many sequences were run, the failing one included.
  std::size_t sequences_run = 0;
  /// How many operations were applied to the pool, before shrinking.
  std::size_t operations_run = 0;
  /// The 1-based index of the first failing sequence; 0 when every sequence passed.
  std::size_t sequences_to_failure = 0;
  /// How many operations the failing sequence had run when it failed, before shrinking.
  std::size_t original_length = 0;
  /// The blocks of the failing sequence's pool.
  std::size_t num_blocks = 0;
  /// The block size of the failing sequence's pool.
  std::size_t block_size = 0;
  /// The shrunk counterexample (empty when passed).
  std::vector<block_pool_operation> operations{};
  /// What the pool returned at each shrunk operation ("-" for a call that returns nothing).
  std::vector<std::string> returned{};
  /// The 1-based index, in the shrunk operations, of the one that is wrong (the last).
  std::size_t failing_step = 0;
  /// What is wrong there, in one line (empty when passed).
  std::string message{};
  /// The engine's value there.
  std::int64_t actual = 0;
  /// The contract's value there (for a bound, its upper end).
  std::int64_t expected = 0;
  /// Whether hits had to equal everything still cached (`options.exact`).
  bool exact = false;
  /// How many times the shrinker re-ran a candidate sequence.
  std::size_t shrink_runs = 0;
  /// Whether the factory takes the geometry (the replay then passes it).
  bool factory_takes_geometry = false;
  /// Whether the factory returned a pointer to the pool (the replay then calls `->`).
  bool through_pointer = false;

  /// True when no sequence failed.
  [[nodiscard]] bool passed() const noexcept { return sequences_to_failure == 0; }
  /// How many operations the shrunk counterexample has; 0 when passed.
  [[nodiscard]] std::size_t shrunk_length() const noexcept { return operations.size(); }

  /// A doctest test case that replays the shrunk counterexample against `make_pool(...)`, judging
  /// every step with `kvc::check_block_pool_step` and the same shadow. Empty when passed.
  template <class Deferred = void>
  [[nodiscard]] std::string replay() const {
    // Through a dependent `self`, this is compiled where it is called, not in every including file.
    const detail::dependent_t<Deferred, block_pool_report>& self = *this;
    using string = detail::dependent_t<Deferred, std::string>;
    if (self.passed()) return {};
    const string policy = "kvc::reuse_policy{" + std::to_string(self.options.policy.block_size) +
                          ", " + (self.options.policy.recompute_last_token ? "true" : "false") +
                          "}";
    string code =
        "TEST_CASE(\"kvc replay: block pool, seed " + std::to_string(self.seed) +
        "\") {\n  auto pool = make_pool(" +
        (self.factory_takes_geometry
             ? std::to_string(self.num_blocks) + ", " + std::to_string(self.block_size)
             : string()) +
        ");\n  kvc::block_pool_shadow shadow(" + std::to_string(self.num_blocks) + ", " +
        std::to_string(self.block_size) + ", " + policy + ", " + (self.exact ? "true" : "false") +
        (self.options.max_live_requests != 0 ? ", " + std::to_string(self.options.max_live_requests)
                                             : string()) +
        ");\n";
    code += "  for (const kvc::block_pool_operation& op : {";
    for (std::size_t i = 0; i < self.operations.size(); ++i)
      code += string(i == 0 ? "" : ",") + "\n           " +
              detail::operation_literal<Deferred>(self.operations[i]);
    code += "}) {\n    const kvc::block_pool_verdict verdict = kvc::check_block_pool_step(" +
            string(self.through_pointer ? "*pool" : "pool") +
            ", shadow, op);\n    CHECK_MESSAGE(verdict.ok(), verdict.what);\n  }\n";
    return code + "}\n";
  }

  /// Prints the report (see the type's description).
  template <class Deferred = void>
  friend std::ostream& operator<<(std::ostream& stream, const block_pool_report& report) {
    detail::report_builder out;
    const char* mode = report.exact ? "exact" : "bound";
    if (report.passed()) {
      out << "kvc::check_block_pool passed: seed " << report.seed << ", " << report.sequences_run
          << " sequences, " << report.operations_run
          << " operations checked against the KV-content shadow (" << mode << ")\n";
      return stream << out.text;
    }
    out << "kvc::check_block_pool FAILED: seed " << report.seed << ", sequence "
        << report.sequences_to_failure << " of " << report.options.sequences << " ("
        << report.num_blocks << " blocks of " << report.block_size << " tokens, " << mode
        << ") failed after " << report.original_length << " operations; shrunk to "
        << report.shrunk_length() << " in " << report.shrink_runs << " runs\n";
    for (std::size_t i = 0; i < report.shrunk_length(); ++i) {
      out << "  " << (i + 1) << ". " << detail::call_text<Deferred>(report.operations[i]);
      if (i < report.returned.size() && report.returned[i] != "-")
        out << " -> " << report.returned[i];
      out << '\n';
    }
    out << "  wrong at " << report.failing_step << ": " << report.message << "\nreplay:\n"
        << report.template replay<Deferred>();
    return stream << out.text;
  }
};

}  // namespace kvc
