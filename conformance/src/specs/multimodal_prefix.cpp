// conformance/src/specs/multimodal_prefix.cpp - the run-time checks of the multimodal_prefix contract's tables.
#include <kvc/specs/multimodal_prefix.hpp>

#include "../run_tables.hpp"
#include "multimodal_prefix.hpp"

namespace kvc::library {
/// Instantiates kvc::check and kvc::explore for every table of the contract.
void instantiate_multimodal_prefix() { instantiate(specs::multimodal_prefix_contract); }
}  // namespace kvc::library
