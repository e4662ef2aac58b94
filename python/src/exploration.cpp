// python/src/exploration.cpp - kvc::explore for Python implementations: kvc.testing.explore runs
// the C++ exploration itself (the same generators, the same shrinking, the same seed giving the
// same cases), with a Python function as the implementation.
//
// The implementation kvc::explore calls is `python_call`: it converts each input to the Python
// value kvc.testing.check passes for a fixture input (a list of ints, a str, a kvc.CacheNamespace,
// a list of kvc.testing.MultimodalItem), calls the Python function, and hands back its result as
// kvc.testing.check compares it (`normalized` in kvc/testing/_report.py). A raised exception fails
// the case; its message becomes the counterexample's `actual`.
//
// Engine profiles are template arguments in C++ (kvc::restrict_to<P>). Here a profile is a value
// chosen at run time, so each explorable suite is explored through one family: the suite's own
// (kvc::exploration::family_of), its coverage and agreement taken from the profile of this call
// (`profiled_at_run_time`), both by kvc::covered_by and kvc::agrees_under as the C++ families
// apply them. One instantiation per suite, not one per suite and profile.
//
// Bound: the suites kvc::explorable says can be explored and whose every input form is a direct
// call (`impl(inputs...)` returning the result), with an integer, bool or integer-list result.
// TODO: the output-span call shapes (segment positions and offsets, position ids) once their
// families land (kvc/exploration/segment_exploration.hpp, position_exploration.hpp): Python's
// check calls those implementations as `fn(*inputs)` returning the list, so their `python_call`
// must take the output span the family hands it, call `fn` without it, and fill it with the list.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <ranges>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

#include <kvc/cache_namespace.hpp>
#include <kvc/concepts.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/explore.hpp>
#include <kvc/multimodal_item.hpp>

#include "bindings.hpp"
#include "bridge_objects.hpp"
#include "descriptor_suites.hpp"
#include "engine_profile_argument.hpp"
#include "exploration_suites.hpp"

namespace py = pybind11;

namespace {

using namespace kvc_python::exploring;

/// A report's text as a str: a byte that is not UTF-8 (a char token printed as a character
/// literal, '\xff') as a backslash escape.
py::str report_text(const std::string& text) {
  PyObject* const str = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()),
                                             "backslashreplace");
  if (str == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(str);
}

/// A str as UTF-8 (a lone surrogate, from a text that was not UTF-8, as a backslash escape).
std::string utf8_text(const py::handle text) {
  const py::object bytes = py::reinterpret_steal<py::object>(
      PyUnicode_AsEncodedString(py::str(text).ptr(), "utf-8", "backslashreplace"));
  if (!bytes) throw py::error_already_set();
  return bytes.cast<std::string>();
}

/// A Python int as a 128-bit integer; false for one outside [-2^63, 2^64).
inline bool integer_of(py::handle value, wide_integer& out) {
  if (!PyLong_Check(value.ptr()) || PyBool_Check(value.ptr())) return false;
  int overflow = 0;
  const long long small = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow == 0) {
    if (small == -1 && PyErr_Occurred()) throw py::error_already_set();
    out = small;
    return true;
  }
  if (overflow < 0) return false;
  const unsigned long long large = PyLong_AsUnsignedLongLong(value.ptr());
  if (large == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();  // above 2^64 - 1: no kvc result is
    return false;
  }
  out = static_cast<wide_integer>(large);
  return true;
}

/// Reads a `normalized` value: an int, ("bool", b), a list of ints; anything else is `other`.
inline python_result result_of(py::handle normalized) {
  python_result result;
  if (integer_of(normalized, result.integer)) {
    result.form = python_result::kind::integer;
  } else if (PyTuple_Check(normalized.ptr()) && PyTuple_GET_SIZE(normalized.ptr()) == 2 &&
             py::isinstance<py::str>(PyTuple_GET_ITEM(normalized.ptr(), 0)) &&
             py::reinterpret_borrow<py::str>(PyTuple_GET_ITEM(normalized.ptr(), 0))
                     .cast<std::string>() == "bool") {
    result.form = python_result::kind::boolean;
    result.boolean = PyObject_IsTrue(PyTuple_GET_ITEM(normalized.ptr(), 1)) == 1;
  } else if (PyList_Check(normalized.ptr())) {
    const py::list list = py::reinterpret_borrow<py::list>(normalized);
    result.integers.reserve(list.size());
    for (const py::handle element : list) {
      wide_integer value = 0;
      if (!integer_of(element, value)) return python_result{};
      result.integers.push_back(value);
    }
    result.form = python_result::kind::integers;
  }
  return result;
}


/// What one exploration of a Python function holds: the function, the helpers from kvc.testing,
/// and the last call (the shrunk counterexample's, when the exploration failed: its description
/// is the last call kvc::explore makes).
struct python_session {
  py::object fn;
  py::object normalize;  ///< kvc.testing._report.normalized
  py::object item_type;  ///< kvc.testing.MultimodalItem
  std::optional<std::vector<kvc_python::bridge_value>> last_arguments;
  py::object last_result = py::none();
  py::object last_error = py::none();
  /// A BaseException that is not an Exception (KeyboardInterrupt, SystemExit): every later case
  /// fails at once, and it is raised again when the exploration returns.
  std::optional<py::error_already_set> interrupted;

