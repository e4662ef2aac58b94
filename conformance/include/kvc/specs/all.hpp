// kvc/specs/all.hpp - every spec of kvc, the one list that everything else is derived from: the
// run-time checks compiled into the library, the Python binding, the JSON vectors and their
// schema, the suite table of the docs and the proofs' units loop over it.
#pragma once

#include <string_view>

#include <boost/hana/tuple.hpp>

#include <kvc/specs/append_admission.hpp>
#include <kvc/specs/cache_namespace.hpp>
#include <kvc/specs/prefix_reuse.hpp>

namespace kvc::specs {

/// A contract: its name and its suites (a policy suite under the exact policy stands for every
/// policy: its tables have the same types under any).
template <class... Suites>
struct contract {
  /// The contract's name.
  std::string_view name;
  /// Its suites.
  boost::hana::tuple<Suites...> suites;
};

/// The contract named `name`, with `suites`.
template <class... Suites>
[[nodiscard]] constexpr contract<Suites...> describe(std::string_view name, Suites... suites) noexcept {
  return {name, {suites...}};
}

/// Every contract of kvc, with its suites.
inline constexpr auto all = boost::hana::make_tuple(
    describe("prefix_reuse", suites::prefix_reuse, suites::extra_prefix_reuse,
             suites::seed_prefix_reuse<1>, suites::block_prefix_reuse,
             suites::prefix_reuse_under<reuse_policy{}>, suites::block_prefix_reuse_under<reuse_policy{}>),
    describe("cache_namespace", suites::namespace_isolation,
             suites::namespace_isolation_under<reuse_policy{}>),
    describe("append_admission", suites::append_admission, suites::extra_append_admission,
             suites::seed_append_admission<1>, suites::append_admission_extremes));

}  // namespace kvc::specs
