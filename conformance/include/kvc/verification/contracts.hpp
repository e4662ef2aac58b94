// kvc/verification/contracts.hpp - the list of every contract's descriptor.
//
// The one list that the static checks, kvc-report, the fuzz seed corpus, the compile-fail pairs
// and the README's mutant table are driven from. Adding a contract adds its descriptor here.
#pragma once

#include <boost/hana/tuple.hpp>

#include <kvc/descriptors/append_admission.hpp>
#include <kvc/descriptors/batch_admission.hpp>
#include <kvc/descriptors/cache_namespace.hpp>
#include <kvc/descriptors/multimodal_prefix.hpp>
#include <kvc/descriptors/offsets_from_positions.hpp>
#include <kvc/descriptors/prefix_reuse.hpp>
#include <kvc/descriptors/request_admission.hpp>
#include <kvc/descriptors/segment_offsets.hpp>
#include <kvc/descriptors/segment_positions.hpp>

namespace kvc::verification {

/// Every contract's descriptor, in the order reports list them.
inline constexpr auto contracts = boost::hana::make_tuple(
    prefix_reuse_contract, append_admission_contract, segment_positions_contract,
    cache_namespace_contract, segment_offsets_contract, batch_admission_contract,
    request_admission_contract, multimodal_prefix_contract, offsets_from_positions_contract);

}  // namespace kvc::verification
