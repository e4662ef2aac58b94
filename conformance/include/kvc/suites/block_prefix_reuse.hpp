// kvc/suites/block_prefix_reuse.hpp - the old path of this suite: it is defined by its spec.
#pragma once

#include <kvc/specs/prefix_reuse.hpp>
