// python/src/exploration_suites.hpp - what kvc.testing.explore runs for one suite: the Python
// function as the implementation kvc::explore calls (`python_call`), the suite's family with the
// engine profile chosen at run time, and the table of explorable suites, built in parts.
//
// Each explorable suite instantiates its whole exploration family. One translation unit holding
// them all took over 1 GB of g++; exploration_part_<k>.cpp each instantiate the suites of one part
// (kvc_python::for_each_descriptor_suite_of_part), and exploration.cpp joins the parts' tables.
#pragma once

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
#include "descriptor_suites.hpp"
#include "engine_profile_argument.hpp"

namespace kvc_python::exploring {

namespace py = pybind11;

using wide_integer = kvc::detail::int128_type;

// ---- A Python result, as kvc.testing.check compares it -----------------------------------------

/// The `normalized` form of a Python function's result (kvc/testing/_report.py): an int, a bool,
/// a list of ints, or anything else, which equals nothing.
struct python_result {
  enum class kind { integer, boolean, integers, other };
  kind form = kind::other;
  wide_integer integer = 0;
  bool boolean = false;
  std::vector<wide_integer> integers;
};

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

/// A contract result that can be compared with a Python result: an integer, a bool, or a range of
/// integers.
template <class E>
concept python_comparable =
    kvc::integer<E> || std::is_same_v<E, bool> ||
    (std::ranges::input_range<const E> && kvc::integer<std::ranges::range_value_t<const E>>);

/// Whether `actual` agrees with the contract's `expected` for an engine with `profile`:
/// kvc::agrees_under, on the Python result in the integer type that holds it.
template <class Inputs, class E>
bool python_agrees(const kvc::engine_profile& profile, const python_result& actual,
                   const E& expected) {
  if constexpr (std::is_same_v<E, bool>) {
    return actual.form == python_result::kind::boolean &&
           kvc::agrees_under<Inputs>(profile, actual.boolean, expected);
  } else if constexpr (kvc::integer<E>) {
    if (actual.form != python_result::kind::integer) return false;
    if (actual.integer >= std::numeric_limits<long long>::min() &&
        actual.integer <= std::numeric_limits<long long>::max())
      return kvc::agrees_under<Inputs>(profile, static_cast<long long>(actual.integer), expected);
    return kvc::agrees_under<Inputs>(profile, static_cast<unsigned long long>(actual.integer),
                                     expected);
  } else {
    return actual.form == python_result::kind::integers &&
           kvc::agrees_under<Inputs>(profile, actual.integers, expected);
  }
}

// ---- A C++ input, as kvc.testing.check passes it ----------------------------------------------

/// Text as a Python str (an undecodable byte kept as a surrogate, so that no text is refused).
inline py::object python_text(std::string_view text) {
  PyObject* const str =
      PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "surrogateescape");
  if (str == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(str);
}

template <class T>
py::object python_argument(const T& value, py::handle item_type);

template <class E>
py::object python_list(std::span<const E> elements, py::handle item_type) {
  py::list list(elements.size());
  for (std::size_t i = 0; i < elements.size(); ++i) {
    py::object element = python_argument(elements[i], item_type);
    PyList_SET_ITEM(list.ptr(), static_cast<Py_ssize_t>(i), element.release().ptr());
  }
  return list;
}

/// One input as the Python value kvc.testing.check passes for a fixture input of its type.
template <class T>
py::object python_argument(const T& value, py::handle item_type) {
  if constexpr (std::is_same_v<T, bool>) {
    return py::bool_(value);
  } else if constexpr (std::is_same_v<T, char>) {
    // As the exported fixtures give characters: their codes (kvc/testing/_fixtures.py).
    return py::int_(static_cast<int>(static_cast<unsigned char>(value)));
  } else if constexpr (std::is_integral_v<T>) {
    return py::int_(value);
  } else if constexpr (std::is_same_v<T, kvc::cache_namespace>) {
    return py::cast(kvc::owning_cache_namespace::from(value));
  } else if constexpr (std::is_same_v<T, kvc::owning_cache_namespace>) {
    return py::cast(value);
  } else if constexpr (std::is_same_v<T, kvc::multimodal_item>) {
    return item_type(value.offset, value.length, value.content_hash);
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    return python_text(std::string_view(value));
  } else if constexpr (std::ranges::contiguous_range<const T>) {
    return python_list(std::span<const std::ranges::range_value_t<const T>>(
                           std::ranges::data(value), std::ranges::size(value)),
                       item_type);
  } else if constexpr (std::ranges::input_range<const T>) {
    py::list list;  // std::vector<bool>, whose elements are proxies
    for (const auto& element : value)
      list.append(
          python_argument(static_cast<std::ranges::range_value_t<const T>>(element), item_type));
    return list;
  } else {
    static_assert(sizeof(T) == 0, "kvc.testing.explore: an input of a type it cannot pass");
    return py::none();
  }
}

/// An input as a value that owns what it views: it outlives the case (for the counterexample's
/// arguments, remade after the exploration).
template <class T>
auto kept(const T& value) {
  if constexpr (std::is_same_v<T, kvc::cache_namespace>)
    return kvc::owning_cache_namespace::from(value);
  else if constexpr (std::is_same_v<T, std::string_view>)
    return std::string(value);
  else if constexpr (std::ranges::input_range<const T> &&
                     !std::is_convertible_v<const T&, std::string_view>)
    return std::vector<std::ranges::range_value_t<const T>>(std::ranges::begin(value),
                                                            std::ranges::end(value));
  else
    return value;
}

// ---- The implementation kvc::explore calls ------------------------------------------------------

/// What one exploration of a Python function holds: the function, the helpers from kvc.testing,
/// and the last call (the shrunk counterexample's, when the exploration failed: its description
/// is the last call kvc::explore makes).
struct python_session {
  py::object fn;
  py::object normalize;  ///< kvc.testing._report.normalized
  py::object item_type;  ///< kvc.testing.MultimodalItem
  std::function<py::tuple()> last_arguments;
  py::object last_result = py::none();
  py::object last_error = py::none();
  /// A BaseException that is not an Exception (KeyboardInterrupt, SystemExit): every later case
  /// fails at once, and it is raised again when the exploration returns.
  std::optional<py::error_already_set> interrupted;

