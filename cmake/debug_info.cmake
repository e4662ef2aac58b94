# How much debug information kvc's own targets carry where the build type asks for it (Debug,
# RelWithDebInfo). Never imposed on users of kvc::kvc.
#
# kvc_no_debug_info: for what is compiled and never run or debugged (the static checks, the
# compile-fail pairs, the examples, which check themselves and print what they found): debug
# information there costs compile time and memory and serves nobody (docs/performance.md).
#
# kvc_test_debug_info: for the tests and for the run-time checks they run (kvc::conformance's own
# sources, which a Debug build optimizes, where full debug information costs a third of their
# compile time), as KVC_TEST_DEBUG_INFO says:
#   full   -g: a debugger sees every local variable;
#   lines  -g1: function names and line tables only, so a backtrace or a sanitizer report names
#          file and line (the default);
#   none   -g0 (the default preset: the quick start builds and runs the tests, nobody debugs them).
set(KVC_TEST_DEBUG_INFO "lines" CACHE STRING
    "Debug information of kvc's tests and run-time checks library: full, lines or none")
set_property(CACHE KVC_TEST_DEBUG_INFO PROPERTY STRINGS full lines none)
if(NOT KVC_TEST_DEBUG_INFO MATCHES "^(full|lines|none)$")
  message(FATAL_ERROR "KVC_TEST_DEBUG_INFO is '${KVC_TEST_DEBUG_INFO}': one of full, lines, none")
endif()
add_library(kvc_no_debug_info INTERFACE)
add_library(kvc_test_debug_info INTERFACE)
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  target_compile_options(kvc_no_debug_info INTERFACE -g0)
  if(KVC_TEST_DEBUG_INFO STREQUAL "lines")
    target_compile_options(kvc_test_debug_info INTERFACE $<$<CONFIG:Debug,RelWithDebInfo>:-g1>)
  elseif(KVC_TEST_DEBUG_INFO STREQUAL "none")
    target_compile_options(kvc_test_debug_info INTERFACE -g0)
  endif()
endif()
