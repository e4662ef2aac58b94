// Static checks of every contract's descriptor (kvc/verification/contracts.hpp): each suite passes
// its reference implementation, rejects every known-bad implementation listed with it, and
// reproduces the failure records' published outcome rows. Compiled, never run.
//
// A failure stops the constant evaluation at kvc::fixture_failed (the reference fails a fixture),
// kvc::verification::mutant_accepted (a suite accepts a mutant) or
// kvc::verification::record_not_reproduced (a record's row differs), each naming what failed.
#include <kvc/conformance.hpp>

#include <boost/hana/unpack.hpp>

namespace {

constexpr bool every_contract_holds = boost::hana::unpack(
    kvc::verification::contracts,
    [](const auto&... contract) { return (kvc::verification::holds(contract) && ...); });
static_assert(every_contract_holds);

}  // namespace
