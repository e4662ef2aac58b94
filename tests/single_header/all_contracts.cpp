// The single header alone: every contract of kvc/kvc.hpp, from single_include/kvc/kvc.hpp and
// nothing else of kvc's, at compile time and at run time (the single_header.compile tests).
#include <kvc/kvc.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <system_error>
#include <vector>

namespace {

constexpr std::array cached{101, 7, 42, 9};
constexpr std::array requested{101, 7, 42, 12};
constexpr std::string_view model{"llama-3/base"};
constexpr std::array image{kvc::multimodal_item{.offset = 1, .length = 2, .content_hash = 0xCA7}};
constexpr std::array segments{1, 1, 1, 2, 2, 1};

static_assert(kvc::admitted_append(16, 12, 4) == 4);
static_assert(kvc::admitted_batch(16, 0, std::array{4, 4}) == 8);
static_assert(kvc::admitted_requests(16, 0, std::array{8, 9, 1}) == 1);
static_assert(kvc::reusable_prefix_length(model, model, cached, requested) == 3);
static_assert(kvc::reusable_prefix_length(model, model, cached, requested, 2) == 2);
static_assert(kvc::reusable_prefix_length(model, model, cached, cached, kvc::reuse_policy{1, true}) ==
              3);
static_assert(kvc::multimodal_prefix_length(model, model, cached, image, cached, image) == 4);
static_assert(kvc::multimodal_prefix_length(model, model, cached, image, cached, image,
                                            kvc::reuse_policy{2, false}) == 4);
static_assert(kvc::segment_positions(segments) == std::array<std::size_t, 6>{0, 1, 2, 0, 1, 0});
static_assert(kvc::segment_offsets(segments) == std::array<std::size_t, 4>{0, 3, 5, 6});
static_assert(kvc::segment_run_count(segments) == 3);
static_assert(kvc::max_segment_length(segments) == 3);
static_assert(kvc::offsets_from_positions(std::array{0, 1, 0, 1, 2}) ==
              std::array<std::size_t, 3>{0, 2, 5});
static_assert(kvc::max_sequence_length_from_positions(std::array{0, 1, 0, 1, 2}) == 3);
static_assert(kvc::cache_namespace{.model = "m"} == kvc::cache_namespace{.model = "m"});
static_assert(kvc::hash_value(kvc::cache_namespace{.model = "m"}) ==
              kvc::hash_value(kvc::cache_namespace{.model = "m"}));
static_assert([] {
  kvc::slot_budget budget{8};
  return budget.try_reserve(5) == 5 && budget.try_reserve(4) == 0 && budget.available() == 3;
}());

}  // namespace

// At run time: the fast paths (memcmp, AVX2) and the span forms.
int main() {
  const std::vector<std::int32_t> ids(100, 7);
  std::vector<std::int32_t> positions(ids.size());
  std::vector<std::int32_t> offsets(ids.size() + 1);
  int failures = 0;
  failures += kvc::segment_positions(ids, std::span{positions}) != std::errc{};
  failures += positions.back() != 99;
  failures += kvc::segment_positions(ids, kvc::row_length{10}, std::span{positions}) != std::errc{};
  failures += kvc::segment_offsets(ids, std::span{offsets}) != std::errc{};
  failures += kvc::offsets_from_positions(positions, std::span{offsets}) != std::errc{};
  failures += kvc::offsets_from_positions(positions, kvc::position_components{2},
                                          std::span{offsets}) != std::errc{};
  failures += kvc::reusable_prefix_length(model, model, ids, ids) != ids.size();
  const auto owned = kvc::owning_cache_namespace::from(kvc::cache_namespace{.model = "m"});
  failures += owned.view() != kvc::cache_namespace{.model = "m"};
  kvc::concurrent_slot_budget shared{4};
  failures += shared.try_reserve(4) != 4;
  return failures;
}
