// Compile-cost cases "a user's test file": the engine code, kvc's headers, and the checks a test
// of the engine writes. KVC_COST_STEP adds them one at a time:
//   0  the narrow headers alone, no check
//   1  static_assert(kvc::verify(kvc::suites::namespace_isolation_under<vllm_policy>, lookup))
//   2  and one further verify, of another suite (prefix_reuse_under<vllm_policy>)
//   3  and one kvc::check and one kvc::explore (run at run time by the kvc_conformance library)
// KVC_COST_UMBRELLA includes kvc/conformance.hpp instead of the narrow headers.
#include "engine.hpp"

#include <cstdint>
#include <span>

#ifndef KVC_COST_STEP
#define KVC_COST_STEP 1
#endif

#if KVC_COST_UMBRELLA
#include <kvc/conformance.hpp>
#else
#include <kvc/specs/cache_namespace.hpp>
#include <kvc/verification/checks.hpp>
#if KVC_COST_STEP >= 2
#include <kvc/specs/prefix_reuse.hpp>
#endif
#if KVC_COST_STEP >= 3
#include <kvc/explore.hpp>
#include <kvc/verification/report.hpp>
#endif
#endif

namespace {
// The test's adapter from kvc's namespace to the engine's key.
constexpr auto lookup = [](const kvc::cache_namespace& cached_ns,
                           const kvc::cache_namespace& prompt_ns,
                           std::span<const std::int32_t> cached,
                           std::span<const std::int32_t> prompt) {
  const auto key = [](const kvc::cache_namespace& ns) {
    return engine::cache_key{ns.model, ns.adapter, ns.adapter_revision, ns.salt};
  };
  return engine::cached_tokens<std::int32_t>(key(cached_ns), key(prompt_ns), cached, prompt);
};
constexpr kvc::reuse_policy vllm_policy{.block_size = 16, .recompute_last_token = true};
}  // namespace

#if KVC_COST_STEP >= 1
static_assert(kvc::verify(kvc::suites::namespace_isolation_under<vllm_policy>, lookup));
#endif
#if KVC_COST_STEP >= 2
static_assert(kvc::verify(kvc::suites::prefix_reuse_under<vllm_policy>, lookup));
#endif

int engine_main() {
#if KVC_COST_STEP >= 3
  const bool passed =
      kvc::check(kvc::suites::namespace_isolation_under<vllm_policy>, lookup).passed() &&
      kvc::explore(kvc::suites::prefix_reuse_under<vllm_policy>, lookup).passed();
  if (!passed) return 1;
#endif
  return static_cast<int>(engine::tokens_of("abc").size());
}
