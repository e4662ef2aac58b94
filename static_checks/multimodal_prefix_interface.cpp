// Static checks of kvc::multimodal_prefix_length's interface: the item type, the result type,
// noexcept, the types it refuses, edge cases beyond the suites (any ranges, mixed token types,
// offsets and lengths at their limits, long inputs in one constant evaluation) and the policy
// form. Compiled, never run.
#include <kvc/cache_namespace.hpp>
#include <kvc/multimodal_item.hpp>
#include <kvc/multimodal_prefix.hpp>
#include <kvc/prefix_reuse.hpp>
#include <kvc/reuse_policy.hpp>

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using kvc::multimodal_item;
using kvc::reuse_policy;
using item = kvc::multimodal_item;
constexpr auto& reuse = kvc::multimodal_prefix_length;

// --- The item type -------------------------------------------------------------------------------

static_assert(std::is_aggregate_v<multimodal_item> &&
              std::is_trivially_copyable_v<multimodal_item>);
static_assert(multimodal_item{} == multimodal_item{0, 0, 0});
static_assert(multimodal_item{1, 2, 3} != multimodal_item{1, 2, 4});
static_assert(multimodal_item{.offset = 1, .length = 2, .content_hash = 3}.length == 2);
static_assert(std::same_as<decltype(multimodal_item::content_hash), std::uint64_t>);
static_assert(kvc::multimodal_item_sequence<std::array<multimodal_item, 2>>);
static_assert(kvc::multimodal_item_sequence<std::span<const multimodal_item>>);
static_assert(kvc::multimodal_item_sequence<std::vector<multimodal_item>>);
static_assert(kvc::multimodal_item_sequence<multimodal_item[3]>);
static_assert(!kvc::multimodal_item_sequence<std::array<int, 3>>);
static_assert(!kvc::multimodal_item_sequence<multimodal_item>);

// --- The interface -------------------------------------------------------------------------------

using reuse_fn = decltype(kvc::multimodal_prefix_length);
using tokens = std::array<int, 2>;
using items = std::array<multimodal_item, 1>;
static_assert(std::same_as<std::invoke_result_t<reuse_fn, int, int, tokens, items, tokens, items>,
                           std::size_t>);
static_assert(std::is_nothrow_invocable_v<reuse_fn, int, int, tokens, items, tokens, items>);
static_assert(std::same_as<
              std::invoke_result_t<reuse_fn, int, int, tokens, items, tokens, items, reuse_policy>,
              std::size_t>);
static_assert(
    std::is_nothrow_invocable_v<reuse_fn, int, int, tokens, items, tokens, items, reuse_policy>);
static_assert(std::is_empty_v<reuse_fn> && std::is_trivially_copyable_v<reuse_fn>);

// Readable rejections: items that are not items, namespaces or tokens that cannot be compared, and
// a policy that is not a kvc::reuse_policy.
struct opaque {};
static_assert(!std::invocable<reuse_fn, int, int, tokens, std::array<int, 1>, tokens, items>);
static_assert(!std::invocable<reuse_fn, int, int, tokens, items, tokens, multimodal_item>);
static_assert(!std::invocable<reuse_fn, opaque, opaque, tokens, items, tokens, items>);
static_assert(!std::invocable<reuse_fn, int, std::string_view, tokens, items, tokens, items>);
static_assert(!std::invocable<reuse_fn, int, int, std::array<opaque, 1>, items,
                              std::array<opaque, 1>, items>);
static_assert(!std::invocable<reuse_fn, int, int, int, items, int, items>);
static_assert(!std::invocable<reuse_fn, int, int, tokens, items, tokens, items, int>);
static_assert(!std::invocable<reuse_fn, int, int, tokens, tokens>);  // the items are required

// --- Edge cases beyond the suites ----------------------------------------------------------------

constexpr std::array image{1, 9, 9, 2};
constexpr items at_1{item{1, 2, 7}};
// Any range of items, any range of tokens, mixed token types compared by value.
constexpr multimodal_item c_items[] = {{1, 2, 7}};
constexpr std::int64_t c_tokens[] = {1, 9, 9, 3};
static_assert(reuse(0, 0, image, at_1, c_tokens, c_items) == 3);
static_assert(reuse(0, 0, std::span{image}, std::span{at_1}, image, std::span{c_items}) == 4);
static_assert(reuse(0, 0, image, at_1, std::array<std::uint8_t, 4>{1, 9, 9, 2}, at_1) == 4);
static_assert(reuse(0, 0, std::array{-1, 9}, std::array<item, 0>{}, std::array{UINT32_MAX, 9U},
                    std::array<item, 0>{}) == 0);  // -1 is not UINT32_MAX
