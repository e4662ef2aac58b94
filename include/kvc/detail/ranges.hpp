// kvc/detail/ranges.hpp - std::ranges' concepts (range, sized_range, contiguous_range,
// range_value_t, ...), customization points (begin, end, size, data, distance) and iterator
// traits (iter_value_t) for kvc's headers, from the lightest standard header that declares them.
//
// The standard declares the concepts in <ranges> only, and <ranges> brings every view with it: on
// libstdc++ 12 it alone costs about as much to compile as <vector>, <span> and <algorithm>
// together. libstdc++ and libc++ declare all of the names above, in full, in the internal headers
// behind <span> (span's range constructor needs them), so with either library kvc includes <span>;
// with any other standard library, <ranges>. The names are the same std::ranges ones either way.
#pragma once

#include <version>  // identifies the standard library

#if defined(_GLIBCXX_RELEASE) || defined(_LIBCPP_VERSION)
#include <span>
#else
#include <ranges>
#endif
