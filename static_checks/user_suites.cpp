// Static checks of users' own suites (kvc/verification/fixture.hpp): a Hana tuple of labelled
// fixtures checked as kvc's suites are (kvc::verify, kvc::conforms, kvc::outcomes, kvc::passes,
// kvc::observe), its inputs offered in kvc's forms, and kvc's fixtures viewed beside a user's own
// (kvc::fixtures_of, kvc::join_fixtures). Compiled, never run.
#include <kvc/verification/checks.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/join_fixtures.hpp>

#include <kvc/cache_namespace_view.hpp>
#include <kvc/prefix_reuse.hpp>
#include <kvc/spec/engine_profile.hpp>
#include <kvc/spec/sequence.hpp>
#include <kvc/specs/append_admission.hpp>
#include <kvc/specs/cache_namespace.hpp>
#include <kvc/specs/prefix_reuse.hpp>

#include <boost/hana/at.hpp>
#include <boost/hana/equal.hpp>
#include <boost/hana/length.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/tuple.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>

namespace {

namespace hana = boost::hana;

// --- The README's example (examples/custom_suite.cpp) ----------------------------------------

namespace custom_suite {

// An engine's own admission check, written as the engine needs it...
constexpr auto admit = [](auto capacity, auto used, auto requested) {
  // Mixed types are compared by value (std::cmp_*): a raw -1 < 0u is false.
  if (std::cmp_less(requested, 0) || std::cmp_less(used, 0) || std::cmp_greater(used, capacity))
    return decltype(requested){0};
  const auto free_slots = static_cast<std::uintmax_t>(capacity) - static_cast<std::uintmax_t>(used);
  return std::cmp_less_equal(requested, free_slots) ? requested : decltype(requested){0};
};
// ...passes kvc's suites.
static_assert(kvc::verify(kvc::suites::append_admission, admit));
static_assert(kvc::verify(kvc::suites::append_admission_extremes, admit));

// An engine's own contract, with a suite of its own.
constexpr auto block_of = [](std::size_t token_index, std::size_t block_size) {
  return token_index / block_size;
};
constexpr auto block_suite = hana::make_tuple(
    kvc::make_fixture(kvc::label<"first block">, kvc::inputs(std::size_t{15}, std::size_t{16}),
                      std::size_t{0}),
    kvc::make_fixture(kvc::label<"block boundary">, kvc::inputs(std::size_t{16}, std::size_t{16}),
                      std::size_t{1}));
static_assert(kvc::verify(block_suite, block_of));
static_assert(kvc::conforms(block_suite, block_of));

// A suite proves something only if a wrong implementation fails it: exactly the fixture it gets
// wrong.
constexpr auto block_of_rounding_up = [](std::size_t token_index, std::size_t block_size) {
  return (token_index + block_size - 1) / block_size;
};
static_assert(!kvc::conforms(block_suite, block_of_rounding_up));
static_assert(kvc::outcomes(block_suite, block_of_rounding_up) == std::array{false, true});

// One fixture at a time.
constexpr auto first_block = hana::at_c<0>(block_suite);
static_assert(kvc::passes(first_block, block_of));
static_assert(!kvc::passes(first_block, block_of_rounding_up));
static_assert(kvc::observe(first_block, block_of) == 0);
static_assert(kvc::observe(first_block, block_of_rounding_up) == 1);
static_assert(std::is_same_v<decltype(kvc::observe(first_block, block_of)), std::size_t>);

}  // namespace custom_suite

// --- Fixtures and labels ------------------------------------------------------------------------

namespace fixtures_and_labels {

// A fixture is a kvc::fixture; its label is the Hana compile-time string of its text, and
// kvc::label_text turns it back into one kvc::fixed_label.
constexpr auto f = kvc::make_fixture(kvc::label<"block boundary">, kvc::inputs(16, 16), 1);
static_assert(std::is_same_v<std::remove_cvref_t<decltype(f)>,
                             kvc::fixture<hana::string<'b', 'l', 'o', 'c', 'k', ' ', 'b', 'o', 'u',
                                                       'n', 'd', 'a', 'r', 'y'>,
                                          hana::tuple<int, int>, int>>);
static_assert(kvc::label<"block boundary"> == BOOST_HANA_STRING("block boundary"));
constexpr auto text = kvc::label_text<decltype(kvc::label<"different model">)>;
static_assert(sizeof(text.chars) == 16 && text.chars[0] == 'd' && text.chars[14] == 'l' &&
              text.chars[15] == '\0');
static_assert(kvc::detail::label_view<decltype(kvc::label<"different model">)> ==
              "different model");

// A string literal is kept as the text it spells, every character but the terminating NUL
// (embedded NULs included); other values decayed.
constexpr auto in = kvc::inputs("m\0a", std::array{1, 2}, 3U);
static_assert(std::is_same_v<std::remove_cvref_t<decltype(in)>,
                             hana::tuple<std::string_view, std::array<int, 2>, unsigned>>);
static_assert(hana::at_c<0>(in).size() == 3 && hana::at_c<0>(in)[2] == 'a');
// An expected string literal too.
static_assert(
    std::is_same_v<decltype(kvc::make_fixture(kvc::label<"s">, kvc::inputs(1), "ab").expected),
                   std::string_view>);

}  // namespace fixtures_and_labels

// --- Inputs offered as kvc's tables offer theirs (kvc/spec/offered.hpp)
// ----------------------------

namespace offered_forms {

constexpr auto run_length = [](const auto& ids) {
  std::size_t runs = 0;
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (i == 0 || ids[i] != ids[i - 1]) ++runs;
  return runs;
};
constexpr auto runs_suite = hana::make_tuple(
    kvc::make_fixture(kvc::label<"two runs">, kvc::inputs(std::array<int, 4>{7, 7, 9, 9}),
                      std::size_t{2}),
    kvc::make_fixture(kvc::label<"ids past 8 bits">, kvc::inputs(std::array<int, 2>{1, 257}),
                      std::size_t{2}),
    kvc::make_fixture(kvc::label<"a kvc::sequence">,
                      kvc::inputs(kvc::repeat(1, 20) + kvc::specs::tokens{2}), std::size_t{2}));

// An array of ids reaches a generic implementation as a span, and one that takes spans of any
// integer type that holds the ids as such a span.
static_assert(kvc::verify(runs_suite, run_length));
static_assert(kvc::verify(runs_suite,
                          [](std::span<const std::int64_t> ids) { return run_length(ids); }));
static_assert(kvc::verify(runs_suite,
                          [](std::span<const std::uint16_t> ids) { return run_length(ids); }));

// An id that an implementation's element type cannot hold is never narrowed: 257 as an 8-bit id
// would read as 1, and the two ids of "ids past 8 bits" as one run. The fixture fails: an engine
// whose ids cannot hold the suite's does not pass it.
constexpr auto byte_ids = [](std::span<const std::uint8_t> ids) { return run_length(ids); };
static_assert(kvc::outcomes(runs_suite, byte_ids) == std::array{true, false, true});
constexpr auto narrowed = [](std::span<const std::int64_t> ids) {
  std::array<std::uint8_t, 2> bytes{};
  for (std::size_t i = 0; i < ids.size() && i < 2; ++i)
    bytes[i] = static_cast<std::uint8_t>(ids[i]);
  return ids.size() == 2 ? run_length(bytes) : run_length(ids);
};
static_assert(kvc::outcomes(runs_suite, narrowed) == std::array{true, false, true});

// Strings are offered as std::string_view, then as a kvc::cache_namespace naming that model; a
// structured namespace as itself.
constexpr auto same_model = [](const kvc::cache_namespace& a, const kvc::cache_namespace& b) {
  return a == b;
};
constexpr auto namespace_suite = hana::make_tuple(
    kvc::make_fixture(kvc::label<"equal models">, kvc::inputs("llama", "llama"), true),
    kvc::make_fixture(kvc::label<"models differ after a NUL">, kvc::inputs("m\0a", "m\0b"), false),
    kvc::make_fixture(
        kvc::label<"adapters differ">,
        kvc::inputs(kvc::cache_namespace{"m", "a", 0, ""}, kvc::cache_namespace{"m", "b", 0, ""}),
        false));
static_assert(kvc::verify(namespace_suite, same_model));
// A comparison of the text up to its first NUL fails the fixture that holds one.
constexpr auto c_string_models = [](const kvc::cache_namespace& a, const kvc::cache_namespace& b) {
  const auto cut = [](std::string_view s) { return s.substr(0, s.find('\0')); };
  return cut(a.model) == cut(b.model) && a.adapter == b.adapter;
};
static_assert(kvc::outcomes(namespace_suite, c_string_models) == std::array{true, false, true});

// Range results are compared element by element, by value.
constexpr auto doubled = [](std::span<const int> values) {
  std::array<long, 3> out{};
  for (std::size_t i = 0; i < values.size() && i < 3; ++i) out[i] = 2L * values[i];
  return out;
};
constexpr auto range_suite =
    hana::make_tuple(kvc::make_fixture(kvc::label<"three values">, kvc::inputs(std::array{1, 2, 3}),
                                       std::array<unsigned, 3>{2, 4, 6}));
static_assert(kvc::verify(range_suite, doubled));

// An empty suite is passed by every implementation.
constexpr auto anything = [](int) { return 0; };
static_assert(kvc::verify(hana::make_tuple(), anything));
static_assert(kvc::outcomes(hana::make_tuple(), anything).empty());

}  // namespace offered_forms

// --- kvc's fixtures beside a user's own
// ------------------------------------------------------------

namespace joined {

// kvc::fixtures_of views the rows of a suite's tables, in order.
constexpr auto kvc_prefix = kvc::fixtures_of(kvc::suites::prefix_reuse);
static_assert(hana::length(kvc_prefix) == hana::size_c<decltype(kvc::suites::prefix_reuse)::size>);
static_assert(hana::at_c<0>(kvc_prefix).label() == "same namespace prefix");
static_assert(hana::at_c<6>(kvc_prefix).label() == "match resumes after mismatch");
static_assert(kvc::passes(hana::at_c<0>(kvc_prefix), kvc::reusable_prefix_length));
static_assert(kvc::observe(hana::at_c<2>(kvc_prefix), kvc::reusable_prefix_length) == 1);
static_assert(kvc::verify(kvc_prefix, kvc::reusable_prefix_length));

// A user's fixtures of the same call, joined to kvc's: one suite.
constexpr auto mine = hana::make_tuple(
    kvc::make_fixture(
        kvc::label<"own: a tenant's namespace">,
        kvc::inputs("tenant-7/llama", "tenant-7/llama", std::array<char, 3>{'a', 'b', 'c'},
                    std::array<char, 2>{'a', 'b'}),
        std::size_t{2}),
    kvc::make_fixture(kvc::label<"own: another tenant">,
                      kvc::inputs("tenant-7/llama", "tenant-8/llama", std::array<char, 1>{'a'},
                                  std::array<char, 1>{'a'}),
                      std::size_t{0}));
constexpr auto suite = kvc::join_fixtures(kvc::fixtures_of(kvc::suites::prefix_reuse), mine);
static_assert(hana::length(suite) == hana::size_c<decltype(kvc::suites::prefix_reuse)::size + 2>);
// kvc's suites join as they are, too.
static_assert(hana::length(kvc::join_fixtures(kvc::suites::prefix_reuse, mine)) ==
              hana::length(suite));
static_assert(hana::length(kvc::join_fixtures(mine, kvc::suites::extra_prefix_reuse, mine)) ==
              hana::size_c<decltype(kvc::suites::extra_prefix_reuse)::size + 4>);

constexpr auto lookup = [](std::string_view cache_ns, std::string_view request_ns,
                           std::span<const std::int32_t> cached,
                           std::span<const std::int32_t> requested) {
  return kvc::reusable_prefix_length(cache_ns, request_ns, cached, requested);
};
static_assert(kvc::verify(suite, kvc::reusable_prefix_length));
static_assert(kvc::verify(suite, lookup));

// An engine that compares only the part of a namespace after the tenant passes kvc's fixtures,
// and fails the user's own.
constexpr auto tenant_blind = [](std::string_view cache_ns, std::string_view request_ns,
                                 std::span<const char> cached, std::span<const char> requested) {
  const auto model = [](std::string_view ns) {
    return ns.starts_with("tenant-") ? ns.substr(ns.find('/') + 1) : ns;
  };
  return kvc::reusable_prefix_length(model(cache_ns), model(request_ns), cached, requested);
};
static_assert(kvc::conforms(kvc::suites::prefix_reuse, tenant_blind));
static_assert(!kvc::conforms(suite, tenant_blind));
constexpr auto tenant_outcomes = kvc::outcomes(suite, tenant_blind);
static_assert(tenant_outcomes[tenant_outcomes.size() - 2] && !tenant_outcomes.back());

// One that ignores namespaces fails kvc's fixtures (the record's "different model" first).
constexpr auto namespace_blind = [](std::string_view, std::string_view,
                                    std::span<const char> cached, std::span<const char> requested) {
  return kvc::reusable_prefix_length(0, 0, cached, requested);
};
static_assert(!kvc::conforms(suite, namespace_blind));
static_assert(!kvc::outcomes(suite, namespace_blind)[1]);

// A restricted suite's fixtures keep its engine profile: an engine without adapter revisions in
// its key (vLLM's block hash) passes them, not the unrestricted suite's.
constexpr auto revision_blind = [](const kvc::cache_namespace& cache_ns,
                                   const kvc::cache_namespace& request_ns,
                                   std::span<const int> cached, std::span<const int> requested) {
  kvc::cache_namespace a = cache_ns, b = request_ns;
  a.adapter_revision = b.adapter_revision = 0;
  return kvc::reusable_prefix_length(a, b, cached, requested);
};
static_assert(!kvc::conforms(kvc::fixtures_of(kvc::suites::namespace_isolation), revision_blind));
static_assert(kvc::conforms(
    kvc::fixtures_of(kvc::restrict_to<kvc::profiles::vllm>(kvc::suites::namespace_isolation)),
    revision_blind));

}  // namespace joined

}  // namespace
