// Verifying your own implementation: against kvc's suites, and against a suite of your own.

#include <boost/hana/tuple.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <utility>

// [snippet]
#include <kvc/specs/append_admission.hpp>
#include <kvc/specs/segment_positions.hpp>
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>

// An engine's own admission check, written as the engine needs it...
namespace my_engine {
constexpr auto admit = [](auto capacity, auto used, auto requested) {
  // Mixed types are compared by value (std::cmp_*): a raw -1 < 0u is false.
  if (std::cmp_less(requested, 0) || std::cmp_less(used, 0) || std::cmp_greater(used, capacity))
    return decltype(requested){0};
  const auto free_slots = static_cast<std::uintmax_t>(capacity) - static_cast<std::uintmax_t>(used);
  return std::cmp_less_equal(requested, free_slots) ? requested : decltype(requested){0};
};
}  // namespace my_engine

// ...fails the build the day it drifts from kvc's contract, naming the fixture it got wrong.
static_assert(kvc::verify(kvc::suites::append_admission, my_engine::admit));
static_assert(kvc::verify(kvc::suites::append_admission_extremes, my_engine::admit));

// Your own contracts get suites the same way: a Hana tuple of labelled fixtures.
constexpr auto block_of = [](std::size_t token_index, std::size_t block_size) {
  return token_index / block_size;
};
constexpr auto block_suite = boost::hana::make_tuple(
    kvc::make_fixture(kvc::label<"first block">, kvc::inputs(std::size_t{15}, std::size_t{16}),
                      std::size_t{0}),
    kvc::make_fixture(kvc::label<"block boundary">, kvc::inputs(std::size_t{16}, std::size_t{16}),
                      std::size_t{1}));
static_assert(kvc::verify(block_suite, block_of));

// A suite proves something only if a wrong implementation fails it.
constexpr auto block_of_rounding_up = [](std::size_t token_index, std::size_t block_size) {
  return (token_index + block_size - 1) / block_size;
};
static_assert(!kvc::conforms(block_suite, block_of_rounding_up));
// [snippet]

// Segment-positions implementations take one of two shapes; this is the span shape. The record's
// fixtures mix char and int ids, so the implementation is generic, as engine code often is.
constexpr auto my_positions = [](auto segments, std::span<std::size_t> out) {
  for (std::size_t i = 0; i < segments.size(); ++i)
    out[i] = i > 0 && segments[i] == segments[i - 1] ? out[i - 1] + 1 : 0;
};
static_assert(kvc::verify(kvc::suites::seed_segment_positions<1>, my_positions));

int main() {
  // conforms() is usable at run time too, e.g. in a self-test at start-up.
  const bool ok = kvc::conforms(kvc::suites::append_admission, my_engine::admit) &&
                  kvc::conforms(kvc::suites::append_admission_extremes, my_engine::admit) &&
                  kvc::conforms(block_suite, block_of);
  std::puts(ok ? "my_engine conforms" : "my_engine does not conform");
  return ok ? 0 : 1;
}
