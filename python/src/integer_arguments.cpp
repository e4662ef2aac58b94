// python/src/integer_arguments.cpp - see integer_arguments.hpp.
#include "integer_arguments.hpp"

#include <climits>
#include <limits>
#include <utility>

namespace py = pybind11;

namespace kvc_python {

namespace {

std::string type_name(py::handle object) {
  if (object.is_none()) return "None";
  return py::str(py::type::handle_of(object).attr("__qualname__")).cast<std::string>();
}

/// The element type's name, for messages: "int32", "float64", "bool", ">i4"...
std::string dtype_name(const py::dtype& dtype) { return py::str(static_cast<const py::handle&>(dtype)).cast<std::string>(); }

bool is_bool(py::handle object) {
  return PyBool_Check(object.ptr()) ||
         py::isinstance(object, py::module_::import("numpy").attr("bool_"));
}

/// A NumPy array of integers, 1-D, contiguous and in native byte order: `array` itself when it is
/// one, else a contiguous native copy of it; the errors of `integer_sequence::from` otherwise.
py::array checked_integer_array(py::array array, const std::string& argument) {
  const py::dtype dtype = array.dtype();
  const char kind = dtype.kind();
  if (kind == 'b')
    throw py::type_error(argument + " must hold integers, not booleans (dtype bool)");
  if (kind != 'i' && kind != 'u')
    throw py::type_error(argument + " must hold integers, not dtype " + dtype_name(dtype));
  if (array.ndim() != 1)
    throw py::value_error(argument + " must be 1-D, not a " + std::to_string(array.ndim()) +
                          "-D array of shape " + py::str(array.attr("shape")).cast<std::string>());
  const bool contiguous = array.size() <= 1 || array.strides(0) == array.itemsize();
  const bool native = dtype.attr("isnative").cast<bool>();
  // An unaligned view (a buffer sliced at an odd byte) must not be read through typed pointers.
  const bool aligned = (array.flags() & py::detail::npy_api::NPY_ARRAY_ALIGNED_) != 0;
  if (contiguous && native && aligned) return array;
  // The contracts read contiguous, aligned memory of a native type; one copy is cheaper and
  // simpler than a strided path through every contract.
  // numpy.require, not ascontiguousarray: that returns an unaligned contiguous array as it is.
  return py::module_::import("numpy").attr("require")(array, dtype.attr("newbyteorder")("="),
                                                      py::make_tuple("C", "A"));
}

integer_span view_of(const py::array& array) {
  const auto size = static_cast<std::size_t>(array.size());
  const void* const data = array.data();
  const bool is_signed = array.dtype().kind() == 'i';
  switch (array.itemsize()) {
    case 1:
      if (is_signed) return std::span(static_cast<const std::int8_t*>(data), size);
      return std::span(static_cast<const std::uint8_t*>(data), size);
    case 2:
      if (is_signed) return std::span(static_cast<const std::int16_t*>(data), size);
      return std::span(static_cast<const std::uint16_t*>(data), size);
    case 4:
      if (is_signed) return std::span(static_cast<const std::int32_t*>(data), size);
      return std::span(static_cast<const std::uint32_t*>(data), size);
    case 8:
      if (is_signed) return std::span(static_cast<const std::int64_t*>(data), size);
      return std::span(static_cast<const std::uint64_t*>(data), size);
    default:
      throw py::type_error("unsupported integer dtype " + dtype_name(array.dtype()));
  }
}

/// Objects NumPy turns into an array without copying them.
bool viewable_as_array(py::handle object) {
  return PyObject_CheckBuffer(object.ptr()) || py::hasattr(object, "__array_interface__") ||
         py::hasattr(object, "__array_struct__");
}

}  // namespace

integer_value integer_from(py::handle object, const std::string& argument) {
  // A plain int is by far the common case (every element of a list of tokens): it skips the
  // checks below, which look NumPy up.
  py::object index = py::reinterpret_borrow<py::object>(object);
  if (!PyLong_CheckExact(object.ptr())) {
    if (is_bool(object)) throw py::type_error(argument + " must be an int, not a bool");
    if (!PyIndex_Check(object.ptr()))
      throw py::type_error(argument + " must be an int, not " + type_name(object));
    index = py::reinterpret_steal<py::object>(PyNumber_Index(object.ptr()));
    if (!index) throw py::error_already_set();
  }
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(index.ptr(), &overflow);
  if (overflow == 0) {
    if (value == -1 && PyErr_Occurred()) throw py::error_already_set();
    return static_cast<std::int64_t>(value);
  }
  if (overflow > 0) {
    const unsigned long long large = PyLong_AsUnsignedLongLong(index.ptr());
    if (!(large == ULLONG_MAX && PyErr_Occurred())) return static_cast<std::uint64_t>(large);
    PyErr_Clear();
  }
  throw overflow_error(argument + " = " + py::str(index).cast<std::string>() +
                       " does not fit in 64 bits (int64 or uint64)");
}

std::size_t size_from(py::handle object, const std::string& argument) {
  const integer_value value = integer_from(object, argument);
  if (const auto* s = std::get_if<std::int64_t>(&value)) {
    if (*s < 0) throw py::value_error(argument + " must not be negative, got " + std::to_string(*s));
    return static_cast<std::size_t>(*s);
  }
  static_assert(sizeof(std::size_t) == sizeof(std::uint64_t), "a 64-bit platform");
  return static_cast<std::size_t>(std::get<std::uint64_t>(value));
}

std::uint64_t uint64_from(py::handle object, const std::string& argument) {
  const integer_value value = integer_from(object, argument);
  if (const auto* s = std::get_if<std::int64_t>(&value)) {
    if (*s < 0)
      throw overflow_error(argument + " = " + std::to_string(*s) +
                           " is negative; it must fit uint64");
    return static_cast<std::uint64_t>(*s);
  }
  return std::get<std::uint64_t>(value);
}

py::dtype integer_dtype_from(py::handle dtype, const std::string& argument) {
  const auto numpy = py::module_::import("numpy");
  const py::dtype resolved = numpy.attr("dtype")(dtype);
  const char kind = resolved.kind();
  if (kind != 'i' && kind != 'u')
    throw py::type_error(argument + " must be a NumPy integer dtype, not " + dtype_name(resolved));
  return resolved.attr("newbyteorder")("=");
}

integer_sequence integer_sequence::snapshot(py::handle object, const std::string& argument) {
  integer_sequence result = from(object, argument);
  if (result.owner_) {
    py::array copy(result.owner_.attr("copy")());
    result.view_ = view_of(copy);
    result.owner_ = std::move(copy);
  }
  return result;
}

integer_sequence integer_sequence::from(py::handle object, const std::string& argument) {
  integer_sequence result;
  const bool is_array = py::isinstance<py::array>(object);
  // Text and bytes are sequences and buffers, but not of tokens; a bool is not a sequence at all.
  if (!is_array && (object.is_none() || PyUnicode_Check(object.ptr()) ||
                    PyBytes_Check(object.ptr()) || PyBool_Check(object.ptr())))
    throw py::type_error(argument +
                         " must be a 1-D NumPy integer array or a list or tuple of ints, not " +
                         type_name(object));
  if (is_array || viewable_as_array(object)) {
    py::array array = is_array ? py::reinterpret_borrow<py::array>(object)
                               : py::array(py::module_::import("numpy").attr("asarray")(object));
    array = checked_integer_array(std::move(array), argument);
    result.view_ = view_of(array);
    result.owner_ = std::move(array);
    return result;
  }
  if (!PyList_Check(object.ptr()) && !PyTuple_Check(object.ptr()))
    throw py::type_error(argument +
                         " must be a 1-D NumPy integer array or a list or tuple of ints, not " +
                         type_name(object));

  // A tuple of the elements: an element's __index__ may run Python code that changes a list.
  const py::tuple items(py::reinterpret_borrow<py::object>(object));
  const auto count = static_cast<std::size_t>(items.size());
  // Every element as its 64 bits; whether they are read as int64 or uint64 is known at the end.
  std::vector<std::uint64_t> bits;
  bits.reserve(count);
  bool any_negative = false, any_above_int64 = false;
  for (std::size_t i = 0; i != count; ++i) {
    const py::handle item = items[i];
    if (PyLong_CheckExact(item.ptr())) {  // the common case, without building the element's name
      int overflow = 0;
      const long long v = PyLong_AsLongLongAndOverflow(item.ptr(), &overflow);
      if (overflow == 0) {
        any_negative = any_negative || v < 0;
        bits.push_back(static_cast<std::uint64_t>(v));
        continue;
      }
    }
    const integer_value value = integer_from(item, argument + "[" + std::to_string(i) + "]");
    if (const auto* s = std::get_if<std::int64_t>(&value)) {
      any_negative = any_negative || *s < 0;
      bits.push_back(static_cast<std::uint64_t>(*s));
    } else {
      any_above_int64 = true;
      bits.push_back(std::get<std::uint64_t>(value));
    }
  }
  if (any_negative && any_above_int64)
    throw overflow_error(argument +
                         " mixes negative values with values above 2**63 - 1: no 64-bit integer "
                         "type holds both");
  if (any_above_int64) {
    result.unsigned_ = std::move(bits);
    result.view_ = std::span<const std::uint64_t>(result.unsigned_);
  } else {
    result.signed_.reserve(count);
    for (const std::uint64_t b : bits) result.signed_.push_back(static_cast<std::int64_t>(b));
    result.view_ = std::span<const std::int64_t>(result.signed_);
  }
  return result;
}

std::size_t integer_sequence::size() const noexcept {
  return std::visit([](const auto& span) { return span.size(); }, view_);
}

}  // namespace kvc_python
