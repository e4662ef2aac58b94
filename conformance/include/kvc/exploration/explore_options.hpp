// kvc/exploration/explore_options.hpp - the old path of kvc::explore_options (kvc/explore.hpp).
#pragma once

#include <kvc/explore.hpp>
