// Static checks of kvc::reusable_prefix_length (FA-98601). Compiled, never run: the build fails if
// the contract regresses.
#include <kvc/prefix_reuse.hpp>
#include <kvc/suites/prefix_reuse.hpp>
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>

#include <array>
#include <climits>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace {

using kvc::inputs;
using kvc::label;
using kvc::make_fixture;
using std::size_t;

// --- The record's fixtures, for N = 0..8 and large N ---------------------------------------------

template <size_t... N>
constexpr bool seed_family_holds = (kvc::verify(kvc::suites::seed_prefix_reuse<N>,
                                                kvc::reusable_prefix_length) &&
                                    ...);
static_assert(seed_family_holds<0, 1, 2, 3, 4, 5, 6, 7, 8>);
static_assert(seed_family_holds<64, 1000>);

// --- Edge cases of the API, as a heterogeneous table ---------------------------------------------

struct model_adapter {
  std::string_view model;
  std::uint64_t adapter = 0;
  friend constexpr bool operator==(const model_adapter&, const model_adapter&) = default;
};

constexpr auto api_edges = boost::hana::make_tuple(
    make_fixture(label<"int namespaces equal">,
                 inputs(7, 7L, std::array{1, 2, 3}, std::array{1, 2, 4}), size_t{2}),
    make_fixture(label<"int namespaces differ">,
                 inputs(7, 8, std::array{1, 2, 3}, std::array{1, 2, 3}), size_t{0}),
    make_fixture(label<"struct namespaces equal">,
                 inputs(model_adapter{"llama", 3}, model_adapter{"llama", 3}, std::array{5, 6},
                        std::array{5, 6}),
                 size_t{2}),
    make_fixture(label<"struct namespaces differ in adapter">,
                 inputs(model_adapter{"llama", 3}, model_adapter{"llama", 4}, std::array{5, 6},
                        std::array{5, 6}),
                 size_t{0}),
    make_fixture(label<"mixed token types">,
                 inputs(0, 0, std::array<std::int16_t, 3>{1, 2, 3}, std::array<std::uint64_t, 2>{1, 2}),
                 size_t{2}),
    make_fixture(label<"minus one is not UINT_MAX">,
                 inputs(0, 0, std::array{-1, 5}, std::array{UINT_MAX, 5U}), size_t{0}),
    make_fixture(label<"string view tokens">,
                 inputs(0, 0, std::array<std::string_view, 3>{"the", "cat", "sat"},
                        std::array<std::string_view, 3>{"the", "cat", "ran"}),
                 size_t{2}),
    make_fixture(label<"string view namespace against literal">,
                 inputs(std::string_view{"m"}, "m", std::array{'a'}, std::array{'a'}), size_t{1}),
    make_fixture(label<"int64 extreme tokens">,
                 inputs(0, 0, std::array{INT64_MIN, INT64_MAX}, std::array{INT64_MIN, INT64_MIN}),
                 size_t{1}));
static_assert(kvc::verify(api_edges, kvc::reusable_prefix_length));

// A user suite's string literals are kept as their text: equal text in two literals is one
// namespace on every compiler (as const char*, clang cannot compare two literals' addresses in a
// constant expression, and equal text in two buffers would reuse nothing).
constexpr auto literal_namespaces = boost::hana::make_tuple(
    make_fixture(label<"literal namespaces equal">,
                 inputs("m", "m", std::array{1, 2}, std::array{1, 3}), size_t{1}),
    make_fixture(label<"literal namespaces differ">,
                 inputs("m", "n", std::array{1, 2}, std::array{1, 2}), size_t{0}));
static_assert(kvc::verify(literal_namespaces, kvc::reusable_prefix_length));
static_assert(std::same_as<std::remove_cvref_t<decltype(boost::hana::at_c<0>(inputs("m")))>,
                           std::string_view>);

// C arrays and spans are token sequences too.
constexpr int cached_c[] = {1, 2, 3, 4};
constexpr long requested_c[] = {1, 2, 3, 5, 6};
static_assert(kvc::reusable_prefix_length(1, 1, cached_c, requested_c) == 3);
static_assert(kvc::reusable_prefix_length(1, 2, cached_c, requested_c) == 0);
static_assert(kvc::reusable_prefix_length(1, 1, std::span{cached_c}, std::span{requested_c}) == 3);
static_assert(kvc::reusable_prefix_length(1, 1, std::span{cached_c}.first(2), requested_c) == 2);
static_assert(kvc::reusable_prefix_length(std::string_view{"m"}, std::string_view{"m"},
                                          std::string_view{"abcd"}, std::string_view{"abxd"}) == 2);

// --- The interface ---------------------------------------------------------------------------------

using prefix_fn = decltype(kvc::reusable_prefix_length);
using tokens = std::array<int, 2>;
static_assert(std::same_as<std::invoke_result_t<prefix_fn, int, int, tokens, tokens>, size_t>);
static_assert(std::is_nothrow_invocable_v<prefix_fn, int, int, tokens, tokens>);
// A function object: copyable, passable as a value, usable in constant expressions.
static_assert(std::is_empty_v<prefix_fn> && std::is_trivially_copyable_v<prefix_fn>);

// Readable rejections: namespaces or tokens that cannot be compared, and non-sequences.
struct opaque {};
static_assert(!std::invocable<prefix_fn, opaque, opaque, tokens, tokens>);
static_assert(!std::invocable<prefix_fn, int, std::string_view, tokens, tokens>);
static_assert(!std::invocable<prefix_fn, int, int, std::array<opaque, 1>, std::array<opaque, 1>>);
static_assert(!std::invocable<prefix_fn, int, int, std::array<int, 1>, std::array<opaque, 1>>);
static_assert(!std::invocable<prefix_fn, int, int, int, int>);
static_assert(!kvc::comparable_sequences<std::array<opaque, 1>, std::array<opaque, 1>>);

}  // namespace

// --- What the record's own fixtures miss -----------------------------------------------------------
// (descriptors/ proves every mutant rejected by the whole suite; these are rejected only by the
// fixtures kvc adds.)
#include <kvc/contracts/prefix_reuse.hpp>

namespace {

namespace bad = kvc::mutants::prefix_reuse;
using kvc::suites::seed_prefix_reuse;

static_assert(kvc::conforms(seed_prefix_reuse<1>, bad::counts_equal_positions));
static_assert(kvc::conforms(seed_prefix_reuse<1>, bad::namespace_prefix_match));
static_assert(kvc::conforms(seed_prefix_reuse<1>, bad::empty_namespace_is_wildcard));
static_assert(kvc::conforms(seed_prefix_reuse<1>, bad::capped_window));

}  // namespace

// --- Block-granular reuse ----------------------------------------------------------------------------

namespace {

// Any integer type for the block size, and its extremes.
constexpr std::array<int, 40> forty{};
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, std::uint8_t{16}) == 32);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, std::int64_t{-16}) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, UINT64_MAX) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, INT64_MIN) == 0);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, std::size_t{40}) == 40);
static_assert(kvc::reusable_prefix_length(0, 0, forty, forty, 41) == 0);
static_assert(!std::invocable<prefix_fn, int, int, tokens, tokens, double>);
static_assert(!std::invocable<prefix_fn, int, int, tokens, tokens, bool>);

}  // namespace
