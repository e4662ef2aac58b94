// kvc/stateful/operations.hpp - the operations of kvc's stateful checks, what an operation
// observes, and how one is applied to an engine's cache or allocator (or to kvc's reference model).
//
// One representation serves the compile-time scenario suites (kvc/specs/prefix_cache.hpp,
// kvc/specs/slot_allocator.hpp) and the run-time model-based checks (kvc/stateful/*_check.hpp), so
// that a scenario, a generated sequence and a shrunk counterexample are the same kind of value and
// print the same way. `kvc::apply_operation` is the one place where an operation calls an engine's
// member function: the scenarios call it in constant evaluation, and the stateful checks call it
// through the engine adapter built in the user's file (kvc/stateful/erased_engine.hpp).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <span>
#include <tuple>
#include <type_traits>

#include <kvc/bounded_list.hpp>
#include <kvc/cache_namespace.hpp>

namespace kvc {

/// The longest token sequence one operation carries (that of `kvc::model::prefix_cache`).
inline constexpr std::size_t max_operation_tokens = 64;

/// What a prefix-cache operation does.
enum class cache_operation_kind : unsigned char {
  insert,  ///< `cache.insert(ns, tokens)`
  lookup,  ///< `cache.lookup(ns, tokens)`, observed
  erase,   ///< `cache.erase(ns)`
};

/// One call on a prefix cache. The namespace is a view: its strings must outlive the operation.
struct cache_operation {
  /// Which member function is called.
  cache_operation_kind kind = cache_operation_kind::lookup;
  /// The namespace it is called with.
  cache_namespace ns{};
  /// The tokens it is called with (none for `erase`).
  bounded_list<std::int32_t, max_operation_tokens> tokens{};

  /// The tokens as the span the cache is called with.
  [[nodiscard]] constexpr std::span<const std::int32_t> token_span() const noexcept {
    return {tokens.storage.data(), tokens.count};
  }
};

/// An insert of `tokens` under `ns` (at most `max_operation_tokens` of them are kept).
template <class Tokens = std::initializer_list<std::int32_t>>
[[nodiscard]] constexpr cache_operation insert_operation(const cache_namespace& ns,
                                                         const Tokens& tokens) noexcept {
  cache_operation op{cache_operation_kind::insert, ns, {}};
  for (const auto token : tokens)
    if (op.tokens.size() < max_operation_tokens)
      op.tokens.push_back(static_cast<std::int32_t>(token));
  return op;
}
/// A lookup of `tokens` under `ns` (at most `max_operation_tokens` of them are kept).
template <class Tokens = std::initializer_list<std::int32_t>>
[[nodiscard]] constexpr cache_operation lookup_operation(const cache_namespace& ns,
                                                         const Tokens& tokens) noexcept {
  cache_operation op = insert_operation(ns, tokens);
  op.kind = cache_operation_kind::lookup;
  return op;
}
/// An erase of `ns`.
[[nodiscard]] constexpr cache_operation erase_operation(const cache_namespace& ns) noexcept {
  return cache_operation{cache_operation_kind::erase, ns, {}};
}

/// What a slot-allocator operation does.
enum class allocator_operation_kind : unsigned char {
  try_reserve,  ///< `allocator.try_reserve(request, slots)`, observed (1 granted, 0 refused)
  release,      ///< `allocator.release(request)`
  available,    ///< `allocator.available()`, observed
};

/// One call on a slot allocator.
struct allocator_operation {
  /// Which member function is called.
  allocator_operation_kind kind = allocator_operation_kind::available;
  /// The request it is called for (`try_reserve`, `release`).
  std::uint64_t request = 0;
  /// The slots asked for (`try_reserve`).
  std::size_t slots = 0;
};

/// A reservation of `slots` for `request`.
[[nodiscard]] constexpr allocator_operation reserve_operation(std::uint64_t request,
                                                              std::size_t slots) noexcept {
  return {allocator_operation_kind::try_reserve, request, slots};
}
/// A release of `request`.
[[nodiscard]] constexpr allocator_operation release_operation(std::uint64_t request) noexcept {
  return {allocator_operation_kind::release, request, 0};
}
/// A look at `available()`.
[[nodiscard]] constexpr allocator_operation available_operation() noexcept {
  return {allocator_operation_kind::available, 0, 0};
}

/// What an operation returned, when it is observed: a lookup's length, a reservation's grant (1 or
/// 0), `available()`. Held as a signed 64-bit value so that a negative result stays negative; an
/// unsigned result above the largest one is clamped to it (still above every model value).
struct observation {
  /// Whether the operation is observed at all (`insert`, `erase` and `release` are not).
  bool observed = false;
  /// The result.
  std::int64_t value = 0;

