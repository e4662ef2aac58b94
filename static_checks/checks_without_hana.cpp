// Static check: a test file that verifies an engine against kvc's suites pays for no Boost.Hana.
// kvc/verification/checks.hpp and a suite's header give kvc::verify, kvc::conforms and
// kvc::outcomes on kvc's value suites, and kvc/verification/report.hpp gives kvc::check; Hana comes
// with kvc/verification/fixture.hpp (suites of one's own fixtures) and the list of every spec
// (kvc/specs/all.hpp) alone. Compiled, never run.
#include <kvc/suites/namespace_isolation.hpp>
#include <kvc/suites/prefix_reuse.hpp>
#include <kvc/verification/checks.hpp>
#include <kvc/verification/report.hpp>

#include <kvc/prefix_reuse.hpp>

#include <cstddef>
#include <span>
#include <string_view>

namespace {

constexpr auto lookup = [](std::string_view cache_ns, std::string_view request_ns,
                           std::span<const char> cached, std::span<const char> requested) {
  return kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested);
};
static_assert(kvc::verify(kvc::suites::prefix_reuse, lookup));
static_assert(kvc::conforms(kvc::suites::namespace_isolation, kvc::reusable_prefix_length));
static_assert(kvc::outcomes(kvc::suites::prefix_reuse, lookup)[0]);

}  // namespace

// (boost/hana/config.hpp's include guard: every Hana header includes it.)
#if defined(BOOST_HANA_CONFIG_HPP)
#error "kvc/verification/checks.hpp or a suite's header included Boost.Hana"
#endif
