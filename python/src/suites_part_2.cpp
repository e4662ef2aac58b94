// python/src/suites_part_2.cpp - the suites of part 2 as Python data (python/src/suite_export.hpp).
#include "suite_export.hpp"

template void kvc_python::exporting::add_python_suites<2>(std::vector<kvc_python::exporting::exported_suite>&);
