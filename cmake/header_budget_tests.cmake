# The header_budget test (cmake/header_budget.cmake): each public header, preprocessed alone with
# this build's compiler and flags, stays within its line budget relative to <vector> + <span> +
# <algorithm>. Included by the top-level CMakeLists.txt when KVC_BUILD_TESTS is on.
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  if(CMAKE_CXX_STANDARD)
    set(kvc_header_budget_standard ${CMAKE_CXX_STANDARD})
  else()
    set(kvc_header_budget_standard 20)
  endif()
  add_test(
    NAME header_budget
    COMMAND
      ${CMAKE_COMMAND} -DCXX=${CMAKE_CXX_COMPILER} "-DCXX_FLAGS=${CMAKE_CXX_FLAGS}"
      -DCXX_STANDARD=${kvc_header_budget_standard} -DINCLUDE_DIR=${PROJECT_SOURCE_DIR}/include
      -DWORK_DIR=${PROJECT_BINARY_DIR}/header_budget -P ${PROJECT_SOURCE_DIR}/cmake/header_budget.cmake)
endif()
