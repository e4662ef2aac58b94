// Static checks of namespace isolation and block reuse under reuse policies: the derivation's
// premise, and engine-shaped implementations against the policy suites. Compiled, never run.
#include <kvc/suites/block_prefix_reuse.hpp>
#include <kvc/suites/block_prefix_reuse_under.hpp>
#include <kvc/suites/namespace_isolation.hpp>
#include <kvc/suites/namespace_isolation_under.hpp>
#include <kvc/verification/checks.hpp>

#include <boost/hana/at.hpp>
#include <boost/hana/unpack.hpp>

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

namespace {

using kvc::cache_namespace;
using kvc::reuse_policy;
using kvc::suites::namespace_isolation_under;

// --- The premise of the whole-block copies -----------------------------------------------------
// to_whole_blocks reads "the exact fixture reused nothing" as "the namespaces differ". That holds
// because every fixture of the exact suite has tokens sharing a prefix: proved here by a plain loop.
constexpr bool every_fixture_shares_a_token = boost::hana::unpack(
    kvc::fixtures_of(kvc::suites::namespace_isolation), [](const auto&... fixture) {
      const auto shares = [](const auto& f) {
        const auto& cached = boost::hana::at_c<2>(f.inputs);
        const auto& requested = boost::hana::at_c<3>(f.inputs);
        return !cached.empty() && !requested.empty() && cached[0] == requested[0];
      };
      return (shares(fixture) && ...);
    });
static_assert(every_fixture_shares_a_token);

// --- An engine that recomputes the last token and compares namespaces field by field ----------

/// Field-by-field namespace comparison, the matched prefix one short of a full match.
constexpr auto recomputing_engine = [](const cache_namespace& cached_ns,
                                       const cache_namespace& request_ns,
                                       std::span<const int> cached, std::span<const int> prompt) {
  if (!(cached_ns == request_ns)) return std::size_t{0};
  std::size_t matched = 0;
  while (matched < cached.size() && matched < prompt.size() && cached[matched] == prompt[matched])
    ++matched;
  return matched == prompt.size() && matched > 0 ? matched - 1 : matched;
};

/// The same engine over whole blocks of 16, never the last prompt token (vLLM).
constexpr auto recomputing_block_engine = [](const cache_namespace& cached_ns,
                                             const cache_namespace& request_ns,
                                             std::span<const int> cached,
                                             std::span<const int> prompt) {
  const std::size_t cap = prompt.empty() ? 0 : prompt.size() - 1;
  const std::size_t matched = recomputing_engine(cached_ns, request_ns, cached, prompt);
  return (matched < cap ? matched : cap) / 16 * 16;
};

/// Whether `a` and `b` spell the same text once concatenated.
constexpr bool same_text(std::string_view a1, std::string_view a2, std::string_view b1,
                         std::string_view b2) {
  if (a1.size() + a2.size() != b1.size() + b2.size()) return false;
  for (std::size_t i = 0; i < a1.size() + a2.size(); ++i) {
    const char x = i < a1.size() ? a1[i] : a2[i - a1.size()];
    const char y = i < b1.size() ? b1[i] : b2[i - b1.size()];
    if (x != y) return false;
  }
  return true;
}

/// The same engines with SGLang's key: the salt, then the adapter, concatenated.
constexpr auto salt_then_adapter = [](const cache_namespace& a, const cache_namespace& b) {
  return a.model == b.model && a.adapter_revision == b.adapter_revision &&
         same_text(a.salt, a.adapter, b.salt, b.adapter);
};
constexpr auto concatenated_recomputing_engine = [](const cache_namespace& cached_ns,
                                                    const cache_namespace& request_ns,
                                                    std::span<const int> cached,
                                                    std::span<const int> prompt) {
  return salt_then_adapter(cached_ns, request_ns)
             ? recomputing_engine(cached_ns, cached_ns, cached, prompt)
             : std::size_t{0};
};
constexpr auto concatenated_recomputing_block_engine = [](const cache_namespace& cached_ns,
                                                          const cache_namespace& request_ns,
                                                          std::span<const int> cached,
                                                          std::span<const int> prompt) {
  return salt_then_adapter(cached_ns, request_ns)
             ? recomputing_block_engine(cached_ns, cached_ns, cached, prompt)
             : std::size_t{0};
};

constexpr reuse_policy recompute_last{.block_size = 1, .recompute_last_token = true};
constexpr reuse_policy vllm{.block_size = 16, .recompute_last_token = true};

// Correct engines pass the suite of their own policy...
static_assert(kvc::verify(namespace_isolation_under<recompute_last>, recomputing_engine));
static_assert(kvc::verify(namespace_isolation_under<vllm>, recomputing_block_engine));
// ...and fail the exact suite, for a reason that has nothing to do with isolation.
static_assert(!kvc::conforms(kvc::suites::namespace_isolation, recomputing_engine));
// With the concatenated key, the same engines fail both policy suites.
static_assert(!kvc::conforms(namespace_isolation_under<recompute_last>,
                             concatenated_recomputing_engine));
static_assert(!kvc::conforms(namespace_isolation_under<vllm>, concatenated_recomputing_block_engine));

// --- Block reuse under the policies: kvc's block form with the cap --------------------------
constexpr auto block_engine_recomputing = [](std::string_view cache_ns, std::string_view request_ns,
                                             std::span<const int> cached,
                                             std::span<const int> prompt, int block) {
  if (block <= 0 || cache_ns != request_ns) return std::size_t{0};
  const std::size_t cap = prompt.empty() ? 0 : prompt.size() - 1;
  std::size_t matched = 0;
  while (matched < cached.size() && matched < prompt.size() && cached[matched] == prompt[matched])
    ++matched;
  const std::size_t reusable = matched < cap ? matched : cap;
  return reusable - reusable % static_cast<std::size_t>(block);
};
static_assert(kvc::verify(kvc::suites::block_prefix_reuse_under<recompute_last>,
                          block_engine_recomputing));
static_assert(!kvc::conforms(kvc::suites::block_prefix_reuse, block_engine_recomputing));
static_assert(!kvc::conforms(kvc::suites::block_prefix_reuse_under<reuse_policy{}>,
                             block_engine_recomputing));

}  // namespace
