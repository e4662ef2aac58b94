# kvc-report refuses an unknown flag: non-zero exit and the usage text.
cmake_minimum_required(VERSION 3.25)
execute_process(COMMAND ${REPORT} --no-such-flag OUTPUT_VARIABLE out ERROR_VARIABLE err
                RESULT_VARIABLE status)
if(status EQUAL 0)
  message(FATAL_ERROR "kvc-report accepted an unknown flag")
endif()
if(NOT err MATCHES "usage: kvc-report")
  message(FATAL_ERROR "kvc-report printed no usage for an unknown flag:\n${err}")
endif()
