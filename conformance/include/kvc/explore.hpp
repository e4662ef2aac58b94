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
#include <kvc/exploration/multimodal_exploration.hpp>
#include <kvc/exploration/position_exploration.hpp>
#include <kvc/exploration/prefix_exploration.hpp>
#include <kvc/exploration/restricted_suite.hpp>
#include <kvc/exploration/segment_exploration.hpp>
#include <kvc/exploration/scenario_exploration.hpp>
#include <kvc/exploration/suite_traits.hpp>
#include <kvc/verification/lazy_suite.hpp>
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
#include <kvc/suites/prefix_cache_scenarios.hpp>
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
#include <kvc/suites/slot_allocator_scenarios.hpp>

namespace kvc {

namespace exploration {

/// A policy as reports print it: `{16, true, false}`.
[[nodiscard]] inline std::string policy_text(const reuse_policy& p) {
  return "{" + std::to_string(p.block_size) + ", " + (p.recompute_last_token ? "true" : "false") +
         ", " + (p.keep_logits_at_cache_end ? "true" : "false") + "}";
}

/// The default policy, as a value that depends on a suite type S: `suites::prefix_reuse_under<
/// any_policy<S>>` is then instantiated where a suite is named, not where this header is included
/// (a policy suite is a constant evaluated where it is instantiated).
template <class S>
inline constexpr reuse_policy any_policy{};

/// Whether S is `kvc::lazy_suite<Definition<P>>` for some policy P (a handle of a policy suite,
/// as kvc::verification::suite_index names them).
template <template <reuse_policy> class Definition, class S>
inline constexpr bool is_handle_of = false;
template <template <reuse_policy> class Definition, reuse_policy P>
inline constexpr bool is_handle_of<Definition, lazy_suite<Definition<P>>> = true;

/// Whether S is the policy suite `Family` under some policy: a lazy suite by its type alone (no
/// suite is built), any other suite by its fixtures' types, compared with `Family<any_policy<S>>`.
template <class S>
[[nodiscard]] constexpr bool is_prefix_reuse_under() noexcept {
  if constexpr (is_lazy_suite_v<S>)
    return is_handle_of<suites::definition::prefix_reuse_under, std::remove_cvref_t<S>>;
  else
    return is_suite<S, decltype(suites::prefix_reuse_under_fixtures<any_policy<S>>)>;
}
template <class S>
[[nodiscard]] constexpr bool is_namespace_isolation_under() noexcept {
  if constexpr (is_lazy_suite_v<S>)
    return is_handle_of<suites::definition::namespace_isolation_under, std::remove_cvref_t<S>>;
  else
    return is_suite<S, decltype(suites::namespace_isolation_under_fixtures<any_policy<S>>)>;
}
template <class S>
[[nodiscard]] constexpr bool is_block_prefix_reuse_under() noexcept {
  if constexpr (is_lazy_suite_v<S>)
    return is_handle_of<suites::definition::block_prefix_reuse_under, std::remove_cvref_t<S>>;
  else
    return is_suite<S, decltype(suites::block_prefix_reuse_under_fixtures<any_policy<S>>)>;
}
template <class S>
[[nodiscard]] constexpr bool is_multimodal_prefix_reuse_under() noexcept {
  if constexpr (is_lazy_suite_v<S>)
    return is_handle_of<suites::definition::multimodal_prefix_reuse_under, std::remove_cvref_t<S>>;
  else
    return is_suite<S, decltype(suites::multimodal_prefix_reuse_under_fixtures<any_policy<S>>)>;
}

/// The name of one of kvc's suites, from its type.
template <class S>
[[nodiscard]] std::string suite_name() {
  std::string name;
  if constexpr (is_suite<S, decltype(suites::prefix_reuse)>) name = "prefix_reuse";
  else if constexpr (is_suite<S, decltype(suites::namespace_isolation)>) name = "namespace_isolation";
  else if constexpr (is_suite<S, decltype(suites::block_prefix_reuse)>) name = "block_prefix_reuse";
  else if constexpr (is_prefix_reuse_under<S>())
    name = "prefix_reuse_under<" + policy_text(suite_policy<S>) + ">";
  else if constexpr (is_namespace_isolation_under<S>())
    name = "namespace_isolation_under<" + policy_text(suite_policy<S>) + ">";
  else if constexpr (is_block_prefix_reuse_under<S>())
    name = "block_prefix_reuse_under<" + policy_text(suite_policy<S>) + ">";
  else if constexpr (is_suite<S, decltype(suites::append_admission)>) name = "append_admission";
  else if constexpr (is_suite<S, decltype(suites::append_admission_extremes)>) name = "append_admission_extremes";
  else if constexpr (is_suite<S, decltype(suites::batch_admission)>) name = "batch_admission";
  else if constexpr (is_suite<S, decltype(suites::batch_admission_extremes)>) name = "batch_admission_extremes";
  else if constexpr (is_suite<S, decltype(suites::request_admission)>) name = "request_admission";
  else if constexpr (is_suite<S, decltype(suites::request_admission_extremes)>) name = "request_admission_extremes";
  else if constexpr (is_suite<S, decltype(suites::segment_positions)>) name = "segment_positions";
  else if constexpr (is_suite<S, decltype(suites::segment_positions_long)>) name = "segment_positions_long";
  else if constexpr (is_suite<S, decltype(suites::segment_positions_rows)>) name = "segment_positions_rows";
  else if constexpr (is_suite<S, decltype(suites::segment_offsets)>) name = "segment_offsets";
  else if constexpr (is_suite<S, decltype(suites::segment_offsets_rows)>) name = "segment_offsets_rows";
  else if constexpr (is_suite<S, decltype(suites::segment_run_count)>) name = "segment_run_count";
  else if constexpr (is_suite<S, decltype(suites::max_segment_length)>) name = "max_segment_length";
  else if constexpr (is_suite<S, decltype(suites::offsets_from_positions)>) name = "offsets_from_positions";
  else if constexpr (is_suite<S, decltype(suites::max_sequence_length_from_positions)>)
    name = "max_sequence_length_from_positions";
  else if constexpr (is_suite<S, decltype(suites::multimodal_prefix_reuse)>) name = "multimodal_prefix_reuse";
  else if constexpr (is_suite<S, decltype(suites::multimodal_prefix_reuse_edges)>) name = "multimodal_prefix_reuse_edges";
  else if constexpr (is_multimodal_prefix_reuse_under<S>())
    name = "multimodal_prefix_reuse_under<" + policy_text(suite_policy<S>) + ">";
  else if constexpr (is_suite<S, decltype(suites::prefix_cache_scenarios)>) name = "prefix_cache_scenarios";
  else if constexpr (is_suite<S, decltype(suites::slot_allocator_scenarios)>) name = "slot_allocator_scenarios";
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
/// The multimodal suites whose cases are what content hashes produce.
template <class S>
inline constexpr bool is_hashed_multimodal_suite =
    is_suite<S, decltype(suites::multimodal_prefix_reuse)> ||
    is_multimodal_prefix_reuse_under<S>();
template <class S>
inline constexpr bool is_multimodal_edges_suite =
    is_suite<S, decltype(suites::multimodal_prefix_reuse_edges)>;

/// The exploration family of a suite type (kvc/exploration/exploration_loop.hpp), or `void` for a
/// suite kvc cannot explore. Each family's suites are recognised by type (their policy and engine
/// profile aside).
template <class S>
struct family_of {
  using type = void;
};
template <class S>
  requires is_append_suite<S>
struct family_of<S> {
  using type = admission_family<admission_kind::append, S>;
};
template <class S>
  requires is_batch_suite<S>
struct family_of<S> {
  using type = admission_family<admission_kind::batch, S>;
};
template <class S>
  requires is_requests_suite<S>
struct family_of<S> {
  using type = admission_family<admission_kind::requests, S>;
};
template <class S>
  requires(has_prefix_shape<S>::value && !is_append_suite<S> && !is_batch_suite<S> &&
           !is_requests_suite<S>)
struct family_of<S> {
  using type = prefix_family<S>;
};

/// Whether a suite is one of the span-output segment suites (positions and offsets, of one row or
/// of a batch); segment_positions_long has a family of its own lengths.
template <class S>
inline constexpr bool is_segment_output_suite =
    is_suite<S, decltype(suites::segment_positions)> ||
    is_suite<S, decltype(suites::segment_positions_rows)> ||
    is_suite<S, decltype(suites::segment_offsets)> ||
    is_suite<S, decltype(suites::segment_offsets_rows)>;
template <class S>
  requires is_segment_output_suite<S>
struct family_of<S> {
  using type = segment_output_family<S>;
};
template <class S>
  requires is_suite<S, decltype(suites::segment_positions_long)>
struct family_of<S> {
  using type = segment_output_family<S, segment_lengths::past_16_bits>;
};
template <class S>
  requires is_suite<S, decltype(suites::segment_run_count)>
struct family_of<S> {
  using type = segment_summary_family<segment_summary::run_count, S>;
};
template <class S>
  requires is_suite<S, decltype(suites::max_segment_length)>
struct family_of<S> {
  using type = segment_summary_family<segment_summary::longest_run, S>;
};
template <class S>
  requires(is_suite<S, decltype(suites::offsets_from_positions)> ||
           is_suite<S, decltype(suites::max_sequence_length_from_positions)>)
struct family_of<S> {
  using type = position_family<S>;
};
template <class S>
  requires is_hashed_multimodal_suite<S>
struct family_of<S> {
  using type = multimodal_family<multimodal_domain::hashed_content, S>;
};
template <class S>
  requires is_multimodal_edges_suite<S>
struct family_of<S> {
  using type = multimodal_family<multimodal_domain::any_items, S>;
};
/// The scenario suites: not a family but a bridge to the stateful check of their subject
/// (kvc/exploration/scenario_exploration.hpp).
template <class S>
  requires is_suite<S, decltype(suites::prefix_cache_scenarios)>
struct family_of<S> {
  using type = scenario_bridge<stateful_subject::prefix_cache, suite_profile<S>>;
};
template <class S>
  requires is_suite<S, decltype(suites::slot_allocator_scenarios)>
struct family_of<S> {
  using type = scenario_bridge<stateful_subject::slot_allocator, suite_profile<S>>;
};

}  // namespace exploration

/// Whether `kvc::explore` can explore a suite of type `Suite`.
template <class Suite>
inline constexpr bool explorable =
    !std::is_void_v<typename exploration::family_of<std::remove_cvref_t<Suite>>::type>;

/// Explores `suite` beyond its fixtures: `options.cases` cases drawn in the suite's call shape and
/// input forms, each compared with kvc's contract under the suite's policy and engine profile;
/// the first difference shrunk to a minimal counterexample. Deterministic per `options.seed` on
/// every compiler. `impl` is called as the suite calls it, with sequences of run-time length (as
/// spans, vectors, or anything a generic lambda takes). For a scenario suite `impl` is the suite's
/// factory, and exploring runs the model-based stateful check of what it makes
/// (kvc/exploration/scenario_exploration.hpp).
template <class Suite, class Impl>
[[nodiscard]] exploration_report explore(const Suite&, const Impl& impl,
                                         const explore_options& options = {}) {
  using S = std::remove_cvref_t<Suite>;
  static_assert(explorable<S>,
                "kvc::explore: not one of kvc's suites (kvc::suites::...), or one restricted to an "
                "engine profile with kvc::restrict_to");
  if constexpr (explorable<S>) {
    using family = typename exploration::family_of<S>::type;
    if constexpr (exploration::is_scenario_bridge<family>)
      return family::explore(impl, options, exploration::suite_name<S>());
    else
      return exploration::run_exploration<family>(impl, options, exploration::suite_name<S>());
  } else {
    return {};
  }
}

}  // namespace kvc
