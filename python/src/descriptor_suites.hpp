// python/src/descriptor_suites.hpp - the suites of kvc's contract descriptors, found by the names
// Python knows them by (a suite check's name: "prefix_reuse_under blocks of 16").
#pragma once

#include <array>
#include <cstddef>
#include <string_view>
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/string.hpp>

#include <kvc/verification/suite_index.hpp>

namespace kvc_python {

/// The number of suites in kvc::verification::suite_index.
inline constexpr std::size_t descriptor_suite_count =
    decltype(boost::hana::length(kvc::verification::suite_index))::value;

/// Calls `visit(index, name, suite)` for the descriptor suites of kvc::verification::suite_index
/// from index `First` to before `Last`. Only they are built, so that the extension's suites are
/// instantiated over several translation units, each within the memory budget of a `pip install`.
/// The parts are contiguous runs, because neighbours in the index are the same suite under other
/// policies and share most of their instantiations (four such neighbours cost g++ about 10% more
/// memory than one).
template <std::size_t First, std::size_t Last, class Visit>
void for_each_descriptor_suite_in(Visit&& visit) {
  static_assert(First <= Last && Last <= descriptor_suite_count);
  [&visit]<std::size_t... Offset>(std::index_sequence<Offset...>) {
    const auto one = [&visit]<std::size_t I>(std::integral_constant<std::size_t, I>) {
      const auto& entry = boost::hana::at_c<I>(kvc::verification::suite_index);
      visit(I, std::string_view(boost::hana::to<const char*>(entry.name)), entry.suite);
    };
    (one(std::integral_constant<std::size_t, First + Offset>{}), ...);
  }(std::make_index_sequence<Last - First>{});
}

/// Where each part of a table built in parts starts in kvc::verification::suite_index, and
/// where the last one ends: part k holds the suites from `starts[k]` to before `starts[k + 1]`.
/// The table must end at the index's size, so a suite added to the index is given a part.
template <std::size_t Parts>
constexpr bool valid_part_starts(const std::array<std::size_t, Parts + 1>& starts) {
  if (starts[0] != 0 || starts[Parts] != descriptor_suite_count) return false;
  for (std::size_t k = 0; k < Parts; ++k)
    if (starts[k] > starts[k + 1]) return false;
  return true;
}

}  // namespace kvc_python
