// kvc/model/token_sequence.hpp - the token sequences kvc's reference models take.
#pragma once

#include "../concepts.hpp"
#include "../detail/ranges.hpp"

namespace kvc::model {

/// A token sequence the model takes: any sized range of integers (`std::span<const std::int32_t>`,
/// `std::vector<std::int32_t>`, `std::array<int, N>`, ...). A template rather than a
/// `std::span` parameter, so that `<kvc/kvc.hpp>` need not include `<span>` (about 70,000 lines
/// with libc++ 19 in C++20 mode).
template <class Tokens>
concept token_sequence = id_sequence<Tokens> && integer<std::ranges::range_value_t<const Tokens>>;

}  // namespace kvc::model
