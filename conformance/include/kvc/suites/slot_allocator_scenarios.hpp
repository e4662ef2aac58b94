// kvc/suites/slot_allocator_scenarios.hpp - the old path of this suite: it is defined by its spec.
#pragma once

#include <kvc/specs/slot_allocator.hpp>
