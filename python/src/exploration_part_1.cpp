// python/src/exploration_part_1.cpp - the explorable suites of part 1 (python/src/exploration_suites.hpp).
#include "exploration_suites.hpp"

template void kvc_python::exploring::add_explorable_suites<1>(
    std::vector<kvc_python::exploring::explorable_suite>&);
