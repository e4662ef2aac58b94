// Static checks of kvc::admitted_batch's interface: result type, noexcept, constant evaluation,
// and the single-pass range the runtime tests use. Compiled, never run.
#include <kvc/batch_admission.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <ranges>
#include <type_traits>
#include <utility>
#include <vector>

#include "../tests/fixture_types.hpp"

namespace {

using kvc_test::capacity_types;
using kvc_test::request_types;
using kvc_test::single_pass_range;
using kvc_test::type_list;
using kvc_test::used_types;

// The result has the common type of the capacity and the request type, for every argument type
// tests/batch_admission.cpp compares with its oracle (called as agrees_with_oracle does: capacity
// and used as lvalues, the requests as a const lvalue; `auto` drops const and references).
template <class C, class U, class R>
constexpr bool has_common_result_type() {
  using got = decltype(kvc::admitted_batch(std::declval<C&>(), std::declval<U&>(),
                                           std::declval<const R&>()));
  return std::is_same_v<std::decay_t<got>,
                        std::common_type_t<C, std::ranges::range_value_t<const R>>>;
}

// The batches of one: every (capacity, used, request) type mix, requests in a std::array<R, 1>.
template <class C, class U, class... R>
constexpr bool common_result_for_requests(type_list<R...>) {
  return (has_common_result_type<C, U, std::array<R, 1>>() && ...);
}
template <class C, class... U>
constexpr bool common_result_for_used(type_list<U...>) {
  return (common_result_for_requests<C, U>(request_types{}) && ...);
}
template <class... C>
constexpr bool common_result_for_every_mix(type_list<C...>) {
  return (common_result_for_used<C>(used_types{}) && ...);
}
static_assert(common_result_for_every_mix(capacity_types{}));

// The other calls the runtime tests compare with the oracle.
static_assert(has_common_result_type<long long, long long, std::vector<int>>());
static_assert(has_common_result_type<std::uint64_t, int, std::array<std::int64_t, 2>>());
static_assert(has_common_result_type<std::uint64_t, int, std::array<std::int64_t, 3>>());
static_assert(has_common_result_type<std::int64_t, int, std::array<std::int64_t, 3>>());
static_assert(has_common_result_type<std::uint64_t, int, std::array<std::uint64_t, 2>>());
static_assert(has_common_result_type<std::int64_t, std::int64_t, std::array<std::int64_t, 2>>());
static_assert(has_common_result_type<std::uint64_t, int, std::vector<std::int64_t>>());
static_assert(has_common_result_type<decltype(INT64_MAX), int, std::vector<int>>());

// tests/fixture_types.hpp's single-pass range is input-only and unsized.
static_assert(std::ranges::input_range<const single_pass_range>);
static_assert(!std::ranges::forward_range<const single_pass_range>);
static_assert(!std::ranges::sized_range<const single_pass_range>);

// Arguments of the result-type checks below. A std::vector cannot be constexpr, and these two
// appear only in unevaluated operands: declared, never defined.
[[maybe_unused]] extern const std::vector<std::int8_t> small;
[[maybe_unused]] extern const std::vector<std::uint64_t> big;
constexpr std::array<int, 2> ints{1, 2};

static_assert(std::is_same_v<decltype(kvc::admitted_batch(10, 0, ints)), int>);
static_assert(std::is_same_v<decltype(kvc::admitted_batch(10, std::uint64_t{0}, ints)), int>);
static_assert(
    std::is_same_v<decltype(kvc::admitted_batch(std::uint64_t{10}, 0, ints)), std::uint64_t>);
static_assert(std::is_same_v<decltype(kvc::admitted_batch(std::int64_t{10}, 0, big)),
                             std::common_type_t<std::int64_t, std::uint64_t>>);
static_assert(std::is_same_v<decltype(kvc::admitted_batch(std::int8_t{10}, 0, small)),
                             std::common_type_t<std::int8_t, std::int8_t>>);
static_assert(std::is_same_v<decltype(kvc::admitted_batch(std::uint8_t{10}, 0, small)),
                             std::common_type_t<std::uint8_t, std::int8_t>>);
static_assert(noexcept(kvc::admitted_batch(10, 0, ints)));
static_assert(kvc::admitted_batch(10, 5, std::array{3, 3}) == 0);
static_assert(kvc::admitted_batch(10, 4, std::array{3, 3}) == 6);
static_assert(kvc::admitted_batch(UINT64_MAX, 0, std::array{INT64_MAX, INT64_MAX}) ==
              UINT64_MAX - 1);

}  // namespace
