# cmake -P script: keeps the cost of including kvc's public headers from creeping up.
#
# Preprocesses a baseline TU (<vector>, <span>, <algorithm>) and then each public contract header
# of include/kvc on its own, with the build's compiler and flags, and fails when a header's
# preprocessed line count exceeds its maximum. Maxima are ratios to the baseline's line count with
# the same compiler and flags, so they do not depend on the machine or on minor library versions;
# they do depend on the standard library family (libc++'s C++20 headers carry large legacy
# transitive includes, so everything, the baseline included, is bigger there), hence one column per
# family. Each maximum is about 10% above what was measured (libstdc++: g++ 12 and clang++ 14;
# libc++: clang++ 19). A new public header needs a row here before the test passes.
#
# Arguments (-D): CXX (compiler), CXX_FLAGS (extra flags, a command-line string), CXX_STANDARD
# (20, 23, ...), INCLUDE_DIR (kvc's include directory), WORK_DIR (scratch directory).

cmake_minimum_required(VERSION 3.25)

foreach(arg CXX CXX_STANDARD INCLUDE_DIR WORK_DIR)
  if(NOT DEFINED ${arg})
    message(FATAL_ERROR "header_budget: -D${arg}=... is required")
  endif()
endforeach()

# header                 max ratio: libstdc++  libc++
#                        (measured:  g++ 12    clang++ 19/libc++)
set(budget
    "kvc.hpp                1.06  0.81" #  0.97  0.74
    "segment_positions.hpp  1.02  0.80" #  0.93  0.73
    "segment_offsets.hpp    0.97  0.78" #  0.88  0.71
    "cache_namespace.hpp    0.85  0.77" #  0.77  0.70
    "cache_namespace_view.hpp 0.56 0.72" #  0.51  0.65 (cache_namespace.hpp without <string>)
    "prefix_reuse.hpp       0.52  0.33" #  0.47  0.30
    "slot_budget.hpp        0.50  0.33" #  0.45  0.30
    "batch_admission.hpp    0.49  0.33" #  0.45  0.30
    "append_admission.hpp   0.49  0.33" #  0.45  0.30
    "append_blocks.hpp      0.49  0.33" #  0.45  0.30
    "request_admission.hpp  0.49  0.33" #  0.45  0.30
    "reuse_policy.hpp       0.02  0.02" #  0.01  0.01
    "row_length.hpp         0.01  0.01" #  0.007 0.005 (the smallest maximum: 1% of the baseline)
    "bounded_list.hpp       0.49  0.70" #  0.44  0.63
    "concepts.hpp           0.48  0.33" #  0.44  0.30
    "multimodal_item.hpp    0.49  0.33" #  0.44  0.30
    "multimodal_prefix.hpp  0.53  0.34" #  0.48  0.31
    "offsets_from_positions.hpp 0.99  0.79" #  0.90  0.72
    "position_components.hpp    0.01  0.01" #  0.007 0.005
    "host_device.hpp            0.01  0.01" #  0.000 0.000 (two macros)
    "version.hpp            0.01  0.01" #  0.000 0.000 (macros only, no includes)
)
# (The verification machinery, which needs Boost.Hana, lives under conformance/include and is not
# budgeted here.)
set(not_budgeted "")

separate_arguments(flags UNIX_COMMAND "${CXX_FLAGS}")
file(MAKE_DIRECTORY "${WORK_DIR}")

# Preprocesses `source` (text) and stores its line count in `out`.
function(preprocessed_lines out name source)
  set(file "${WORK_DIR}/${name}.cpp")
  file(WRITE "${file}" "${source}")
  execute_process(
    COMMAND "${CXX}" ${flags} -std=c++${CXX_STANDARD} -I "${INCLUDE_DIR}" -E "${file}"
    OUTPUT_VARIABLE text
    ERROR_VARIABLE errors
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "header_budget: preprocessing ${name} failed:\n${errors}")
  endif()
  string(LENGTH "${text}" with_newlines)
  string(REPLACE "\n" "" text "${text}")
  string(LENGTH "${text}" without_newlines)
  math(EXPR lines "${with_newlines} - ${without_newlines}")
  set(${out} ${lines} PARENT_SCOPE)
