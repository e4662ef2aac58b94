// bind_suites: every suite of the spec list (`kvc::specs::all`) as Python data, so that
// kvc.testing checks Python code against the very fixtures the C++ checks use, and kvc::explore
// with a Python function as the implementation, for every suite whose calls are direct
// (`impl(inputs...)` returning the result).
//
// The fixture data is plain and JSON-like (int, bool, str, list); kvc's two value types are
// tagged dicts (python_values.hpp). With each fixture go the answers of the engine-profile rules
// (`kvc::covered_by`, the shape's reuse result) for it, which kvc.testing.restrict_to reads rather
// than re-implementing them: which boolean profiles cover it, and whether a bound profile compares
// its result as a bound.
//
// Exploration runs the library's search (`kvc::detail::explore_rows`, compiled once in
// kvc::conformance for every table type of the spec list) over an erased call that converts each
// case's inputs to Python values, calls the Python function and compares its normalized result
// with the contract's by the shape's own `agrees`. A raised Exception fails its case; a result of
// another type fails its case; neither ends the search.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

#include <kvc/explore.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/erased.hpp>
#include <kvc/verification/report.hpp>

#include "bindings.hpp"
#include "engine_profile_argument.hpp"
#include "python_values.hpp"
#include "spec_list.hpp"

namespace py = pybind11;

namespace {

using kvc_python::value_form;
using wide_integer = kvc::detail::int128_type;

// ---- The fixtures as data -----------------------------------------------------------------------

/// How many profiles differ only in their boolean fields.
constexpr std::size_t boolean_profile_count = std::size_t{1} << std::size(kvc::profile_fields);

/// The profile whose boolean field i is bit i of `index` (`reuse` exact).
constexpr kvc::engine_profile boolean_profile(std::size_t index) noexcept {
  kvc::engine_profile profile{};
  for (std::size_t i = 0; i < std::size(kvc::profile_fields); ++i)
    profile.*kvc::profile_fields[i].member = ((index >> i) & 1U) != 0;
  return profile;
}

/// The boolean profiles that cover `inputs`, as 64-bit words of a mask (bit i: profile i).
template <class In>
py::tuple coverage_of(const In& inputs) {
  constexpr std::size_t words = (boolean_profile_count + 63) / 64;
  std::uint64_t mask[words] = {};
  for (std::size_t i = 0; i < boolean_profile_count; ++i)
    if (kvc::covered_by(boolean_profile(i), inputs)) mask[i / 64] |= std::uint64_t{1} << (i % 64);
  py::tuple out(words);
  for (std::size_t w = 0; w < words; ++w) out[w] = py::int_(mask[w]);
  return out;
}

/// The rows of one table, appended as (label, call shape, inputs, expected, coverage, bound).
template <class Table>
void append_rows(py::list& out, const Table& rows) {
  for (const auto& row : rows) {
    using Row = std::remove_cvref_t<decltype(row)>;
    using shape = typename Row::inputs_type::shape;
    py::tuple inputs = shape::visit(row.inputs, [](const auto&... field) {
      return py::make_tuple(kvc_python::python_field(field, value_form::exported, py::none())...);
    });
    constexpr bool bound =
        requires { shape::reuse_result; } && std::is_integral_v<typename Row::expected_type>;
    out.append(py::make_tuple(kvc_python::text_object(row.label.view()),
                              py::str(shape::call_name.data(), shape::call_name.size()), inputs,
                              kvc_python::python_field(row.expected, value_form::exported, py::none()),
                              coverage_of(row.inputs), py::bool_(bound)));
  }
}

template <class Info, const auto&... Tables>
py::list fixtures_of(const kvc::suite<Info, Tables...>&) {
  py::list out;
  (append_rows(out, Tables), ...);
  return out;
}

/// Every suite offered: [{"contract", "suite", "fixtures"}], in the spec list's order.
py::list every_suite() {
  py::list suites;
  kvc_python::for_each_offered_suite([&](std::string_view contract, const std::string& name,
                                         const auto& suite) {
    py::dict entry;
    entry["contract"] = py::str(contract.data(), contract.size());
    entry["suite"] = py::str(name);
    entry["fixtures"] = fixtures_of(suite);
    suites.append(std::move(entry));
  });
  return suites;
}

// ---- A Python function as the implementation ----------------------------------------------------

/// A Python function's result as kvc.testing.check compares it (`normalized` in
/// kvc/testing/_report.py): an int, a bool, a list of ints, or anything else, which equals nothing.
struct python_result {
  enum class kind { integer, boolean, integers, other };
  kind form = kind::other;
  wide_integer integer = 0;
  bool boolean = false;
  std::vector<wide_integer> integers;
};

/// A Python int as a 128-bit integer; false for one outside [-2^63, 2^64).
bool integer_of(py::handle value, wide_integer& out) {
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
python_result result_of(py::handle normalized) {
  python_result result;
  PyObject* const p = normalized.ptr();
  if (integer_of(normalized, result.integer)) {
    result.form = python_result::kind::integer;
  } else if (PyTuple_Check(p) && PyTuple_GET_SIZE(p) == 2 &&
             PyUnicode_Check(PyTuple_GET_ITEM(p, 0)) &&
             PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(p, 0), "bool") == 0) {
    result.form = python_result::kind::boolean;
    result.boolean = PyObject_IsTrue(PyTuple_GET_ITEM(p, 1)) == 1;
  } else if (PyList_Check(p)) {
    for (const py::handle element : py::reinterpret_borrow<py::list>(normalized)) {
      wide_integer value = 0;
      if (!integer_of(element, value)) return python_result{};
      result.integers.push_back(value);
    }
    result.form = python_result::kind::integers;
  }
  return result;
}

/// One exploration of a Python function: the function, the helpers from kvc.testing, and the last
/// call (the shrunk counterexample's when the exploration failed: the search makes it last).
struct python_session {
  py::object fn;
  py::object normalize;  ///< kvc.testing._report.normalized
  py::object item_type;  ///< kvc.testing.MultimodalItem
  py::object last_arguments = py::none();
  py::object last_result = py::none();
  py::object last_error = py::none();
  /// A BaseException that is not an Exception (KeyboardInterrupt, SystemExit): every later case
  /// fails at once, and it is raised again when the exploration returns.
  std::optional<py::error_already_set> interrupted;

