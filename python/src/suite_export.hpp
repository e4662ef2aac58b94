// python/src/suite_export.hpp - one suite of kvc's contract descriptors as Python data (see
// suites.cpp for the format), and the suites of one part of kvc::verification::suite_index.
//
// All suites in one translation unit took over 1 GB of g++; suites_part_<k>.cpp each build the
// suites of one part (kvc_python::for_each_descriptor_suite_of_part), and suites.cpp joins them.
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
#include <pybind11/pybind11.h>
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

#include "descriptor_suites.hpp"

namespace kvc_python::exporting {

namespace py = pybind11;

inline py::object to_python(const kvc::cache_namespace& ns);
inline py::object to_python(const kvc::multimodal_item& item);

template <class T>
py::object to_python(const T& value);

template <class E>
py::object list_of(std::span<const E> elements) {
  py::list list;
  for (const E& element : elements) list.append(to_python(element));
  return list;
}

template <class T>
py::object to_python(const T& value) {
  if constexpr (std::is_same_v<T, bool>) {
    return py::bool_(value);
  } else if constexpr (std::is_same_v<T, char>) {
    // The records write segment ids as characters; as ids only their runs matter, so Python gets
    // their codes, which keep the runs.
    return py::int_(static_cast<int>(static_cast<unsigned char>(value)));
  } else if constexpr (std::is_integral_v<T>) {
    return py::int_(value);
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    const std::string_view text = value;
    return py::str(text.data(), text.size());
  } else if constexpr (std::ranges::contiguous_range<const T> && std::ranges::sized_range<const T>) {
    // Through a span: one instantiation per element type rather than one per array length.
    return list_of(std::span<const std::ranges::range_value_t<const T>>(std::ranges::data(value),
                                                                        std::ranges::size(value)));
  } else if constexpr (std::ranges::input_range<const T>) {
    py::list list;
    for (const auto& element : value) list.append(to_python(element));
    return list;
  } else {
    // A dependent false: fires only for a type no branch above exports.
    static_assert(sizeof(T) == 0, "bind_suites: a fixture value of a type it cannot export");
    return py::none();
  }
}

inline py::object to_python(const kvc::cache_namespace& ns) {
  py::dict tagged;
  tagged["cache_namespace"] = py::make_tuple(to_python(std::string_view(ns.model)),
                                             to_python(std::string_view(ns.adapter)),
                                             py::int_(ns.adapter_revision),
                                             to_python(std::string_view(ns.salt)));
  return tagged;
}

inline py::object to_python(const kvc::multimodal_item& item) {
  py::dict tagged;
  tagged["multimodal_item"] =
      py::make_tuple(py::int_(item.offset), py::int_(item.length), py::int_(item.content_hash));
  return tagged;
}

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
inline py::tuple coverage_of(bool (*covered)(const kvc::engine_profile&, const void*),
                      const void* inputs) {
  std::array<std::uint64_t, (kvc_python::boolean_profile_count + 63) / 64> words{};
  for (std::size_t i = 0; i < kvc_python::boolean_profile_count; ++i)
    if (covered(kvc_python::boolean_profile(i), inputs))
      words[i / 64] |= std::uint64_t{1} << (i % 64);
  py::tuple out(words.size());
  for (std::size_t i = 0; i < words.size(); ++i) out[i] = py::int_(words[i]);
  return out;
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

template <class Suite>
py::list python_fixtures(const Suite& suite) {
  py::list fixtures;
  boost::hana::for_each(kvc::fixtures_of(suite), [&fixtures](const auto& f) {
    using call = typename std::remove_cvref_t<decltype(f)>::call;
    py::list inputs;
    boost::hana::for_each(f.inputs, [&inputs](const auto& input) { inputs.append(to_python(input)); });
    const std::string_view shape = call_shape<call>();
    using inputs_type = std::remove_cvref_t<decltype(f.inputs)>;
    using expected_type = std::remove_cvref_t<decltype(f.expected)>;
    fixtures.append(py::make_tuple(py::str(boost::hana::to<const char*>(f.label)),
                                   py::str(shape.data(), shape.size()), py::tuple(inputs),
                                   to_python(f.expected),
                                   coverage_of(&covers<call, inputs_type>, &f.inputs),
                                   py::bool_(compared_as_bound<inputs_type, expected_type>())));
  });
  return fixtures;
}

/// The number of parts the suites are built in (suites_part_<k>.cpp).
inline constexpr std::size_t suite_parts = 4;

/// Puts each suite of part `Part` at its index in `suites` (as many as kvc::verification::
/// suite_index holds): {"contract", "suite", "fixtures"}.
template <std::size_t Part>
void add_python_suites(std::vector<py::dict>& suites) {
  for_each_descriptor_suite_of_part<Part, suite_parts>(
      [&suites](std::size_t index, std::string_view name, const auto& suite) {
        py::dict entry;
        entry["suite"] = py::str(name.data(), name.size());
        entry["fixtures"] = python_fixtures(suite);
        suites.at(index) = std::move(entry);
      });
}
extern template void add_python_suites<0>(std::vector<py::dict>&);
extern template void add_python_suites<1>(std::vector<py::dict>&);
extern template void add_python_suites<2>(std::vector<py::dict>&);
extern template void add_python_suites<3>(std::vector<py::dict>&);

}  // namespace kvc_python::exporting
