// A fixture id that does not fit the implementation's id type stops kvc::verify, naming
// kvc::detail::fixture_value_does_not_fit_the_implementations_type, instead of being narrowed: 2^32 + 1
// as an int would read as 1, and the two ids of this fixture would look like one run.
#include <kvc/conformance.hpp>
#include <kvc/segment_positions.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace {

#ifdef KVC_KO
using id = int;  // an engine written for int ids
#else
using id = std::int64_t;
#endif

constexpr auto positions = [](std::span<const id> ids, std::span<std::size_t> out) {
  return kvc::segment_positions(ids, out);
};

constexpr auto suite = boost::hana::make_tuple(kvc::make_positions_fixture(
    kvc::label<"id past 32 bits">,
    std::array<std::int64_t, 2>{(std::int64_t{1} << 32) + 1, 1}, {0, 0}));

static_assert(kvc::verify(suite, positions));

}  // namespace
