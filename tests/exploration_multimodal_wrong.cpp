// tests/exploration_multimodal_wrong.cpp - the second part of tests/exploration_multimodal.cpp:
// wrong implementations the fixtures miss, and a printed counterexample as a fixture.
#define KVC_MULTIMODAL_PART 2
#include "exploration_multimodal.cpp"
