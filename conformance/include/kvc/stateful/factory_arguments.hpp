// kvc/stateful/factory_arguments.hpp - what kvc's stateful checks and scenarios learn from the
// types of an engine's factory and members: what a factory makes and how it is called (with the
// arguments it takes, converted to its parameter types), the largest id a parameter holds (so that
// no id is generated that the engine's own type cannot hold), and which factories make a cache or
// an allocator the checks can drive.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>

#include "operations.hpp"

namespace kvc::detail {

/// The parameters of a factory: those of a lambda's (non-template) call operator, or of a
/// function.
template <class Factory>
struct factory_signature {
  using type = Factory;
};
template <class Factory>
  requires requires { &Factory::operator(); }
struct factory_signature<Factory> {
  using type = decltype(&Factory::operator());
};

/// Calls `factory` with the first `N` of `arguments`, each converted explicitly to the type of the
/// parameter that takes it (no -Wconversion warning for an `int` parameter), or with none when it
/// takes none.
template <std::size_t N, class Factory, class Argument>
[[nodiscard]] constexpr decltype(auto) call_factory(Factory& factory, const Argument* arguments) {
  if constexpr (std::is_invocable_v<Factory&>) {
    static_cast<void>(arguments);
    return factory();
  } else {
    using signature = typename factory_signature<std::remove_cvref_t<Factory>>::type;
    return [&]<std::size_t... I>(std::index_sequence<I...>) -> decltype(auto) {
      return factory(as_parameter<I, signature>(arguments[I])...);
    }(std::make_index_sequence<N>{});
  }
}

/// What `Factory` returns when it is called as `call_factory<N>` calls it.
template <class Factory, std::size_t N>
using made_by = std::remove_cvref_t<decltype(call_factory<N>(
    std::declval<Factory&>(), static_cast<const std::size_t*>(nullptr)))>;

/// The cache or allocator a factory's result names (itself, or what a pointer to it points at).
template <class Made>
using implementation_made_by =
    std::remove_reference_t<decltype(implementation_of(std::declval<Made&>()))>;

/// The largest request id `Parameter` holds: its maximum for an integer parameter type, any id
/// for a template or an unknown type.
template <class Parameter>
[[nodiscard]] constexpr std::uint64_t largest_request_of() noexcept {
  if constexpr (std::is_integral_v<Parameter> && !std::is_same_v<Parameter, bool>) {
    constexpr auto largest = std::numeric_limits<Parameter>::max();
    return static_cast<std::uint64_t>(largest);
  } else {
    return ~std::uint64_t{0};
  }
}

/// The largest value parameter `I` of `Member` (a member function pointer, or void) holds.
template <std::size_t I, class Member>
[[nodiscard]] constexpr std::uint64_t largest_parameter_of() noexcept {
  if constexpr (requires { typename callable_parameters<Member>::type; }) {
    using parameters = typename callable_parameters<Member>::type;
    if constexpr (std::tuple_size_v<parameters> > I)
      return largest_request_of<std::remove_cvref_t<std::tuple_element_t<I, parameters>>>();
    else
      return ~std::uint64_t{0};
  } else {
    return ~std::uint64_t{0};
  }
}

/// Whether parameter `I` of `Member` is a signed integer type (so that kvc may pass negative
/// values, as two's complement of the 64-bit ones it generates).
template <std::size_t I, class Member>
[[nodiscard]] constexpr bool signed_parameter_of() noexcept {
  if constexpr (requires { typename callable_parameters<Member>::type; }) {
    using parameters = typename callable_parameters<Member>::type;
    if constexpr (std::tuple_size_v<parameters> > I) {
      using parameter = std::remove_cvref_t<std::tuple_element_t<I, parameters>>;
      return std::is_integral_v<parameter> && std::is_signed_v<parameter>;
    } else {
      return false;
    }
  } else {
    return false;
  }
}

/// The largest request id both `try_reserve` and `release` of `Allocator` take.
template <class Allocator>
[[nodiscard]] constexpr std::uint64_t largest_request_of_allocator() noexcept {
  const std::uint64_t reserve = largest_parameter_of<0, typename reserve_member<Allocator>::type>();
  const std::uint64_t release = largest_parameter_of<0, typename release_member<Allocator>::type>();
  return reserve < release ? reserve : release;
}

/// A prefix cache the checks can drive: `insert(ns, tokens)`, an integer `lookup(ns, tokens)` and
/// `erase(ns)`, with a `kvc::cache_namespace` and a `std::span<const std::int32_t>`.
template <class Cache>
concept scenario_cache = requires(Cache& cache, const cache_operation& op) {
  cache.insert(op.ns, op.token_span());
  requires std::integral<std::remove_cvref_t<decltype(cache.lookup(op.ns, op.token_span()))>>;
  cache.erase(op.ns);
};

/// A slot allocator the checks can drive: `try_reserve(request, n)` (anything that converts to
/// `bool`), `release(request)` and an integer `available()`, with a `std::uint64_t` request and a
/// `std::size_t` n (converted to the allocator's own parameter types).
template <class Allocator>
concept scenario_allocator = requires(Allocator& allocator, std::uint64_t request, std::size_t n) {
  static_cast<bool>(allocator.try_reserve(request, n));
  allocator.release(request);
  requires std::integral<std::remove_cvref_t<decltype(allocator.available())>>;
};

/// `[] { return my_cache{}; }`: a fresh cache per scenario or sequence.
template <class Factory>
concept cache_factory =
    std::invocable<const Factory&> &&
    scenario_cache<implementation_made_by<std::invoke_result_t<const Factory&>>>;

/// `[](std::size_t capacity) { return my_allocator(capacity); }`: a fresh allocator of the
/// scenario's capacity per scenario.
template <class Factory>
concept allocator_factory =
    std::invocable<const Factory&, std::size_t> &&
    scenario_allocator<implementation_made_by<std::invoke_result_t<const Factory&, std::size_t>>>;

}  // namespace kvc::detail
