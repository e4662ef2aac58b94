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
  CHECK(files == 36);
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

  const auto positions = [](std::span<const char> segments, std::span<std::size_t> out) {
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
  CHECK(text.starts_with("append_admission: 4 of 19 fixtures failed:\n"));
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
  CHECK(elided.find("... (65537 elements), ") != std::string::npos);
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
