// kvc/suites/block_pool_scenarios.hpp - the old path of this suite: it is defined by its spec.
#pragma once

#include <kvc/specs/block_pool.hpp>
