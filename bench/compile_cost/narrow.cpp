// Compile-cost case "narrow headers, no verify": the engine code plus kvc's checks and one suite.
#include "engine.hpp"

#include <kvc/suites/prefix_reuse.hpp>
#include <kvc/verification/checks.hpp>

int engine_main() { return static_cast<int>(engine::tokens_of("abc").size()); }
