// fuzz/fuzz_prefix_reuse.cpp - kvc::reusable_prefix_length, 4-argument and block forms, against a
// plain-loop oracle.
//
// Input: kvc_fuzz::prefix_case (codec.hpp). The cached and requested tokens are decoded from bytes
// into possibly different element types, so the oracle compares mathematical values: byte 0xFF is
// -1 as an int32 but 2^64-1 as a uint64, and those tokens must not match. The requested tokens
// start with a copy of a chosen number of cached bytes, so long common prefixes are the norm, and
// "stretch" repeats every token so that they reach the kilobytes where a fast path that compares
// memory in blocks changes strategy. Each call also runs on a std::deque, which is not contiguous
// and so takes the generic element-by-element loop.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <type_traits>
#include <vector>

#include <kvc/prefix_reuse.hpp>

#include "codec.hpp"

using kvc_fuzz::check;

namespace {

using kvc_fuzz::i128;

// Oracle, step 1: namespaces equal byte by byte (what std::string_view == means).
bool same_namespace(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// Oracle, step 2: the common prefix, token values compared exactly.
template <class C, class R>
std::size_t common_prefix(const std::vector<C>& cached, const std::vector<R>& requested) {
  std::size_t n = 0;
  while (n < cached.size() && n < requested.size() &&
         static_cast<i128>(cached[n]) == static_cast<i128>(requested[n]))
    ++n;
  return n;
}

// Oracle, block form: the prefix rounded down to whole blocks; a block size <= 0 reuses nothing.
i128 whole_blocks(std::size_t prefix, i128 block_size) {
  if (block_size <= 0) return 0;
  const auto p = static_cast<i128>(prefix);
  return p - p % block_size;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const kvc_fuzz::prefix_case input = kvc_fuzz::decode_prefix(data, size);
  input.visit([&](const auto& cache_ns, const auto& request_ns, const auto& cached,
                  const auto& requested, auto block_size) {
    const std::size_t expected = same_namespace(input.cache_ns, input.request_ns)
                                     ? common_prefix(cached, requested)
                                     : std::size_t{0};

    const auto got = kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested);
    static_assert(std::is_same_v<decltype(got), const std::size_t>);
    check(got == expected);
    // Reuse is symmetric: swapping both the namespaces and the sequences changes nothing.
    check(kvc::reusable_prefix_length(request_ns, cache_ns, requested, cached) == expected);

    if constexpr (std::is_same_v<decltype(block_size), kvc_fuzz::no_block>) {
      const std::deque cached_deque(cached.begin(), cached.end());
      check(kvc::reusable_prefix_length(cache_ns, request_ns, cached_deque, requested) == expected);
    } else {
      const auto blocks =
          kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested, block_size);
      static_assert(std::is_same_v<decltype(blocks), const std::size_t>);
      check(static_cast<i128>(blocks) == whole_blocks(expected, static_cast<i128>(block_size)));
    }
  });
  return 0;
}
