// kvc/kvc.hpp - every kvc contract. Does not require Boost.Hana; see kvc/conformance.hpp for the
// compile-time verification machinery that does.
#pragma once

#include "append_admission.hpp"
#include "append_blocks.hpp"
#include "batch_admission.hpp"
#include "cache_namespace.hpp"
#include "concepts.hpp"
#include "multimodal_item.hpp"
#include "multimodal_prefix.hpp"
#include "offsets_from_positions.hpp"
#include "position_components.hpp"
#include "prefix_reuse.hpp"
#include "request_admission.hpp"
#include "row_length.hpp"
#include "segment_offsets.hpp"
#include "segment_positions.hpp"
#include "slot_budget.hpp"
#include "version.hpp"
#include "model/block_pool.hpp"
#include "model/prefix_cache.hpp"
#include "model/slot_allocator.hpp"
