// python/src/descriptor_suites.hpp - the suites of kvc's contract descriptors, found by the names
// Python knows them by (a suite check's name: "prefix_reuse_under blocks of 16").
#pragma once

#include <string_view>

#include <boost/hana/for_each.hpp>
#include <boost/hana/string.hpp>

#include <kvc/verification/suite_index.hpp>

namespace kvc_python {

/// Calls `visit(name, suite)` for every suite check of every contract descriptor, in the
/// descriptors' order (the order kvc.testing.suites.names() lists them in), from
/// kvc::verification::suite_index: the suites without the descriptors' known-bad implementations.
template <class Visit>
void for_each_descriptor_suite(Visit&& visit) {
  boost::hana::for_each(kvc::verification::suite_index, [&visit](const auto& entry) {
    visit(std::string_view(boost::hana::to<const char*>(entry.name)), entry.suite);
  });
}

/// Calls `visit(suite)` for the descriptor suite named `name`; false when there is none.
template <class Visit>
bool with_descriptor_suite(std::string_view name, Visit&& visit) {
  bool found = false;
  for_each_descriptor_suite([&](std::string_view suite_name, const auto& suite) {
    if (!found && suite_name == name) {
      found = true;
      visit(suite);
    }
  });
  return found;
}

}  // namespace kvc_python
