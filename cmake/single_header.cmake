# cmake -P script: generates single_include/kvc/kvc.hpp, every contract in one header.
#
# Starts from include/kvc/kvc.hpp and inlines each kvc header it includes, once, where it is first
# included, so that every header comes after the headers it needs. Standard headers stay #includes
# (also those inside #if blocks, which are kept as they are); `#pragma once` is dropped inside and
# written once at the top, under a banner.
#
#   cmake -P cmake/single_header.cmake                  regenerates the committed file
#   cmake -DOUTPUT=<file> -DCHECK=ON -P ...             generates <file> and fails unless it equals
#                                                       the committed file (the single_header.current test)

cmake_minimum_required(VERSION 3.25)

get_filename_component(root "${CMAKE_CURRENT_LIST_DIR}/.." ABSOLUTE)
set(committed "${root}/single_include/kvc/kvc.hpp")
if(NOT DEFINED OUTPUT)
  set(OUTPUT "${committed}")
endif()

# The version, from the project() call: the header must not need the build to be configured.
file(READ "${root}/CMakeLists.txt" lists)
string(REGEX MATCH "project\\([^)]*VERSION +([0-9]+\\.[0-9]+\\.[0-9]+)" ignored "${lists}")
set(version "${CMAKE_MATCH_1}")
if(NOT version)
  message(FATAL_ERROR "single_header: no project VERSION in ${root}/CMakeLists.txt")
endif()

# CMake lists split at ';' (and not inside [...]): a line of C++ has both, so they travel escaped.
set(semicolon "@kvc_semicolon@")
set(open "@kvc_open@")
set(close "@kvc_close@")

set_property(GLOBAL PROPERTY kvc_inlined "")
set_property(GLOBAL PROPERTY kvc_text "")

function(inline_header path)
  get_property(inlined GLOBAL PROPERTY kvc_inlined)
  if(path IN_LIST inlined)
    return()
  endif()
  set_property(GLOBAL APPEND PROPERTY kvc_inlined "${path}")
  get_filename_component(directory "${path}" DIRECTORY)
  file(RELATIVE_PATH name "${root}/include" "${path}")

  file(READ "${path}" text)
  string(REPLACE ";" "${semicolon}" text "${text}")
  string(REPLACE "[" "${open}" text "${text}")
  string(REPLACE "]" "${close}" text "${text}")
  string(REGEX REPLACE "\n$" "" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")

  set_property(GLOBAL APPEND_STRING PROPERTY kvc_text "\n// ---- begin ${name}\n")
  foreach(line IN LISTS lines)
    if(line MATCHES "^#pragma once")
      continue()
    elseif(line MATCHES "^#include \"([^\"]+)\"")
      get_filename_component(included "${directory}/${CMAKE_MATCH_1}" ABSOLUTE)
      if(NOT EXISTS "${included}")
        message(FATAL_ERROR "single_header: ${name} includes ${CMAKE_MATCH_1}, which is not there")
      endif()
      inline_header("${included}")
      continue()
    endif()
    string(REPLACE "${semicolon}" ";" line "${line}")
    string(REPLACE "${open}" "[" line "${line}")
    string(REPLACE "${close}" "]" line "${line}")
    set_property(GLOBAL APPEND_STRING PROPERTY kvc_text "${line}\n")
  endforeach()
  set_property(GLOBAL APPEND_STRING PROPERTY kvc_text "// ---- end ${name}\n")
endfunction()

inline_header("${root}/include/kvc/kvc.hpp")
get_property(body GLOBAL PROPERTY kvc_text)

set(banner "// kvc ${version} - compile-time verified contracts for KV-cache address logic, as one header.
//
// Generated from include/kvc by cmake/single_header.cmake: do not edit; regenerate with
// `cmake -P cmake/single_header.cmake`. Every contract of kvc/kvc.hpp, needing only the standard
// library. (The fixture suites and kvc::verify, which need Boost.Hana, are not in it.)
//
// Distributed under the Boost Software License, Version 1.0. (See the LICENSE file of the kvc
// repository, or https://www.boost.org/LICENSE_1_0.txt.)
#pragma once
")
file(WRITE "${OUTPUT}" "${banner}${body}")

if(CHECK)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files "${OUTPUT}" "${committed}"
                  RESULT_VARIABLE different)
  if(different)
    message(FATAL_ERROR "single_header: ${committed} is out of date with include/kvc "
                        "(generated: ${OUTPUT}); regenerate it: cmake -P cmake/single_header.cmake")
  endif()
  message(STATUS "single_header: ${committed} is current")
endif()
