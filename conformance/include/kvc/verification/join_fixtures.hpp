// kvc/verification/join_fixtures.hpp - `kvc::join_fixtures(a, b, ...)`: the fixtures of several
// suites in one Hana tuple, in order. Each is a Hana tuple of fixtures or one of kvc's suites (its
// rows viewed, `kvc::fixtures_of`):
//
//   constexpr auto suite = kvc::join_fixtures(kvc::fixtures_of(kvc::suites::prefix_reuse), mine);
#pragma once

#include <kvc/verification/typed_fixture.hpp>

namespace kvc {

/// The fixtures of `first`, then those of `second`, in one Hana tuple.
template <class First, class Second>
[[nodiscard]] constexpr auto join_fixtures(const First& first, const Second& second) {
  return detail::concat_fixtures(fixtures_of(first), fixtures_of(second));
}

/// The fixtures of every suite, in order.
template <class First, class Second, class Third, class... More>
[[nodiscard]] constexpr auto join_fixtures(const First& first, const Second& second,
                                           const Third& third, const More&... more) {
  return join_fixtures(join_fixtures(first, second), third, more...);
}

}  // namespace kvc
