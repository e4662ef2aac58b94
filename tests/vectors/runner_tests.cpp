// kvc::vectors::run over the JSON vector files (share/kvc/vectors), built without Boost on the
// include path: kvc's own contracts pass every suite they implement, and wrong implementations
// fail with the fixture's label, inputs, actual and expected values.
#include <doctest/doctest.h>

#include <kvc/kvc.hpp>
#include <kvc/vectors/runner.hpp>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

namespace {

kvc::vectors::suite suite_named(std::string_view file) {
  const kvc::vectors::suite_load loaded =
      kvc::vectors::load_suite(std::string(KVC_VECTORS_DIR) + "/" + std::string(file) + ".json");
  REQUIRE_MESSAGE(loaded.ok, loaded.error);
  REQUIRE_FALSE(loaded.value.fixtures.empty());
  return loaded.value;
}

std::size_t admit(std::int64_t capacity, std::int64_t used, std::int64_t requested) {
  return static_cast<std::size_t>(kvc::admitted_append(capacity, used, requested));
}
// Wrong: an exact fit is refused.
std::int64_t admit_strictly(std::int64_t capacity, std::int64_t used, std::int64_t requested) {
  if (requested <= 0 || used < 0 || used > capacity) return 0;
  return requested < capacity - used ? requested : 0;
}

std::size_t reuse(std::string_view cache_model, std::string_view request_model,
                  std::span<const std::int32_t> cached, std::span<const std::int32_t> requested) {
  return kvc::reusable_prefix_length(cache_model, request_model, cached, requested);
}
// Wrong: the namespace is not compared.
std::size_t reuse_across_models(std::string_view, std::string_view,
                                std::span<const std::int32_t> cached,
                                std::span<const std::int32_t> requested) {
  return kvc::reusable_prefix_length(0, 0, cached, requested);
}

// A one-fixture suite, written inline: `call`, the inputs and the expected value as JSON text.
kvc::vectors::suite one_fixture(std::string_view call, std::string_view inputs,
                                std::string_view expected) {
  const std::string text =
      R"({"format": "kvc-vectors", "format_version": 1, "kvc_version": "0.0.0", "suite": "inline",)"
      R"( "contract": "segment_offsets", "policy": null, "fixtures": [{"label": "inline", "call": ")" +
      std::string(call) + R"(", "inputs": )" + std::string(inputs) + R"(, "expected": )" +
      std::string(expected) +
      R"(, "profiles": {"needs": [], "not_covered_by": [], "bound_when_reuse_is_bound": false},)"
      R"( "source": "kvc"}]})";
  const kvc::vectors::suite_load loaded = kvc::vectors::parse_suite(text);
  REQUIRE_MESSAGE(loaded.ok, loaded.error);
  return loaded.value;
}

// A one-fixture suite's text with `from` (exact text) replaced by `to`.
std::string suite_text_with(std::string_view from, std::string_view to) {
  std::string text =
      R"({"format": "kvc-vectors", "format_version": 1, "kvc_version": "0.0.0", "suite": "s",)"
      R"( "contract": "prefix_reuse", "policy": {"block_size": 16, "recompute_last_token": true},)"
      R"( "fixtures": [{"label": "a", "call": "direct", "inputs": [1], "expected": 1,)"
      R"( "profiles": {"needs": [], "not_covered_by": [], "bound_when_reuse_is_bound": false},)"
      R"( "source": "kvc"}]})";
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// Offsets of runs into a narrow output: 0, the start of every run after the first, the length.
std::size_t narrow_offsets(std::span<const int> ids, std::span<std::uint8_t> out) {
  std::size_t written = 0;
  for (std::size_t i = 0; i <= ids.size(); ++i)
    if (i == 0 || i == ids.size() || ids[i] != ids[i - 1])
      out[written++] = static_cast<std::uint8_t>(i);
  return written;
}

}  // namespace