  /// Calls the function with `arguments`; its normalized result, or nothing when it raised.
  std::optional<python_result> call(py::tuple arguments) {
    if (interrupted) return std::nullopt;
    last_result = py::none();
    last_error = py::none();
    last_arguments = arguments;
    try {
      last_result = fn(*arguments);
      return result_of(normalize(last_result));
    } catch (py::error_already_set& error) {
      if (!error.matches(PyExc_Exception)) {
        interrupted = std::move(error);
        return std::nullopt;
      }
      last_error = error.value();
      return std::nullopt;
    }
  }
};

/// Whether `r` holds a value of the expected type `E`, given to `use` as a C++ value.
template <class E, class Use>
bool with_actual(const python_result& r, Use&& use) {
  using ll = long long;
  using ull = unsigned long long;
  const auto fits_ll = [](wide_integer v) {
    return v >= std::numeric_limits<ll>::min() && v <= std::numeric_limits<ll>::max();
  };
  if constexpr (std::is_same_v<E, bool>) {
    if (r.form != python_result::kind::boolean) return false;
    use(r.boolean);
    return true;
  } else if constexpr (std::is_integral_v<E>) {
    if (r.form != python_result::kind::integer) return false;
    if (fits_ll(r.integer))
      use(static_cast<ll>(r.integer));
    else
      use(static_cast<ull>(r.integer));
    return true;
  } else if constexpr (requires(const E& e) { e.size(); e[0]; }) {
    if (r.form != python_result::kind::integers) return false;
    bool signed_fits = true;
    for (const wide_integer v : r.integers) signed_fits = signed_fits && fits_ll(v);
    if (signed_fits) {
      std::vector<ll> values(r.integers.begin(), r.integers.end());
      use(values);
    } else {
      for (const wide_integer v : r.integers)
        if (v < 0) return false;  // both signs beyond 64 bits: no kvc result
      std::vector<ull> values;
      for (const wide_integer v : r.integers) values.push_back(static_cast<ull>(v));
      use(values);
    }
    return true;
  } else {
    return false;
  }
}

/// The Python function of `session` behind the run-time signature of `Row`'s table.
template <class Row>
kvc::detail::erased_call_of<Row> python_call(python_session& session) {
  using erased = kvc::detail::erased_call_of<Row>;
  using In = typename erased::inputs_type;
  using Expected = typename erased::expected_type;
  using Result = typename erased::result_type;
  using shape = typename Row::inputs_type::shape;
  erased call;
  call.impl = &session;
  call.call = [](const void* impl, const In& inputs, const Expected& expected,
                 const kvc::engine_profile& profile) {
    auto& s = *static_cast<python_session*>(const_cast<void*>(impl));
    kvc::detail::call_outcome<Result> outcome;
    outcome.fit = true;  // a Python int holds every value
    py::tuple arguments = shape::visit(inputs, [&s](const auto&... field) {
      return py::make_tuple(kvc_python::python_value(field, value_form::argument, s.item_type)...);
    });
    const std::optional<python_result> result = s.call(std::move(arguments));
    if (!result) return outcome;  // raised: fails its case
    with_actual<Expected>(*result, [&](const auto& actual) {
      outcome.agrees = shape::agrees(profile, inputs, actual, expected);
      outcome.actual = shape::normalize(actual);
    });
    return outcome;
  };
  return call;
}

/// Whether every table of a suite is called directly (`impl(inputs...)`), as Python calls it.
template <class S>
constexpr bool python_explorable() {
  return []<class Info, const auto&... Tables>(const kvc::suite<Info, Tables...>*) {
    return ((requires {
              std::remove_cvref_t<decltype(Tables[0])>::inputs_type::shape::direct_call;
            } && !kvc::detail::is_optional_shape<
                     typename std::remove_cvref_t<decltype(Tables[0])>::inputs_type::shape>) &&
            ...);
  }(static_cast<const S*>(nullptr));
}

using explore_function = kvc::exploration_report (*)(python_session&, const kvc::explore_options&,
                                                     const kvc::engine_profile&, bool restricted);

/// `kvc::explore` of the suite with the Python function of `session`, with the engine profile
/// chosen at run time.
template <class Info, const auto&... Tables>
kvc::exploration_report explore_suite(python_session& session, const kvc::explore_options& options,
                                      const kvc::engine_profile& profile, bool restricted) {
  kvc::exploration_report report;
  report.suite = kvc::detail::suite_name(Info::name, kvc::detail::has_policy<Info>(),
                                         kvc::detail::policy_of<Info>(), restricted);
  report.seed = options.seed;
  kvc::detail::exploration_context context{kvc::detail::policy_of<Info>(), profile, options};
  report.notes = kvc::profile_consequences(profile);
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    constexpr std::size_t distinct =
        (std::size_t{0} + ... +
         (kvc::detail::first_of_its_type<I, std::remove_cvref_t<decltype(Tables[0])>,
                                         std::remove_cvref_t<decltype(Tables[0])>...>
              ? 1
              : 0));
    const std::size_t total = options.cases == 0 ? kvc::default_exploration_cases : options.cases;
    std::size_t table = 0;
    const auto one = [&]<class Row>(std::type_identity<Row>, bool first) {
      if (!first || report.failed) return;
      context.table = table++;
      context.cases = total / distinct + (context.table < total % distinct ? 1 : 0);
      kvc::detail::explore_rows<Row>(python_call<Row>(session), context, report);
    };
    (one(std::type_identity<std::remove_cvref_t<decltype(Tables[0])>>{},
         kvc::detail::first_of_its_type<I, std::remove_cvref_t<decltype(Tables[0])>,
                                        std::remove_cvref_t<decltype(Tables[0])>...>),
     ...);
  }(std::index_sequence_for<decltype(Tables)...>{});
  return report;
}

