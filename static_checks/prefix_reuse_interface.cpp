// Static checks of kvc::reusable_prefix_length's interface: result type, noexcept and constant
// evaluation of the 4-argument and the block (5-argument) forms. Compiled, never run.
#include <kvc/prefix_reuse.hpp>

#include <array>
#include <cstddef>
#include <type_traits>

namespace {

namespace four_arguments {

constexpr std::array<int, 2> a{1, 2};
static_assert(std::is_same_v<decltype(kvc::reusable_prefix_length(0, 0, a, a)), std::size_t>);
static_assert(noexcept(kvc::reusable_prefix_length(0, 0, a, a)));
static_assert(kvc::reusable_prefix_length(1, 1, std::array{1, 2, 3}, std::array{1, 2, 4}) == 2);

}  // namespace four_arguments

namespace block_form {

constexpr std::array<int, 3> a{1, 2, 3};
static_assert(std::is_same_v<decltype(kvc::reusable_prefix_length(0, 0, a, a, 2)), std::size_t>);
static_assert(noexcept(kvc::reusable_prefix_length(0, 0, a, a, 2)));
static_assert(kvc::reusable_prefix_length(1, 1, std::array{1, 2, 3, 4, 5},
                                          std::array{1, 2, 3, 4, 6}, 2) == 4);
static_assert(kvc::reusable_prefix_length(1, 1, std::array{1, 2, 3}, std::array{1, 2, 3}, 3) == 3);
static_assert(kvc::reusable_prefix_length(1, 1, std::array{1, 2, 3}, std::array{1, 2, 3}, 4) == 0);
static_assert(kvc::reusable_prefix_length(1, 2, std::array{1, 2, 3}, std::array{1, 2, 3}, 1) == 0);

}  // namespace block_form

}  // namespace
