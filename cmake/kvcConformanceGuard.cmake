# kvc::conformance needs Boost.Hana. Where Boost was not found the target does not exist, and a
# project that links it anyway would get CMake's generic "target was not found" at generate time.
# kvc_guard_conformance_links() runs instead at the end of the top-level directory's configure step
# (deferred) and stops there with a message that names what is missing. Used by kvc's own
# CMakeLists.txt (add_subdirectory, FetchContent) and by the installed kvcConfig.cmake.
include_guard(GLOBAL)

# The targets of `directory` and of every directory below it.
function(_kvc_targets_below directory out)
  get_property(targets DIRECTORY "${directory}" PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirectories DIRECTORY "${directory}" PROPERTY SUBDIRECTORIES)
  foreach(subdirectory IN LISTS subdirectories)
    _kvc_targets_below("${subdirectory}" below)
    list(APPEND targets ${below})
  endforeach()
  set(${out} ${targets} PARENT_SCOPE)
endfunction()

function(kvc_guard_conformance_links)
  if(TARGET kvc::conformance)
    return()
  endif()
  _kvc_targets_below("${CMAKE_SOURCE_DIR}" targets)
  set(offenders "")
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    set(links "")
    if(NOT type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(direct ${target} LINK_LIBRARIES)
      list(APPEND links ${direct})
    endif()
    get_target_property(interface ${target} INTERFACE_LINK_LIBRARIES)
    list(APPEND links ${interface})
    if(links MATCHES "(^|;|:|>)kvc::conformance($|;|>)")
      list(APPEND offenders ${target})
    endif()
  endforeach()
  if(offenders)
    list(JOIN offenders ", " offenders)
    message(FATAL_ERROR
            "kvc::conformance needs Boost.Hana (Boost 1.74 or later, header-only; Debian: "
            "libboost-dev), and Boost was not found, so kvc defines only kvc::kvc. Linked by: "
            "${offenders}. Install Boost or point Boost_DIR / CMAKE_PREFIX_PATH at it, or link "
            "kvc::kvc, which needs nothing beyond the standard library.")
  endif()
endfunction()

# Checks once the top-level CMakeLists.txt, and every target it defines, is done.
function(kvc_defer_conformance_guard)
  get_property(deferred GLOBAL PROPERTY _kvc_conformance_guard_deferred)
  if(NOT deferred)
    set_property(GLOBAL PROPERTY _kvc_conformance_guard_deferred TRUE)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL kvc_guard_conformance_links)
  endif()
endfunction()
