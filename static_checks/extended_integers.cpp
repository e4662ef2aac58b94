// Static checks that kvc refuses extended integer types wider than std::uintmax_t (__int128 and
// unsigned __int128) as counts, instead of truncating them through std::uintmax_t: a capacity of
// 2^64 + 5 read as 5 would refuse 10 slots. Compiled, never run, with GNU extensions
// (-std=gnu++20, the kvc_extended_integer_checks target), where libstdc++ makes __int128 integral;
// libc++ does so in every mode.
#include <kvc/kvc.hpp>

#include <array>
#include <concepts>
#include <span>

namespace {

__extension__ typedef __int128 int128;
__extension__ typedef unsigned __int128 uint128;

#if defined(__STRICT_ANSI__)
#error "extended_integers.cpp checks the GNU dialect: build it with -std=gnu++20"
#endif

static_assert(std::integral<int128> && std::integral<uint128>, "GNU mode: the types are integral");
static_assert(!kvc::integer<int128> && !kvc::integer<uint128>);
static_assert(!kvc::integer<const int128> && !kvc::integer<volatile uint128>);
static_assert(kvc::integer<long long> && kvc::integer<unsigned long long>);

// admitted_append: in any argument.
static_assert(!std::invocable<decltype(kvc::admitted_append), int128, int, int>);
static_assert(!std::invocable<decltype(kvc::admitted_append), uint128, int, int>);
static_assert(!std::invocable<decltype(kvc::admitted_append), int, int128, int>);
static_assert(!std::invocable<decltype(kvc::admitted_append), int, int, uint128>);
static_assert(std::invocable<decltype(kvc::admitted_append), long long, int, int>);

// admitted_batch and admitted_requests: capacity, used and requests.
using requests = std::array<int, 2>;
static_assert(!std::invocable<decltype(kvc::admitted_batch), int128, int, requests>);
static_assert(!std::invocable<decltype(kvc::admitted_batch), uint128, int, requests>);
static_assert(!std::invocable<decltype(kvc::admitted_batch), int, uint128, requests>);
static_assert(!std::invocable<decltype(kvc::admitted_batch), int, int, std::array<int128, 2>>);
static_assert(!std::invocable<decltype(kvc::admitted_batch), int, int, std::span<const uint128>>);
static_assert(!std::invocable<decltype(kvc::admitted_requests), uint128, int, requests>);
static_assert(!std::invocable<decltype(kvc::admitted_requests), int, int, std::array<int128, 2>>);

// Slot budgets: capacity, reservations and releases.
static_assert(!std::constructible_from<kvc::slot_budget, int128>);
static_assert(!std::constructible_from<kvc::slot_budget, uint128>);
static_assert(!std::constructible_from<kvc::concurrent_slot_budget, int128>);
static_assert(!std::constructible_from<kvc::concurrent_slot_budget, uint128>);
template <class N>
concept reservable = requires(kvc::slot_budget budget, N n) { budget.try_reserve(n); };
template <class N>
concept releasable = requires(kvc::slot_budget budget, N n) { budget.release(n); };
static_assert(!reservable<uint128> && !releasable<int128> && reservable<int> && releasable<int>);

// Block sizes and position outputs.
static_assert(!std::invocable<decltype(kvc::reusable_prefix_length), int, int, requests, requests,
                              int128>);
static_assert(!std::invocable<decltype(kvc::segment_positions), std::span<const int>,
                              std::span<uint128>>);

// As tokens and ids they are still compared exactly, by value.
constexpr int128 two_to_64_plus_5 = (int128{1} << 64) + 5;
static_assert(kvc::reusable_prefix_length(0, 0, std::array{two_to_64_plus_5}, std::array{5}) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{int128{-1}}, std::array{-1L}) == 1);
static_assert(kvc::reusable_prefix_length(0, 0, std::array{~uint128{0}}, std::array{-1}) == 0);

}  // namespace
