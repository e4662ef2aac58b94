// kvc/exploration/engine_profile.hpp - the old path of kvc::engine_profile and kvc::profiles.
#pragma once

#include <kvc/spec/engine_profile.hpp>
