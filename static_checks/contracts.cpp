// Static checks of every contract's descriptor (kvc/verification/contracts.hpp): each suite passes
// its reference implementation, rejects every known-bad implementation listed with it, and
// reproduces the failure records' published outcome rows. Compiled, never run.
//
// A failure stops the constant evaluation at kvc::fixture_failed (the reference fails a fixture),
// kvc::verification::mutant_accepted (a suite accepts a mutant) or
// kvc::verification::record_not_reproduced (a record's row differs), each naming what failed.
//
// Each of those is its own constant expression (a variable template per reference, mutant and
// record of every suite check, instantiated by folds over the descriptor list), so that each gets
// the compiler's whole evaluation budget (clang: 1,048,576 steps per constant expression): a suite
// such as segment_positions_long needs about that much for one implementation. The three parts are
// those of kvc::verification::holds(check).
#include <kvc/conformance.hpp>
#include <kvc/verification/contracts.hpp>
#include <kvc/verification/suite_index.hpp>

#include <boost/hana/at.hpp>
#include <boost/hana/length.hpp>

#include <cstddef>
#include <type_traits>
#include <utility>

namespace {

namespace hana = boost::hana;
using kvc::verification::contracts;

template <class Tuple>
inline constexpr std::size_t length_of = decltype(hana::length(std::declval<Tuple>()))::value;

/// The suite check `Check` of the contract `Contract` in the descriptor list.
template <std::size_t Contract, std::size_t Check>
constexpr const auto& check_at = hana::at_c<Check>(hana::at_c<Contract>(contracts).checks);

template <std::size_t Contract, std::size_t Check>
constexpr bool reference_passes =
    kvc::verify(check_at<Contract, Check>.suite, check_at<Contract, Check>.reference);

template <std::size_t Contract, std::size_t Check, std::size_t Mutant>
constexpr bool mutant_rejected = kvc::verification::rejects(
    check_at<Contract, Check>, hana::at_c<Mutant>(check_at<Contract, Check>.mutants));

template <std::size_t Contract, std::size_t Check, std::size_t Record>
constexpr bool record_reproduced = kvc::verification::reproduces(
    check_at<Contract, Check>, hana::at_c<Record>(check_at<Contract, Check>.records));

template <std::size_t Contract, std::size_t Check, std::size_t... Mutant, std::size_t... Record>
constexpr bool check_holds(std::index_sequence<Mutant...>, std::index_sequence<Record...>) {
  return reference_passes<Contract, Check> && (mutant_rejected<Contract, Check, Mutant> && ...) &&
         (record_reproduced<Contract, Check, Record> && ...);
}

/// The suite checks are spread over KVC_SHARDS translation units (static_checks/CMakeLists.txt
/// compiles this file once per shard, with KVC_SHARD set), so that the build's cores share them:
/// this shard proves the checks whose position in the descriptor list, counted over all contracts,
/// is KVC_SHARD modulo KVC_SHARDS.
#ifndef KVC_SHARDS
#define KVC_SHARDS 1
#define KVC_SHARD 0
#endif

/// The position of the first suite check of contract `Contract` among all contracts' checks.
template <std::size_t Contract>
constexpr std::size_t first_check = [] {
  std::size_t position = 0;
  [&position]<std::size_t... Before>(std::index_sequence<Before...>) {
    ((position += length_of<decltype(hana::at_c<Before>(contracts).checks)>), ...);
  }(std::make_index_sequence<Contract>{});
  return position;
}();

template <std::size_t Contract, std::size_t Check>
constexpr bool check_holds_in_shard() {
  if constexpr ((first_check<Contract> + Check) % KVC_SHARDS != KVC_SHARD) {
    return true;  // another shard proves it
  } else {
    return check_holds<Contract, Check>(
        std::make_index_sequence<length_of<decltype(check_at<Contract, Check>.mutants)>>{},
        std::make_index_sequence<length_of<decltype(check_at<Contract, Check>.records)>>{});
  }
}

template <std::size_t Contract, std::size_t... Check>
constexpr bool contract_holds(std::index_sequence<Check...>) {
  return (check_holds_in_shard<Contract, Check>() && ...);
}

template <std::size_t... Contract>
constexpr bool every_contract_holds(std::index_sequence<Contract...>) {
  return (contract_holds<Contract>(
              std::make_index_sequence<length_of<decltype(hana::at_c<Contract>(contracts).checks)>>{}) &&
          ...);
}

static_assert(every_contract_holds(std::make_index_sequence<length_of<decltype(contracts)>>{}));

#if KVC_SHARD == 0
// kvc::verification::suite_index (the suites without their known-bad implementations, for tools
// that only list them) names exactly the descriptors' suite checks, in their order: the same
// contract and check names and the very same suite objects.
template <std::size_t Contract, std::size_t Check>
constexpr bool indexed_as_described() {
  const auto& entry = hana::at_c<first_check<Contract> + Check>(kvc::verification::suite_index);
  const auto& check = check_at<Contract, Check>;
  using contract_name = decltype(hana::at_c<Contract>(contracts).name);
  if constexpr (!std::is_same_v<decltype(entry.contract), contract_name> ||
                !std::is_same_v<decltype(entry.name), decltype(check.name)> ||
                !std::is_same_v<decltype(entry.suite), decltype(check.suite)>)
    return false;
  else
    return &entry.suite == &check.suite;
}
template <std::size_t Contract, std::size_t... Check>
constexpr bool contract_indexed(std::index_sequence<Check...>) {
  return (indexed_as_described<Contract, Check>() && ...);
}
template <std::size_t... Contract>
constexpr std::size_t indexed_checks(std::index_sequence<Contract...>) {
  return (length_of<decltype(hana::at_c<Contract>(contracts).checks)> + ... + 0);
}
template <std::size_t... Contract>
constexpr bool every_check_indexed(std::index_sequence<Contract...> contracts_sequence) {
  return indexed_checks(contracts_sequence) == length_of<decltype(kvc::verification::suite_index)> &&
         (contract_indexed<Contract>(std::make_index_sequence<
              length_of<decltype(hana::at_c<Contract>(contracts).checks)>>{}) &&
          ...);
}
static_assert(every_check_indexed(std::make_index_sequence<length_of<decltype(contracts)>>{}),
              "kvc::verification::suite_index differs from the descriptors' suite checks");
#endif

}  // namespace
