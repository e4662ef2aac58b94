// examples/explore_engine.cpp - the two halves of one check: the fixtures at compile time, the
// exploration at run time, for an engine-shaped lookup under its declared profile.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <span>

// [snippet]
#include <kvc/explore.hpp>  // kvc::explore, kvc::restrict_to, kvc::engine_profile
#include <kvc/specs/cache_namespace.hpp>  // namespace_isolation_under<P>
#include <kvc/verification/checks.hpp>    // kvc::verify

// An engine's lookup: the engine's own key (no adapter revision, as vLLM's block hash), 16-token
// blocks, the last prompt token always recomputed.
struct engine_key {
  std::string_view model, lora, salt;
};
constexpr std::size_t engine_lookup(const engine_key& cached_key, const engine_key& request_key,
                                    std::span<const std::int32_t> cached,
                                    std::span<const std::int32_t> prompt) {
  if (cached_key.model != request_key.model || cached_key.lora != request_key.lora ||
      cached_key.salt != request_key.salt || prompt.empty())
    return 0;
  std::size_t n = 0;
  while (n < cached.size() && n < prompt.size() - 1 && cached[n] == prompt[n]) ++n;
  return n / 16 * 16;
}

// The adapter from kvc's namespace to the engine's key: three lines in the test, none in the engine.
constexpr auto lookup = [](const kvc::cache_namespace& a, const kvc::cache_namespace& b,
                           std::span<const std::int32_t> cached, std::span<const std::int32_t> prompt) {
  return engine_lookup({a.model, a.adapter, a.salt}, {b.model, b.adapter, b.salt}, cached, prompt);
};

// What the engine legitimately does differently: it has no adapter revision.
constexpr kvc::reuse_policy policy{.block_size = 16, .recompute_last_token = true};
constexpr auto suite = kvc::restrict_to<kvc::profiles::vllm>(kvc::suites::namespace_isolation_under<policy>);

// The compile-time half: every fixture the profile covers.
static_assert(kvc::verify(suite, lookup));

int main() {
  // The run-time half: 10,000 cases beyond the fixtures, the contract as the oracle.
  const kvc::exploration_report report = kvc::explore(suite, lookup);
  std::cout << report;  // passed, the profile's consequences; or the shrunk counterexample
  return report.passed() ? EXIT_SUCCESS : EXIT_FAILURE;
}
// [snippet]
