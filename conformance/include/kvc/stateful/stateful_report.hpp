// kvc/stateful/stateful_report.hpp - what a model-based stateful check found: how much it ran, and
// for a failure, the shrunk counterexample and a doctest test case that replays it.
//
// Needs no exceptions and no RTTI.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <kvc/detail/deferred.hpp>
#include <kvc/verification/report_builder.hpp>

#include "check_options.hpp"
#include "operation_text.hpp"
#include "operations.hpp"

namespace kvc {

/// What a stateful check checked.
enum class stateful_subject : unsigned char {
  prefix_cache,    ///< `kvc::check_prefix_cache`
  slot_allocator,  ///< `kvc::check_slot_allocator`
};

/// The result of `kvc::check_prefix_cache` or `kvc::check_slot_allocator`. `out << report` prints
/// one line when it passed; when it failed, a summary with the seed, the shrunk operations one per
/// line, and `replay()`.
struct stateful_report {
  /// What was checked.
  stateful_subject subject = stateful_subject::prefix_cache;
  /// The options it ran with (the same options reproduce the same report).
  check_options options{};
  /// The seed (`options.seed`).
  std::uint64_t seed = 1;
  /// How many sequences were run, the failing one included.
  std::size_t sequences_run = 0;
  /// How many operations were applied to the implementation and the model, before shrinking.
  std::size_t operations_run = 0;
  /// The 1-based index of the first failing sequence; 0 when every sequence passed.
  std::size_t sequences_to_failure = 0;
  /// How many operations the failing sequence had run when it failed, before shrinking.
  std::size_t original_length = 0;
  /// The shrunk counterexample of a failed cache check (empty otherwise).
  std::vector<cache_operation> cache_operations{};
  /// The shrunk counterexample of a failed allocator check (empty otherwise).
  std::vector<allocator_operation> allocator_operations{};
  /// For each shrunk operation, what the model observed (`observed` false for unobserved calls).
  std::vector<observation> observed{};
  /// The 1-based index, in the shrunk operations, of the one whose observation is wrong (the last).
  std::size_t failing_step = 0;
  /// What the implementation returned there (a reservation: 1 granted, 0 refused).
  std::int64_t actual = 0;
  /// What the model returned there.
  std::int64_t expected = 0;
  /// Whether `actual` had to equal `expected`; otherwise it had to lie in [0, expected].
  bool exact = false;
  /// How many times the shrinker re-ran a candidate sequence.
  std::size_t shrink_runs = 0;
  /// Whether the factory returned a pointer to the implementation (the replay then calls `->`).
  bool through_pointer = false;
  /// Whether the allocator factory took the capacity (the replay then passes it).
  bool factory_takes_capacity = false;

  /// True when no sequence failed.
  [[nodiscard]] bool passed() const noexcept { return sequences_to_failure == 0; }

  /// How many operations the shrunk counterexample has; 0 when passed.
  [[nodiscard]] std::size_t shrunk_length() const noexcept {
    return subject == stateful_subject::prefix_cache ? cache_operations.size()
                                                     : allocator_operations.size();
  }

  /// A doctest test case that replays the shrunk counterexample against `make_cache()` (or
  /// `make_allocator()`), checking every observed operation against the model's value. Empty when
  /// passed.
  template <class Deferred = void>
  [[nodiscard]] std::string replay() const {
    // Through a dependent `self`, this is compiled where it is called, not in every including file.
    const detail::dependent_t<Deferred, stateful_report>& self = *this;
    using string = detail::dependent_t<Deferred, std::string>;
    if (self.passed()) return {};
    const bool cache = self.subject == stateful_subject::prefix_cache;
    const string object = cache ? (self.through_pointer ? "cache->" : "cache.")
                                : (self.through_pointer ? "allocator->" : "allocator.");
    string code = "TEST_CASE(\"kvc replay: " + string(cache ? "prefix cache" : "slot allocator") +
                  ", seed " + std::to_string(self.seed) + "\") {\n";
    if (cache)
      code += "  auto cache = make_cache();\n";
    else
      code += "  auto allocator = make_allocator(" +
              (self.factory_takes_capacity ? std::to_string(self.options.capacity) : string()) +
              ");\n";
    for (std::size_t i = 0; i < self.shrunk_length(); ++i)
      code += "  " + self.template replay_line<Deferred>(i, object) + "\n";
    return code + "}\n";
  }

  /// Prints the report (see the type's description).
  template <class Deferred = void>
  friend std::ostream& operator<<(std::ostream& stream, const stateful_report& report) {
    detail::report_builder out;
    const char* name = report.subject == stateful_subject::prefix_cache ? "kvc::check_prefix_cache"
                                                                        : "kvc::check_slot_allocator";
    const char* mode = report.subject == stateful_subject::slot_allocator || report.options.exact
                           ? "exact"
                           : "bound";
    if (report.passed()) {
      out << name << " passed: seed " << report.seed << ", " << report.sequences_run
          << " sequences, " << report.operations_run << " operations checked against the model ("
          << mode << ")\n";
      return stream << out.text;
    }
    out << name << " FAILED: seed " << report.seed << ", sequence " << report.sequences_to_failure
        << " of " << report.options.sequences << " failed after " << report.original_length
        << " operations; shrunk to " << report.shrunk_length() << " in " << report.shrink_runs
        << " runs (run again with the same options to reproduce)\n";
    for (std::size_t i = 0; i < report.shrunk_length(); ++i) {
      out << "  " << (i + 1) << ". " << report.template call<Deferred>(i, "");
      if (i + 1 == report.failing_step) {
        out << " returned " << report.actual << ", expected ";
        if (report.exact)
          out << report.expected;
        else
          out << "0.." << report.expected << " (bound: the model says " << report.expected << ")";
      }
      out << '\n';
    }
    out << "replay:\n" << report.template replay<Deferred>();
    return stream << out.text;
  }

 private:
  template <class Deferred>
  [[nodiscard]] std::string call(std::size_t i, std::string_view object) const {
    const detail::dependent_t<Deferred, stateful_report>& self = *this;
    return self.subject == stateful_subject::prefix_cache
               ? detail::call_code(self.cache_operations[i], object)
               : detail::call_code(self.allocator_operations[i], object);
  }

  /// Step `i` as a statement: an observed call is checked against the model's value, as a bound
  /// when the check was one.
  template <class Deferred>
  [[nodiscard]] std::string replay_line(std::size_t i, std::string_view object) const {
    const detail::dependent_t<Deferred, stateful_report>& self = *this;
    using string = detail::dependent_t<Deferred, std::string>;
    const string expression = self.template call<Deferred>(i, object);
    if (i >= self.observed.size() || !self.observed[i].observed) return expression + ";";
    const std::int64_t value = self.observed[i].value;
    if (self.subject == stateful_subject::slot_allocator &&
        self.allocator_operations[i].kind == allocator_operation_kind::try_reserve)
      return value != 0 ? "CHECK(" + expression + ");" : "CHECK_FALSE(" + expression + ");";
    if (self.exact) return "CHECK(" + expression + " == " + std::to_string(value) + ");";
    const bool below_zero = i + 1 == self.failing_step && self.actual < 0;
    return below_zero ? "CHECK(" + expression + " >= 0);"
                      : "CHECK(" + expression + " <= " + std::to_string(value) + ");";
  }
};

}  // namespace kvc
