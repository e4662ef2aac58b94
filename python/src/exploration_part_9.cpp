// python/src/exploration_part_9.cpp - the explorable suites of part 9 (python/src/exploration_suites.hpp).
#include "exploration_suites.hpp"

template void kvc_python::exploring::add_explorable_suites<9>(
    std::vector<kvc_python::exploring::explorable_suite>&);
