// Static checks of optional forms (kvc/verification/optional_form.hpp) on a suite of their own,
// apart from any contract: an implementation that does not take a fixture's optional form skips the
// fixture, one that takes it is judged on it, and a suite still refuses an implementation that takes
// none of its fixtures or not every required one. Compiled, never run.
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>

#include <array>
#include <cstddef>
#include <type_traits>

#include <boost/hana/at.hpp>
#include <boost/hana/tuple.hpp>

namespace {

/// Fixtures of a block count: `impl(tokens)` (blocks of 16), and, as an optional form,
/// `impl(tokens, block_size)`.
template <class Label, class Inputs, class Expected>
constexpr auto sized(Label label, Inputs in, Expected expected) {
  return kvc::fixture<Label, kvc::optional_form<kvc::direct_call, "the sized form">, Inputs,
                      Expected>{label, in, expected};
}
constexpr auto suite = boost::hana::make_tuple(
    kvc::make_fixture(kvc::label<"one block">, kvc::inputs(16), 1),
    kvc::make_fixture(kvc::label<"a partial block">, kvc::inputs(17), 2),
    sized(kvc::label<"blocks of 4">, kvc::inputs(9, 4), 3));
using suite_type = decltype(suite);
using sized_fixture = std::remove_cvref_t<decltype(boost::hana::at_c<2>(suite))>;

constexpr auto blocks = [](int tokens) { return (tokens + 15) / 16; };
constexpr auto sized_blocks = [](int tokens, int block) { return (tokens + block - 1) / block; };
struct both_forms {
  constexpr int operator()(int tokens) const { return blocks(tokens); }
  constexpr int operator()(int tokens, int block) const { return sized_blocks(tokens, block); }
};
struct wrong_sized_form {
  constexpr int operator()(int tokens) const { return blocks(tokens); }
  constexpr int operator()(int tokens, int) const { return blocks(tokens); }  // ignores the size
};

// The required form alone: the optional fixture is skipped, not failed.
static_assert(kvc::detail::skips<sized_fixture, decltype(blocks)>);
static_assert(kvc::verify(suite, blocks));
static_assert(kvc::outcomes(suite, blocks) == std::array{true, true, true});
// Both forms: judged on both.
static_assert(!kvc::detail::skips<sized_fixture, both_forms>);
static_assert(kvc::verify(suite, both_forms{}));
static_assert(kvc::outcomes(suite, wrong_sized_form{}) == std::array{true, true, false});
static_assert(!kvc::conforms(suite, wrong_sized_form{}));
// The optional form alone does not do: the required fixtures are not optional.
static_assert(!kvc::detail::suite_can_call<decltype(sized_blocks), suite_type>);
static_assert(kvc::detail::suite_can_call<decltype(blocks), suite_type>);
// A suite of optional fixtures only still needs one fixture that the implementation takes.
constexpr auto optional_only = boost::hana::make_tuple(sized(kvc::label<"blocks of 4">, kvc::inputs(9, 4), 3));
static_assert(!kvc::detail::suite_can_call<decltype(blocks), decltype(optional_only)>);
static_assert(kvc::verify(optional_only, sized_blocks));

}  // namespace
