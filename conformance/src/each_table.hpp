// conformance/src/each_table.hpp - a call of `f` for every table row type of every suite of kvc's
// specs: how the library instantiates its run-time checks for each of them.
#pragma once

#include <type_traits>

#include <boost/hana/for_each.hpp>

#include <kvc/specs/all.hpp>

namespace kvc::library {

template <class F, class Info, const auto&... Tables>
void each_table_of(const suite<Info, Tables...>&, F& f) {
  (f(static_cast<const std::remove_cvref_t<decltype(Tables[0])>*>(nullptr)), ...);
}

/// Calls `f(static_cast<const Row*>(nullptr))` for every table of every suite (a row type may
/// come more than once).
template <class F>
void each_table(F f) {
  boost::hana::for_each(specs::all, [&f](const auto& contract) {
    boost::hana::for_each(contract.suites, [&f](const auto& s) { each_table_of(s, f); });
  });
}

}  // namespace kvc::library
