// tests/block_pool_factory.hpp - how the block-pool tests make a test pool and its check options.
#pragma once

#include <cstddef>
#include <cstdint>

#include <kvc/reuse_policy.hpp>
#include <kvc/stateful/check_options.hpp>

namespace block_pool_tests {

/// A factory of `Pool` from the check's geometry, converted to the pool's own parameter types.
template <class Pool>
constexpr auto factory_of = [](std::size_t blocks, std::size_t block_size) {
  if constexpr (requires { Pool{blocks, block_size}; })
    return Pool(blocks, block_size);
  else if constexpr (requires(std::uint32_t b) { Pool{b, b}; })
    return Pool(static_cast<std::uint32_t>(blocks), static_cast<std::uint32_t>(block_size));
  else
    return Pool(static_cast<int>(blocks), static_cast<int>(block_size));
};

template <class Pool>
kvc::check_options options_for(bool exact, std::uint64_t seed = 1) {
  kvc::check_options options{.seed = seed, .exact = exact};
  if constexpr (requires { Pool::recompute_last_token; })
    options.policy = kvc::reuse_policy{1, Pool::recompute_last_token};
  return options;
}

}  // namespace block_pool_tests
