// python/src/exploration_part_6.cpp - the explorable suites of part 6 (python/src/exploration_suites.hpp).
#include "exploration_suites.hpp"

template void kvc_python::exploring::add_explorable_suites<6>(
    std::vector<kvc_python::exploring::explorable_suite>&);
