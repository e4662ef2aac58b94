// python/src/engine_profile_argument.hpp - a kvc.testing.EngineProfile as the kvc::engine_profile
// it mirrors (kvc/exploration/engine_profile.hpp).
#pragma once

#include <pybind11/pybind11.h>

#include <kvc/spec/engine_profile.hpp>

namespace kvc_python {

/// Reads the fields of `profile` (a kvc.testing.EngineProfile, or anything with its attributes):
/// the seven booleans, and `reuse`, "exact" or "bound". TypeError for a field that is not a bool,
/// ValueError for another `reuse`.
[[nodiscard]] kvc::engine_profile engine_profile_from(pybind11::handle profile);

}  // namespace kvc_python