template <class Info, const auto&... Tables>
constexpr explore_function explorer_of(const kvc::suite<Info, Tables...>&) {
  return &explore_suite<Info, Tables...>;
}

/// An explorable suite: its name and the function that explores it.
struct explorable_suite {
  std::string name;
  explore_function explore;
};

/// The explorable suites, in the spec list's order.
const std::vector<explorable_suite>& explorable_suites() {
  static const std::vector<explorable_suite> table = [] {
    std::vector<explorable_suite> suites;
    kvc_python::for_each_offered_suite([&]<class S>(std::string_view, const std::string& name,
                                                    const S& suite) {
      if constexpr (python_explorable<S>()) suites.push_back({name, explorer_of(suite)});
    });
    return suites;
  }();
  return table;
}

py::list explorable_suite_names() {
  py::list names;
  for (const explorable_suite& suite : explorable_suites()) names.append(py::str(suite.name));
  return names;
}

/// A report's text as a str: a byte that is not UTF-8 (a char token printed as a character
/// literal) as a backslash escape.
py::str report_text(const std::string& text) {
  PyObject* const str = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()),
                                             "backslashreplace");
  if (str == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(str);
}

/// A str as UTF-8 (a lone surrogate as a backslash escape).
std::string utf8_text(const py::handle text) {
  const py::object bytes = py::reinterpret_steal<py::object>(
      PyUnicode_AsEncodedString(py::str(text).ptr(), "utf-8", "backslashreplace"));
  if (!bytes) throw py::error_already_set();
  return bytes.cast<std::string>();
}

