// kvc/detail/type_list.hpp - a list of types and the two questions kvc asks of one (its size, its
// element I), for the parameter types of an implementation and the argument types of a call,
// without the cost of <tuple>.
#pragma once

#include <cstddef>

namespace kvc::detail {

/// The types `T...`, in order.
template <class... T>
struct type_list {};

/// How many types `List` holds.
template <class List>
inline constexpr std::size_t list_size_v = 0;
template <class... T>
inline constexpr std::size_t list_size_v<type_list<T...>> = sizeof...(T);

/// Type number `I` (from 0) of `List`.
template <std::size_t I, class List>
struct list_at;
template <std::size_t I, class First, class... Rest>
struct list_at<I, type_list<First, Rest...>> : list_at<I - 1, type_list<Rest...>> {};
template <class First, class... Rest>
struct list_at<0, type_list<First, Rest...>> {
  using type = First;
};
/// Type number `I` (from 0) of `List`.
template <std::size_t I, class List>
using list_at_t = typename list_at<I, List>::type;

}  // namespace kvc::detail
