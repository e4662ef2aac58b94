// python/src/suites_part_0.cpp - the suites of part 0 as Python data (python/src/suite_export.hpp).
#include "suite_export.hpp"

template void kvc_python::exporting::add_python_suites<0>(std::vector<kvc_python::exporting::exported_suite>&);
