# Runs one libFuzzer target for SECONDS on CORPUS and prints its execution count (libFuzzer's own
# progress lines are kept for a failure, where they show the crashing input).
cmake_minimum_required(VERSION 3.25)
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -print_final_stats=1 ${CORPUS}
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE status)
get_filename_component(name ${FUZZER} NAME)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${name} failed (${status}):\n${out}\n${err}")
endif()
string(REGEX MATCH "stat::number_of_executed_units: *([0-9]+)" executed "${err}")
if(NOT executed)
  message(FATAL_ERROR "${name} printed no statistics:\n${err}")
endif()
message(STATUS "${name}: ${CMAKE_MATCH_1} executions in ${SECONDS} s")
