// Compile-cost case "the umbrella header, no verify": kvc/conformance.hpp instead of the narrow
// headers.
#include "engine.hpp"

#include <kvc/conformance.hpp>

int engine_main() { return static_cast<int>(engine::tokens_of("abc").size()); }
