// python/src/suites_part_8.cpp - the suites of part 8 as Python data (python/src/suite_export.hpp).
#include "suite_export.hpp"

template void kvc_python::exporting::add_python_suites<8>(std::vector<kvc_python::exporting::exported_suite>&);
