# cmake -DLIST_PAIRS=<kvc_list_pairs> -DPAIRS=<tests/compile_fail/pairs.txt> -P check_pairs.cmake
# Fails when the contracts of pairs.txt (its first column, in order) are not those of
# kvc::specs::all, as list_pairs prints them: every contract has its compile-fail pair.
execute_process(COMMAND ${LIST_PAIRS} OUTPUT_VARIABLE listed RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${LIST_PAIRS} failed (${status})")
endif()
string(REGEX REPLACE "\n$" "" listed "${listed}")
string(REPLACE "\n" ";" listed "${listed}")
file(STRINGS ${PAIRS} lines)
set(paired "")
foreach(line IN LISTS lines)
  if(line STREQUAL "" OR line MATCHES "^#")
    continue()
  endif()
  string(REPLACE "|" ";" fields "${line}")
  list(GET fields 0 contract)
  list(APPEND paired ${contract})
endforeach()
if(NOT listed STREQUAL paired)
  set(missing ${listed})
  list(REMOVE_ITEM missing ${paired})
  set(extra ${paired})
  list(REMOVE_ITEM extra ${listed})
  message(FATAL_ERROR "${PAIRS} does not pair the contracts of kvc::specs::all, in order.\n"
                      "kvc::specs::all: ${listed}\npairs.txt: ${paired}\n"
                      "without a pair: ${missing}\nnot in kvc::specs::all: ${extra}")
endif()
message(STATUS "pairs.txt pairs every contract of kvc::specs::all")
