// Static checks over every descriptor at once (kvc/verification/contracts.hpp): the descriptor
// proofs (descriptor_proof.cpp, one unit per part of each contract of the top-level CMakeLists.txt's
// kvc_contract_parts, passed here as KVC_CONTRACT_NAMES) cover every descriptor, in order; and
// kvc::verification::suite_index (the suites without their known-bad implementations, for tools
// that only list them) names exactly the descriptors' suite checks, in their order: the same
// contract and check names and the very same fixtures (one constant per suite; the index names
// each as a lazy suite). Compiled, never run.
#include <kvc/verification/contracts.hpp>
#include <kvc/verification/suite_index.hpp>

#include <boost/hana/at.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/string.hpp>

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <utility>

namespace {

namespace hana = boost::hana;
using kvc::verification::contracts;

template <class Tuple>
inline constexpr std::size_t length_of = decltype(hana::length(std::declval<Tuple>()))::value;

/// The descriptors' contract names joined with commas, as CMake's list is.
constexpr bool proofs_cover_every_descriptor() {
  std::string_view names = KVC_CONTRACT_NAMES;
  bool same = true;
  bool first = true;
  hana::for_each(contracts, [&](const auto& contract) {
    const std::string_view name = hana::to<const char*>(contract.name);
    if (!first) {
      same = same && !names.empty() && names.front() == ',';
      if (!names.empty()) names.remove_prefix(1);
    }
    first = false;
    same = same && names.substr(0, name.size()) == name;
    names.remove_prefix(names.size() < name.size() ? names.size() : name.size());
  });
  return same && names.empty();
}
static_assert(proofs_cover_every_descriptor(),
              "kvc_contract_parts (CMakeLists.txt) differs from kvc::verification::contracts");

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
constexpr bool indexed_as_described() {
  const auto& entry = hana::at_c<first_check<Contract> + Check>(kvc::verification::suite_index);
  const auto& check = hana::at_c<Check>(hana::at_c<Contract>(contracts).checks);
  using contract_name = decltype(hana::at_c<Contract>(contracts).name);
  if constexpr (!std::is_same_v<decltype(entry.contract), contract_name> ||
                !std::is_same_v<decltype(entry.name), decltype(check.name)> ||
                !std::is_same_v<kvc::suite_fixtures_t<decltype(entry.suite)>,
                                kvc::suite_fixtures_t<decltype(check.suite)>>)
    return false;
  else
    return &kvc::fixtures_of(entry.suite) == &kvc::fixtures_of(check.suite);
}
template <std::size_t Contract, std::size_t... Check>
constexpr bool contract_indexed(std::index_sequence<Check...>) {
  return (indexed_as_described<Contract, Check>() && ...);
}
template <std::size_t... Contract>
constexpr std::size_t described_checks(std::index_sequence<Contract...>) {
  return (length_of<decltype(hana::at_c<Contract>(contracts).checks)> + ... + 0);
}
template <std::size_t... Contract>
constexpr bool every_check_indexed(std::index_sequence<Contract...> every_contract) {
  return described_checks(every_contract) ==
             length_of<decltype(kvc::verification::suite_index)> &&
         (contract_indexed<Contract>(std::make_index_sequence<
              length_of<decltype(hana::at_c<Contract>(contracts).checks)>>{}) &&
          ...);
}
static_assert(every_check_indexed(std::make_index_sequence<length_of<decltype(contracts)>>{}),
              "kvc::verification::suite_index differs from the descriptors' suite checks");

}  // namespace
