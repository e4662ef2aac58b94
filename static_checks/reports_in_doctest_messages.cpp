// Static check: a test file that includes doctest and kvc, and no stream header of its own, shows
// kvc's reports in doctest's messages (`INFO(report)`, `CHECK_MESSAGE(ok, report)`). doctest, with
// libstdc++, declares `std::ostream` without defining it, so this compiles only while the report
// headers give their printers the stream they print to (a report printer compiled where it is
// called, with `<ostream>` left out of kvc's headers, broke exactly this). Compiled, never run.
#if __has_include(<doctest/doctest.h>)
#include <doctest/doctest.h>

#include <kvc/conformance.hpp>

namespace {

[[maybe_unused]] void reports_in_messages(const kvc::conformance_report& checked,
                                          const kvc::exploration_report& explored,
                                          const kvc::stateful_report& stateful,
                                          const kvc::block_pool_report& pool,
                                          const kvc::linearizability_report& history,
                                          const kvc::budget_shrink_report& shrunk) {
  INFO(checked);
  INFO(explored);
  INFO(stateful);
  INFO(pool);
  INFO(history);
  INFO(shrunk);
  CHECK_MESSAGE(checked.passed(), checked);
  CHECK_MESSAGE(explored.passed(), explored);
}

}  // namespace
#endif
