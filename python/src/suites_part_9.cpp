// python/src/suites_part_9.cpp - the suites of part 9 as Python data (python/src/suite_export.hpp).
#include "suite_export.hpp"

template void kvc_python::exporting::add_python_suites<9>(std::vector<kvc_python::exporting::exported_suite>&);
