// python/src/engine_profiles.cpp - kvc's engine profiles for kvc.testing: the fields of
// kvc::engine_profile, the named profiles of kvc::profiles, what a profile gives up in words, and
// the rules a profile applies to the descriptors' fixtures (kvc/exploration/profile_rules.hpp).
//
// Python never re-implements the rules: kvc.testing.restrict_to asks which fixtures a profile
// covers, and how a result compares, of the C++ rules themselves, on the C++ fixtures.
#include <array>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include <boost/hana/for_each.hpp>
#include <boost/hana/string.hpp>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <kvc/exploration/engine_profile.hpp>
#include <kvc/exploration/profile_rules.hpp>

#include "bindings.hpp"
#include "descriptor_suites.hpp"
#include "engine_profile_argument.hpp"
#include "integer_arguments.hpp"

namespace py = pybind11;

namespace {

/// A boolean field of kvc::engine_profile, by the name Python gives it.
struct boolean_field {
  const char* name;
  bool kvc::engine_profile::*member;
};

/// Every boolean field, in kvc::engine_profile's order (`reuse` follows them).
constexpr std::array<boolean_field, 7> boolean_fields{{
    {"keys_model", &kvc::engine_profile::keys_model},
    {"keys_adapter", &kvc::engine_profile::keys_adapter},
    {"keys_adapter_revision", &kvc::engine_profile::keys_adapter_revision},
    {"keys_salt", &kvc::engine_profile::keys_salt},
    {"position_padding", &kvc::engine_profile::position_padding},
    {"empty_inputs", &kvc::engine_profile::empty_inputs},
    {"inconsistent_admission_states", &kvc::engine_profile::inconsistent_admission_states},
}};

/// The profiles of kvc::profiles, by their C++ names.
constexpr std::array<std::pair<const char*, kvc::engine_profile>, 6> named_profiles{{
    {"contract", kvc::profiles::contract},
    {"llama_cpp_server", kvc::profiles::llama_cpp_server},
    {"vllm", kvc::profiles::vllm},
    {"transformers_packing", kvc::profiles::transformers_packing},
    {"consistent_scheduler", kvc::profiles::consistent_scheduler},
    {"conservative_reuse", kvc::profiles::conservative_reuse},
}};

/// `profile`'s fields as a dict: each boolean by name, and `reuse` ("exact" or "bound").
py::dict fields_of(const kvc::engine_profile& profile) {
  py::dict fields;
  for (const boolean_field& field : boolean_fields) fields[field.name] = py::bool_(profile.*field.member);
  fields["reuse"] = py::str(profile.reuse == kvc::reuse_match::bound ? "bound" : "exact");
  return fields;
}

/// The field names of kvc::engine_profile, in order.
py::list field_names() {
  py::list names;
  for (const boolean_field& field : boolean_fields) names.append(py::str(field.name));
  names.append(py::str("reuse"));
  return names;
}

/// [(name, fields)] for every profile of kvc::profiles.
py::list every_named_profile() {
  py::list profiles;
  for (const auto& [name, profile] : named_profiles)
    profiles.append(py::make_tuple(py::str(name), fields_of(profile)));
  return profiles;
}

std::vector<std::string> consequences(py::handle profile) {
  return kvc::profile_consequences(kvc_python::engine_profile_from(profile));
}

[[noreturn]] void no_such_suite(const std::string& name) {
  throw py::key_error("kvc: no descriptor suite named '" + name + "'");
}

/// [(label, covered)] for every fixture of the descriptor suite `name`: kvc::covered_by on the
/// fixture's own inputs.
py::list fixture_coverage(const std::string& name, py::handle profile_object) {
  const kvc::engine_profile profile = kvc_python::engine_profile_from(profile_object);
  py::list coverage;
  const bool found = kvc_python::with_descriptor_suite(name, [&](const auto& suite) {
    boost::hana::for_each(suite, [&](const auto& f) {
      using call = typename std::remove_cvref_t<decltype(f)>::call;
      coverage.append(py::make_tuple(py::str(boost::hana::to<const char*>(f.label)),
                                     py::bool_(kvc::covered_by<call>(profile, f.inputs))));
    });
  });
  if (!found) no_such_suite(name);
  return coverage;
}

/// Whether the integer result `actual` agrees with `expected` for the fixture `label` of the
/// descriptor suite `name`, under `profile`: kvc::agrees_under for that fixture's inputs.
bool integer_agrees(const std::string& name, const std::string& label, py::handle profile_object,
                    py::handle actual_object, py::handle expected_object) {
  const kvc::engine_profile profile = kvc_python::engine_profile_from(profile_object);
  const kvc_python::integer_value actual = kvc_python::integer_from(actual_object, "actual");
  const kvc_python::integer_value expected = kvc_python::integer_from(expected_object, "expected");
  bool labelled = false;
  bool agrees = false;
  const bool found = kvc_python::with_descriptor_suite(name, [&](const auto& suite) {
    boost::hana::for_each(suite, [&](const auto& f) {
      if (labelled || std::string_view(boost::hana::to<const char*>(f.label)) != label) return;
      labelled = true;
      using inputs = std::remove_cvref_t<decltype(f.inputs)>;
      agrees = std::visit(
          [&profile](auto a, auto e) { return kvc::agrees_under<inputs>(profile, a, e); }, actual,
          expected);
    });
  });
  if (!found) no_such_suite(name);
  if (!labelled) throw py::key_error("kvc: no fixture labelled '" + label + "' in " + name);
  return agrees;
}

}  // namespace

kvc::engine_profile kvc_python::engine_profile_from(py::handle profile) {
  kvc::engine_profile converted{};
  for (const boolean_field& field : boolean_fields) {
    const py::object value = py::getattr(profile, field.name);
    if (!PyBool_Check(value.ptr()))
      throw py::type_error(std::string("EngineProfile.") + field.name + " must be a bool, not " +
                           py::str(py::type::handle_of(value).attr("__qualname__")).cast<std::string>());
    converted.*field.member = value.ptr() == Py_True;
  }
  const py::object reuse = py::getattr(profile, "reuse");
  if (py::isinstance<py::str>(reuse) && reuse.cast<std::string>() == "exact")
    converted.reuse = kvc::reuse_match::exact;
  else if (py::isinstance<py::str>(reuse) && reuse.cast<std::string>() == "bound")
    converted.reuse = kvc::reuse_match::bound;
  else
    throw py::value_error("EngineProfile.reuse must be 'exact' or 'bound', not " +
                          py::repr(reuse).cast<std::string>());
  return converted;
}

void bind_engine_profiles(py::module_& m) {
  m.def("_engine_profile_fields", &field_names,
        "The fields of kvc::engine_profile, in order (kvc.testing.EngineProfile mirrors them).");
  m.def("_engine_profiles", &every_named_profile,
        "Every profile of kvc::profiles: a list of (name, {field: value}).");
  m.def("_profile_consequences", &consequences, py::arg("profile"),
        "What `profile` gives up, in words: kvc::profile_consequences.");
  m.def("_fixture_coverage", &fixture_coverage, py::arg("suite"), py::arg("profile"),
        "[(label, covered)] for every fixture of the descriptor suite named `suite`: "
        "kvc::covered_by under `profile`.");
  m.def("_integer_agrees", &integer_agrees, py::arg("suite"), py::arg("label"), py::arg("profile"),
        py::arg("actual"), py::arg("expected"),
        "Whether an integer result agrees with the expected one for that fixture of the "
        "descriptor suite under `profile`: kvc::agrees_under.");
}
