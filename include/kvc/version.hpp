// kvc/version.hpp - which kvc this is, for code that needs to check.
//
// The version follows Semantic Versioning: within one major version, a newer release keeps every
// contract's meaning. KVC_VERSION packs the three parts into one integer that compares in release
// order, major * 10000 + minor * 100 + patch (0.1.0 is 100, 1.2.3 is 10203), so that
//   #if KVC_VERSION >= 100
// asks for 0.1.0 or later. Minor and patch stay below 100. These macros are the one place the
// version is written in C++; a static check (static_checks/version.cpp) keeps them equal to the
// CMake project version. No includes: this header costs nothing.
#pragma once

#define KVC_VERSION_MAJOR 0
#define KVC_VERSION_MINOR 1
#define KVC_VERSION_PATCH 0
#define KVC_VERSION (KVC_VERSION_MAJOR * 10000 + KVC_VERSION_MINOR * 100 + KVC_VERSION_PATCH)
