// kvc/suites/segment_positions_long.hpp - the old path of this suite: it is defined by its spec.
#pragma once

#include <kvc/specs/segment_positions.hpp>