TEST_CASE("every vector file reads, names its suite and has unique labels") {
  std::size_t files = 0, fixtures = 0;
  for (const auto& entry : std::filesystem::directory_iterator(KVC_VECTORS_DIR)) {
    if (entry.path().extension() != ".json" || entry.path().filename() == "schema.json") continue;
    const kvc::vectors::suite_load loaded = kvc::vectors::load_suite(entry.path().string());
    REQUIRE_MESSAGE(loaded.ok, loaded.error);
    CHECK_FALSE(loaded.value.name.empty());
    CHECK_FALSE(loaded.value.contract.empty());
    std::vector<std::string> labels;
    for (const auto& f : loaded.value.fixtures) {
      CHECK(std::ranges::find(labels, f.label) == labels.end());
      labels.push_back(f.label);
    }
    ++files;
    fixtures += loaded.value.fixtures.size();
  }
  CHECK(files == 38);
  CHECK(fixtures > 800);
}

TEST_CASE("kvc's contracts pass the suites they implement") {
  CHECK(kvc::vectors::run(suite_named("append_admission"), admit).passed());
  CHECK(kvc::vectors::run(suite_named("prefix_reuse"), reuse).passed());

  const kvc::vectors::suite under = suite_named("prefix_reuse_under_blocks_of_16_last_token_recomputed");
  REQUIRE(under.policy.has_value());
  CHECK(under.policy->block_size == 16);
  CHECK(under.policy->recompute_last_token);
  const kvc::reuse_policy policy = *under.policy;
  const auto reuse_under = [policy](std::string_view a, std::string_view b,
                                    std::span<const std::int64_t> cached,
                                    std::span<const std::int64_t> requested) {
    return kvc::reusable_prefix_length(a, b, cached, requested, policy);
  };
  CHECK(kvc::vectors::run(under, reuse_under).passed());

  const auto isolate = [](const kvc::cache_namespace& a, const kvc::cache_namespace& b,
                          const std::vector<int>& cached, const std::vector<int>& requested) {
    return kvc::reusable_prefix_length(a, b, cached, requested);
  };
  CHECK(kvc::vectors::run(suite_named("namespace_isolation"), isolate).passed());

  // int32 ids: the suite holds ids past one byte (1 and 257 are two runs).
  const auto positions = [](std::span<const std::int32_t> segments, std::span<std::size_t> out) {
    return kvc::segment_positions(segments, out);
  };
  CHECK(kvc::vectors::run(suite_named("segment_positions"), positions).passed());
  CHECK(kvc::vectors::run(suite_named("segment_positions_long"), positions).passed());

  const auto offsets = [](std::span<const std::int64_t> ids, std::span<std::int32_t> out) {
    return kvc::offsets_from_positions(ids, out);
  };
  const kvc::vectors::run_report one_row = kvc::vectors::run(suite_named("offsets_from_positions"), offsets);
  CHECK_MESSAGE(one_row.passed(), one_row.failures());
  CHECK(one_row.skipped() == 4);  // the 3-row form's fixtures

  const auto multimodal = [](std::string_view a, std::string_view b, std::span<const int> cached,
                             std::span<const kvc::multimodal_item> cached_items,
                             std::span<const int> requested,
                             std::span<const kvc::multimodal_item> requested_items) {
    return kvc::multimodal_prefix_length(a, b, cached, cached_items, requested, requested_items);
  };
  CHECK(kvc::vectors::run(suite_named("multimodal_prefix_reuse"), multimodal).passed());
}

TEST_CASE("wrong implementations fail with the label, inputs, actual and expected values") {
  const kvc::vectors::run_report strict = kvc::vectors::run(suite_named("append_admission"), admit_strictly);
  CHECK_FALSE(strict.passed());
  const std::string text = strict.failures();
  CHECK(text.starts_with("append_admission: 5 of 20 fixtures failed:\n"));
  CHECK(text.find("  fixture \"fits exactly\": inputs (4, 1, 3), actual 0, expected 3") !=
        std::string::npos);

  const kvc::vectors::run_report across = kvc::vectors::run(suite_named("prefix_reuse"), reuse_across_models);
  CHECK_FALSE(across.passed());
  CHECK(across.failures().find("fixture \"different model\": inputs (\"m1\", \"m2\", [97, 98], "
                               "[97, 98]), actual 2, expected 0") != std::string::npos);

  const auto counting = [](std::span<const char> segments) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < segments.size(); ++i) out.push_back(i);
    return out;
  };
  const kvc::vectors::run_report long_run = kvc::vectors::run(suite_named("segment_positions"), counting);
  CHECK_FALSE(long_run.passed());
  // A long list is elided: its head, its tail and its length.
  const kvc::vectors::run_report longest = kvc::vectors::run(suite_named("segment_positions_long"), counting);
  CHECK(longest.passed());
  const auto restarting = [](std::span<const char> segments) {
    return std::vector<std::size_t>(segments.size(), 0);
  };
  const std::string elided = kvc::vectors::run(suite_named("segment_positions_long"), restarting).failures();
  CHECK(elided.find(", ... (65537 elements), ") != std::string::npos);
  CHECK(elided.find(", ,") == std::string::npos);
  CHECK(elided.size() < 400);
}

