// One shard of kvc-report's tables: tools/CMakeLists.txt compiles this file once per shard, with
// KVC_REPORT_SHARDS and KVC_REPORT_SHARD set, so that instantiating `kvc::check` for every
// (suite, implementation) pair is spread over the build's cores.
#include "report.hpp"

namespace kvc::report {

template <std::size_t Shard>
void add_tables(std::vector<numbered_table>& tables, scope fixtures) {
  add_shard_tables<KVC_REPORT_SHARDS, Shard>(tables, fixtures);
}

template void add_tables<KVC_REPORT_SHARD>(std::vector<numbered_table>&, scope);

}  // namespace kvc::report
