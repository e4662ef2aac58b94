// python/src/models.cpp - the stateful reference models as Python classes (to be filled in).
#include "bindings.hpp"

void bind_models(pybind11::module_&) {}
