// kvc/verification/contracts.hpp - the list of every contract's descriptor.
//
// The one list that the static checks, kvc-report, the fuzz seed corpus, the compile-fail pairs
// and the README's mutant table are driven from. Adding a contract adds its descriptor here.
#pragma once

#include <boost/hana/tuple.hpp>

#include <kvc/contracts/append_admission.hpp>
#include <kvc/contracts/batch_admission.hpp>
#include <kvc/contracts/cache_namespace.hpp>
#include <kvc/contracts/multimodal_prefix.hpp>
#include <kvc/contracts/offsets_from_positions.hpp>
#include <kvc/contracts/prefix_reuse.hpp>
#include <kvc/contracts/request_admission.hpp>
#include <kvc/contracts/segment_offsets.hpp>
#include <kvc/contracts/segment_positions.hpp>

namespace kvc::verification {

/// Every contract's descriptor, in the order reports list them.
inline constexpr auto contracts = boost::hana::make_tuple(
    prefix_reuse_contract, append_admission_contract, segment_positions_contract,
    cache_namespace_contract, segment_offsets_contract, batch_admission_contract,
    request_admission_contract, multimodal_prefix_contract, offsets_from_positions_contract);

}  // namespace kvc::verification
