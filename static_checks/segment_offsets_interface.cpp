// Static checks of the interface of kvc::segment_offsets, kvc::segment_run_count and
// kvc::max_segment_length: result types, noexcept and constant evaluation. Compiled, never run.
#include <kvc/segment_offsets.hpp>

#include <array>
#include <climits>
#include <cstddef>
#include <type_traits>

namespace {

static_assert(kvc::segment_offsets(std::array{1, 1, 2, 1}) ==
              std::array<std::size_t, 4>{0, 2, 3, 4});
static_assert(noexcept(kvc::segment_offsets(std::array{1})));
static_assert(std::is_same_v<decltype(kvc::segment_offsets(std::array{1, 2, 3})),
                             kvc::bounded_list<std::size_t, 4>>);
static_assert(kvc::segment_run_count(std::array{1, 1, 2, 1}) == 3);
static_assert(kvc::max_segment_length(std::array{1, 1, 2, 1}) == 2);

// Empty input: a list with room for the total only.
constexpr auto offsets = kvc::segment_offsets(std::array<int, 0>{});
static_assert(std::is_same_v<decltype(offsets), const kvc::bounded_list<std::size_t, 1>>);

// The run count and the longest run are sizes, whatever the id type.
constexpr std::array<unsigned, 3> wrapped{UINT_MAX, UINT_MAX, 0};
static_assert(std::is_same_v<decltype(kvc::segment_run_count(wrapped)), std::size_t>);
static_assert(std::is_same_v<decltype(kvc::max_segment_length(wrapped)), std::size_t>);
static_assert(noexcept(kvc::max_segment_length(wrapped)));

}  // namespace
