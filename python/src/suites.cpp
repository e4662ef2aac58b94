// bind_suites: every suite of kvc's contract descriptors (kvc::verification::suite_index) as Python
// data, so that kvc.testing checks Python code against the very fixtures the C++ checks use.
//
// Only the fixtures are walked, never kvc::check against the descriptors' mutants: that is what
// makes kvc-report slow to compile, and Python runs its own implementations anyway.
//
// The values are plain and JSON-like (int, bool, str, list) so that kvc/testing/_fixtures.py decodes
// them in one place; the two kvc types become tagged dicts:
//   {"cache_namespace": [model, adapter, adapter_revision, salt]}
//   {"multimodal_item": [offset, length, content_hash]}
//
// With each fixture go the answers of the engine-profile rules (kvc/exploration/profile_rules.hpp)
// for it, which kvc.testing.restrict_to reads rather than re-implementing them: which profiles
// cover it, and whether a bound profile compares its result as a bound.
#include "bindings.hpp"
#include "bridge_objects.hpp"
#include "engine_profile_fields.hpp"
#include "suite_export.hpp"

#include <cstddef>
#include <utility>
#include <vector>

#include <boost/hana/for_each.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/string.hpp>
#include <pybind11/pybind11.h>

#include <kvc/verification/suite_index.hpp>

namespace py = pybind11;

namespace {

/// Every suite check of every contract, in the descriptors' order:
/// [{"contract", "suite", "fixtures": [(label, call shape, inputs, expected, coverage words,
/// compared as a bound)]}].
py::list every_suite() {
  constexpr std::size_t count =
      decltype(boost::hana::length(kvc::verification::suite_index))::value;
  std::vector<kvc_python::exporting::exported_suite> built(count);
  [&built]<std::size_t... Part>(std::index_sequence<Part...>) {
    (kvc_python::exporting::add_python_suites<Part>(built), ...);
  }(std::make_index_sequence<kvc_python::exporting::suite_parts>{});
  py::list suites;
  std::size_t index = 0;
  boost::hana::for_each(kvc::verification::suite_index, [&](const auto& entry) {
    const kvc_python::exporting::exported_suite& part = built[index++];
    py::dict suite;
    suite["contract"] = py::str(boost::hana::to<const char*>(entry.contract));
    suite["suite"] = py::str(part.name.data(), part.name.size());
    suite["fixtures"] = kvc_python::export_object(part.fixtures);
    suites.append(std::move(suite));
  });
  return suites;
}

}  // namespace

void bind_suites(py::module_& m) {
  m.def("_suites", &every_suite,
        "Every suite of kvc's contract descriptors as data: a list of {'contract', 'suite', "
        "'fixtures'}, each fixture (label, call shape, inputs, expected, coverage, bound): "
        "coverage the 64-bit words of the mask of the boolean profiles that cover it, bound "
        "whether a bound profile compares its result as a bound. kvc.testing.suites wraps it.");
  m.attr("_engine_profile_count") = py::int_(kvc_python::boolean_profile_count);
}
