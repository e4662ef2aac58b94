// kvc/detail/ranges.hpp - std::ranges' concepts (range, sized_range, contiguous_range,
// range_value_t, ...), customization points (begin, end, size, data, distance) and iterator
// traits (iter_value_t) for kvc's headers, from the lightest standard header that declares them.
//
// The standard declares the concepts in <ranges> only, and <ranges> brings every view with it: on
// libstdc++ 12 it alone costs about as much to compile as <vector>, <span> and <algorithm>
// together. The two libraries kvc is built with declare all of these names, in full, behind
// lighter headers, because their own components need them: libstdc++ in bits/ranges_base.h, which
// <span> includes (span's range constructor); libc++ in __ranges/concepts.h, which <iterator>
// includes (the range overload of ranges::distance). (libc++'s <span> would do too, but in C++20
// mode it carries some 70,000 lines of legacy transitive includes; its <iterator> a third of that.)
// With any other standard library, <ranges>. The names are the same std::ranges ones either way.
#pragma once

#include <version>  // identifies the standard library

#if defined(_LIBCPP_VERSION)
#include <iterator>
#elif defined(_GLIBCXX_RELEASE)
#include <span>
#else
#include <ranges>
#endif
