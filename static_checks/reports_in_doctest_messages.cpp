// Static check: a test file that includes doctest and kvc, and no stream header of its own, shows
// kvc's reports in doctest's messages (`INFO(report)`, `CHECK_MESSAGE(ok, report)`). doctest, with
// libstdc++, declares `std::ostream` without defining it, and with libstdc++ kvc's report headers
// do not include <ostream> either (kvc/verification/report_builder.hpp): each printer builds its
// text in a std::string and inserts that with std::string's inserter, which needs no more. A
// printer that streamed into the `std::ostream` itself (or into a stream type deduced where it is
// called) would break exactly this. Compiled, never run; tests/exploration_block_pool.cpp, which
// includes no stream header either and is built without the tests' precompiled header, links such
// messages.
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
