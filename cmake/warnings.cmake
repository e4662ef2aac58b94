# Warning flags for kvc's own targets (never imposed on users of kvc::kvc). Presets turn warnings
# into errors with CMAKE_COMPILE_WARNING_AS_ERROR.
add_library(kvc_warnings INTERFACE)
target_compile_options(
  kvc_warnings
  INTERFACE -Wall
            -Wextra
            -Wpedantic
            -Wconversion
            -Wsign-conversion
            -Wsign-compare # implied by -Wall (g++) and -Wextra (clang); users turn it on alone
            -Wshadow
            -Wnon-virtual-dtor
            -Wold-style-cast
            -Wundef)
# libstdc++'s checked mode: bounds-checked operator[] on containers in tests and examples.
target_compile_definitions(kvc_warnings INTERFACE $<$<CONFIG:Debug>:_GLIBCXX_ASSERTIONS>)