TEST_CASE("a value that does not fit the parameter type fails the fixture, never narrowed") {
  const kvc::vectors::run_report extremes = kvc::vectors::run(suite_named("append_admission_extremes"), admit);
  CHECK_FALSE(extremes.passed());
  CHECK(extremes.failures().find("actual (an input does not fit the implementation's parameter type)") !=
        std::string::npos);
}

TEST_CASE("an engine profile skips what it does not cover and compares reuse as a bound") {
  // A cache keyed without the salt: the salt fixtures are not covered, the rest still pass.
  const auto unsalted = [](const kvc::cache_namespace& a, const kvc::cache_namespace& b,
                           std::span<const int> cached, std::span<const int> requested) {
    kvc::cache_namespace x = a, y = b;
    x.salt = y.salt = {};
    return kvc::reusable_prefix_length(x, y, cached, requested);
  };
  const kvc::vectors::suite isolation = suite_named("namespace_isolation");
  CHECK_FALSE(kvc::vectors::run(isolation, unsalted).passed());
  const kvc::vectors::run_report without_salt =
      kvc::vectors::run(isolation, unsalted, kvc::vectors::run_options{.lacks = {"keys_salt"}});
  CHECK_MESSAGE(without_salt.passed(), without_salt.failures());
  CHECK(without_salt.skipped() > 0);

  // A cache that may evict: a shorter reuse passes as a bound, a longer one never.
  const auto halving = [](std::string_view a, std::string_view b, std::span<const int> cached,
                          std::span<const int> requested) {
    return kvc::reusable_prefix_length(a, b, cached, requested) / 2;
  };
  const kvc::vectors::suite exact = suite_named("prefix_reuse");
  CHECK_FALSE(kvc::vectors::run(exact, halving).passed());
  CHECK(kvc::vectors::run(exact, halving, kvc::vectors::run_options{.reuse_is_bound = true}).passed());
  CHECK_FALSE(
      kvc::vectors::run(exact, reuse_across_models, kvc::vectors::run_options{.reuse_is_bound = true})
          .passed());
}

TEST_CASE("bad files are errors, not crashes") {
  CHECK_FALSE(kvc::vectors::load_suite("/nonexistent/kvc.json").ok);
  CHECK(kvc::vectors::parse_suite("{").error.find("not JSON at byte 1") != std::string::npos);
  CHECK(kvc::vectors::parse_suite(R"({"format": "other"})").error.find("not a kvc-vectors") !=
        std::string::npos);
  CHECK(kvc::vectors::parse_suite(R"({"format": "kvc-vectors", "format_version": 2})")
            .error.find("format_version") != std::string::npos);
  CHECK_FALSE(kvc::vectors::parse_json("[1.5]").ok);
  CHECK_FALSE(kvc::vectors::parse_json("18446744073709551616").ok);
  CHECK(kvc::vectors::parse_json("18446744073709551615").ok);
  CHECK(kvc::vectors::parse_json("-9223372036854775808").ok);
  CHECK_FALSE(kvc::vectors::parse_json("-9223372036854775809").ok);
  CHECK(kvc::vectors::parse_json(R"("a\u0000b")").root.string == std::string("a\0b", 3));
  CHECK_FALSE(kvc::vectors::parse_json(R"("\ud800")").ok);
  CHECK_FALSE(kvc::vectors::parse_json(std::string(300, '[') + std::string(300, ']')).ok);
  CHECK(kvc::vectors::parse_json(std::string(200, '[') + std::string(200, ']')).ok);
  CHECK_FALSE(kvc::vectors::parse_json("[1] 2").ok);
}

