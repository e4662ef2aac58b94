// python/src/bridge_objects.cpp - bridge_values as Python objects (bridge_objects.hpp).
#include "bridge_objects.hpp"

#include <cstddef>
#include <limits>
#include <string>
#include <string_view>

#include <pybind11/pybind11.h>

#include <kvc/cache_namespace.hpp>

namespace py = pybind11;

namespace kvc_python {
namespace {

py::object integer_object(kvc::detail::int128_type value) {
  PyObject* const object =
      value >= std::numeric_limits<long long>::min() &&
              value <= std::numeric_limits<long long>::max()
          ? PyLong_FromLongLong(static_cast<long long>(value))
          : PyLong_FromUnsignedLongLong(static_cast<unsigned long long>(value));
  if (object == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(object);
}

/// The elements of a list or a tuple, each made by `make`.
template <class Make>
py::object sequence_object(const bridge_value& value, Make&& make) {
  const auto size = static_cast<Py_ssize_t>(value.elements.size());
  const bool is_tuple = value.form == bridge_value::kind::tuple;
  py::object out = py::reinterpret_steal<py::object>(is_tuple ? PyTuple_New(size) : PyList_New(size));
  if (!out) throw py::error_already_set();
  for (Py_ssize_t i = 0; i < size; ++i) {
    py::object element = make(value.elements[static_cast<std::size_t>(i)]);
    if (is_tuple)
      PyTuple_SET_ITEM(out.ptr(), i, element.release().ptr());
    else
      PyList_SET_ITEM(out.ptr(), i, element.release().ptr());
  }
  return out;
}

std::string_view text_of_field(const bridge_value& value, std::size_t i) {
  return value.elements.at(i).text;
}

}  // namespace

py::object argument_object(const bridge_value& value, py::handle item_type) {
  switch (value.form) {
    case bridge_value::kind::none:
      return py::none();
    case bridge_value::kind::boolean:
      return py::bool_(value.integer != 0);
    case bridge_value::kind::integer:
      return integer_object(value.integer);
    case bridge_value::kind::text: {
      PyObject* const str = PyUnicode_DecodeUTF8(
          value.text.data(), static_cast<Py_ssize_t>(value.text.size()), "surrogateescape");
      if (str == nullptr) throw py::error_already_set();
      return py::reinterpret_steal<py::object>(str);
    }
    case bridge_value::kind::list:
    case bridge_value::kind::tuple:
      return sequence_object(
          value, [item_type](const bridge_value& element) { return argument_object(element, item_type); });
    case bridge_value::kind::cache_namespace:
      return py::cast(kvc::owning_cache_namespace{
          std::string(text_of_field(value, 0)), std::string(text_of_field(value, 1)),
          static_cast<std::uint64_t>(value.elements.at(2).integer),
          std::string(text_of_field(value, 3))});
    case bridge_value::kind::multimodal_item:
      return item_type(integer_object(value.elements.at(0).integer),
                       integer_object(value.elements.at(1).integer),
                       integer_object(value.elements.at(2).integer));
  }
  return py::none();
}

py::object export_object(const bridge_value& value) {
  switch (value.form) {
    case bridge_value::kind::none:
      return py::none();
    case bridge_value::kind::boolean:
      return py::bool_(value.integer != 0);
    case bridge_value::kind::integer:
      return integer_object(value.integer);
    case bridge_value::kind::text:
      return py::str(value.text.data(), value.text.size());
    case bridge_value::kind::list:
    case bridge_value::kind::tuple:
      return sequence_object(value, [](const bridge_value& element) { return export_object(element); });
    case bridge_value::kind::cache_namespace: {
      py::dict tagged;
      tagged["cache_namespace"] = py::make_tuple(
          export_object(value.elements.at(0)), export_object(value.elements.at(1)),
          export_object(value.elements.at(2)), export_object(value.elements.at(3)));
      return tagged;
    }
    case bridge_value::kind::multimodal_item: {
      py::dict tagged;
      tagged["multimodal_item"] = py::make_tuple(export_object(value.elements.at(0)),
                                                 export_object(value.elements.at(1)),
                                                 export_object(value.elements.at(2)));
      return tagged;
    }
  }
  return py::none();
}

}  // namespace kvc_python
