// A user's own suite with its own labels: verify names the user's fixture when it fails.
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>

#include <boost/hana/tuple.hpp>

#include <cstddef>

namespace {

// The contract under test: the KV block holding token `index`, with `block_size` tokens a block.
#ifdef KVC_KO
// A wrong implementation: rounds up.
constexpr auto block_of = [](std::size_t index, std::size_t block_size) {
  return (index + block_size - 1) / block_size;
};
#else
constexpr auto block_of = [](std::size_t index, std::size_t block_size) {
  return index / block_size;
};
#endif

constexpr auto block_suite = boost::hana::make_tuple(
    kvc::make_fixture(kvc::label<"first token of a block">, kvc::inputs(std::size_t{16}, std::size_t{16}),
                      std::size_t{1}),
    kvc::make_fixture(kvc::label<"inside a block">, kvc::inputs(std::size_t{17}, std::size_t{16}),
                      std::size_t{1}));

static_assert(kvc::verify(block_suite, block_of));

}  // namespace
