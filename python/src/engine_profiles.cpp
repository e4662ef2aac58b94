// python/src/engine_profiles.cpp - kvc's engine profiles for kvc.testing: the fields of
// kvc::engine_profile, the named profiles of kvc::profiles, and what a profile gives up in words
// (kvc::profile_consequences), all read from kvc/spec/engine_profile.hpp. The rules a profile
// applies to the fixtures are exported with the fixtures (suites.cpp).
#include <array>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <kvc/spec/engine_profile.hpp>
#include <kvc/verification/report.hpp>

#include "bindings.hpp"
#include "engine_profile_argument.hpp"

namespace py = pybind11;

namespace {

/// `profile`'s fields as a dict: each boolean by name, and `reuse` ("exact" or "bound").
py::dict fields_of(const kvc::engine_profile& profile) {
  py::dict fields;
  for (const kvc::profile_field& field : kvc::profile_fields)
    fields[py::str(field.name.data(), field.name.size())] = py::bool_(profile.*field.member);
  fields["reuse"] = py::str(profile.reuse == kvc::reuse_match::bound ? "bound" : "exact");
  return fields;
}

/// The field names of kvc::engine_profile, in order.
py::list field_names() {
  py::list names;
  for (const kvc::profile_field& field : kvc::profile_fields)
    names.append(py::str(field.name.data(), field.name.size()));
  names.append(py::str("reuse"));
  return names;
}

/// [(name, fields)] for every profile of kvc::profiles: `contract`, then the named ones.
py::list every_named_profile() {
  py::list profiles;
  profiles.append(py::make_tuple(py::str("contract"), fields_of(kvc::profiles::contract)));
  for (const kvc::profiles::named_profile& named : kvc::profiles::named)
    profiles.append(
        py::make_tuple(py::str(named.name.data(), named.name.size()), fields_of(named.profile)));
  return profiles;
}

std::vector<std::string> consequences(py::handle profile) {
  return kvc::profile_consequences(kvc_python::engine_profile_from(profile));
}

}  // namespace

kvc::engine_profile kvc_python::engine_profile_from(py::handle profile) {
  kvc::engine_profile converted{};
  for (const kvc::profile_field& field : kvc::profile_fields) {
    const std::string name(field.name);
    const py::object value = py::getattr(profile, name.c_str());
    if (!PyBool_Check(value.ptr()))
      throw py::type_error(
          "EngineProfile." + name + " must be a bool, not " +
          py::str(py::type::handle_of(value).attr("__qualname__")).cast<std::string>());
    converted.*field.member = value.ptr() == Py_True;
  }
  const py::object reuse = py::getattr(profile, "reuse");
  const std::string text = py::isinstance<py::str>(reuse) ? reuse.cast<std::string>() : "";
  if (text == "exact")
    converted.reuse = kvc::reuse_match::exact;
  else if (text == "bound")
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
}
