// python/src/initialized_instance.hpp - the C++ object a bound class's Python instance holds, or a
// TypeError when there is none.
//
// `T.__new__(T)` makes an instance whose `__init__` never ran. pybind11 (2.10) then hands methods
// freshly allocated, unconstructed memory as a T, and reading it crashes the interpreter. Every
// method of kvc's classes reaches its object through `initialized`, which refuses such instances.
#pragma once

#include <string>
#include <typeinfo>

#include <pybind11/pybind11.h>

namespace kvc_python {

/// The T held by `self`: TypeError when `self` is not a T, or was made by `__new__` alone.
template <class T>
T& initialized(pybind11::handle self, const char* type_name) {
  if (!pybind11::isinstance<T>(self))
    throw pybind11::type_error(std::string(type_name) + " expected");
  auto* const instance = reinterpret_cast<pybind11::detail::instance*>(self.ptr());
  auto holder = instance->get_value_and_holder(pybind11::detail::get_type_info(typeid(T)));
  if (!holder || !holder.holder_constructed())
    throw pybind11::type_error(std::string(type_name) +
                               " is not initialized: it was made by __new__ without __init__");
  return *holder.value_ptr<T>();
}

}  // namespace kvc_python
