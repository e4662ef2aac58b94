// python/src/integer_arguments.hpp - Python integers and integer sequences as the C++ values kvc's
// contracts take, with a clear Python exception for anything that is not one.
//
// A NumPy integer array is viewed in place, in its own dtype, so a call costs no copy and the
// contract runs on the element type the caller chose (the prefix fast path and the AVX2 positions
// kernel depend on it). Everything else is converted once, to int64 (or to uint64 when a value
// needs it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

namespace kvc_python {

/// Raised as Python's OverflowError (pybind11 has no such exception of its own).
class overflow_error : public pybind11::builtin_exception {
 public:
  using pybind11::builtin_exception::builtin_exception;
  /// Sets OverflowError with this exception's message.
  void set_error() const override { PyErr_SetString(PyExc_OverflowError, what()); }
};

/// A read-only view of 1-D integers, in the element type they are stored in.
using integer_span =
    std::variant<std::span<const std::int8_t>, std::span<const std::int16_t>,
                 std::span<const std::int32_t>, std::span<const std::int64_t>,
                 std::span<const std::uint8_t>, std::span<const std::uint16_t>,
                 std::span<const std::uint32_t>, std::span<const std::uint64_t>>;

/// A Python integer that fits 64 bits: as int64 when it fits that, else as uint64.
using integer_value = std::variant<std::int64_t, std::uint64_t>;

/// A 1-D integer sequence taken from a Python argument, and whatever keeps its elements alive.
class integer_sequence {
 public:
  /// Movable, not copyable: the view may point into this object's own vectors.
  integer_sequence(integer_sequence&&) noexcept = default;
  integer_sequence(const integer_sequence&) = delete;
  integer_sequence& operator=(const integer_sequence&) = delete;

  /// Reads `object`, the argument called `argument` (named in error messages):
  ///  - a NumPy array (or anything NumPy views without copying: buffers, `__array_interface__`) of
  ///    any integer dtype, viewed in place; a non-contiguous, unaligned or byte-swapped one is copied
  ///    into a contiguous native array, since the contracts read contiguous memory;
  ///  - a list or tuple of ints (or of objects with `__index__`, such as NumPy integer scalars).
  /// Raises TypeError for None, bool or non-integer dtypes and elements, ValueError for an array
  /// that is not 1-D, OverflowError for an element outside 64 bits (or a list that mixes negative
  /// values with values above 2**63 - 1, which no 64-bit type holds together).
  static integer_sequence from(pybind11::handle object, const std::string& argument);

  /// As `from`, but an array is read into a copy of its own (taken with the GIL held): for a
  /// contract whose output's size depends on the elements, read twice (counted, then written) with
  /// the GIL released, where another thread writing the array in between would make the count
  /// wrong for the write.
  static integer_sequence snapshot(pybind11::handle object, const std::string& argument);

  /// The elements, valid while this object lives.
  [[nodiscard]] const integer_span& view() const noexcept { return view_; }
  /// How many elements there are.
  [[nodiscard]] std::size_t size() const noexcept;

 private:
  integer_sequence() = default;

  pybind11::object owner_;                // the array viewed, when one is
  std::vector<std::int64_t> signed_;      // converted elements, when they all fit int64
  std::vector<std::uint64_t> unsigned_;   // converted elements, when one needs uint64
  integer_span view_{std::span<const std::int64_t>{}};
};

/// Reads a Python int (or an object with `__index__`) for the argument called `argument`. Raises
/// TypeError for bool, float, None and other non-integers, and OverflowError beyond 64 bits.
[[nodiscard]] integer_value integer_from(pybind11::handle object, const std::string& argument);

/// Reads a non-negative Python int that fits `std::size_t`: ValueError when negative,
/// OverflowError when too large, TypeError when not an int.
[[nodiscard]] std::size_t size_from(pybind11::handle object, const std::string& argument);

/// Reads a Python int that fits uint64: OverflowError when negative or too large.
[[nodiscard]] std::uint64_t uint64_from(pybind11::handle object, const std::string& argument);

/// The NumPy integer dtype named by `dtype` (anything `numpy.dtype()` accepts), in native byte
/// order. Raises TypeError for bool and non-integer dtypes.
[[nodiscard]] pybind11::dtype integer_dtype_from(pybind11::handle dtype,
                                                 const std::string& argument);

/// Calls `f(std::span<T>)` with a writable view of the 1-D integer `array`, T its element type.
template <class F>
decltype(auto) visit_writable(pybind11::array& array, F&& f) {
  const auto size = static_cast<std::size_t>(array.size());
  void* const data = array.mutable_data();
  const bool is_signed = array.dtype().kind() == 'i';
  switch (array.itemsize()) {
    case 1:
      return is_signed ? f(std::span(static_cast<std::int8_t*>(data), size))
                       : f(std::span(static_cast<std::uint8_t*>(data), size));
    case 2:
      return is_signed ? f(std::span(static_cast<std::int16_t*>(data), size))
                       : f(std::span(static_cast<std::uint16_t*>(data), size));
    case 4:
      return is_signed ? f(std::span(static_cast<std::int32_t*>(data), size))
                       : f(std::span(static_cast<std::uint32_t*>(data), size));
    default:
      return is_signed ? f(std::span(static_cast<std::int64_t*>(data), size))
                       : f(std::span(static_cast<std::uint64_t*>(data), size));
  }
}

}  // namespace kvc_python
