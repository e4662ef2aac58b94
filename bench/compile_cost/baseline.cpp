// Compile-cost case "the engine's own translation unit": the baseline every other case is a ratio
// to.
#include "engine.hpp"

int engine_main() { return static_cast<int>(engine::tokens_of("abc").size()); }
