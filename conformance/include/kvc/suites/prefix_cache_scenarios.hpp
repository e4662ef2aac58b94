// kvc/suites/prefix_cache_scenarios.hpp - the old path of this suite: it is defined by its spec.
#pragma once

#include <kvc/specs/prefix_cache.hpp>
