// kvc/verification/expected_under_policy.hpp - the result a reuse policy demands for a fixture,
// from the fixture's written-out exact common prefix.
//
// Deliberately not the contract's implementation (kvc::detail::reused_under): it searches down
// from the exact prefix for the longest length the policy allows, so the two are written
// differently and each checks the other. static_checks/prefix_reuse_under.cpp tests it against
// tables written out by hand for the four standard policies.
#pragma once

#include <cstddef>

#include <kvc/reuse_policy.hpp>

namespace kvc::fixtures {

/// The longest length at most `exact_prefix` that `policy` allows for a request of
/// `requested_length` tokens against a cached sequence of `cached_length` tokens: a whole number
/// of the policy's blocks and of `block` blocks (1: no block argument; 0: nothing), and (when the
/// last token is recomputed) shorter than the request, unless the request, the cached sequence and
/// the prefix end together and the policy keeps the logits there.
[[nodiscard]] constexpr std::size_t expected_under(reuse_policy policy, std::size_t exact_prefix,
                                                   std::size_t requested_length,
                                                   std::size_t cached_length,
                                                   std::size_t block = 1) noexcept {
  if (policy.block_size == 0 || block == 0) return 0;
  const bool whole_kept = policy.keep_logits_at_cache_end && exact_prefix == requested_length &&
                          cached_length == requested_length;
  std::size_t length = exact_prefix;
  const auto allowed = [&](std::size_t n) {
    const bool whole_blocks = n % policy.block_size == 0 && n % block == 0;
    const bool leaves_last_token =
        !policy.recompute_last_token || n < requested_length || (whole_kept && n == exact_prefix);
    return whole_blocks && leaves_last_token;
  };
  while (length > 0 && !allowed(length)) --length;
  return length;
}

/// The same when the cached length does not matter (`keep_logits_at_cache_end` never applies).
[[nodiscard]] constexpr std::size_t expected_under(reuse_policy policy, std::size_t exact_prefix,
                                                   std::size_t requested_length) noexcept {
  return expected_under(policy, exact_prefix, requested_length, static_cast<std::size_t>(-1));
}

}  // namespace kvc::fixtures
