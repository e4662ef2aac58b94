// kvc/suites/segment_offsets.hpp - the old path of this suite: it is defined by its spec.
#pragma once

#include <kvc/specs/segment_offsets.hpp>
