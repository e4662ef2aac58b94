// tests/exploration_multimodal_engines.cpp - the third part of tests/exploration_multimodal.cpp:
// correct implementations in other styles, and an engine that switches reuse off for items.
#define KVC_MULTIMODAL_PART 3
#include "exploration_multimodal.cpp"
