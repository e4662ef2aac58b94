// kvc/exploration/exploration_report.hpp - the old path of kvc::exploration_report (kvc/explore.hpp).
#pragma once

#include <kvc/explore.hpp>