TEST_CASE("implementations with 64-bit parameters are told right from wrong on the extremes") {
  const kvc::vectors::suite extremes = suite_named("append_admission_extremes");
  const auto reference = [](std::int64_t c, std::int64_t u, std::int64_t r) {
    return kvc::admitted_append(c, u, r);
  };
  // Wrong: signs checked, the sum wrapped through uint64 and read back as int64.
  const auto wrapping = [](std::int64_t c, std::int64_t u, std::int64_t r) -> std::int64_t {
    if (r <= 0 || u < 0) return 0;
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(u) +
                                     static_cast<std::uint64_t>(r)) <= c
               ? r
               : 0;
  };
  // Wrong: compared in double, which rounds past 2^53.
  const auto in_double = [](std::int64_t c, std::int64_t u, std::int64_t r) -> std::int64_t {
    if (r <= 0 || u < 0 || u > c) return 0;
    return static_cast<double>(u) + static_cast<double>(r) <= static_cast<double>(c) ? r : 0;
  };
  const kvc::vectors::run_report right = kvc::vectors::run(extremes, reference);
  const kvc::vectors::run_report wrapped = kvc::vectors::run(extremes, wrapping);
  const kvc::vectors::run_report doubled = kvc::vectors::run(extremes, in_double);
  CHECK(wrapped.failed() > right.failed());
  CHECK(doubled.failed() > right.failed());
  // The reference fails only where an input does not fit int64.
  for (const kvc::vectors::fixture_result& f : right.fixtures)
    if (!f.passed) CHECK(f.actual == "(an input does not fit the implementation's parameter type)");
  CHECK(wrapped.failures().find("fixture \"int64 sum wraps to negative\"") != std::string::npos);
  CHECK(doubled.failures().find("fixture \"one slot short past 2^53\"") != std::string::npos);
}

TEST_CASE("narrow token ids, narrow lengths and weak namespace compares fail the prefix suites") {
  const auto length_in_8_bits = [](std::string_view a, std::string_view b,
                                   std::span<const int> cached, std::span<const int> requested) {
    return static_cast<std::uint8_t>(kvc::reusable_prefix_length(a, b, cached, requested));
  };
  const auto last_character = [](std::string_view a, std::string_view b, std::span<const int> cached,
                                 std::span<const int> requested) {
    const bool same = a.size() == b.size() && (a.empty() || a.back() == b.back());
    return same ? kvc::reusable_prefix_length(0, 0, cached, requested) : std::size_t{0};
  };
  const kvc::vectors::suite prefix = suite_named("prefix_reuse");
  CHECK(kvc::vectors::run(prefix, length_in_8_bits).failures().find("shared prefix of 300 tokens") !=
        std::string::npos);
  CHECK(kvc::vectors::run(prefix, last_character).failures().find("differ in first character") !=
        std::string::npos);
  CHECK_FALSE(kvc::vectors::run(suite_named("prefix_reuse_under_exact"), last_character).passed());

  const auto ids_in_8_bits = [](const kvc::cache_namespace& a, const kvc::cache_namespace& b,
                                std::span<const int> cached, std::span<const int> requested) {
    std::vector<int> x, y;
    for (const int t : cached) x.push_back(t & 0xff);
    for (const int t : requested) y.push_back(t & 0xff);
    return kvc::reusable_prefix_length(a, b, x, y);
  };
  const auto revision_with_adapter = [](const kvc::cache_namespace& a, const kvc::cache_namespace& b,
                                        std::span<const int> cached, std::span<const int> requested) {
    kvc::cache_namespace x = a, y = b;
    if (x.adapter.empty() && y.adapter.empty()) x.adapter_revision = y.adapter_revision = 0;
    return kvc::reusable_prefix_length(x, y, cached, requested);
  };
  const kvc::vectors::suite isolation = suite_named("namespace_isolation");
  CHECK(kvc::vectors::run(isolation, ids_in_8_bits).failures().find("token ids 256 apart") !=
        std::string::npos);
  CHECK(kvc::vectors::run(isolation, revision_with_adapter)
            .failures()
            .find("revision differs without an adapter") != std::string::npos);
  CHECK_FALSE(
      kvc::vectors::run(suite_named("namespace_isolation_under_exact"), ids_in_8_bits).passed());
}

