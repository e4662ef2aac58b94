// Lists the compile-fail pairs, one per contract descriptor (its first suite check), as pairs.txt
// keeps them for CMake (compile_fail.pairs_listed runs this and compares):
// "contract|check|suite|kind|index|implementation|label"
// per line (check: the suite's place among the contract's checks; kind and index: where the
// implementation sits in the check, "record" (a row of its failure record) or "mutant"), where the
// implementation is the first the suite rejects (a record's, else the first mutant) and the label
// is its first failing fixture -- the one a diagnostic must name.
#include <cstdio>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/hana/at.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>

#include <kvc/conformance.hpp>
#include <kvc/verification/contracts.hpp>

namespace hana = boost::hana;

namespace {

template <class Suite, class Impl>
std::string first_failing_label(const Suite& suite, const Impl& impl) {
  std::string label;
  hana::for_each(kvc::fixtures_of(suite), [&](const auto& fixture) {
    if (label.empty() && !kvc::passes(fixture, impl)) label = hana::to<const char*>(fixture.label);
  });
  return label;
}

template <class Check>
constexpr bool recorded = decltype(hana::length(std::declval<Check>().records))::value > 0;

template <class Check>
const auto& first_rejected(const Check& check) {
  if constexpr (recorded<Check>)
    return hana::at_c<0>(hana::at_c<0>(check.records).rows);
  else
    return hana::at_c<0>(check.mutants);
}

}  // namespace

int main() {
  hana::for_each(kvc::verification::contracts, [](const auto& contract) {
    int index = 0;
    // The first suite check of each contract: one pair per contract shows that a failing fixture
    // is named, without a compile per suite (each pair costs two compiles of the whole layer).
    const auto first_check = hana::make_tuple(hana::at_c<0>(contract.checks));
    hana::for_each(first_check, [&contract, &index](const auto& check) {
      const auto& bad = first_rejected(check);
      std::printf("%s|%d|%s|%s|0|%s|%s\n", hana::to<const char*>(contract.name), index++,
                  hana::to<const char*>(check.name),
                  recorded<std::remove_cvref_t<decltype(check)>> ? "record" : "mutant",
                  hana::to<const char*>(bad.name),
                  first_failing_label(check.suite, bad.impl).c_str());
    });
  });
}
