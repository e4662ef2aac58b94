// kvc/specs/all.hpp - every spec of kvc, the one list that everything else is derived from: the
// run-time checks compiled into the library, the Python binding, the JSON vectors and their
// schema, the suite table of the docs and the static checks' and tests' files loop over it.
//
// Adding a contract adds its spec header and one line here (CONTRIBUTING.md walks through it).
#pragma once

#include <boost/hana/tuple.hpp>

#include <kvc/specs/append_admission.hpp>
#include <kvc/specs/append_blocks.hpp>
#include <kvc/specs/cache_namespace.hpp>
#include <kvc/specs/prefix_reuse.hpp>
#include <kvc/specs/batch_admission.hpp>
#include <kvc/specs/request_admission.hpp>
#include <kvc/specs/segment_positions.hpp>
#include <kvc/specs/segment_offsets.hpp>
#include <kvc/specs/offsets_from_positions.hpp>
#include <kvc/specs/multimodal_prefix.hpp>
#include <kvc/specs/prefix_cache.hpp>
#include <kvc/specs/slot_allocator.hpp>
#include <kvc/specs/block_pool.hpp>

namespace kvc::specs {

/// Every contract of kvc, each with its suites (`kvc::contract`).
inline constexpr auto all = boost::hana::make_tuple(
    prefix_reuse_contract, cache_namespace_contract, append_admission_contract,
    append_blocks_contract
    , batch_admission_contract , request_admission_contract , segment_positions_contract , segment_offsets_contract
    , offsets_from_positions_contract , multimodal_prefix_contract , prefix_cache_contract , slot_allocator_contract
    , block_pool_contract);

}  // namespace kvc::specs
