// A scheduler step admits waiting requests in order, each whole, up to the first that does not fit.
#include <kvc/request_admission.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <deque>

// [snippet]
#include <kvc/request_admission.hpp>

// 10 slots, 4 taken: requests of 2 and 3 slots are admitted; 4 does not fit, so admission stops.
static_assert(kvc::admitted_requests(10, 4, std::array{2, 3, 4}) == 2);
// In order: the 1-slot request behind the 5-slot one waits, although it would fit.
static_assert(kvc::admitted_requests(10, 4, std::array{2, 5, 1}) == 1);
// A zero-size request is admitted and admission goes on; a negative one stops it.
static_assert(kvc::admitted_requests(10, 10, std::array{0, 0}) == 2);
static_assert(kvc::admitted_requests(10, 0, std::array{2, -1, 3}) == 1);
// The running sum is exact: 2 * INT64_MAX fits in UINT64_MAX, a third would wrap in 64 bits.
static_assert(kvc::admitted_requests(UINT64_MAX, 0, std::array{INT64_MAX, INT64_MAX, INT64_MAX}) ==
              2);
// [snippet]

int main() {
  // A waiting queue drained step by step; between steps the running requests finish and free their
  // slots. The 6-slot request waits for step 1 although the 1-slot request behind it would fit.
  std::deque<int> waiting{3, 4, 2, 6, 1};
  const std::size_t capacity = 12;
  std::size_t admitted_per_step[2] = {};
  for (std::size_t& admitted : admitted_per_step) {
    std::size_t used = 0;
    admitted = kvc::admitted_requests(capacity, used, waiting);
    for (std::size_t i = 0; i < admitted; ++i) {
      used += static_cast<std::size_t>(waiting.front());
      waiting.pop_front();
    }
    std::printf("admitted %zu (used %zu/%zu, %zu waiting)\n", admitted, used, capacity,
                waiting.size());
  }
  return admitted_per_step[0] == 3 && admitted_per_step[1] == 2 && waiting.empty() ? 0 : 1;
}
