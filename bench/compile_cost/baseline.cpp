// Compile-cost case "engine code alone": the baseline every other case is a ratio to.
#include "engine.hpp"

int engine_main() { return static_cast<int>(engine::tokens_of("abc").size()); }
