// One shard of kvc-report's tables, compiled once per part of each contract with only that
// contract's descriptor included: appended to that part's descriptor proof where the proofs are
// built (static_checks/CMakeLists.txt; both instantiate the same checks), else on its own
// (tools/CMakeLists.txt). cmake/contract_units.cmake sets:
//   KVC_REPORT_FUNCTION    the shard's function, declared in the generated report_shards.inc
//   KVC_REPORT_DESCRIPTOR  the descriptor (prefix_reuse_contract, ...)
//   KVC_REPORT_CONTRACT    its index in kvc::verification::contracts
//   KVC_REPORT_PARTS, KVC_REPORT_PART  which of its suite checks this shard runs
// so that instantiating `kvc::check` for every (suite, implementation) pair is spread over the
// build's cores, and no shard holds more than its own contract (each stays under 1.5 GB of g++).
#include "report_tables.hpp"

namespace kvc::report {

shard_tables KVC_REPORT_FUNCTION(scope fixtures) {
  const auto& contract = kvc::verification::KVC_REPORT_DESCRIPTOR;
  shard_tables shard{hana::to<const char*>(contract.name), {}};
  add_contract_tables<KVC_REPORT_PARTS, KVC_REPORT_PART>(shard.tables, KVC_REPORT_CONTRACT, contract,
                                                         fixtures);
  return shard;
}

}  // namespace kvc::report
