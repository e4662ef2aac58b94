// A compile-fail test in Eigen's style: one suite of a contract descriptor, built once with the
// descriptor's reference implementation (the _ok target, which must compile) and once with a
// known-bad implementation (the _ko target, which must fail with a diagnostic naming the fixture).
// CMake passes the descriptor, its header, the suite's index in it and where the known-bad
// implementation sits in the suite check (a failure record's row or a mutant, by index) as macros.
#include <boost/hana/at.hpp>

#include <kvc/verification/checks.hpp>
#include KVC_DESCRIPTOR_HEADER

namespace {
constexpr const auto& check = boost::hana::at_c<KVC_CHECK>(kvc::verification::KVC_CONTRACT.checks);
#if defined(KVC_RECORD_ROW)
static_assert(kvc::verify(
    check.suite, boost::hana::at_c<KVC_RECORD_ROW>(boost::hana::at_c<0>(check.records).rows).impl));
#elif defined(KVC_MUTANT)
static_assert(kvc::verify(check.suite, boost::hana::at_c<KVC_MUTANT>(check.mutants).impl));
#else
static_assert(kvc::verify(check.suite, check.reference));
#endif
}  // namespace
