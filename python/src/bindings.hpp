// python/src/bindings.hpp - the parts of the kvc._kvc extension module, one per source file, so
// that each file binds one part and module.cpp only assembles them.
#pragma once

#include <pybind11/pybind11.h>

/// The prefix-reuse and admission contracts, and kvc.CacheNamespace (contracts.cpp).
void bind_contracts(pybind11::module_& m);
/// The segment and position-id contracts (positions.cpp).
void bind_positions(pybind11::module_& m);
/// The stateful reference models as Python classes (models.cpp).
void bind_models(pybind11::module_& m);
/// kvc.model.BlockPool (block_pool.cpp), into bind_models' submodule.
void bind_block_pool(pybind11::module_& m);
/// The suites of the spec list as Python data, and kvc::explore of a Python function (suites.cpp).
void bind_suites(pybind11::module_& m);
/// kvc's engine profiles (engine_profiles.cpp).
void bind_engine_profiles(pybind11::module_& m);
/// The stateful checks with a Python engine (stateful.cpp).
void bind_stateful(pybind11::module_& m);
