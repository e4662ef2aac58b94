# cmake -P script: builds and runs contracts_only.cpp against the installed kvc with nothing but
# pkg-config's flags, as a Makefile user would: c++ -std=c++20 $(pkg-config --cflags kvc) ...
# With CONFORMANCE_SOURCE, that program too, with --libs: kvc::check from the kvc_conformance library.
# Arguments (-D): PKG_CONFIG (the executable, or empty), PREFIX (kvc's install prefix), VERSION
# (the expected version), CXX, CXX_FLAGS (a command-line string), SOURCE, CONFORMANCE_SOURCE
# (optional), WORK_DIR.
if(NOT PKG_CONFIG)
  message(FATAL_ERROR "pkg-config was not found: install it (Debian: pkg-config), as the README says")
endif()
file(GLOB pc_files "${PREFIX}/*/pkgconfig/kvc.pc" "${PREFIX}/*/*/pkgconfig/kvc.pc")
list(SORT pc_files)
if(NOT pc_files)
  message(FATAL_ERROR "no kvc.pc under ${PREFIX}")
endif()
list(GET pc_files 0 pc_file)
get_filename_component(pc_dir "${pc_file}" DIRECTORY)
set(ENV{PKG_CONFIG_PATH} "${pc_dir}")

execute_process(COMMAND "${PKG_CONFIG}" --modversion kvc OUTPUT_VARIABLE version
                OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
if(NOT version STREQUAL VERSION)
  message(FATAL_ERROR "pkg-config --modversion kvc: '${version}', expected '${VERSION}'")
endif()
execute_process(COMMAND "${PKG_CONFIG}" --cflags kvc OUTPUT_VARIABLE cflags
                OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
message(STATUS "pkg-config --cflags kvc: ${cflags}")

separate_arguments(cflags UNIX_COMMAND "${cflags}")
separate_arguments(flags UNIX_COMMAND "${CXX_FLAGS}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(program "${WORK_DIR}/pkg_config_consumer")
execute_process(COMMAND "${CXX}" ${flags} -std=c++20 ${cflags} "${SOURCE}" -o "${program}"
                COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND "${program}" COMMAND_ERROR_IS_FATAL ANY)

if(CONFORMANCE_SOURCE)
  execute_process(COMMAND "${PKG_CONFIG}" --libs kvc OUTPUT_VARIABLE libs
                  OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
  message(STATUS "pkg-config --libs kvc: ${libs}")
  separate_arguments(libs UNIX_COMMAND "${libs}")
  set(program "${WORK_DIR}/pkg_config_conformance_consumer")
  execute_process(COMMAND "${CXX}" ${flags} -std=c++20 ${cflags} "${CONFORMANCE_SOURCE}" ${libs}
                          -o "${program}" COMMAND_ERROR_IS_FATAL ANY)
  execute_process(COMMAND "${program}" COMMAND_ERROR_IS_FATAL ANY)
endif()
