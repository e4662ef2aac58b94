// python/src/engine_profile_fields.hpp - the fields of kvc::engine_profile by the names Python
// gives them, and the profiles that differ only in their boolean fields, by index.
//
// The descriptors' fixtures are exported with the profiles that cover each (suites.cpp), as a mask
// over these indices: kvc.testing.restrict_to reads the C++ rules' answers for a profile, never a
// Python copy of the rules.
#pragma once

#include <array>
#include <cstddef>

#include <kvc/exploration/engine_profile.hpp>

namespace kvc_python {

/// A boolean field of kvc::engine_profile, by the name Python gives it.
struct engine_profile_field {
  const char* name;
  bool kvc::engine_profile::*member;
};

/// Every boolean field of kvc::engine_profile, in its order; `reuse` follows them.
inline constexpr std::array<engine_profile_field, 7> engine_profile_fields{{
    {"keys_model", &kvc::engine_profile::keys_model},
    {"keys_adapter", &kvc::engine_profile::keys_adapter},
    {"keys_adapter_revision", &kvc::engine_profile::keys_adapter_revision},
    {"keys_salt", &kvc::engine_profile::keys_salt},
    {"position_padding", &kvc::engine_profile::position_padding},
    {"empty_inputs", &kvc::engine_profile::empty_inputs},
    {"inconsistent_admission_states", &kvc::engine_profile::inconsistent_admission_states},
}};

/// Fails to compile when kvc::engine_profile gains or loses a field: the table above, Python's
/// kvc.testing.EngineProfile and its coverage masks must then follow.
inline void engine_profile_has_eight_fields() {
  [[maybe_unused]] const auto [model, adapter, revision, salt, padding, empty, inconsistent,
                               reuse] = kvc::engine_profile{};
}

/// How many profiles differ only in their boolean fields.
inline constexpr std::size_t boolean_profile_count = std::size_t{1} << engine_profile_fields.size();

/// The profile whose boolean field i is bit i of `index` (`reuse` exact).
[[nodiscard]] constexpr kvc::engine_profile boolean_profile(std::size_t index) noexcept {
  kvc::engine_profile profile{};
  for (std::size_t i = 0; i < engine_profile_fields.size(); ++i)
    profile.*engine_profile_fields[i].member = ((index >> i) & 1U) != 0;
  return profile;
}

}  // namespace kvc_python
