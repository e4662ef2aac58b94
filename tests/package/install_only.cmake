# cmake -DSOURCE=<kvc> -DWORK_DIR=<dir> -P install_only.cmake: the README's install recipe,
# `cmake --preset install-only` then `cmake --install`, into a fresh directory; fails unless it
# installs the headers, the CMake package, kvc.pc, the JSON vectors and the run-time checks' library,
# and builds nothing but that library.
file(REMOVE_RECURSE ${WORK_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} --preset install-only -B ${WORK_DIR}/build
                WORKING_DIRECTORY ${SOURCE} RESULT_VARIABLE configured OUTPUT_QUIET)
if(NOT configured EQUAL 0)
  message(FATAL_ERROR "cmake --preset install-only failed: ${configured}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --install ${WORK_DIR}/build --prefix ${WORK_DIR}/prefix
                RESULT_VARIABLE installed OUTPUT_QUIET)
if(NOT installed EQUAL 0)
  message(FATAL_ERROR "cmake --install of the install-only preset failed: ${installed}")
endif()
foreach(file include/kvc/kvc.hpp include/kvc/conformance.hpp include/kvc/doctest.hpp
             include/kvc/gtest.hpp include/kvc/catch2.hpp include/kvc/vectors/runner.hpp
             share/cmake/kvc/kvcConfig.cmake share/cmake/kvc/kvcConfigVersion.cmake
             share/kvc/vectors/schema.json
             share/kvc/vectors/append_admission.json)
  if(NOT EXISTS ${WORK_DIR}/prefix/${file})
    message(FATAL_ERROR "the install-only preset did not install ${file}")
  endif()
endforeach()
foreach(file kvc.pc libkvc_conformance.a)
  file(GLOB_RECURSE found ${WORK_DIR}/prefix/lib*/${file})
  if(NOT found)
    message(FATAL_ERROR "the install-only preset did not install ${file}")
  endif()
endforeach()
file(GLOB_RECURSE built LIST_DIRECTORIES false ${WORK_DIR}/build/*.o ${WORK_DIR}/build/*.a)
list(FILTER built EXCLUDE REGEX
     "/conformance/(CMakeFiles/kvc_conformance\\.dir/.*\\.o|libkvc_conformance\\.a)$")
if(built)
  message(FATAL_ERROR "the install-only preset built more than kvc_conformance: ${built}")
endif()
message(STATUS "install-only: installed into ${WORK_DIR}/prefix")
