// A multi-token append is admitted whole or not at all.
#include <kvc/append_admission.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>

// [snippet]
#include <kvc/append_admission.hpp>

static_assert(kvc::admitted_append(16, 12, 4) == 4);   // fits exactly: all 4 slots
static_assert(kvc::admitted_append(16, 13, 4) == 0);   // one slot short: none, never 3
static_assert(kvc::admitted_append(16, 0, -1) == 0);   // a negative request admits nothing
static_assert(kvc::admitted_append(8, 9, 0) == 0);     // an inconsistent state admits nothing
// Mixed types are compared by value: no wrap-around, no overflow.
static_assert(kvc::admitted_append(SIZE_MAX, std::size_t{0}, std::int64_t{-1}) == 0);
// [snippet]

int main() {
  std::size_t used = 0;
  const std::size_t capacity = 10;
  for (const int request : {4, 4, 4, 2}) {
    const int admitted = kvc::admitted_append(capacity, used, request);
    used += static_cast<std::size_t>(admitted);
    std::printf("request %d -> admitted %d (used %zu/%zu)\n", request, admitted, used, capacity);
  }
  return used == capacity ? 0 : 1;
}
