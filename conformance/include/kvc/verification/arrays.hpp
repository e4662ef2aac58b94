// kvc/verification/arrays.hpp - small constexpr array builders for fixtures written in terms of N.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include <kvc/detail/deferred.hpp>

namespace kvc::fixtures {

/// `[value] * N`
template <std::size_t N, class T>
[[nodiscard]] constexpr std::array<T, N> filled(const T& value) noexcept {
  std::array<T, N> out{};
  T* data = out.data();  // pointers, not operator[]: fewer constant-evaluation steps
  for (std::size_t i = 0; i < N; ++i) data[i] = value;
  return out;
}

/// `[value] * N`, built where `Deferred` is known: `fixtures::filled<D, 16>(1)` in a suite's
/// fixtures that depend on `D` (the overload above takes the length first).
template <class Deferred, std::size_t N, class T>
[[nodiscard]] constexpr std::array<T, N> filled(const T& value) noexcept {
  return filled<N>(value);
}

/// `list(range(N))`
template <std::size_t N>
[[nodiscard]] constexpr std::array<std::size_t, N> iota() noexcept {
  std::array<std::size_t, N> out{};
  std::size_t* data = out.data();
  for (std::size_t i = 0; i < N; ++i) data[i] = i;
  return out;
}

/// `a + b`
template <class T, std::size_t A, std::size_t B>
[[nodiscard]] constexpr std::array<T, A + B> join(const std::array<T, A>& a,
                                                  const std::array<T, B>& b) noexcept {
  std::array<T, A + B> out{};
  T* data = out.data();
  const T* from_a = a.data();
  const T* from_b = b.data();
  for (std::size_t i = 0; i < A; ++i) data[i] = from_a[i];
  for (std::size_t i = 0; i < B; ++i) data[A + i] = from_b[i];
  return out;
}

/// `T` itself, as a type that depends on `Deferred`: in a suite's
/// `template <class Deferred = void> static constexpr auto fixtures`,
/// `fixtures::dependent<Deferred, cache_namespace>{"m", "", 0, ""}` is built where the suite is
/// checked. Written `cache_namespace{"m", "", 0, ""}`, g++ folds it where the header is parsed, in
/// every file that includes the suite.
template <class Deferred, class T>
using dependent = detail::dependent_t<Deferred, T>;

/// The token list of a scenario's operation (`insert_operation`, `allocate_operation`, ...) as a
/// type that depends on `Deferred`: `insert_operation<fixtures::token_list<Deferred>>(ns, {1, 2})`
/// in a suite's fixtures is built where the suite is checked.
template <class Deferred>
using token_list = dependent<Deferred, std::initializer_list<std::int32_t>>;

/// `std::array{first, rest...}` (every value of one type, as that deduction requires), built
/// where `Deferred` is known: `fixtures::array<Deferred>(1, 2, 3)` in a suite's fixtures.
template <class Deferred, class T, class... Rest>
requires(std::same_as<T, Rest>&&...)
    [[nodiscard]] constexpr std::array<T, 1 + sizeof...(Rest)> array(const T& first,
                                                                     const Rest&... rest) noexcept {
  return {first, rest...};
}

}  // namespace kvc::fixtures
