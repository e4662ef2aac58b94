// kvc/verification/descriptor.hpp - one compile-time descriptor per contract: its suites, the
// reference each must accept, the known-bad implementations each must reject, and the failure
// records' published outcome rows.
//
// Everything that loops over kvc's contracts -- the static checks, kvc-report, the fuzz seed
// corpus, the compile-fail pairs, the README's mutant table -- reads these descriptors (listed in
// kvc/verification/contracts.hpp) instead of keeping lists of its own.
#pragma once

#include <array>
#include <cstddef>

#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>
#include <boost/hana/unpack.hpp>

#include "checks.hpp"
#include "label.hpp"

namespace kvc::verification {

/// An implementation and its name: a known-bad implementation (a mutant), or one a failure record
/// publishes.
template <class Name, class Impl>
struct named_implementation {
  /// The implementation's name in reports, a Hana compile-time string.
  Name name;
  /// The implementation, a function object.
  Impl impl;
};

/// `impl` under the name `Name`.
template <fixed_label Name, class Impl>
[[nodiscard]] constexpr auto named(const Impl& impl) noexcept {
  return named_implementation<decltype(label<Name>), Impl>{label<Name>, impl};
}

/// A failure record's implementation with the outcome row its published table gives it on the
/// record's own fixtures (true: Passed, false: Failed).
template <class Name, class Impl, std::size_t N>
struct record_row {
  /// The implementation's name in the record's table, a Hana compile-time string.
  Name name;
  /// The implementation the record publishes.
  Impl impl;
  /// Its published outcome on each of the record's fixtures, in order (true: Passed).
  std::array<bool, N> outcomes;
};

/// The implementation `impl`, published under the name `Name` with the outcome row `outcomes`.
template <fixed_label Name, class Impl, std::size_t N>
[[nodiscard]] constexpr auto published(const Impl& impl, const std::array<bool, N>& outcomes) noexcept {
  return record_row<decltype(label<Name>), Impl, N>{label<Name>, impl, outcomes};
}

/// A failure record: its own fixtures and the implementations it publishes.
template <class Suite, class Rows>
struct failure_record {
  /// The record's own fixtures (the suite's own storage: a suite is never copied).
  const Suite& fixtures;
  /// The published implementations, a Hana tuple of `record_row`s.
  Rows rows;
};

/// The failure record of the suite `fixtures` (viewed, not copied) and its published `rows`.
template <class Suite, class... Rows>
[[nodiscard]] constexpr auto record(const Suite& fixtures, const Rows&... rows) noexcept {
  return failure_record<Suite, boost::hana::tuple<Rows...>>{fixtures,
                                                             boost::hana::make_tuple(rows...)};
}

/// One suite of a contract: `reference` must pass it and every mutant must fail it. A suite with a
/// failure record has the record's rows too (each reproduced, and each rejected by the whole
/// suite). `fuzz_target` names the fuzz target its fixtures seed (empty: none).
template <class Name, class FuzzTarget, class Suite, class Reference, class Mutants, class Records>
struct suite_check {
  /// The suite's name in reports, a Hana compile-time string.
  Name name;
  /// The fuzz target the suite's fixtures seed, a Hana compile-time string (empty: none).
  FuzzTarget fuzz_target;
  /// The suite (its own storage: descriptors do not copy suites).
  const Suite& suite;
  /// The reference implementation, which must pass every fixture.
  Reference reference;
  /// The known-bad implementations, a Hana tuple of `named_implementation`s, each failing a fixture.
  Mutants mutants;
  /// The failure records, a Hana tuple of none or one `failure_record`.
  Records records;
};

/// The suite check named `Name` (the suite's name in reports), seeding the fuzz target `Fuzz`.
template <fixed_label Name, fixed_label Fuzz, class Suite, class Reference, class... Mutants>
[[nodiscard]] constexpr auto check_suite(const Suite& suite, const Reference& reference,
                                         const Mutants&... mutants) noexcept {
  return suite_check<decltype(label<Name>), decltype(label<Fuzz>), Suite, Reference,
                     boost::hana::tuple<Mutants...>, boost::hana::tuple<>>{
      label<Name>, label<Fuzz>, suite, reference, boost::hana::make_tuple(mutants...), {}};
}

/// The same suite check with a failure record attached.
template <class Name, class Fuzz, class Suite, class Reference, class Mutants, class Record>
[[nodiscard]] constexpr auto with_record(
    const suite_check<Name, Fuzz, Suite, Reference, Mutants, boost::hana::tuple<>>& check,
    const Record& failure) noexcept {
  return suite_check<Name, Fuzz, Suite, Reference, Mutants, boost::hana::tuple<Record>>{
      check.name,      check.fuzz_target, check.suite, check.reference,
      check.mutants, boost::hana::make_tuple(failure)};
}

/// A contract's descriptor: its name and its suite checks.
template <class Name, class Checks>
struct contract_descriptor {
  /// The contract's name, a Hana compile-time string.
  Name name;
  /// Its suite checks, a Hana tuple of `suite_check`s.
  Checks checks;
};

/// The descriptor of the contract named `Name`, with its suite checks.
template <fixed_label Name, class... Checks>
[[nodiscard]] constexpr auto describe_contract(const Checks&... checks) noexcept {
  return contract_descriptor<decltype(label<Name>), boost::hana::tuple<Checks...>>{
      label<Name>, boost::hana::make_tuple(checks...)};
}

// ---------------------------------------------------------------------------------------------
// Checking a descriptor (the static checks do this for every contract)
// ---------------------------------------------------------------------------------------------

#if KVC_LABEL_AS_CHARACTERS
template <char... Suite, char... Mutant>
inline void mutant_accepted(boost::hana::string<Suite...>, boost::hana::string<Mutant...>) noexcept {}
template <char... Suite, char... Implementation>
inline void record_not_reproduced(boost::hana::string<Suite...>,
                                  boost::hana::string<Implementation...>) noexcept {}
#else
/// Deliberately not `constexpr`: called for a mutant its suite accepts, so the diagnostic names
/// the suite and the mutant as text: `mutant_accepted<fixed_label<13>{"prefix_reuse"}, ...>`.
template <fixed_label Suite, fixed_label Mutant>
inline void mutant_accepted() noexcept {}

/// Deliberately not `constexpr`: called for a record's implementation whose outcomes differ from
/// the record's published row; the diagnostic names the suite and the implementation as text.
template <fixed_label Suite, fixed_label Implementation>
inline void record_not_reproduced() noexcept {}
#endif

/// Whether `check`'s suite rejects `mutant`; otherwise, in a constant expression, a diagnostic that
/// names both.
template <class Check, class Mutant>
[[nodiscard]] constexpr bool rejects(const Check& check, const Mutant& mutant) noexcept {
  if (!conforms(check.suite, mutant.impl)) return true;
#if KVC_LABEL_AS_CHARACTERS
  mutant_accepted(check.name, mutant.name);
#else
  mutant_accepted<label_text<decltype(check.name)>, label_text<decltype(mutant.name)>>();
#endif
  return false;
}

/// Whether a record's implementation fails exactly the record's fixtures its published row marks
/// Failed, and fails the whole suite.
template <class Check, class Fixtures, class Row>
[[nodiscard]] constexpr bool reproduces(const Check& check, const Fixtures& fixtures,
                                        const Row& row) noexcept {
  if (outcomes(fixtures, row.impl) == row.outcomes && !conforms(check.suite, row.impl)) return true;
#if KVC_LABEL_AS_CHARACTERS
  record_not_reproduced(check.name, row.name);
#else
  record_not_reproduced<label_text<decltype(check.name)>, label_text<decltype(row.name)>>();
#endif
  return false;
}

/// Whether every row of `record` is reproduced, as for a single row above.
template <class Check, class Record>
[[nodiscard]] constexpr bool reproduces(const Check& check, const Record& record) noexcept {
  return boost::hana::unpack(record.rows, [&check, &record](const auto&... rows) {
    return (reproduces(check, record.fixtures, rows) && ...);
  });
}

/// Whether one suite check holds: the reference passes, every mutant and record implementation
/// fails, and every record row is reproduced. In a constant expression a failure stops the
/// evaluation at a function whose template arguments name what failed.
template <class Check>
[[nodiscard]] constexpr bool holds(const Check& check) noexcept {
  const bool mutants_rejected = boost::hana::unpack(
      check.mutants, [&check](const auto&... mutants) { return (rejects(check, mutants) && ...); });
  const bool records_reproduced = boost::hana::unpack(
      check.records, [&check](const auto&... records) { return (reproduces(check, records) && ...); });
  return verify(check.suite, check.reference) && mutants_rejected && records_reproduced;
}

/// Whether every suite check of a contract descriptor holds.
template <class Name, class Checks>
[[nodiscard]] constexpr bool holds(const contract_descriptor<Name, Checks>& contract) noexcept {
  return boost::hana::unpack(contract.checks,
                             [](const auto&... checks) { return (holds(checks) && ...); });
}

}  // namespace kvc::verification
