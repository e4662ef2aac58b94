// fuzz/fuzz_request_admission.cpp - kvc::admitted_requests against an exact running-sum oracle.
//
// Input: kvc_fuzz::decode_requests (codec.hpp): capacity and used of types among int8..uint64, and
// a queue of up to 4096 requests of one such type (64 entries, each repeated up to 64 times), each
// value often an extreme of its type. The running sum only ever holds admitted requests, so it
// stays at most the capacity; __int128 holds every value and every difference exactly, so the
// oracle cannot overflow where the contract must not.
#include <cstddef>
#include <cstdint>
#include <list>
#include <span>
#include <type_traits>
#include <vector>

#include <kvc/batch_admission.hpp>
#include <kvc/request_admission.hpp>

#include "codec.hpp"

using kvc_fuzz::check;

namespace {

using kvc_fuzz::i128;

// Oracle: in a consistent state, count requests front to back while each is non-negative and fits
// in what is left; stop at the first that is not.
template <class T>
std::size_t admitted_count(i128 capacity, i128 used, const std::vector<T>& requests) {
  if (used < 0 || used > capacity) return 0;
  i128 left = capacity - used;
  std::size_t count = 0;
  while (count < requests.size()) {
    const i128 request = static_cast<i128>(requests[count]);
    if (request < 0 || request > left) break;
    left -= request;
    ++count;
  }
  return count;
}

// One type mix of capacity, used and requests (there are 512).
template <class Capacity, class Used, class T>
void check_requests(Capacity capacity, Used used, const std::vector<T>& requests) {
  const auto got = kvc::admitted_requests(capacity, used, requests);
  static_assert(std::is_same_v<decltype(got), const std::size_t>);
  check(got == admitted_count(capacity, used, requests));

  // The admitted prefix is a batch admitted whole (kvc::admitted_batch: its exact sum), and with
  // the next request it is refused.
  const std::span<const T> queue(requests);
  i128 prefix_sum = 0;
  for (std::size_t i = 0; i < got && i < requests.size(); ++i)
    prefix_sum += static_cast<i128>(requests[i]);
  check(static_cast<i128>(kvc::admitted_batch(capacity, used, queue.first(got))) == prefix_sum);
  if (got < requests.size()) check(kvc::admitted_batch(capacity, used, queue.first(got + 1)) == 0);

  // Any range gives the same answer (only for int64 requests: all 512 type mixes of it would take
  // minutes to compile).
  if constexpr (std::is_same_v<T, std::int64_t>) {
    check(kvc::admitted_requests(capacity, used, queue) == got);
    check(kvc::admitted_requests(capacity, used, std::list<T>(requests.begin(), requests.end())) ==
          got);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  kvc_fuzz::decode_requests(data, size).visit([](auto capacity, auto used, const auto& requests) {
    check_requests(capacity, used, requests);
  });
  return 0;
}
