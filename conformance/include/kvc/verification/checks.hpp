// kvc/verification/checks.hpp - running a suite against an implementation: `kvc::conforms`,
// `kvc::verify` (for static_assert, naming the failing fixture) and `kvc::outcomes`.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include <boost/hana/length.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include "call_shapes.hpp"

#include "results.hpp"

namespace kvc {

/// What `impl` returns for `f`'s inputs.
template <class Fixture, class Impl>
[[nodiscard]] constexpr auto observe(const Fixture& f, const Impl& impl) noexcept {
  return Fixture::call::invoke(impl, f.inputs);
}

/// Whether `impl` returns what `f` expects.
template <class Fixture, class Impl>
[[nodiscard]] constexpr bool passes(const Fixture& f, const Impl& impl) noexcept {
  return Fixture::call::representable(impl, f.inputs) &&
         detail::same_result(observe(f, impl), f.expected);
}

/// Deliberately not `constexpr`: `kvc::verify` calls it for a failing fixture, so the constant
/// evaluation stops here and the compiler names this function with the fixture's label in its
/// template arguments.
template <char... Label>
inline void fixture_failed(boost::hana::string<Label...>) noexcept {}

/// Number of fixtures in a suite.
template <class Suite>
inline constexpr std::size_t suite_size =
    decltype(boost::hana::length(std::declval<Suite>()))::value;

namespace detail {
/// Whether every fixture's call shape can call `Impl`.
template <class Impl, class... F>
[[nodiscard]] constexpr bool accepts_every_fixture(const boost::hana::tuple<F...>*) noexcept {
  return (F::call::template accepts<Impl, decltype(F::inputs)> && ...);
}
template <class Impl, class Suite>
inline constexpr bool suite_can_call =
    accepts_every_fixture<Impl>(static_cast<const Suite*>(nullptr));
}  // namespace detail

/// True when `impl` passes every fixture of `suite`.
template <class Suite, class Impl>
[[nodiscard]] constexpr bool conforms(const Suite& suite, const Impl& impl) noexcept {
  if constexpr (!detail::suite_can_call<Impl, Suite>) {
    detail::require_call_shape<Impl, false>();
    return false;
  } else {
    return boost::hana::unpack(suite,
                               [&impl](const auto&... f) { return (passes(f, impl) && ...); });
  }
}

/// For `static_assert(kvc::verify(suite, impl))`: true when `impl` passes every fixture; otherwise
/// constant evaluation fails at the first failing fixture and the diagnostic names its label. At
/// run time it returns false.
template <class Suite, class Impl>
[[nodiscard]] constexpr bool verify(const Suite& suite, const Impl& impl) noexcept {
  if constexpr (!detail::suite_can_call<Impl, Suite>) {
    detail::require_call_shape<Impl, false>();
    return false;
  } else {
    return boost::hana::unpack(suite, [&impl](const auto&... f) {
      return ([&impl](const auto& one) {
        if (passes(one, impl)) return true;
        fixture_failed(one.label);
        return false;
      }(f) && ...);
    });
  }
}

/// Pass (true) or fail (false) of every fixture of `suite`, in order: a seed's published table as a
/// value, so a known-bad implementation can be shown to fail exactly the fixtures it should.
template <class Suite, class Impl>
[[nodiscard]] constexpr auto outcomes(const Suite& suite, const Impl& impl) noexcept {
  detail::require_call_shape<Impl, detail::suite_can_call<Impl, Suite>>();
  return boost::hana::unpack(suite, [&impl](const auto&... f) {
    return std::array<bool, sizeof...(f)>{passes(f, impl)...};
  });
}

}  // namespace kvc