  template <class... A>
  python_result call(const A&... args) {
    if (interrupted) throw std::runtime_error("interrupted");
    last_result = py::none();
    last_error = py::none();
    last_arguments = [owned = std::make_tuple(kept(args)...), items = item_type]() {
      return std::apply(
          [&items](const auto&... arg) { return py::make_tuple(python_argument(arg, items)...); },
          owned);
    };
    try {
      last_result = fn(python_argument(args, item_type)...);
      return result_of(normalize(last_result));
    } catch (py::error_already_set& error) {
      if (!error.matches(PyExc_Exception)) {
        interrupted = std::move(error);
        throw std::runtime_error("interrupted");
      }
      // The exception itself is the report's (its text is made once, for the counterexample).
      last_error = error.value();
      throw std::runtime_error("the Python function raised an exception");
    }
  }
};

/// The implementation kvc::explore calls: every input form, the function of `session`.
struct python_call {
  python_session* session;

  template <class... A>
  python_result operator()(const A&... args) const {
    return session->call(args...);
  }
};

// ---- The suites explored ------------------------------------------------------------------------

/// A suite's exploration family F with the engine profile chosen at run time: cases covered and
/// results compared as kvc::covered_by and kvc::agrees_under say for `profile`, as F does for
/// its compile-time profile. F's generators, oracle and fixture lines are its own.
template <class F>
struct profiled_at_run_time : F {
  /// The profile of the exploration running on this thread.
  static inline thread_local kvc::engine_profile profile{};

  template <class Call, class Inputs>
  [[nodiscard]] static bool covered(const Inputs& inputs) {
    return kvc::covered_by<Call>(profile, inputs);
  }

  template <class Call, class A, class E, class Inputs>
  [[nodiscard]] static bool agrees(const A& actual, const E& expected, const Inputs&) {
    return python_agrees<Inputs>(profile, actual, expected);
  }
};

/// Whether every input form of family F is a direct call with a result Python can give.
template <class F, class Forms = typename F::forms>
inline constexpr bool direct_forms = false;
template <class F, class... Form>
inline constexpr bool direct_forms<F, kvc::detail::type_list<Form...>> =
    sizeof...(Form) != 0 &&
    ((std::is_base_of_v<kvc::direct_call, typename Form::call> &&
      python_comparable<std::remove_cvref_t<decltype(F::template expected<typename Form::call>(
          std::declval<const typename Form::inputs&>()))>>) &&
     ...);

/// Whether kvc.testing.explore explores the suite type S.
template <class S>
constexpr bool python_explorable() {
  if constexpr (!kvc::explorable<S>)
    return false;
  else
    return direct_forms<typename kvc::exploration::family_of<S>::type>;
}

/// One exploration's report, and the last Python call it made.
using explore_function = kvc::exploration_report (*)(python_session&, const kvc::explore_options&,
                                                     const kvc::engine_profile&, bool restricted);

template <class S>
kvc::exploration_report explore_suite(python_session& session, const kvc::explore_options& options,
                                      const kvc::engine_profile& profile, bool restricted) {
  using family = profiled_at_run_time<typename kvc::exploration::family_of<S>::type>;
  // Restored on the way out: the function explored may itself explore.
  struct restore {
    kvc::engine_profile previous;
    ~restore() { family::profile = previous; }
  } const restored{family::profile};
  family::profile = profile;
  std::string name = kvc::exploration::suite_name<S>();
  if (restricted) name += " restricted to an engine profile";
  return kvc::exploration::run_exploration<family>(python_call{&session}, options, std::move(name));
}

/// An explorable suite: its position in kvc::verification::suite_index, its name and the function
/// that explores it.
struct explorable_suite {
  std::size_t index;
  std::string_view name;
  explore_function explore;
};

/// The number of parts the explorable suites are instantiated in (exploration_part_<k>.cpp).
inline constexpr std::size_t exploration_parts = 4;

/// Adds the explorable suites of part `Part` to `table` (instantiated by exploration_part_<Part>.cpp).
template <std::size_t Part>
void add_explorable_suites(std::vector<explorable_suite>& table) {
  for_each_descriptor_suite_of_part<Part, exploration_parts>(
      [&table](std::size_t index, std::string_view name, const auto& suite) {
        using S = std::remove_cvref_t<decltype(suite)>;
        if constexpr (python_explorable<S>()) table.push_back({index, name, &explore_suite<S>});
      });
}
extern template void add_explorable_suites<0>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<1>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<2>(std::vector<explorable_suite>&);
extern template void add_explorable_suites<3>(std::vector<explorable_suite>&);

}  // namespace kvc_python::exploring
