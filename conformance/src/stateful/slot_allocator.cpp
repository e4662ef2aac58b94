// conformance/src/stateful/slot_allocator.cpp - kvc::check_slot_allocator's run: the
// slot-allocator machine driven by the one run loop, and its report.
#include <kvc/stateful/slot_allocator_check.hpp>

#include "machine.hpp"
#include "report_of.hpp"
#include "slot_allocator_machine.hpp"

namespace kvc::detail {

stateful_report run_slot_allocator_check(const erased_slot_allocator& allocator,
                                         const check_options& options) {
  using library::stateful::slot_allocator_machine;
  stateful_report report{};
  report.subject = stateful_subject::slot_allocator;
  report.options = options;
  report.exact = true;
  report.through_pointer = allocator.through_pointer;
  report.factory_takes_capacity = allocator.takes_arguments;
  library::stateful::fill_report(
      report, library::stateful::run_check<slot_allocator_machine>(allocator, options),
      &stateful_report::allocator_operations);
  return report;
}

}  // namespace kvc::detail
