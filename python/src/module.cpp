// python/src/module.cpp - the kvc._kvc extension module: assembles the parts of bindings.hpp.
#include <string>

#include <pybind11/pybind11.h>

#include "bindings.hpp"
#include "kvc/version.hpp"

PYBIND11_MODULE(_kvc, m) {
  m.doc() =
      "kvc's contracts on Python values and NumPy arrays (the compiled part of the kvc package).";
  // The version comes from the C++ headers, so the package and the headers cannot disagree.
  m.attr("__version__") = std::to_string(KVC_VERSION_MAJOR) + "." +
                          std::to_string(KVC_VERSION_MINOR) + "." +
                          std::to_string(KVC_VERSION_PATCH);
  bind_contracts(m);
  bind_positions(m);
  bind_models(m);
  bind_block_pool(m);
  bind_suites(m);
  bind_engine_profiles(m);
  bind_stateful(m);
}
