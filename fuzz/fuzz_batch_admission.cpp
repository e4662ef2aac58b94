// fuzz/fuzz_batch_admission.cpp - kvc::admitted_batch against an exact-sum oracle.
//
// Input: kvc_fuzz::batch_case (codec.hpp): capacity and used of types among int8..uint64, and up to
// 64 requests of one such type, each request's value often an extreme of that type (INT64_MAX,
// INT64_MIN, UINT64_MAX - k, ...). The sum of 64 values below 2^64 is below 2^70, so __int128 holds
// it exactly: the oracle cannot overflow where the contract must not.
#include <cstddef>
#include <cstdint>
#include <list>
#include <span>
#include <type_traits>
#include <vector>

#include <kvc/append_admission.hpp>
#include <kvc/batch_admission.hpp>

#include "codec.hpp"

using kvc_fuzz::check;

namespace {

using kvc_fuzz::i128;

// Oracle: a consistent state, no negative request, and the exact total fits in the free slots.
template <class T>
i128 admitted_total(i128 capacity, i128 used, const std::vector<T>& requests) {
  if (used < 0 || used > capacity) return 0;
  i128 total = 0;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (static_cast<i128>(requests[i]) < 0) return 0;
    total += static_cast<i128>(requests[i]);
  }
  return total <= capacity - used ? total : 0;
}

// One type mix of capacity, used and requests (there are 512).
template <class Capacity, class Used, class T>
void check_batch(Capacity capacity, Used used, const std::vector<T>& requests) {
  const auto got = kvc::admitted_batch(capacity, used, requests);
  // The result type is the common type of capacity and requests, which holds any admitted total.
  static_assert(std::is_same_v<decltype(got), const std::common_type_t<Capacity, T>>);
  const i128 expected = admitted_total(capacity, used, requests);
  check(static_cast<i128>(got) == expected);

  // Any range of requests gives the same answer: a span, and a non-contiguous std::list. (Only
  // for int64 requests: all 512 type mixes of it would take minutes to compile.)
  if constexpr (std::is_same_v<T, std::int64_t>) {
    check(kvc::admitted_batch(capacity, used, std::span<const T>(requests)) == got);
    check(kvc::admitted_batch(capacity, used, std::list<T>(requests.begin(), requests.end())) ==
          got);
  }

  // A batch of one is a single append.
  if (requests.size() == 1)
    check(static_cast<i128>(kvc::admitted_append(capacity, used, requests[0])) == expected);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kvc_fuzz::decode_batch(data, size).visit([](auto capacity, auto used, const auto& requests) {
    check_batch(capacity, used, requests);
  });
  return 0;
}
