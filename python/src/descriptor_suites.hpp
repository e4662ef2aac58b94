// python/src/descriptor_suites.hpp - the suites of kvc's contract descriptors, found by the names
// Python knows them by (a suite check's name: "prefix_reuse_under blocks of 16").
#pragma once

#include <cstddef>
#include <string_view>
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/string.hpp>

#include <kvc/verification/suite_index.hpp>

namespace kvc_python {

/// Calls `visit(index, name, suite)` for the descriptor suites of part `Part` of `Parts`: those
/// whose index in kvc::verification::suite_index is `Part` modulo `Parts`. Only they are built, so
/// that the extension's suites are instantiated over several translation units, each within the
/// memory budget of a `pip install`.
template <std::size_t Part, std::size_t Parts, class Visit>
void for_each_descriptor_suite_of_part(Visit&& visit) {
  constexpr std::size_t count =
      decltype(boost::hana::length(kvc::verification::suite_index))::value;
  [&visit]<std::size_t... Index>(std::index_sequence<Index...>) {
    const auto one = [&visit]<std::size_t I>(std::integral_constant<std::size_t, I>) {
      if constexpr (I % Parts == Part) {
        const auto& entry = boost::hana::at_c<I>(kvc::verification::suite_index);
        visit(I, std::string_view(boost::hana::to<const char*>(entry.name)), entry.suite);
      }
    };
    (one(std::integral_constant<std::size_t, Index>{}), ...);
  }(std::make_index_sequence<count>{});
}

}  // namespace kvc_python
