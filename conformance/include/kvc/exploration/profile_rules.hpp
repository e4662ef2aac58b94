// kvc/exploration/profile_rules.hpp - what an engine profile changes about one call: whether the
// call is in the engine's domain, and how its result is compared. Fixtures (through
// `kvc::restrict_to`) and explored cases (through `kvc::explore`) follow the same rules.
//
// The rules read the call's inputs, so every fixture says by its inputs which conventions it
// depends on; no fixture carries a hand-written tag that could drift from what it holds:
//  - two `kvc::cache_namespace` inputs (a prefix lookup's cache and request namespaces) depend on
//    the fields they differ in: a call whose result changes when the fields the engine does not
//    key on are ignored is not covered;
//  - position ids (the position-id call shapes) that hold a negative id depend on padding;
//  - an empty sequence input depends on empty inputs being in the domain;
//  - two leading integers (an admission call's capacity and used slots) outside `0 <= used <=
//    capacity` depend on inconsistent states being in the domain;
//  - under `kvc::reuse_match::bound`, a reuse result (a call whose first two inputs are
//    namespaces) agrees when it is an integer between 0 and the contract's result.
#pragma once

#include <concepts>
#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/unpack.hpp>

#include <kvc/cache_namespace.hpp>
#include <kvc/detail/equal.hpp>
#include <kvc/detail/ranges.hpp>
#include <kvc/exploration/engine_profile.hpp>
#include <kvc/verification/position_call.hpp>
#include <kvc/verification/results.hpp>

namespace kvc {

namespace detail {

/// `ns` as an engine with `profile` sees it: the fields it does not key on blanked.
[[nodiscard]] constexpr cache_namespace keyed_fields(const engine_profile& profile,
                                                     const cache_namespace& ns) noexcept {
  cache_namespace keyed{};
  if (profile.keys_model) keyed.model = ns.model;
  if (profile.keys_adapter) keyed.adapter = ns.adapter;
  if (profile.keys_adapter_revision) keyed.adapter_revision = ns.adapter_revision;
  if (profile.keys_salt) keyed.salt = ns.salt;
  return keyed;
}

template <class T>
inline constexpr bool is_namespace_input =
    std::is_same_v<T, cache_namespace> || std::is_same_v<T, std::string_view>;

/// Whether a call shape hands position ids to the implementation.
template <class Call>
inline constexpr bool is_position_call = std::is_base_of_v<position_ids_call<true>, Call> ||
                                         std::is_base_of_v<position_ids_call<false>, Call>;

template <class T>
inline constexpr bool is_sequence_input = requires(const T& t) {
  std::ranges::size(t);
  std::ranges::begin(t);
} && !std::is_convertible_v<const T&, std::string_view>;

/// Whether the call's first two inputs are namespaces: a reuse result.
template <class Inputs>
[[nodiscard]] constexpr bool is_reuse_call() noexcept {
  if constexpr (decltype(boost::hana::length(std::declval<Inputs>()))::value < 2) {
    return false;
  } else {
    using first = std::remove_cvref_t<decltype(boost::hana::at_c<0>(std::declval<Inputs>()))>;
    using second = std::remove_cvref_t<decltype(boost::hana::at_c<1>(std::declval<Inputs>()))>;
    return is_namespace_input<first> && is_namespace_input<second>;
  }
}

}  // namespace detail

/// Whether a call of shape `Call` on `inputs` is in the domain of an engine with `profile`: false
/// when the contract's result for it depends on a convention the engine does not share.
template <class Call, class Inputs>
[[nodiscard]] constexpr bool covered_by(const engine_profile& profile, const Inputs& inputs) noexcept {
  constexpr std::size_t count = decltype(boost::hana::length(inputs))::value;
  if constexpr (count >= 2) {
    using first = std::remove_cvref_t<decltype(boost::hana::at_c<0>(inputs))>;
    using second = std::remove_cvref_t<decltype(boost::hana::at_c<1>(inputs))>;
    if constexpr (std::is_same_v<first, cache_namespace> && std::is_same_v<second, cache_namespace>) {
      const auto& a = boost::hana::at_c<0>(inputs);
      const auto& b = boost::hana::at_c<1>(inputs);
      if ((a == b) != (detail::keyed_fields(profile, a) == detail::keyed_fields(profile, b)))
        return false;
    }
    if constexpr (integer<first> && integer<second>) {
      const auto capacity = boost::hana::at_c<0>(inputs);
      const auto used = boost::hana::at_c<1>(inputs);
      const bool inconsistent = std::cmp_less(capacity, 0) || std::cmp_less(used, 0) ||
                                std::cmp_greater(used, capacity);
      if (inconsistent && !profile.inconsistent_admission_states) return false;
    }
  }
  if constexpr (count >= 1) {
    if constexpr (detail::is_position_call<Call>) {
      if (!profile.position_padding)
        for (const auto id : boost::hana::at_c<0>(inputs))
          if (std::cmp_less(id, 0)) return false;
    }
  }
  if (!profile.empty_inputs) {
    const bool any_empty = boost::hana::unpack(inputs, [](const auto&... input) {
      return ([](const auto& value) {
        if constexpr (detail::is_sequence_input<std::remove_cvref_t<decltype(value)>>)
          return std::ranges::size(value) == 0;
        else
          return false;
      }(input) || ...);
    });
    if (any_empty) return false;
  }
  return true;
}

/// Whether `actual` agrees with the contract's `expected` for an engine with `profile`: equal,
/// or for a reuse result under `kvc::reuse_match::bound`, an integer from 0 to `expected`.
template <class Inputs, class A, class E>
[[nodiscard]] constexpr bool agrees_under(const engine_profile& profile, const A& actual,
                                          const E& expected) noexcept {
  if constexpr (detail::is_reuse_call<Inputs>() && integer<A> && integer<E>) {
    if (profile.reuse == reuse_match::bound)
      return std::cmp_greater_equal(actual, 0) && std::cmp_less_equal(actual, expected);
  }
  return detail::same_result(actual, expected);
}

}  // namespace kvc
