// Static checks of how kvc decides that two ids are equal (kvc::detail::equal_ids, the one place):
// volatile tokens off the fast path. Compiled, never run.
#include <kvc/prefix_reuse.hpp>
#include <kvc/segment_positions.hpp>

#include <concepts>
#include <cstddef>
#include <array>
#include <span>

namespace {

namespace volatile_tokens {

// Volatile tokens are accepted by the concepts (a span<volatile int> is a sized range of ints) and
// take the loop, not the byte-comparing fast path, whose reads cannot honour volatile.
using volatile_span = std::span<volatile int>;
static_assert(kvc::comparable_sequences<volatile_span, volatile_span>);
static_assert(!kvc::detail::fast_prefix_sequences<volatile_span, volatile_span>);
static_assert(!kvc::detail::fast_prefix_sequences<std::span<const int>, std::span<const volatile int>>);
static_assert(!kvc::detail::fast_prefix_sequences<std::array<volatile int, 2>, std::array<int, 2>>);
static_assert(kvc::detail::fast_prefix_sequences<std::span<const int>, std::array<int, 2>>);
static_assert(std::invocable<decltype(kvc::reusable_prefix_length), int, int, volatile_span,
                             volatile_span>);
static_assert(std::invocable<decltype(kvc::reusable_prefix_length), int, int, volatile_span,
                             std::span<const unsigned>, int>);
static_assert(std::invocable<decltype(kvc::segment_positions), volatile_span,
                             std::span<volatile std::size_t>>);

}  // namespace volatile_tokens

}  // namespace
