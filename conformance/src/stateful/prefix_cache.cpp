// conformance/src/stateful/prefix_cache.cpp - kvc::check_prefix_cache's run: the prefix-cache
// machine driven by the one run loop, and its report.
#include <kvc/stateful/prefix_cache_check.hpp>

#include "machine.hpp"
#include "prefix_cache_machine.hpp"
#include "report_of.hpp"

namespace kvc::detail {

stateful_report run_prefix_cache_check(const erased_prefix_cache& cache,
                                       const check_options& options) {
  using library::stateful::prefix_cache_machine;
  stateful_report report{};
  report.subject = stateful_subject::prefix_cache;
  report.options = options;
  report.exact = options.exact;
  report.through_pointer = cache.through_pointer;
  library::stateful::fill_report(report,
                                 library::stateful::run_check<prefix_cache_machine>(cache, options),
                                 &stateful_report::cache_operations);
  return report;
}

}  // namespace kvc::detail
