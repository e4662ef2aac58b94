// Static checks of one part of one contract's descriptor (kvc/descriptors/): each of its suite
// checks passes its reference implementation, rejects every known-bad implementation listed with
// it, and reproduces the failure records' published outcome rows. Compiled, never run.
//
// static_checks/CMakeLists.txt compiles this file once per part of each contract (the list
// kvc_contract_parts of the top-level CMakeLists.txt), with only that contract's descriptor
// included and these set:
//   KVC_DESCRIPTOR          the descriptor (prefix_reuse_contract, ...)
//   KVC_PARTS, KVC_PART     which of its suite checks this unit proves (index modulo KVC_PARTS)
// so that the build's cores share the proofs and no unit holds more than one contract (with every
// descriptor in each of eight units, one took 1.6 GB of g++). suite_index.cpp proves that the
// list covers every descriptor. Where kvc-report is built, each unit also makes the report's tables
// of its part (tools/report_shard.cpp, appended after this file).
//
// A failure stops the constant evaluation at kvc::fixture_failed (the reference fails a fixture),
// kvc::verification::mutant_accepted (a suite accepts a mutant) or
// kvc::verification::record_not_reproduced (a record's row differs), each naming what failed.
//
// Each of those is its own constant expression (a variable template per reference, mutant and
// record of every suite check), so that each gets the compiler's whole evaluation budget (clang:
// 1,048,576 steps per constant expression): a suite such as segment_positions_long needs about that
// much for one implementation. The three parts are those of kvc::verification::holds(check).
#include <kvc/verification/checks.hpp>
#include <kvc/verification/descriptor.hpp>

#include <boost/hana/at.hpp>
#include <boost/hana/length.hpp>

#include <cstddef>
#include <utility>

namespace {

namespace hana = boost::hana;
constexpr const auto& contract = kvc::verification::KVC_DESCRIPTOR;

template <class Tuple>
inline constexpr std::size_t length_of = decltype(hana::length(std::declval<Tuple>()))::value;

/// The suite check `Check` of the contract.
template <std::size_t Check>
constexpr const auto& check_at = hana::at_c<Check>(contract.checks);

template <std::size_t Check>
constexpr bool reference_passes = kvc::verify(check_at<Check>.suite, check_at<Check>.reference);

template <std::size_t Check, std::size_t Mutant>
constexpr bool mutant_rejected =
    kvc::verification::rejects(check_at<Check>, hana::at_c<Mutant>(check_at<Check>.mutants));

template <std::size_t Check, std::size_t Record>
constexpr bool record_reproduced =
    kvc::verification::reproduces(check_at<Check>, hana::at_c<Record>(check_at<Check>.records));

template <std::size_t Check, std::size_t... Mutant, std::size_t... Record>
constexpr bool check_holds(std::index_sequence<Mutant...>, std::index_sequence<Record...>) {
  return reference_passes<Check> && (mutant_rejected<Check, Mutant> && ...) &&
         (record_reproduced<Check, Record> && ...);
}

template <std::size_t Check>
constexpr bool check_holds_in_part() {
  if constexpr (Check % KVC_PARTS != KVC_PART) {
    return true;  // another part proves it
  } else {
    return check_holds<Check>(
        std::make_index_sequence<length_of<decltype(check_at<Check>.mutants)>>{},
        std::make_index_sequence<length_of<decltype(check_at<Check>.records)>>{});
  }
}

template <std::size_t... Check>
constexpr bool part_holds(std::index_sequence<Check...>) {
  return (check_holds_in_part<Check>() && ...);
}

static_assert(part_holds(std::make_index_sequence<length_of<decltype(contract.checks)>>{}));

}  // namespace
