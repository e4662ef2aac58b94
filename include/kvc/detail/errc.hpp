// kvc/detail/errc.hpp - `std::errc`, which the run-time contracts return, and as little else of
// <system_error> as the standard library allows.
//
// libstdc++ defines `std::errc` in <bits/error_constants.h>, which its <system_error> includes
// along with error categories, codes and <stdexcept>; on libstdc++ 12 those cost a translation unit
// that includes kvc/conformance.hpp about 45 M of g++'s instructions, more than all of <optional>.
// With libstdc++ only the enumeration is included; with any other standard library, <system_error>.
#pragma once

#if defined(__GLIBCXX__) && __has_include(<bits/error_constants.h>)
#include <bits/error_constants.h>
#else
#include <system_error>
#endif
