// python/src/suites.cpp - the C++ fixture suites as Python data (to be filled in).
#include "bindings.hpp"

void bind_suites(pybind11::module_&) {}
