# kvc-report's shards: one per part of each contract of kvc_contract_parts, each a function that
# makes the tables of that part's suite checks (tools/report_shard.cpp). Sets, for the tools and
# static_checks directories:
#   kvc_report_shard_list                 the lines of report_shards.inc, in the descriptors' order
#   kvc_report_shard_defines_<c>_<part>   what a translation unit that already includes contract
#                                         <c>'s descriptor appends to become that shard
set(kvc_report_shard_list "")
set(kvc_report_contract_index 0)
foreach(entry IN LISTS kvc_contract_parts)
  string(REPLACE ":" ";" entry "${entry}")
  list(GET entry 0 contract)
  list(GET entry 1 parts)
  math(EXPR last_part "${parts} - 1")
  foreach(part RANGE ${last_part})
    set(function add_tables_${contract}_${part})
    set(kvc_report_shard_defines_${contract}_${part}
        "#define KVC_REPORT_FUNCTION ${function}\n#define KVC_REPORT_DESCRIPTOR ${contract}_contract\n#define KVC_REPORT_CONTRACT ${kvc_report_contract_index}\n#define KVC_REPORT_PARTS ${parts}\n#define KVC_REPORT_PART ${part}\n#include \"${PROJECT_SOURCE_DIR}/tools/report_shard.cpp\"\n")
    string(APPEND kvc_report_shard_list "KVC_REPORT_SHARD(${function}, ${contract}, ${part})\n")
  endforeach()
  math(EXPR kvc_report_contract_index "${kvc_report_contract_index} + 1")
endforeach()
