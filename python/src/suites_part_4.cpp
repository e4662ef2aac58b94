// python/src/suites_part_4.cpp - the suites of part 4 as Python data (python/src/suite_export.hpp).
#include "suite_export.hpp"

template void kvc_python::exporting::add_python_suites<4>(std::vector<kvc_python::exporting::exported_suite>&);