// Namespaces as kvc::reusable_prefix_length compares them.
static_assert(reuse(kvc::cache_namespace{"m", "a", 1, ""}, kvc::cache_namespace{"m", "a", 2, ""},
                    image, at_1, image, at_1) == 0);
static_assert(reuse("vlm", std::string_view{"vlm"}, image, at_1, image, at_1) == 4);
// Symmetric.
static_assert(reuse(0, 0, image, at_1, image, items{item{2, 2, 7}}) ==
              reuse(0, 0, image, items{item{2, 2, 7}}, image, at_1));
// An item that ends exactly at its tokens' end is valid; one token further is not.
static_assert(reuse(0, 0, image, items{item{2, 2, 7}}, image, items{item{2, 2, 7}}) == 4);
static_assert(reuse(0, 0, image, items{item{3, 2, 7}}, image, items{item{3, 2, 7}}) == 0);
// Validity is each side's own: the request's item may reach past the cache's tokens.
static_assert(reuse(0, 0, std::array{1, 9}, items{item{1, 1, 7}}, image, items{item{1, 3, 7}}) ==
              1);
// Offsets and lengths at their limits: an item at the maximum offset, and the largest length.
constexpr std::size_t max = std::numeric_limits<std::size_t>::max();
static_assert(reuse(0, 0, image, items{item{max, 0, 7}}, image, items{}) == 0);
static_assert(reuse(0, 0, image, items{item{0, max, 7}}, image, items{item{0, max, 7}}) == 0);
static_assert(reuse(0, 0, image, items{item{1, max, 7}}, image, items{item{1, max, 7}}) == 0);
// Empty token sequences: only zero-length items at offset 0 are valid, and nothing is reused.
static_assert(reuse(0, 0, std::array<int, 0>{}, items{item{0, 0, 7}}, std::array<int, 0>{},
                    items{item{0, 0, 7}}) == 0);

// Long inputs in one constant evaluation: 4,096 tokens, 64 identical images of 48 tokens each.
constexpr auto many_images = [] {
  std::array<int, 4096> ids{};
  std::array<multimodal_item, 64> list{};
  for (std::size_t k = 0; k < list.size(); ++k) list[k] = item{16 + 64 * k, 48, 1000 + k};
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = i % 64 >= 16 ? 9 : static_cast<int>(i % 7);
  return std::pair{ids, list};
}();
static_assert(reuse(0, 0, many_images.first, many_images.second, many_images.first,
                    many_images.second) == 4096);
constexpr auto last_image_differs = [] {
  auto list = many_images.second;
  list.back().content_hash = 1;
  return list;
}();
static_assert(reuse(0, 0, many_images.first, many_images.second, many_images.first,
                    last_image_differs) == 16 + 64 * 63);

// --- The policy form -----------------------------------------------------------------------------

constexpr reuse_policy exact{};
constexpr reuse_policy blocks_of_16{.block_size = 16};
constexpr reuse_policy recompute_last{.recompute_last_token = true};
constexpr reuse_policy vllm{.block_size = 16, .recompute_last_token = true};
constexpr auto text_then_image = [] {
  std::array<int, 40> ids{};
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = i < 20 ? 1 : 9;
  return ids;
}();
constexpr items image_at_20{item{20, 20, 7}};
constexpr items other_image_at_20{item{20, 20, 8}};
// The default policy is the exact contract.
static_assert(reuse(0, 0, text_then_image, image_at_20, text_then_image, other_image_at_20,
                    exact) ==
              reuse(0, 0, text_then_image, image_at_20, text_then_image, other_image_at_20));
// The policy rounds and caps the agreeing prefix (20 here), not the token prefix (40).
static_assert(reuse(0, 0, text_then_image, image_at_20, text_then_image, other_image_at_20,
                    blocks_of_16) == 16);
static_assert(reuse(0, 0, text_then_image, image_at_20, text_then_image, image_at_20,
                    blocks_of_16) == 32);
static_assert(reuse(0, 0, text_then_image, image_at_20, text_then_image, image_at_20,
                    recompute_last) == 39);
static_assert(reuse(0, 0, text_then_image, image_at_20, text_then_image, image_at_20, vllm) == 32);
static_assert(reuse(0, 0, text_then_image, image_at_20, text_then_image, other_image_at_20,
                    recompute_last) == 20);
static_assert(reuse(0, 0, text_then_image, image_at_20, text_then_image, image_at_20,
                    reuse_policy{.block_size = 0}) == 0);
static_assert(reuse(0, 1, text_then_image, image_at_20, text_then_image, image_at_20, vllm) == 0);
// Exactly kvc::reusable_prefix_length's policy form when there are no items.
static_assert(reuse(0, 0, text_then_image, items{}, text_then_image, items{}, vllm) ==
              kvc::reusable_prefix_length(0, 0, text_then_image, text_then_image, vllm));

}  // namespace
