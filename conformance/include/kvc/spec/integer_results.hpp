// kvc/spec/integer_results.hpp - a run of integers (a span-output implementation's result) as the
// run-time checks keep it: one `integer_result` per value. Every call of an exploration converts
// one, so a contiguous run of a standard integer type is converted by kvc::conformance (compiled
// once, optimized), not by code instantiated in the caller's unoptimized test.
#pragma once

#include <cstddef>
#include <span>
#include <type_traits>
#include <vector>

#include <kvc/detail/ranges.hpp>
#include <kvc/spec/integer_result.hpp>

namespace kvc::detail {

/// Each value, in order (defined in kvc::conformance).
[[nodiscard]] std::vector<integer_result> integer_results(std::span<const signed char> values);
[[nodiscard]] std::vector<integer_result> integer_results(std::span<const unsigned char> values);
[[nodiscard]] std::vector<integer_result> integer_results(std::span<const short> values);
[[nodiscard]] std::vector<integer_result> integer_results(std::span<const unsigned short> values);
[[nodiscard]] std::vector<integer_result> integer_results(std::span<const int> values);
[[nodiscard]] std::vector<integer_result> integer_results(std::span<const unsigned> values);
[[nodiscard]] std::vector<integer_result> integer_results(std::span<const long> values);
[[nodiscard]] std::vector<integer_result> integer_results(std::span<const unsigned long> values);
[[nodiscard]] std::vector<integer_result> integer_results(std::span<const long long> values);
[[nodiscard]] std::vector<integer_result> integer_results(
    std::span<const unsigned long long> values);

/// Each value of `values` (any sized range), in order.
template <class Range>
[[nodiscard]] std::vector<integer_result> to_integer_results(const Range& values) {
  using value_type = std::remove_cv_t<std::ranges::range_value_t<const Range>>;
  if constexpr (std::ranges::contiguous_range<const Range> &&
                requires(std::span<const value_type> run) { integer_results(run); }) {
    return integer_results(std::span<const value_type>(std::ranges::data(values),
                                                       std::ranges::size(values)));
  } else {
    std::vector<integer_result> results;
    results.reserve(static_cast<std::size_t>(std::ranges::size(values)));
    for (const auto& value : values) results.push_back(to_integer_result(value));
    return results;
  }
}

}  // namespace kvc::detail
