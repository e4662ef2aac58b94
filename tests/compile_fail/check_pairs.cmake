# cmake -DLIST_PAIRS=<kvc_list_pairs> -DPAIRS=<tests/compile_fail/pairs.txt> -P check_pairs.cmake
# Fails when pairs.txt (what configuring reads to make the compile-fail pairs) is not what
# list_pairs prints from the descriptors today.
execute_process(COMMAND ${LIST_PAIRS} OUTPUT_VARIABLE listed RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${LIST_PAIRS} failed (${status})")
endif()
file(READ ${PAIRS} kept)
if(NOT listed STREQUAL kept)
  message(FATAL_ERROR "${PAIRS} is not what the descriptors give. It should read:\n${listed}\n"
                      "Rewrite it with: ${LIST_PAIRS} > ${PAIRS}")
endif()
message(STATUS "pairs.txt lists the descriptors' pairs")
