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

#include <cstddef>
#include <type_traits>

#include "../host_device.hpp"

#if defined(_LIBCPP_VERSION)
#include <iterator>
#elif defined(_GLIBCXX_RELEASE)
#include <span>
#else
#include <ranges>
#endif

namespace kvc::detail {

// std::ranges::begin, end, size, data and distance are objects, which CUDA device code cannot name
// ("identifier std::ranges::__cust::size is undefined in device code"). kvc's headers call them
// through these functions: in host code they are exactly the std::ranges ones; in device code
// (__CUDA_ARCH__) they take what those find for the ranges device code holds: a C array or a
// range's own members (std::span, a user's contiguous view).

template <class R>
KVC_HOST_DEVICE constexpr auto range_begin(R& r) noexcept {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_array_v<R>)
    return r + 0;
  else
    return r.begin();
#else
  return std::ranges::begin(r);
#endif
}

template <class R>
KVC_HOST_DEVICE constexpr auto range_end(R& r) noexcept {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_array_v<R>)
    return r + std::extent_v<R>;
  else
    return r.end();
#else
  return std::ranges::end(r);
#endif
}

template <class R>
KVC_HOST_DEVICE constexpr auto range_size(R& r) noexcept {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_array_v<R>)
    return std::extent_v<R>;
  else if constexpr (requires { r.size(); })
    return r.size();
  else
    return static_cast<std::size_t>(r.end() - r.begin());
#else
  return std::ranges::size(r);
#endif
}

template <class R>
KVC_HOST_DEVICE constexpr auto range_data(R& r) noexcept {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_array_v<R>)
    return r + 0;
  else
    return r.data();
#else
  return std::ranges::data(r);
#endif
}

template <class R>
KVC_HOST_DEVICE constexpr auto range_distance(R& r) noexcept {
#if defined(__CUDA_ARCH__)
  using difference = std::ranges::range_difference_t<R>;
  if constexpr (std::ranges::sized_range<R>) {
    return static_cast<difference>(range_size(r));
  } else {
    difference count = 0;
    for (auto it = range_begin(r), last = range_end(r); it != last; ++it) ++count;
    return count;
  }
#else
  return std::ranges::distance(r);
#endif
}

}  // namespace kvc::detail
