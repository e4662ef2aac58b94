// Static checks of kvc::segment_positions's array form: constant evaluation, noexcept and the
// result type for an empty input. Compiled, never run.
#include <kvc/segment_positions.hpp>

#include <array>
#include <cstddef>
#include <type_traits>

namespace {

static_assert(kvc::segment_positions(std::array{1, 1, 2, 1}) ==
              std::array<std::size_t, 4>{0, 1, 0, 0});
static_assert(noexcept(kvc::segment_positions(std::array{1})));

// Empty input: an empty array.
constexpr auto positions = kvc::segment_positions(std::array<int, 0>{});
static_assert(std::is_same_v<decltype(positions), const std::array<std::size_t, 0>>);

}  // namespace
