# kvc_contract_parts (the top-level CMakeLists.txt) expanded once, for static_checks/ and tools/:
# one translation unit per part of each contract, with only that contract's descriptor. Sets
#   kvc_contract_names          the contracts, in the descriptors' order
#   kvc_contract_units          <contract>_<part> of every unit, in that order
#   kvc_unit_descriptor_<unit>  the line that includes the unit's descriptor
#   kvc_unit_proof_<unit>       what makes the unit the proof of its part of the descriptor
#                               (static_checks/descriptors/descriptor_proof.cpp)
#   kvc_unit_report_<unit>      what makes the unit kvc-report's shard of that part
#                               (tools/report_shard.cpp)
#   kvc_report_shard_list       the lines of kvc-report's report_shards.inc, in the units' order
set(kvc_contract_names "")
set(kvc_contract_units "")
set(kvc_report_shard_list "")
set(contract_index 0)
foreach(entry IN LISTS kvc_contract_parts)
  string(REPLACE ":" ";" entry "${entry}")
  list(GET entry 0 contract)
  list(GET entry 1 parts)
  list(APPEND kvc_contract_names ${contract})
  math(EXPR last_part "${parts} - 1")
  foreach(part RANGE ${last_part})
    set(unit ${contract}_${part})
    list(APPEND kvc_contract_units ${unit})
    set(kvc_unit_descriptor_${unit} "#include <kvc/descriptors/${contract}.hpp>\n")
    set(kvc_unit_proof_${unit}
        "#define KVC_DESCRIPTOR ${contract}_contract\n#define KVC_PARTS ${parts}\n#define KVC_PART ${part}\n#include \"${PROJECT_SOURCE_DIR}/static_checks/descriptors/descriptor_proof.cpp\"\n")
    set(kvc_unit_report_${unit}
        "#define KVC_REPORT_FUNCTION add_tables_${unit}\n#define KVC_REPORT_DESCRIPTOR ${contract}_contract\n#define KVC_REPORT_CONTRACT ${contract_index}\n#define KVC_REPORT_PARTS ${parts}\n#define KVC_REPORT_PART ${part}\n#include \"${PROJECT_SOURCE_DIR}/tools/report_shard.cpp\"\n")
    string(APPEND kvc_report_shard_list "KVC_REPORT_SHARD(add_tables_${unit}, ${contract}, ${part})\n")
  endforeach()
  math(EXPR contract_index "${contract_index} + 1")
endforeach()
# This file is included at the top level: its loop's variables would otherwise reach every directory.
unset(entry)
unset(contract)
unset(parts)
unset(last_part)
unset(unit)
unset(contract_index)
