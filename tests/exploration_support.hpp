// tests/exploration_support.hpp - helpers of the kvc::explore tests: a contract descriptor's suites
// explored with their reference and every known-bad implementation.
//
// (Reconstructed from its uses in tests/exploration_prefix.cpp and tests/exploration_admission.cpp
// after the original was overwritten by mistake: `explore_descriptor` and its tally.)
#pragma once

#include <cstddef>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/hana/for_each.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/at.hpp>

#include <doctest/doctest.h>

#include <kvc/explore.hpp>
#include <kvc/verification/descriptor.hpp>

namespace kvc_test {

/// What exploring a contract descriptor found.
struct descriptor_exploration {
  /// The suites explored (those kvc::explore can explore).
  std::size_t suites = 0;
  /// The known-bad implementations explored.
  std::size_t mutants = 0;
  /// Those that passed kvc::explore (each also a failed check).
  std::size_t mutants_missed = 0;
};

/// Whether kvc::explore can call `Impl` on some input form of `Suite` at run time.
template <class Suite, class Impl>
inline constexpr bool explorable_implementation = [] {
  using family = typename kvc::exploration::family_of<std::remove_cvref_t<Suite>>::type;
  using forms = typename kvc::exploration::callable_forms<family, Impl, typename family::forms>::type;
  return kvc::exploration::list_size<forms>::value != 0;
}();

/// Explores every explorable suite of `contract` with default options: its reference passes, and
/// every known-bad implementation kvc::explore can call fails.
/// Only the suite checks `First` to `Last - 1` of the descriptor: a test of a large descriptor is
/// split over several translation units, so that none needs much memory to compile.
template <std::size_t First = 0, std::size_t Last = static_cast<std::size_t>(-1), class Contract>
descriptor_exploration explore_descriptor(const Contract& contract) {
  descriptor_exploration found;
  constexpr std::size_t count = decltype(boost::hana::length(contract.checks))::value;
  constexpr std::size_t last = Last < count ? Last : count;
  const auto visit = [&found](const auto& check) {
    using suite_t = std::remove_cvref_t<decltype(check.suite)>;
    if constexpr (kvc::explorable<suite_t>) {
      ++found.suites;
      const std::string suite = boost::hana::to<const char*>(check.name);
      const kvc::exploration_report reference = kvc::explore(check.suite, check.reference);
      std::ostringstream text;
      text << reference;
      CHECK_MESSAGE(reference.passed(), suite << ": the reference failed\n" << text.str());
      // A failure record's published implementations are wrong too (each fails its record).
      boost::hana::for_each(check.records, [&](const auto& record) {
        boost::hana::for_each(record.rows, [&](const auto& row) {
          ++found.mutants;
          const auto report = kvc::explore(check.suite, row.impl);
          if (report.passed()) ++found.mutants_missed;
          CHECK_MESSAGE(!report.passed(),
                        suite << ": exploration misses the record's "
                              << std::string(boost::hana::to<const char*>(row.name)));
        });
      });
      boost::hana::for_each(check.mutants, [&](const auto& mutant) {
        using impl_t = std::remove_cvref_t<decltype(mutant.impl)>;
        if constexpr (explorable_implementation<suite_t, impl_t>) {
          ++found.mutants;
          if (kvc::explore(check.suite, mutant.impl).passed()) {
            ++found.mutants_missed;
            FAIL_CHECK(suite << "/" << std::string(boost::hana::to<const char*>(mutant.name))
                             << " passed kvc::explore");
          }
        }
      });
    }
  };
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (visit(boost::hana::at_c<First + I>(contract.checks)), ...);
  }(std::make_index_sequence<last - First>{});
  return found;
}

}  // namespace kvc_test
