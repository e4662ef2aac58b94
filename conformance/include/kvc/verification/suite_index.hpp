// kvc/verification/suite_index.hpp - every suite of kvc's contract descriptors with its contract's
// and its own name, without the known-bad implementations.
//
// What a tool needs to list or export kvc's suites (the Python package's fixtures, an exploration
// by suite name): the descriptors hold the same suites under the same names, but evaluating them
// costs more to compile than everything else together (kvc/verification/contracts.hpp). The proofs
// preset proves that this index names exactly the descriptors' suites, in their order
// (static_checks/contracts.cpp), so the two cannot drift apart.
#pragma once

#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>

#include <kvc/suites/append_admission.hpp>
#include <kvc/suites/append_admission_extremes.hpp>
#include <kvc/suites/batch_admission.hpp>
#include <kvc/suites/batch_admission_extremes.hpp>
#include <kvc/suites/block_prefix_reuse.hpp>
#include <kvc/suites/block_prefix_reuse_under.hpp>
#include <kvc/suites/max_segment_length.hpp>
#include <kvc/suites/max_sequence_length_from_positions.hpp>
#include <kvc/suites/multimodal_prefix_reuse.hpp>
#include <kvc/suites/multimodal_prefix_reuse_edges.hpp>
#include <kvc/suites/multimodal_prefix_reuse_under.hpp>
#include <kvc/suites/namespace_isolation.hpp>
#include <kvc/suites/namespace_isolation_under.hpp>
#include <kvc/suites/offsets_from_positions.hpp>
#include <kvc/suites/prefix_reuse.hpp>
#include <kvc/suites/prefix_reuse_under.hpp>
#include <kvc/suites/request_admission.hpp>
#include <kvc/suites/request_admission_extremes.hpp>
#include <kvc/suites/segment_offsets.hpp>
#include <kvc/suites/segment_offsets_rows.hpp>
#include <kvc/suites/segment_positions.hpp>
#include <kvc/suites/segment_positions_long.hpp>
#include <kvc/suites/segment_positions_rows.hpp>
#include <kvc/suites/segment_run_count.hpp>
#include <kvc/verification/label.hpp>
#include <kvc/verification/lazy_suite.hpp>
#include <kvc/verification/standard_policies.hpp>