  py::tuple arguments_of(const std::vector<kvc_python::bridge_value>& arguments) const {
    py::tuple out(arguments.size());
    for (std::size_t i = 0; i < arguments.size(); ++i)
      out[i] = kvc_python::argument_object(arguments[i], item_type);
    return out;
  }

  /// python_caller::call: the case's inputs to the Python function, its normalized result back.
  static python_result call(void* opaque, std::vector<kvc_python::bridge_value>&& arguments) {
    auto& session = *static_cast<python_session*>(opaque);
    if (session.interrupted) throw std::runtime_error("interrupted");
    session.last_result = py::none();
    session.last_error = py::none();
    session.last_arguments = std::move(arguments);
    try {
      const py::tuple python_arguments = session.arguments_of(*session.last_arguments);
      session.last_result = session.fn(*python_arguments);
      return result_of(session.normalize(session.last_result));
    } catch (py::error_already_set& error) {
      if (!error.matches(PyExc_Exception)) {
        session.interrupted = std::move(error);
        throw std::runtime_error("interrupted");
      }
      // The exception itself is the report's (its text is made once, for the counterexample).
      session.last_error = error.value();
      throw std::runtime_error("the Python function raised an exception");
    }
  }
};

/// The explorable descriptor suites, by name, in the descriptors' order.
const std::vector<explorable_suite>& explorable_suites() {
  static const auto table = [] {
    std::vector<explorable_suite> suites;
    [&suites]<std::size_t... Part>(std::index_sequence<Part...>) {
      (add_explorable_suites<Part>(suites), ...);
    }(std::make_index_sequence<exploration_parts>{});
    std::sort(suites.begin(), suites.end(),
              [](const explorable_suite& a, const explorable_suite& b) { return a.index < b.index; });
    return suites;
  }();
  return table;
}

py::list explorable_suite_names() {
  py::list names;
  for (const auto& suite : explorable_suites())
    names.append(py::str(suite.name.data(), suite.name.size()));
  return names;
}

/// Explores the descriptor suite `name` with the Python function `fn`; the report as a dict of
/// kvc::exploration_report's fields, `text` (as it prints), and for a failure the
/// counterexample's Python `arguments`, `result` and `error`.
py::dict explore(const std::string& name, py::object fn, py::object normalize, py::object item_type,
                 py::object describe, py::object seed, std::size_t cases,
                 py::object profile_object) {
  explore_function explore_one = nullptr;
  for (const auto& suite : explorable_suites())
    if (suite.name == name) explore_one = suite.explore;
  if (explore_one == nullptr)
    throw py::value_error("kvc.testing.explore: the suite '" + name + "' cannot be explored");
  kvc::explore_options options{};
  if (!seed.is_none()) options.seed = seed.cast<std::uint64_t>();
  options.cases = cases;
  const bool restricted = !profile_object.is_none();
  const kvc::engine_profile profile =
      restricted ? kvc_python::engine_profile_from(profile_object) : kvc::engine_profile{};

  python_session session;
  session.fn = std::move(fn);
  session.normalize = std::move(normalize);
  session.item_type = std::move(item_type);
  kvc::exploration_report report =
      explore_one(python_caller{&session, &python_session::call}, options, profile, restricted);
  if (session.interrupted) throw *session.interrupted;

  py::dict out;
  if (report.failed) {
    // The last call was the shrunk counterexample's (kvc::explore describes it last): its actual
    // as kvc.testing.check prints one, rather than the C++ text of a Python value.
    report.actual = utf8_text(describe(session.last_result, session.last_error));
    out["arguments"] = session.last_arguments
                           ? py::object(session.arguments_of(*session.last_arguments))
                           : py::none();
    out["result"] = session.last_result;
    out["error"] = session.last_error;
  } else {
    out["arguments"] = py::none();
    out["result"] = py::none();
    out["error"] = py::none();
  }
  std::ostringstream text;
  text << report;
  out["suite"] = report_text(report.suite);
  out["seed"] = report.seed;
  out["cases_run"] = report.cases_run;
  out["not_covered"] = report.not_covered;
  out["outside_parameter_types"] = report.outside_parameter_types;
  out["failed"] = report.failed;
  out["failing_case"] = report.failing_case;
  out["shrink_runs"] = report.shrink_runs;
  out["inputs"] = report_text(report.inputs);
  out["actual"] = report_text(report.actual);
  out["expected"] = report_text(report.expected);
  out["fixture"] = report_text(report.fixture);
  out["test_case"] = report_text(report.test_case);
  py::list notes;
  for (const auto& note : report.notes) notes.append(report_text(note));
  out["notes"] = notes;
  out["text"] = report_text(text.str());
  return out;
}

}  // namespace

void bind_exploration(py::module_& m) {
  m.def("_explorable_suites", &explorable_suite_names,
        "The names of the descriptor suites kvc.testing.explore explores, in order.");
  m.def("_explore", &explore, py::arg("suite"), py::arg("fn"), py::arg("normalize"),
        py::arg("item_type"), py::arg("describe"), py::arg("seed"), py::arg("cases"),
        py::arg("profile"),
        "kvc::explore of the descriptor suite `suite` with the Python function `fn` "
        "(kvc.testing.explore wraps it).");
  m.attr("_default_exploration_seed") = py::int_(kvc::explore_options{}.seed);
  m.attr("_default_exploration_cases") = py::int_(kvc::default_exploration_cases);
}
