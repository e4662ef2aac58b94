// python/src/exploration_part_10.cpp - the explorable suites of part 10 (python/src/exploration_suites.hpp).
#include "exploration_suites.hpp"

template void kvc_python::exploring::add_explorable_suites<10>(
    std::vector<kvc_python::exploring::explorable_suite>&);
