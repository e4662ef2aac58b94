// kvc/suites/max_sequence_length_from_positions.hpp - the old path of this suite: it is defined by its spec.
#pragma once

#include <kvc/specs/offsets_from_positions.hpp>
