# cmake -P script: .ci/run installs exactly the packages of the README's install lines (every
# `apt-get install -y ...` in README.md), no more and no fewer.
# Arguments (-D): README, CI_RUN.
file(STRINGS "${README}" readme_lines REGEX "apt-get install -y ")
set(readme_packages "")
foreach(line IN LISTS readme_lines)
  string(REGEX REPLACE "^.*apt-get install -y +" "" line "${line}")
  string(REGEX REPLACE "[`.]+ *$" "" line "${line}")
  separate_arguments(words UNIX_COMMAND "${line}")
  list(APPEND readme_packages ${words})
endforeach()

file(READ "${CI_RUN}" ci)
if(NOT ci MATCHES "packages=\\(([^)]*)\\)")
  message(FATAL_ERROR "no packages=(...) list in ${CI_RUN}")
endif()
separate_arguments(ci_packages UNIX_COMMAND "${CMAKE_MATCH_1}")

if(NOT readme_packages OR NOT ci_packages)
  message(FATAL_ERROR "no packages found: README '${readme_packages}', .ci/run '${ci_packages}'")
endif()
list(SORT readme_packages)
list(REMOVE_DUPLICATES readme_packages)
list(SORT ci_packages)
list(REMOVE_DUPLICATES ci_packages)
if(NOT readme_packages STREQUAL ci_packages)
  set(only_readme ${readme_packages})
  list(REMOVE_ITEM only_readme ${ci_packages})
  set(only_ci ${ci_packages})
  list(REMOVE_ITEM only_ci ${readme_packages})
  message(FATAL_ERROR "README.md and .ci/run install different packages: only in the README: "
                      "'${only_readme}'; only in .ci/run: '${only_ci}'")
endif()
message(STATUS "README.md and .ci/run both install: ${readme_packages}")
