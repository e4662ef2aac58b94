// Engine-shaped implementations verified as they are written: span token ids, the engine's own
// namespace type, and a reuse policy with blocks and a recomputed last token.
#include <kvc/cache_namespace.hpp>
#include <kvc/specs/cache_namespace.hpp>
#include <kvc/specs/prefix_reuse.hpp>
#include <kvc/verification/checks.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

// [snippet]
// 1. Token ids as the engine holds them: spans of int32. The suite's fixtures are converted to
//    std::span<const std::int32_t> (every fixture value fits; a value that did not would be refused).
namespace engine_a {
constexpr std::size_t matched_prefix(std::string_view cache_model, std::string_view request_model,
                                     std::span<const std::int32_t> cached,
                                     std::span<const std::int32_t> prompt) noexcept {
  if (cache_model != request_model) return 0;
  return static_cast<std::size_t>(std::mismatch(cached.begin(), cached.end(), prompt.begin(),
                                                prompt.end()).first - cached.begin());
}
}  // namespace engine_a
static_assert(kvc::verify(kvc::suites::prefix_reuse, engine_a::matched_prefix));

// 2. The engine's own cache key, built from kvc::cache_namespace (an implicit conversion).
namespace engine_b {
struct cache_key {
  std::string_view model, lora;
  std::uint64_t lora_version = 0;
  std::string_view salt;
  constexpr cache_key(const kvc::cache_namespace& ns)  // NOLINT: converts by design
      : model(ns.model), lora(ns.adapter), lora_version(ns.adapter_revision), salt(ns.salt) {}
  friend constexpr bool operator==(const cache_key&, const cache_key&) = default;
};
constexpr std::size_t reusable(const cache_key& cached_key, const cache_key& request_key,
                               std::span<const int> cached, std::span<const int> prompt) noexcept {
  return cached_key == request_key ? engine_a::matched_prefix("", "", cached, prompt) : 0;
}
}  // namespace engine_b
static_assert(kvc::verify(kvc::suites::namespace_isolation, engine_b::reusable));

// 3. A paged cache: whole blocks of 16, and the last prompt token always recomputed (vLLM's
//    num_tokens - 1 cap). It passes the suite of its own policy, and fails the exact suite.
namespace engine_c {
constexpr std::size_t computed_tokens(std::string_view cache_model, std::string_view request_model,
                                      std::span<const std::int32_t> cached,
                                      std::span<const std::int32_t> prompt) noexcept {
  const std::size_t max_hit = prompt.empty() ? 0 : prompt.size() - 1;
  const std::size_t hit = engine_a::matched_prefix(cache_model, request_model, cached, prompt);
  return std::min(hit, max_hit) / 16 * 16;
}
}  // namespace engine_c
constexpr kvc::reuse_policy vllm_policy{.block_size = 16, .recompute_last_token = true};
static_assert(kvc::verify(kvc::suites::prefix_reuse_under<vllm_policy>, engine_c::computed_tokens));
static_assert(!kvc::conforms(kvc::suites::prefix_reuse, engine_c::computed_tokens));
// [snippet]

int main() {}
