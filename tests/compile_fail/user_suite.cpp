// A user's own suite with its own labels (kvc/verification/fixture.hpp). KVC_KO=1: a wrong
// implementation, and kvc::verify names the user's fixture it fails. KVC_KO=2: an implementation
// whose second parameter no offered form of the suite's inputs fits, and the diagnostic names that
// parameter. (The expected diagnostics are in CMakeLists.txt.)
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>

#include <boost/hana/tuple.hpp>

#include <cstddef>
#include <span>

#ifndef KVC_KO
#define KVC_KO 0  // the _ok build
#endif

namespace {

// The contract under test: the KV block holding token `index`, with `block_size` tokens a block.
#if KVC_KO == 1
// A wrong implementation: rounds up.
constexpr auto block_of = [](std::size_t index, std::size_t block_size) {
  return (index + block_size - 1) / block_size;
};
#elif KVC_KO == 2
// A block size taken as a list of sizes: no form of a std::size_t fits it.
constexpr auto block_of = [](std::size_t index, std::span<const std::size_t> block_sizes) {
  return index / block_sizes.front();
};
#else
constexpr auto block_of = [](std::size_t index, std::size_t block_size) {
  return index / block_size;
};
#endif

constexpr auto block_suite = boost::hana::make_tuple(
    kvc::make_fixture(kvc::label<"first token of a block">,
                      kvc::inputs(std::size_t{16}, std::size_t{16}), std::size_t{1}),
    kvc::make_fixture(kvc::label<"inside a block">, kvc::inputs(std::size_t{17}, std::size_t{16}),
                      std::size_t{1}));

static_assert(kvc::verify(block_suite, block_of));

}  // namespace