TEST_CASE("an output element is unwritten only if it keeps both fills, and offsets come first") {
  // 255 ids of one run: offsets 0 and 255, which a std::uint8_t output holds (255 is its maximum).
  std::string ids = "[";
  for (int i = 0; i < 255; ++i) ids += i == 0 ? "7" : ", 7";
  ids += "]";
  const kvc::vectors::suite s = one_fixture("offsets", "[" + ids + "]", "[0, 255]");
  const kvc::vectors::run_report right = kvc::vectors::run(s, narrow_offsets);
  CHECK_MESSAGE(right.passed(), right.failures());

  // Wrong: the right offsets, then junk two elements on; the gap shows as null.
  const auto junk_after = [](std::span<const int> segments, std::span<std::uint8_t> out) {
    const std::size_t n = narrow_offsets(segments, out);
    if (n + 1 < out.size()) out[n + 1] = 9;
  };
  const kvc::vectors::run_report junk = kvc::vectors::run(s, junk_after);
  CHECK_FALSE(junk.passed());
  CHECK(junk.failures().find("actual [0, 255, null, 9]") != std::string::npos);

  // Positions must all be written: one left out is null.
  const kvc::vectors::suite p = one_fixture("positions", "[[1, 1, 2]]", "[0, 1, 0]");
  const auto skips_last = [](std::span<const int>, std::span<std::int64_t> out) {
    out[0] = 0;
    out[1] = 1;
  };
  CHECK(kvc::vectors::run(p, skips_last).failures().find("actual [0, 1, null]") !=
        std::string::npos);
}

TEST_CASE("lists of strings reach std::vector<std::string> and std::span<const std::string_view>") {
  const kvc::vectors::suite s = one_fixture("direct", R"([["ab", "c"], ["d"]])", "3");
  const auto sizes = [](const std::vector<std::string>& a, std::span<const std::string_view> b) {
    std::size_t n = 0;
    for (const auto& x : a) n += x.size();
    for (const auto& x : b) n += x.size();
    return n - 1;
  };
  CHECK(kvc::vectors::run(s, sizes).passed());
}

#if defined(__SIZEOF_INT128__)
namespace {
__extension__ typedef __int128 wide_int;
__extension__ typedef unsigned __int128 wide_uint;
template <class Wide>
void check_wide_results() {
  // Strict ISO mode (this test's), where the standard traits do not call __int128 an integer.
  const kvc::vectors::suite s = one_fixture("direct", "[-5]", "-5");
  CHECK(kvc::vectors::run(s, [](Wide x) { return x; }).passed());
  // A result past 64 bits is never read as its low bits (2^65 - 5 has -5's low 64 bits).
  const auto past = [](Wide x) { return x + (Wide{1} << 65); };
  const kvc::vectors::run_report wide = kvc::vectors::run(s, past);
  CHECK_FALSE(wide.passed());
  CHECK(wide.failures().find("above 2^64 - 1") != std::string::npos);
  // Unsigned: -5 does not fit, so the fixture fails without a call.
  CHECK_FALSE(kvc::vectors::run(s, [](wide_uint x) { return x; }).passed());
}
}  // namespace
TEST_CASE("integers wider than 64 bits are taken whole and never narrowed") {
  check_wide_results<wide_int>();
}
#endif

TEST_CASE("an engine with int64 counts may skip the fixtures its types cannot hold") {
  const kvc::vectors::suite extremes = suite_named("append_admission_extremes");
  const auto int64_engine = [](std::int64_t capacity, std::int64_t used,
                               std::int64_t requested) -> std::int64_t {
    if (capacity < 0 || used < 0 || requested < 0 || used > capacity) return 0;
    return requested <= capacity - used ? requested : 0;
  };
  const kvc::vectors::run_report strict = kvc::vectors::run(extremes, int64_engine);
  CHECK_FALSE(strict.passed());
  CHECK(strict.failures().find("does not fit") != std::string::npos);
  kvc::vectors::run_options narrower;
  narrower.skip_inputs_outside_parameter_types = true;
  const kvc::vectors::run_report skipping = kvc::vectors::run(extremes, int64_engine, narrower);
  CHECK(skipping.passed());
  CHECK(skipping.skipped() > 0);
  CHECK(skipping.skipped() < skipping.fixtures.size());
  // Skipping never hides a wrong answer on the fixtures the types do hold.
  const auto wraps = [](std::int64_t capacity, std::int64_t used,
                        std::int64_t requested) -> std::int64_t {
    if (used < 0 || requested < 0) return 0;
    const auto sum = static_cast<std::int64_t>(static_cast<std::uint64_t>(used) +
                                               static_cast<std::uint64_t>(requested));
    return sum <= capacity ? requested : 0;
  };
  CHECK_FALSE(kvc::vectors::run(extremes, wraps, narrower).passed());
}

