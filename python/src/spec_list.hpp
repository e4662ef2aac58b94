// python/src/spec_list.hpp - every suite the Python package offers, walked from the spec list
// (`kvc::specs::all`), as the JSON vectors are: each suite of each contract, a policy suite once
// under each standard policy (named after it: "prefix_reuse_under blocks of 16"). A part of another
// suite (seed_*, extra_*) and a stateful scenario suite (its operation sequences are run by the
// stateful checks) are not offered.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include <boost/hana/for_each.hpp>

#include <kvc/explore.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/all.hpp>
#include <kvc/verification/standard_policies.hpp>

namespace kvc_python {

/// Whether the suite `S` is offered to Python: not a part of another suite, not a scenario suite.
template <class S>
constexpr bool offered_suite() {
  return []<class Info, const auto&... Tables>(const kvc::suite<Info, Tables...>*) {
    if constexpr (requires { Info::part; })
      return false;
    else
      return !(kvc::detail::is_stateful_shape<
                   typename std::remove_cvref_t<decltype(Tables[0])>::inputs_type::shape> ||
               ...);
  }(static_cast<const S*>(nullptr));
}

/// Calls `f(contract, name, suite)` for every suite offered to Python, in the spec list's order.
template <class F>
void for_each_offered_suite(F&& f) {
  boost::hana::for_each(kvc::specs::all, [&](const auto& c) {
    c.for_each_suite([&]<class S>(const S& s) {
      if constexpr (kvc::is_policy_suites_v<S>) {
        [&]<std::size_t... I>(std::index_sequence<I...>) {
          const auto one = [&]<std::size_t P>(std::integral_constant<std::size_t, P>) {
            constexpr kvc::verification::named_policy named = kvc::verification::standard_policies[P];
            using under = typename S::template under<named.policy>;
            f(c.name, std::string(under::info::name) + " " + std::string(named.name), under{});
          };
          (one(std::integral_constant<std::size_t, I>{}), ...);
        }(std::make_index_sequence<std::size(kvc::verification::standard_policies)>{});
      } else if constexpr (offered_suite<S>()) {
        f(c.name, std::string(S::info::name), s);
      }
    });
  });
}

}  // namespace kvc_python
