// Static checks of engine profiles: an engine-shaped implementation passes the suite restricted to
// its profile (kvc::restrict_to) and fails the suite as it is, for the convention it does not
// share; a profile does not hide a real bug; the policy rule of llama.cpp's session files; the
// block form's one rule for block sizes that do not divide the policy's. Compiled, never run.
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/checks.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/append_admission.hpp>
#include <kvc/specs/cache_namespace.hpp>
#include <kvc/specs/prefix_reuse.hpp>

#include <cstddef>

#include "engine_shaped.hpp"

namespace {

namespace engines = kvc_test::engines;
namespace suites = kvc::suites;

constexpr kvc::reuse_policy llama_server_policy{.block_size = 1, .recompute_last_token = true};
constexpr kvc::reuse_policy llama_session_policy{
    .block_size = 1, .recompute_last_token = true, .keep_logits_at_cache_end = true};
constexpr kvc::reuse_policy vllm_policy{.block_size = 16, .recompute_last_token = true};

// llama.cpp's server has no cache salt and no adapter revision: it fails the salt fixtures of the
// suite as it is, and passes the suite restricted to its profile.
static_assert(!kvc::conforms(suites::namespace_isolation_under<llama_server_policy>,
                             engines::llama_server_lookup));
static_assert(kvc::verify(kvc::restrict_to<kvc::profiles::llama_cpp_server>(
                              suites::namespace_isolation_under<llama_server_policy>),
                          engines::llama_server_lookup));

// vLLM keys on the model, the LoRA name and the salt: under its profile a lookup that keeps them
// apart passes, and current vLLM's joined extra keys (LoRA "X" == salt "X") still fail.
static_assert(!kvc::conforms(suites::namespace_isolation_under<vllm_policy>,
                             engines::vllm_lookup<false>{}));
static_assert(kvc::verify(kvc::restrict_to<kvc::profiles::vllm>(
                              suites::namespace_isolation_under<vllm_policy>),
                          engines::vllm_lookup<false>{}));
static_assert(!kvc::conforms(kvc::restrict_to<kvc::profiles::vllm>(
                                 suites::namespace_isolation_under<vllm_policy>),
                             engines::vllm_lookup<true>{}));

// llama.cpp's session files (PR #1609): a prompt equal to the session is reused whole. No
// policy without keep_logits_at_cache_end states it; the one with it does.
static_assert(kvc::verify(suites::prefix_reuse_under<llama_session_policy>,
                          engines::llama_session_reuse));
static_assert(!kvc::conforms(suites::prefix_reuse_under<llama_server_policy>,
                             engines::llama_session_reuse));
static_assert(kvc::detail::reused_under(llama_session_policy, 16, 16, 16) == 16);
static_assert(kvc::detail::reused_under(llama_session_policy, 16, 16, 20) == 15);
static_assert(kvc::detail::reused_under(llama_session_policy, 12, 16, 16) == 12);
static_assert(kvc::detail::reused_under(llama_server_policy, 16, 16, 16) == 15);

// Reuse as a bound: an engine that reuses less than the contract (whole blocks of 32 where the
// policy allows 16) passes the suite restricted to kvc::profiles::conservative_reuse, and fails
// the suite as it is; one that reuses one token more fails both.
constexpr auto conservative = [](const auto& a, const auto& b, const auto& cached,
                                 const auto& requested) -> std::size_t {
  return kvc::reusable_prefix_length(a, b, cached, requested, kvc::reuse_policy{32, true});
};
constexpr auto greedy = [](const auto& a, const auto& b, const auto& cached,
                           const auto& requested) -> std::size_t {
  const std::size_t n = kvc::reusable_prefix_length(a, b, cached, requested, vllm_policy);
  return n == 0 ? 0 : n + 1;
};
static_assert(!kvc::conforms(suites::prefix_reuse_under<vllm_policy>, conservative));
static_assert(kvc::verify(kvc::restrict_to<kvc::profiles::conservative_reuse>(
                              suites::prefix_reuse_under<vllm_policy>),
                          conservative));
static_assert(!kvc::conforms(kvc::restrict_to<kvc::profiles::conservative_reuse>(
                                 suites::prefix_reuse_under<vllm_policy>),
                             greedy));

// A scheduler whose state cannot be inconsistent: passes once those fixtures are out of its domain.
static_assert(!kvc::conforms(suites::append_admission, engines::consistent_state_admission));
static_assert(kvc::verify(kvc::restrict_to<kvc::profiles::consistent_scheduler>(
                              suites::append_admission),
                          engines::consistent_state_admission));

// The block form under a policy: one rule, whole blocks of the argument and of the policy at once,
// for block sizes that do not divide each other. The suite's expected values and the contract agree.
constexpr kvc::reuse_policy blocks_of_3_recompute{.block_size = 3, .recompute_last_token = true};
constexpr kvc::reuse_policy blocks_of_7{.block_size = 7};
static_assert(kvc::verify(suites::block_prefix_reuse_under<blocks_of_3_recompute>,
                          kvc::verification::block_reuse_under<blocks_of_3_recompute>));
static_assert(kvc::verify(suites::block_prefix_reuse_under<blocks_of_7>,
                          kvc::verification::block_reuse_under<blocks_of_7>));
static_assert(kvc::verify(suites::prefix_reuse_under<blocks_of_3_recompute>,
                          kvc::verification::reusable_prefix_length_under<blocks_of_3_recompute>));
// Whole blocks of 4 and of 3: 12 of a prefix of 13 (a rounding to 4 first, then to 3, gives 9).
static_assert(kvc::detail::reused_under_blocks({.block_size = 3}, 4, 13, 20, 20) == 12);
static_assert(kvc::detail::reused_under_blocks({.block_size = 3}, 4, 11, 20, 20) == 0);
static_assert(kvc::detail::reused_under_blocks({.block_size = 6, .recompute_last_token = true}, 4,
                                                24, 24, 24) == 12);
static_assert(kvc::specs::expected_under({.block_size = 3}, 13, 20, 20, 4) == 12);
static_assert(kvc::detail::reused_under_blocks({.block_size = 0}, 4, 13, 20, 20) == 0);
static_assert(kvc::detail::reused_under_blocks({.block_size = 2}, 0, 13, 20, 20) == 0);
// A least common multiple past SIZE_MAX reuses nothing, and does not wrap.
static_assert(kvc::detail::reused_under_blocks({.block_size = std::size_t{1} << 63}, 3, 13, 20, 20) ==
              0);

}  // namespace
