// kvc/explore.hpp - `kvc::explore(suite, impl)`: every suite explored beyond its fixtures, at run
// time, with kvc's contract as the oracle; and `kvc::restrict_to<Profile>(suite)`, a suite for an
// engine that legitimately does some things differently.
//
//   const kvc::exploration_report report =
//       kvc::explore(kvc::suites::prefix_reuse_under<kvc::reuse_policy{16, true}>, my_lookup);
//   if (!report.passed()) std::cout << report;  // the shrunk counterexample, as a fixture line
//
// The fixtures are the compile-time gate (`static_assert(kvc::verify(suite, impl))`); exploration
// is the run-time search that a reviewer who has read the fixtures cannot evade. Both take the
// same suites, the same implementations and the same engine profiles.
#pragma once

#include <string>
#include <type_traits>

#include <kvc/exploration/admission_exploration.hpp>
#include <kvc/exploration/engine_profile.hpp>
#include <kvc/exploration/exploration_loop.hpp>
#include <kvc/exploration/exploration_report.hpp>
#include <kvc/exploration/explore_options.hpp>
#include <kvc/exploration/prefix_exploration.hpp>
#include <kvc/exploration/restricted_suite.hpp>
#include <kvc/exploration/suite_traits.hpp>
#include <kvc/suites/append_admission.hpp>
#include <kvc/suites/append_admission_extremes.hpp>
#include <kvc/suites/batch_admission.hpp>
#include <kvc/suites/batch_admission_extremes.hpp>
#include <kvc/suites/block_prefix_reuse.hpp>
#include <kvc/suites/block_prefix_reuse_under.hpp>
#include <kvc/suites/namespace_isolation.hpp>
#include <kvc/suites/namespace_isolation_under.hpp>
#include <kvc/suites/prefix_reuse.hpp>
#include <kvc/suites/prefix_reuse_under.hpp>
#include <kvc/suites/request_admission.hpp>
#include <kvc/suites/request_admission_extremes.hpp>

namespace kvc {

namespace exploration {

/// A policy as reports print it: `{16, true, false}`.
[[nodiscard]] inline std::string policy_text(const reuse_policy& p) {
  return "{" + std::to_string(p.block_size) + ", " + (p.recompute_last_token ? "true" : "false") +
         ", " + (p.keep_logits_at_cache_end ? "true" : "false") + "}";
}

/// The name of one of kvc's suites, from its type.
template <class S>
[[nodiscard]] std::string suite_name() {
  constexpr reuse_policy any{};
  std::string name;
  if constexpr (is_suite<S, decltype(suites::prefix_reuse)>) name = "prefix_reuse";
  else if constexpr (is_suite<S, decltype(suites::namespace_isolation)>) name = "namespace_isolation";
  else if constexpr (is_suite<S, decltype(suites::block_prefix_reuse)>) name = "block_prefix_reuse";
  else if constexpr (is_suite<S, decltype(suites::prefix_reuse_under<any>)>)
    name = "prefix_reuse_under<" + policy_text(suite_policy<S>) + ">";
  else if constexpr (is_suite<S, decltype(suites::namespace_isolation_under<any>)>)
    name = "namespace_isolation_under<" + policy_text(suite_policy<S>) + ">";
  else if constexpr (is_suite<S, decltype(suites::block_prefix_reuse_under<any>)>)
    name = "block_prefix_reuse_under<" + policy_text(suite_policy<S>) + ">";
  else if constexpr (is_suite<S, decltype(suites::append_admission)>) name = "append_admission";
  else if constexpr (is_suite<S, decltype(suites::append_admission_extremes)>) name = "append_admission_extremes";
  else if constexpr (is_suite<S, decltype(suites::batch_admission)>) name = "batch_admission";
  else if constexpr (is_suite<S, decltype(suites::batch_admission_extremes)>) name = "batch_admission_extremes";
  else if constexpr (is_suite<S, decltype(suites::request_admission)>) name = "request_admission";
  else if constexpr (is_suite<S, decltype(suites::request_admission_extremes)>) name = "request_admission_extremes";
  else name = "a suite of the prefix shape";
  if constexpr (is_restricted<S>) name += " restricted to an engine profile";
  return name;
}

template <class S>
inline constexpr bool is_append_suite = is_suite<S, decltype(suites::append_admission)> ||
                                        is_suite<S, decltype(suites::append_admission_extremes)>;
template <class S>
inline constexpr bool is_batch_suite = is_suite<S, decltype(suites::batch_admission)> ||
                                       is_suite<S, decltype(suites::batch_admission_extremes)>;
template <class S>
inline constexpr bool is_requests_suite = is_suite<S, decltype(suites::request_admission)> ||
                                          is_suite<S, decltype(suites::request_admission_extremes)>;

template <class>
inline constexpr bool unexplorable_suite_v = false;

}  // namespace exploration

/// Explores `suite` beyond its fixtures: `options.cases` cases drawn in the suite's call shape and
/// input forms, each compared with kvc's contract under the suite's policy and engine profile;
/// the first difference shrunk to a minimal counterexample. Deterministic per `options.seed` on
/// every compiler. `impl` is called as the suite calls it, with sequences of run-time length (as
/// spans, vectors, or anything a generic lambda takes).
template <class Suite, class Impl>
[[nodiscard]] exploration_report explore(const Suite&, const Impl& impl,
                                         const explore_options& options = {}) {
  using S = std::remove_cvref_t<Suite>;
  namespace x = exploration;
  if constexpr (x::is_append_suite<S>) {
    return x::run_exploration<x::admission_family<x::admission_kind::append, S>>(
        impl, options, x::suite_name<S>());
  } else if constexpr (x::is_batch_suite<S>) {
    return x::run_exploration<x::admission_family<x::admission_kind::batch, S>>(
        impl, options, x::suite_name<S>());
  } else if constexpr (x::is_requests_suite<S>) {
    return x::run_exploration<x::admission_family<x::admission_kind::requests, S>>(
        impl, options, x::suite_name<S>());
  } else if constexpr (x::has_prefix_shape<S>::value) {
    return x::run_exploration<x::prefix_family<S>>(impl, options, x::suite_name<S>());
  } else {
    static_assert(x::unexplorable_suite_v<S>, "kvc::explore: not one of kvc's suites");
    return {};
  }
}

}  // namespace kvc
