// static_checks/span_run.hpp - running a span-output contract (one row, or a [B, L] batch) at
// compile time, to assert what it wrote and what it left alone.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <system_error>

#include <kvc/row_length.hpp>

namespace kvc_static {

/// The status a span-output contract returned and the whole output buffer after the call.
template <class P, std::size_t OutSize>
struct span_run {
  std::errc status;
  std::array<P, OutSize> out;
};

/// Runs `contract(segments, out)` into an output of `OutSize` elements of type P pre-filled with
/// `fill`.
template <class P, std::size_t OutSize, class Contract, class Segments>
constexpr span_run<P, OutSize> run_span(const Contract& contract, const Segments& segments,
                                        P fill) {
  span_run<P, OutSize> run{{}, {}};
  for (auto& element : run.out) element = fill;
  run.status = contract(segments, std::span<P>(run.out));
  return run;
}

/// Runs the row-aware form `contract(segments, kvc::row_length{row_length}, out)` the same way.
template <class P, std::size_t OutSize, class Contract, class Segments>
constexpr span_run<P, OutSize> run_rows(const Contract& contract, const Segments& segments,
                                        std::size_t row_length, P fill) {
  span_run<P, OutSize> run{{}, {}};
  for (auto& element : run.out) element = fill;
  run.status = contract(segments, kvc::row_length{row_length}, std::span<P>(run.out));
  return run;
}

/// Whether every value of `values` is `expected`.
template <class T, std::size_t N>
constexpr bool all_equal(const std::array<T, N>& values, T expected) {
  for (const auto& value : values)
    if (value != expected) return false;
  return true;
}

/// `[value] * N`.
template <std::size_t N, class T>
constexpr std::array<T, N> filled(const T& value) {
  std::array<T, N> out{};
  for (auto& element : out) element = value;
  return out;
}

}  // namespace kvc_static