TEST_CASE("files that break the schema are refused with the reason") {
  const auto error = [](std::string_view from, std::string_view to) {
    const kvc::vectors::suite_load loaded = kvc::vectors::parse_suite(suite_text_with(from, to));
    CHECK_FALSE(loaded.ok);
    return loaded.error;
  };
  const auto says = [](const std::string& text, std::string_view what) {
    return text.find(what) != std::string::npos;
  };
  CHECK(kvc::vectors::parse_suite(suite_text_with("", "")).ok);
  CHECK(says(error(R"("block_size": 16)", R"("block_size": 0)"), "block_size"));
  CHECK(says(error(R"("call": "direct")", R"("call": "sideways")"), "unknown call shape"));
  CHECK(says(error(R"("call": "direct")", R"("call": "offsets")"), "first input is not a list"));
  CHECK(says(error(R"("expected": 1)", R"("expected": true)"), "expected value"));
  CHECK(says(error(R"("expected": 1)", R"("expected": [1, "x"])"), "expected value"));
  CHECK(says(error(R"("needs": [])", R"("needs": ["keys_colour"])"), "engine_profile field"));
  CHECK(says(error(R"("fixtures": [{"label": "a", "call": "direct", "inputs": [1], "expected": 1,)"
                   R"( "profiles": {"needs": [], "not_covered_by": [],)"
                   R"( "bound_when_reuse_is_bound": false}, "source": "kvc"}])",
                   R"("fixtures": [])"),
             "without fixtures"));
  const std::string one =
      R"({"label": "a", "call": "direct", "inputs": [2], "expected": 2, "profiles": {"needs": [],)"
      R"( "not_covered_by": [], "bound_when_reuse_is_bound": false}, "source": "kvc"})";
  CHECK(says(error(R"("fixtures": [)", R"("fixtures": [)" + one + ","),
             "two fixtures labelled \"a\""));
  CHECK(says(error(R"("suite": "s",)", R"("suite": "s", "suite": "t",)"), "repeated"));
}

TEST_CASE("the JSON reader refuses what is not UTF-8 and points at the bad escape") {
  CHECK(kvc::vectors::parse_json("\"caf\xc3\xa9\"").ok);
  CHECK(kvc::vectors::parse_json("\"\xf0\x9f\x98\x80\"").ok);
  for (const std::string_view bad : {"\"\xff\"", "\"\xc3\"", "\"\xc0\x80\"", "\"\xed\xa0\x80\"",
                                     "\"\xf4\x90\x80\x80\"", "\"\x80\""}) {
    const kvc::vectors::json_document d = kvc::vectors::parse_json(bad);
    CHECK_FALSE(d.ok);
    CHECK(d.error == "a string that is not UTF-8");
    CHECK(d.error_offset == 1);
  }
  const kvc::vectors::json_document escape = kvc::vectors::parse_json(R"("ab\u12x4")");
  CHECK_FALSE(escape.ok);
  CHECK(escape.error_offset == 7);  // the 'x'
  const kvc::vectors::json_document lone = kvc::vectors::parse_json(R"(["a\udc00"])");
  CHECK_FALSE(lone.ok);
  CHECK(lone.error_offset == 3);  // the backslash
  const kvc::vectors::json_document twice = kvc::vectors::parse_json(R"({"a": 1, "b": 2, "a": 3})");
  CHECK_FALSE(twice.ok);
  CHECK(twice.error == "a member name repeated in an object");
  CHECK(twice.error_offset == 17);
  std::string large = "{";
  for (int i = 0; i < 100; ++i) large += "\"k" + std::to_string(i) + "\": 0, ";
  CHECK(kvc::vectors::parse_json(large + "\"z\": 0}").ok);
  CHECK_FALSE(kvc::vectors::parse_json(large + "\"k5\": 0}").ok);
}
