// kvc/detail/arrays.hpp - small constexpr array builders for fixtures written in terms of N.
#pragma once

#include <array>
#include <cstddef>

namespace kvc::detail {

/// `[value] * N`
template <std::size_t N, class T>
[[nodiscard]] constexpr std::array<T, N> filled(const T& value) noexcept {
  std::array<T, N> out{};
  for (auto& element : out) element = value;
  return out;
}

/// `list(range(N))`
template <std::size_t N>
[[nodiscard]] constexpr std::array<std::size_t, N> iota() noexcept {
  std::array<std::size_t, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = i;
  return out;
}

/// `a + b`
template <class T, std::size_t A, std::size_t B>
[[nodiscard]] constexpr std::array<T, A + B> join(const std::array<T, A>& a,
                                                  const std::array<T, B>& b) noexcept {
  std::array<T, A + B> out{};
  for (std::size_t i = 0; i < A; ++i) out[i] = a[i];
  for (std::size_t i = 0; i < B; ++i) out[A + i] = b[i];
  return out;
}

}  // namespace kvc::detail
