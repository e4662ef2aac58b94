// kvc/verification/call_shapes.hpp - how a fixture's inputs are handed to an implementation.
//
// A fixture's type names its call shape; a suite's implementations are called through it, so one
// suite can accept the several ways engines write the same contract.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <functional>
#include <limits>
#include <span>
#include <tuple>
#include <type_traits>

#include <boost/hana/at.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include <kvc/bounded_list.hpp>

namespace kvc {

/// `impl(args...)`; the result is compared with the expected value. Used by the prefix-reuse and
/// admission suites and by default for user suites.
struct direct_call {
  template <class Impl, class Args>
  [[nodiscard]] static constexpr auto invoke(const Impl& impl, const Args& args) noexcept {
    return boost::hana::unpack(args, [&impl](const auto&... arg) {
      static_assert(std::invocable<const Impl&, decltype(arg)...>,
                    "kvc: the implementation cannot be called with this fixture's inputs; a suite "
                    "calls impl(inputs...) in the order the contract lists them");
      return std::invoke(impl, arg...);
    });
  }
};

/// The shape of contracts that write one output per input id (segment positions) or one per run
/// plus one (segment offsets). An implementation is either
///  - `impl(segments) -> range`, with `segments` a `const std::array<S, N>&`; or
///  - `impl(segments, out)`, with `segments` a `std::span<const S>` and `out` a
///    `std::span<std::size_t>` of N + Extra elements, which the implementation fills; its return
///    value is ignored. `out` starts filled with `SIZE_MAX` ("unwritten").
/// The first form is chosen when both are callable. An implementation written for `int` ids only
/// gets integer ids (the records' chars) converted to `int`. The actual result of the second is
/// `out` whole (Trim = false: an element left unwritten fails) or `out` up to its first unwritten
/// element (Trim = true: for outputs whose length depends on the values).
template <std::size_t Extra, bool Trim>
struct span_output_call {
  static constexpr std::size_t unwritten = std::numeric_limits<std::size_t>::max();

  template <class Impl, class Args>
  [[nodiscard]] static constexpr auto invoke(const Impl& impl, const Args& args) noexcept {
    const auto& segments = boost::hana::at_c<0>(args);
    using segments_t = std::remove_cvref_t<decltype(segments)>;
    using id_t = typename segments_t::value_type;
    constexpr std::size_t n = std::tuple_size_v<segments_t>;
    if constexpr (!std::invocable<const Impl&, const segments_t&> &&
                  !std::invocable<const Impl&, std::span<const id_t>, std::span<std::size_t>> &&
                  std::integral<id_t> && !std::same_as<id_t, int>) {
      // An implementation written for int ids gets the fixture's char ids as ints: same runs.
      std::array<int, n> as_int{};
      for (std::size_t i = 0; i < n; ++i) as_int[i] = static_cast<int>(segments[i]);
      return invoke(impl, boost::hana::make_tuple(as_int));
    } else if constexpr (std::invocable<const Impl&, const segments_t&>) {
      return std::invoke(impl, segments);
    } else {
      static_assert(std::invocable<const Impl&, std::span<const id_t>, std::span<std::size_t>>,
                    "kvc: implementations in this suite are called as impl(segments) with a "
                    "std::array<S, N>, or as impl(segments, out) with std::span<const S> segments "
                    "and a std::span<std::size_t> out to fill");
      constexpr std::size_t out_size = n + Extra;
      std::array<std::size_t, out_size> out{};
      for (auto& element : out) element = unwritten;
      std::invoke(impl, std::span<const id_t>(segments), std::span<std::size_t>(out));
      if constexpr (Trim) {
        bounded_list<std::size_t, out_size> written;
        for (std::size_t i = 0; i < out_size && out[i] != unwritten; ++i) written.push_back(out[i]);
        return written;
      } else {
        return out;
      }
    }
  }
};

/// Segment positions: one position per id; see `span_output_call`.
using positions_call = span_output_call<0, false>;
/// Segment offsets: runs + 1 offsets in an output of N + 1; see `span_output_call`.
using offsets_call = span_output_call<1, true>;

}  // namespace kvc
