// python/src/suite_export.hpp - one suite of kvc's contract descriptors as Python data (see
// suites.cpp for the format), and the suites of one part of kvc::verification::suite_index.
//
// All suites in one translation unit took over 1 GB of g++; suites_part_<k>.cpp each build the
// suites of one part (kvc_python::for_each_descriptor_suite_in), and suites.cpp joins them.
#pragma once

#include "engine_profile_fields.hpp"
#include <array>
#include <cstddef>
#include <cstdint>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <boost/hana/for_each.hpp>
#include <boost/hana/string.hpp>
#include <kvc/cache_namespace.hpp>
#include <kvc/concepts.hpp>
#include <kvc/exploration/engine_profile.hpp>
#include <kvc/exploration/profile_rules.hpp>
#include <kvc/multimodal_item.hpp>
#include <kvc/verification/call_shapes.hpp>
#include <kvc/verification/suite_index.hpp>
#include <kvc/verification/position_call.hpp>
#include <utility>
#include <vector>

#include "bridge_value.hpp"
#include "descriptor_suites.hpp"

namespace kvc_python::exporting {

/// How a fixture's inputs reach an implementation, named for Python (kvc/testing/_fixtures.py
/// documents each).
template <class Call>
constexpr std::string_view call_shape() noexcept {
  if constexpr (std::is_base_of_v<kvc::direct_call, Call>) return "direct";
  else if constexpr (std::is_same_v<Call, kvc::positions_call>) return "positions";
  else if constexpr (std::is_same_v<Call, kvc::offsets_call>) return "offsets";
  else if constexpr (std::is_same_v<Call, kvc::row_positions_call>) return "row_positions";
  else if constexpr (std::is_same_v<Call, kvc::row_offsets_call>) return "row_offsets";
  else if constexpr (std::is_same_v<Call, kvc::position_offsets_call>) return "position_offsets";
  else if constexpr (std::is_same_v<Call, kvc::component_offsets_call>) return "component_offsets";
  else if constexpr (std::is_same_v<Call, kvc::position_length_call>) return "position_length";
  else if constexpr (std::is_same_v<Call, kvc::component_length_call>) return "component_length";
  else static_assert(sizeof(Call) == 0, "bind_suites: a call shape it cannot name");
}

/// Whether `profile` covers the fixture inputs at `inputs` (of type Inputs): kvc::covered_by.
template <class Call, class Inputs>
bool covers(const kvc::engine_profile& profile, const void* inputs) noexcept {
  return kvc::covered_by<Call>(profile, *static_cast<const Inputs*>(inputs));
}

/// The profiles that cover a fixture, as 64-bit words of a mask: bit i is set when kvc::covered_by
/// says that `kvc_python::boolean_profile(i)` covers it (`reuse` plays no part in coverage). One
/// loop for every fixture type, through `covers`: only the rule is compiled per type.
inline bridge_value coverage_of(bool (*covered)(const kvc::engine_profile&, const void*),
                                const void* inputs) {
  std::array<std::uint64_t, (kvc_python::boolean_profile_count + 63) / 64> words{};
  for (std::size_t i = 0; i < kvc_python::boolean_profile_count; ++i)
    if (covered(kvc_python::boolean_profile(i), inputs))
      words[i / 64] |= std::uint64_t{1} << (i % 64);
  std::vector<bridge_value> out;
  out.reserve(words.size());
  for (const std::uint64_t word : words) out.push_back(bridge_value::integral(word));
  return bridge_value::sequence(bridge_value::kind::tuple, std::move(out));
}

/// Whether kvc::agrees_under, for a profile with `reuse = bound`, lets a result below the
/// fixture's pass: for those fixtures, an integer from 0 to the expected one agrees.
template <class Inputs, class E>
bool compared_as_bound() {
  if constexpr (kvc::integer<E>) {
    constexpr kvc::engine_profile bound{.reuse = kvc::reuse_match::bound};
    return kvc::agrees_under<Inputs>(bound, E{0}, E{1});
  } else {
    return false;
  }
}

/// A suite's fixtures as a list of tuples (label, call shape, inputs, expected, coverage words,
/// compared as a bound).
template <class Suite>
bridge_value python_fixtures(const Suite& suite) {
  std::vector<bridge_value> fixtures;
  boost::hana::for_each(kvc::fixtures_of(suite), [&fixtures](const auto& f) {
    using call = typename std::remove_cvref_t<decltype(f)>::call;
    std::vector<bridge_value> inputs;
    boost::hana::for_each(f.inputs, [&inputs](const auto& input) { inputs.push_back(bridge_of(input)); });
    using inputs_type = std::remove_cvref_t<decltype(f.inputs)>;
    using expected_type = std::remove_cvref_t<decltype(f.expected)>;
    std::vector<bridge_value> fixture;
    fixture.reserve(6);
    fixture.push_back(bridge_value::of_text(boost::hana::to<const char*>(f.label)));
    fixture.push_back(bridge_value::of_text(call_shape<call>()));
    fixture.push_back(bridge_value::sequence(bridge_value::kind::tuple, std::move(inputs)));
    fixture.push_back(bridge_of(f.expected));
    fixture.push_back(coverage_of(&covers<call, inputs_type>, &f.inputs));
    fixture.push_back(bridge_value::boolean(compared_as_bound<inputs_type, expected_type>()));
    fixtures.push_back(bridge_value::sequence(bridge_value::kind::tuple, std::move(fixture)));
  });
  return bridge_value::sequence(bridge_value::kind::list, std::move(fixtures));
}

/// One suite of the index: its name and its fixtures.
struct exported_suite {
  std::string name;
  bridge_value fixtures;
};

/// The number of parts the suites are built in (suites_part_<k>.cpp).
inline constexpr std::size_t suite_parts = 8;

/// Where each part starts in kvc::verification::suite_index (see exploration_part_starts):
/// measured, every part is under 500 MB of g++ 12 at -O0, which setup.py uses for these parts
/// (they build the fixtures' Python data once, at import; at -O1, suites 18 to 23 took 533 MB).
inline constexpr std::array<std::size_t, suite_parts + 1> suite_part_starts = {
    0, 4, 8, 15, 18, 24, 31, 33, 36};
static_assert(valid_part_starts<suite_parts>(suite_part_starts),
              "kvc::verification::suite_index changed: give its suites a part here");

/// Puts each suite of part `Part` at its index in `suites` (as many as kvc::verification::
/// suite_index holds): {"contract", "suite", "fixtures"}.
template <std::size_t Part>
void add_python_suites(std::vector<exported_suite>& suites) {
  for_each_descriptor_suite_in<suite_part_starts[Part], suite_part_starts[Part + 1]>(
      [&suites](std::size_t index, std::string_view name, const auto& suite) {
        suites.at(index) = exported_suite{std::string(name), python_fixtures(suite)};
      });
}
extern template void add_python_suites<0>(std::vector<exported_suite>&);
extern template void add_python_suites<1>(std::vector<exported_suite>&);
extern template void add_python_suites<2>(std::vector<exported_suite>&);
extern template void add_python_suites<3>(std::vector<exported_suite>&);
extern template void add_python_suites<4>(std::vector<exported_suite>&);
extern template void add_python_suites<5>(std::vector<exported_suite>&);
extern template void add_python_suites<6>(std::vector<exported_suite>&);
extern template void add_python_suites<7>(std::vector<exported_suite>&);

}  // namespace kvc_python::exporting