/// Explores the suite `name` with the Python function `fn`: kvc::exploration_report's fields as a
/// dict, `text` (as it prints), and for a failure the counterexample's Python `arguments`,
/// `result` and `error`.
py::dict explore(const std::string& name, py::object fn, py::object normalize, py::object item_type,
                 py::object describe, py::object seed, std::size_t cases, py::object profile_object) {
  explore_function explore_one = nullptr;
  for (const explorable_suite& suite : explorable_suites())
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
  kvc::exploration_report report = explore_one(session, options, profile, restricted);
  if (session.interrupted) throw *session.interrupted;

  py::dict out;
  if (report.failed) {
    // The counterexample's actual as kvc.testing.check prints one, not the C++ text of it.
    report.actual = utf8_text(describe(session.last_result, session.last_error));
    out["arguments"] = session.last_arguments;
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
  for (const std::string& note : report.notes) notes.append(report_text(note));
  out["notes"] = notes;
  out["text"] = report_text(text.str());
  return out;
}

}  // namespace

void bind_suites(py::module_& m) {
  m.def("_suites", &every_suite,
        "Every suite of kvc's spec list as data: a list of {'contract', 'suite', 'fixtures'}, "
        "each fixture (label, call shape, inputs, expected, coverage, bound): coverage the 64-bit "
        "words of the mask of the boolean profiles that cover it, bound whether a bound profile "
        "compares its result as a bound. kvc.testing.suites wraps it.");
  m.attr("_engine_profile_count") = py::int_(boolean_profile_count);
  m.def("_explorable_suites", &explorable_suite_names,
        "The names of the suites kvc.testing.explore explores, in order.");
  m.def("_explore", &explore, py::arg("suite"), py::arg("fn"), py::arg("normalize"),
        py::arg("item_type"), py::arg("describe"), py::arg("seed"), py::arg("cases"),
        py::arg("profile"),
        "kvc::explore of the suite `suite` with the Python function `fn` (kvc.testing.explore "
        "wraps it).");
  m.attr("_default_exploration_seed") = py::int_(kvc::explore_options{}.seed);
  m.attr("_default_exploration_cases") = py::int_(kvc::default_exploration_cases);
}
