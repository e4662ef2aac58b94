// The README's "Verify your engine": an engine-shaped prefix lookup (token spans, the engine's own
// key type, a vLLM-like policy) verified at compile time and checked at run time, with only the
// narrow headers it needs.
// [snippet]
#include <kvc/specs/cache_namespace.hpp>  // the suites this engine should pass
#include <kvc/specs/prefix_reuse.hpp>
#include <kvc/verification/checks.hpp>  // kvc::verify, kvc::conforms
#include <kvc/verification/report.hpp>  // kvc::check

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <span>
#include <string_view>

namespace my_engine {
struct cache_key {  // the engine's own key: no conversion from kvc's types needed
  std::string_view model, lora;
  std::uint64_t lora_version = 0;
  std::string_view salt;
  friend constexpr bool operator==(const cache_key&, const cache_key&) = default;
};
// Whole blocks of 16, the last prompt token always recomputed (vLLM's num_tokens - 1 cap).
constexpr std::size_t computed_tokens(const cache_key& cached_key, const cache_key& request_key,
                                      std::span<const std::int32_t> cached,
                                      std::span<const std::int32_t> prompt) noexcept {
  if (!(cached_key == request_key)) return 0;
  const auto hit = static_cast<std::size_t>(
      std::mismatch(cached.begin(), cached.end(), prompt.begin(), prompt.end()).first -
      cached.begin());
  return std::min(hit, prompt.empty() ? 0 : prompt.size() - 1) / 16 * 16;
}
}  // namespace my_engine

// The adapter, in the test file: kvc's namespace to the engine's key.
constexpr auto lookup = [](const kvc::cache_namespace& a, const kvc::cache_namespace& b,
                           std::span<const std::int32_t> cached,
                           std::span<const std::int32_t> prompt) {
  const auto key = [](const kvc::cache_namespace& ns) {
    return my_engine::cache_key{ns.model, ns.adapter, ns.adapter_revision, ns.salt};
  };
  return my_engine::computed_tokens(key(a), key(b), cached, prompt);
};

constexpr kvc::reuse_policy vllm_policy{.block_size = 16, .recompute_last_token = true};
static_assert(kvc::verify(kvc::suites::prefix_reuse_under<vllm_policy>, lookup));
static_assert(kvc::verify(kvc::suites::namespace_isolation_under<vllm_policy>, lookup));

int main() {
  // At run time, for any implementation (constexpr or not): every fixture, with its values.
  const kvc::conformance_report report =
      kvc::check(kvc::suites::namespace_isolation_under<vllm_policy>, lookup);
  std::cout << report.fixtures.size() << " fixtures, passed: " << report.passed() << '\n';
  return report.passed() ? 0 : 1;
}
// [snippet]