endfunction()

# Which standard library?
file(WRITE "${WORK_DIR}/library.cpp"
     "#include <version>\n#if defined(_LIBCPP_VERSION)\nkvc_libcxx\n#elif defined(_GLIBCXX_RELEASE)\nkvc_libstdcxx\n#else\nkvc_other\n#endif\n")
execute_process(COMMAND "${CXX}" ${flags} -std=c++${CXX_STANDARD} -E "${WORK_DIR}/library.cpp"
                OUTPUT_VARIABLE probe)
if(probe MATCHES "kvc_libcxx")
  set(library libc++)
  set(column 2)
elseif(probe MATCHES "kvc_libstdcxx")
  set(library libstdc++)
  set(column 1)
else()
  # An unknown library: the larger of the two maxima.
  set(library "an unknown standard library (using the larger maximum)")
  set(column 0)
endif()

preprocessed_lines(baseline baseline "#include <vector>\n#include <span>\n#include <algorithm>\n")
message(STATUS "${CXX} ${CXX_FLAGS} -std=c++${CXX_STANDARD}, ${library}")
message(STATUS "baseline <vector> + <span> + <algorithm>: ${baseline} lines")

# Ratios are handled in hundredths: CMake's math is integer.
set(failures "")
set(budgeted "")
foreach(row IN LISTS budget)
  string(REGEX MATCH "^([a-z_]+\\.hpp) +([0-9]+)\\.([0-9][0-9]) +([0-9]+)\\.([0-9][0-9])$" ok "${row}")
  if(NOT ok)
    message(FATAL_ERROR "header_budget: malformed row '${row}'")
  endif()
  set(header ${CMAKE_MATCH_1})
  math(EXPR max_libstdcxx "${CMAKE_MATCH_2} * 100 + 1${CMAKE_MATCH_3} - 100")
  math(EXPR max_libcxx "${CMAKE_MATCH_4} * 100 + 1${CMAKE_MATCH_5} - 100")
  if(column EQUAL 1)
    set(max ${max_libstdcxx})
  elseif(column EQUAL 2)
    set(max ${max_libcxx})
  elseif(max_libstdcxx GREATER max_libcxx)
    set(max ${max_libstdcxx})
  else()
    set(max ${max_libcxx})
  endif()
  list(APPEND budgeted ${header})

  string(REPLACE "." "_" name "${header}")
  preprocessed_lines(lines ${name} "#include <kvc/${header}>\n")
  math(EXPR ratio "(${lines} * 100 + ${baseline} / 2) / ${baseline}")
  math(EXPR limit "${baseline} * ${max} / 100")
  math(EXPR ratio_units "${ratio} / 100")
  math(EXPR ratio_cents "${ratio} % 100 + 100")
  string(SUBSTRING "${ratio_cents}" 1 2 ratio_cents)
  math(EXPR max_units "${max} / 100")
  math(EXPR max_cents "${max} % 100 + 100")
  string(SUBSTRING "${max_cents}" 1 2 max_cents)
  set(line "${header}: ${lines} lines, ${ratio_units}.${ratio_cents}x the baseline (max ${max_units}.${max_cents}x = ${limit} lines)")
  if(lines GREATER limit)
    message(STATUS "FAIL ${line}")
    string(APPEND failures "  ${line}\n")
  else()
    message(STATUS "ok   ${line}")
  endif()
endforeach()

# Every public header has a budget.
file(GLOB headers RELATIVE "${INCLUDE_DIR}/kvc" "${INCLUDE_DIR}/kvc/*.hpp")
foreach(header IN LISTS headers)
  if(NOT header IN_LIST budgeted AND NOT header IN_LIST not_budgeted)
    string(APPEND failures "  ${header}: a public header without a budget (add a row to ${CMAKE_CURRENT_LIST_FILE})\n")
  endif()
endforeach()

if(failures)
  message(FATAL_ERROR "header_budget: over budget:\n${failures}")
endif()
