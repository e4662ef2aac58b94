// python/src/suites_part_5.cpp - the suites of part 5 as Python data (python/src/suite_export.hpp).
#include "suite_export.hpp"

template void kvc_python::exporting::add_python_suites<5>(std::vector<kvc_python::exporting::exported_suite>&);