namespace kvc::verification {

/// One suite of a descriptor: its contract's name and its own (Hana compile-time strings, as in
/// the descriptor) and the suite as a `kvc::lazy_suite`, an empty handle: including the index
/// builds no suite, and a tool builds only those it uses.
template <class Contract, class Name, class Suite>
struct indexed_suite {
  /// The contract's name: `"prefix_reuse"`.
  Contract contract;
  /// The suite check's name: `"prefix_reuse_under blocks of 16"`.
  Name name;
  /// The suite: a `kvc::lazy_suite` (`kvc::fixtures_of(entry.suite)` builds its fixtures).
  Suite suite;
};

/// The suite `suite` of the contract `Contract` under the name `Name`.
template <fixed_label Contract, fixed_label Name, class Definition>
[[nodiscard]] constexpr auto index_suite(lazy_suite<Definition> suite) noexcept {
  using Suite = lazy_suite<Definition>;
  return indexed_suite<decltype(label<Contract>), decltype(label<Name>), Suite>{
      label<Contract>, label<Name>, suite};
}

/// Every suite of every contract descriptor, in the descriptors' order (kvc-report's, and
/// `kvc.testing.suites.names()`'s).
inline constexpr auto suite_index = boost::hana::make_tuple(
    index_suite<"prefix_reuse", "prefix_reuse">(suites::prefix_reuse),
    index_suite<"prefix_reuse", "block_prefix_reuse">(suites::block_prefix_reuse),
    index_suite<"prefix_reuse", "prefix_reuse_under exact">(
        lazy_suite<suites::definition::prefix_reuse_under<exact_policy>>{}),
    index_suite<"prefix_reuse", "prefix_reuse_under blocks of 16">(
        lazy_suite<suites::definition::prefix_reuse_under<blocks_of_16_policy>>{}),
    index_suite<"prefix_reuse", "prefix_reuse_under last token recomputed">(
        lazy_suite<suites::definition::prefix_reuse_under<recompute_last_policy>>{}),
    index_suite<"prefix_reuse", "prefix_reuse_under blocks of 16, last token recomputed">(
        lazy_suite<suites::definition::prefix_reuse_under<vllm_policy>>{}),
    index_suite<"prefix_reuse", "block_prefix_reuse_under exact">(
        lazy_suite<suites::definition::block_prefix_reuse_under<exact_policy>>{}),
    index_suite<"prefix_reuse", "block_prefix_reuse_under blocks of 16">(
        lazy_suite<suites::definition::block_prefix_reuse_under<blocks_of_16_policy>>{}),
    index_suite<"prefix_reuse", "block_prefix_reuse_under last token recomputed">(
        lazy_suite<suites::definition::block_prefix_reuse_under<recompute_last_policy>>{}),
    index_suite<"prefix_reuse", "block_prefix_reuse_under blocks of 16, last token recomputed">(
        lazy_suite<suites::definition::block_prefix_reuse_under<vllm_policy>>{}),
    index_suite<"append_admission", "append_admission">(suites::append_admission),
    index_suite<"append_admission", "append_admission_extremes">(suites::append_admission_extremes),
    index_suite<"segment_positions", "segment_positions">(suites::segment_positions),
    index_suite<"segment_positions", "segment_positions_long">(suites::segment_positions_long),
    index_suite<"segment_positions", "segment_positions_rows">(suites::segment_positions_rows),
    index_suite<"cache_namespace", "namespace_isolation">(suites::namespace_isolation),
    index_suite<"cache_namespace", "namespace_isolation_under exact">(
        lazy_suite<suites::definition::namespace_isolation_under<exact_policy>>{}),
    index_suite<"cache_namespace", "namespace_isolation_under blocks of 16">(
        lazy_suite<suites::definition::namespace_isolation_under<blocks_of_16_policy>>{}),
    index_suite<"cache_namespace", "namespace_isolation_under last token recomputed">(
        lazy_suite<suites::definition::namespace_isolation_under<recompute_last_policy>>{}),
    index_suite<"cache_namespace", "namespace_isolation_under blocks of 16, last token recomputed">(
        lazy_suite<suites::definition::namespace_isolation_under<vllm_policy>>{}),
    index_suite<"segment_offsets", "segment_offsets">(suites::segment_offsets),
    index_suite<"segment_offsets", "segment_offsets_rows">(suites::segment_offsets_rows),
    index_suite<"segment_offsets", "segment_run_count">(suites::segment_run_count),
    index_suite<"segment_offsets", "max_segment_length">(suites::max_segment_length),
    index_suite<"batch_admission", "batch_admission">(suites::batch_admission),
    index_suite<"batch_admission", "batch_admission_extremes">(suites::batch_admission_extremes),
    index_suite<"request_admission", "request_admission">(suites::request_admission),
    index_suite<"request_admission", "request_admission_extremes">(
        suites::request_admission_extremes),
    index_suite<"multimodal_prefix", "multimodal_prefix_reuse">(suites::multimodal_prefix_reuse),
    index_suite<"multimodal_prefix", "multimodal_prefix_reuse_edges">(
        suites::multimodal_prefix_reuse_edges),
    index_suite<"multimodal_prefix", "multimodal_prefix_reuse_under exact">(
        lazy_suite<suites::definition::multimodal_prefix_reuse_under<exact_policy>>{}),
    index_suite<"multimodal_prefix", "multimodal_prefix_reuse_under blocks of 16">(
        lazy_suite<suites::definition::multimodal_prefix_reuse_under<blocks_of_16_policy>>{}),
    index_suite<"multimodal_prefix", "multimodal_prefix_reuse_under last token recomputed">(
        lazy_suite<suites::definition::multimodal_prefix_reuse_under<recompute_last_policy>>{}),
    index_suite<"multimodal_prefix",
                "multimodal_prefix_reuse_under blocks of 16, last token recomputed">(
        lazy_suite<suites::definition::multimodal_prefix_reuse_under<vllm_policy>>{}),
    index_suite<"offsets_from_positions", "offsets_from_positions">(suites::offsets_from_positions),
    index_suite<"offsets_from_positions", "max_sequence_length_from_positions">(
        suites::max_sequence_length_from_positions));

}  // namespace kvc::verification