  /// Equal when both fields are: an unobserved result never equals an observed one.
  friend constexpr bool operator==(const observation&, const observation&) = default;
};

/// An operation the contract does not observe (`insert`, `erase`, `release`): a scenario's
/// expected observations mark it so, and reports print it as `-`.
inline constexpr observation unobserved{};

/// The observation `value` (a lookup's length, a reservation's grant as 1 or 0, `available()`).
[[nodiscard]] constexpr observation observed(std::int64_t value) noexcept { return {true, value}; }

namespace detail {

/// `result` as an observation.
template <class T>
[[nodiscard]] constexpr observation observed_value(const T& result) noexcept {
  if constexpr (std::same_as<std::remove_cvref_t<T>, bool>) {
    return {true, result ? 1 : 0};
  } else if constexpr (std::is_unsigned_v<T>) {
    constexpr auto largest = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    return {true, static_cast<std::uint64_t>(result) > largest
                      ? std::numeric_limits<std::int64_t>::max()
                      : static_cast<std::int64_t>(result)};
  } else {
    return {true, static_cast<std::int64_t>(result)};
  }
}

/// The parameter types of a member function pointer, a function pointer or a function type; no
/// `type` for anything else (a template, an overload set, a generic lambda).
template <class Callable>
struct callable_parameters {};
template <class R, class... A>
struct callable_parameters<R(A...)> {
  using type = std::tuple<A...>;
};
template <class R, class... A>
struct callable_parameters<R(A...) noexcept> : callable_parameters<R(A...)> {};
template <class R, class... A>
struct callable_parameters<R (*)(A...)> : callable_parameters<R(A...)> {};
template <class R, class... A>
struct callable_parameters<R (*)(A...) noexcept> : callable_parameters<R(A...)> {};
template <class C, class R, class... A>
struct callable_parameters<R (C::*)(A...)> : callable_parameters<R(A...)> {};
template <class C, class R, class... A>
struct callable_parameters<R (C::*)(A...) noexcept> : callable_parameters<R(A...)> {};
template <class C, class R, class... A>
struct callable_parameters<R (C::*)(A...) const> : callable_parameters<R(A...)> {};
template <class C, class R, class... A>
struct callable_parameters<R (C::*)(A...) const noexcept> : callable_parameters<R(A...)> {};
template <class C, class R, class... A>
struct callable_parameters<R (C::*)(A...) &> : callable_parameters<R(A...)> {};
template <class C, class R, class... A>
struct callable_parameters<R (C::*)(A...) & noexcept> : callable_parameters<R(A...)> {};
template <class C, class R, class... A>
struct callable_parameters<R (C::*)(A...) const&> : callable_parameters<R(A...)> {};
template <class C, class R, class... A>
struct callable_parameters<R (C::*)(A...) const & noexcept> : callable_parameters<R(A...)> {};

/// `value` as the `I`th parameter of `Callable` takes it, when that parameter is an arithmetic type
/// known here; else `value` itself.
///
/// Why: an engine's `try_reserve(int request, int n)` called with kvc's 64-bit values would convert
/// implicitly inside kvc's header, and -Wconversion would report it against the engine's build. The
/// conversion is explicit here, so no warning fires whatever integer types the engine chose.
template <std::size_t I, class Callable, class Value>
[[nodiscard]] constexpr auto as_parameter(Value value) noexcept {
  if constexpr (requires { typename callable_parameters<Callable>::type; }) {
    using parameters = typename callable_parameters<Callable>::type;
    if constexpr (I < std::tuple_size_v<parameters>) {
      using parameter = std::remove_cvref_t<std::tuple_element_t<I, parameters>>;
      if constexpr (std::is_arithmetic_v<parameter>)
        return static_cast<parameter>(value);
      else
        return value;
    } else {
      return value;
    }
  } else {
    return value;
  }
}

template <class Allocator>
struct reserve_member {
  using type = void;
};
template <class Allocator>
  requires requires { &Allocator::try_reserve; }
struct reserve_member<Allocator> {
  using type = decltype(&Allocator::try_reserve);
};
template <class Allocator>
struct release_member {
  using type = void;
};
template <class Allocator>
  requires requires { &Allocator::release; }
struct release_member<Allocator> {
  using type = decltype(&Allocator::release);
};

/// The object a factory's result names: itself, or what a (smart) pointer to it points at.
template <class T>
[[nodiscard]] constexpr auto& implementation_of(T& made) noexcept {
  constexpr bool pointer =
      requires { *made; } && !requires { made.lookup; } && !requires { made.available(); };
  if constexpr (pointer)
    return *made;
  else
    return made;
}

}  // namespace detail

/// Applies `op` to `cache` (an engine's, or `kvc::model::prefix_cache`) and returns what it
/// observed: a lookup's result; nothing for `insert` and `erase`.
template <class Cache>
constexpr observation apply_operation(Cache& cache, const cache_operation& op) {
  switch (op.kind) {
    case cache_operation_kind::insert:
      static_cast<void>(cache.insert(op.ns, op.token_span()));
      return {};
    case cache_operation_kind::erase:
      static_cast<void>(cache.erase(op.ns));
      return {};
    case cache_operation_kind::lookup:
      break;
  }
  return detail::observed_value(cache.lookup(op.ns, op.token_span()));
}

/// Applies `op` to `allocator` (an engine's, or `kvc::model::slot_allocator`) and returns what it
/// observed: a reservation's grant (1 or 0) or `available()`; nothing for `release`. The request
/// and slot count are converted explicitly to the parameter types of a non-template `try_reserve`
/// and `release`, so that an allocator taking `int`s compiles cleanly under -Wconversion.
template <class Allocator>
constexpr observation apply_operation(Allocator& allocator, const allocator_operation& op) {
  switch (op.kind) {
    case allocator_operation_kind::try_reserve: {
      using reserve = typename detail::reserve_member<Allocator>::type;
      return detail::observed_value(static_cast<bool>(
          allocator.try_reserve(detail::as_parameter<0, reserve>(op.request),
                                detail::as_parameter<1, reserve>(op.slots))));
    }
    case allocator_operation_kind::release:
      static_cast<void>(allocator.release(
          detail::as_parameter<0, typename detail::release_member<Allocator>::type>(op.request)));
      return {};
    case allocator_operation_kind::available:
      break;
  }
  return detail::observed_value(allocator.available());
}

}  // namespace kvc
