// A compile-fail test in Eigen's style: one suite of a contract descriptor, built once with the
// descriptor's reference implementation (the _ok target, which must compile) and once with a
// known-bad implementation (the _ko target, which must fail with a diagnostic naming the fixture).
// CMake passes the descriptor, the suite's index in it and the known-bad implementation as macros.
#include <boost/hana/at.hpp>

#include <kvc/conformance.hpp>

namespace {
constexpr const auto& check = boost::hana::at_c<KVC_CHECK>(kvc::verification::KVC_CONTRACT.checks);
#ifdef KVC_IMPL
static_assert(kvc::verify(check.suite, KVC_IMPL));
#else
static_assert(kvc::verify(check.suite, check.reference));
#endif
}  // namespace
