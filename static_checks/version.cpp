// Static checks of kvc/version.hpp: the macros equal the CMake project version, which the build
// passes in as KVC_PROJECT_VERSION_MAJOR, _MINOR and _PATCH (static_checks/CMakeLists.txt), and
// KVC_VERSION packs them as documented. Compiled, never run.
#include <kvc/kvc.hpp>

#if !defined(KVC_PROJECT_VERSION_MAJOR) || !defined(KVC_PROJECT_VERSION_MINOR) || \
    !defined(KVC_PROJECT_VERSION_PATCH)
#error "version.cpp needs KVC_PROJECT_VERSION_MAJOR, _MINOR and _PATCH from CMake's PROJECT_VERSION"
#endif

static_assert(KVC_VERSION_MAJOR == KVC_PROJECT_VERSION_MAJOR,
              "kvc/version.hpp: KVC_VERSION_MAJOR differs from project(kvc VERSION ...)");
static_assert(KVC_VERSION_MINOR == KVC_PROJECT_VERSION_MINOR,
              "kvc/version.hpp: KVC_VERSION_MINOR differs from project(kvc VERSION ...)");
static_assert(KVC_VERSION_PATCH == KVC_PROJECT_VERSION_PATCH,
              "kvc/version.hpp: KVC_VERSION_PATCH differs from project(kvc VERSION ...)");

// The packed form orders releases, which needs minor and patch below 100.
static_assert(KVC_VERSION_MINOR < 100 && KVC_VERSION_PATCH < 100);
static_assert(KVC_VERSION ==
              KVC_VERSION_MAJOR * 10000 + KVC_VERSION_MINOR * 100 + KVC_VERSION_PATCH);

// Usable in the preprocessor, where a feature check needs it.
#if KVC_VERSION < 100
#error "KVC_VERSION is not a preprocessor integer constant of at least 0.1.0"
#endif
