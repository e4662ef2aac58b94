// kvc/suites/multimodal_prefix_reuse.hpp - fixtures of identity-aware prefix reuse: equal token ids
// that are not the same tokens (SGLang #2151, TensorRT-LLM #14125, LMDeploy #4933, vLLM #56655).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <boost/hana/tuple.hpp>

#include <kvc/multimodal_item.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::fixtures {

/// Content hashes of the items in the multimodal suites: two images and one span of prompt
/// embeddings. Pairwise different in every low bit field an engine might reduce them to (mod 2^8,
/// 2^16 and 2^30).
inline constexpr std::uint64_t image_a = 0x9E3779B97F4A7C15;
/// The second image's content hash (see `image_a`).
inline constexpr std::uint64_t image_b = 0xC2B2AE3D27D4EB4F;
/// The prompt embeddings' content hash (see `image_a`).
inline constexpr std::uint64_t embeddings = 0x165667B19E3779F9;

/// An item list, in the order written.
template <class... Item>
[[nodiscard]] constexpr std::array<multimodal_item, sizeof...(Item)> items(
    const Item&... item) noexcept {
  return {item...};
}

/// The item list of a sequence with no items.
inline constexpr std::array<multimodal_item, 0> no_items{};

/// A multimodal fixture: `impl(cache_ns, request_ns, cached_tokens, cached_items,
/// requested_tokens, requested_items)` and the exact agreeing prefix, written out.
template <class Label, class CachedTokens, class CachedItems, class RequestedTokens,
          class RequestedItems>
[[nodiscard]] constexpr auto multimodal(Label label, std::string_view cache_ns,
                                        std::string_view request_ns, const CachedTokens& cached,
                                        const CachedItems& cached_items,
                                        const RequestedTokens& requested,
                                        const RequestedItems& requested_items,
                                        std::size_t exact_prefix) noexcept {
  return make_fixture(
      label, inputs(cache_ns, request_ns, cached, cached_items, requested, requested_items),
      exact_prefix);
}

/// The same in the namespace most fixtures share.
template <class Label, class CachedTokens, class CachedItems, class RequestedTokens,
          class RequestedItems>
[[nodiscard]] constexpr auto same_model(Label label, const CachedTokens& cached,
                                        const CachedItems& cached_items,
                                        const RequestedTokens& requested,
                                        const RequestedItems& requested_items,
                                        std::size_t exact_prefix) noexcept {
  return multimodal(label, "vlm", "vlm", cached, cached_items, requested, requested_items,
                    exact_prefix);
}

}  // namespace kvc::fixtures

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::multimodal_prefix_reuse`.
struct multimodal_prefix_reuse {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = [] {
    using fixtures::embeddings;
    using fixtures::image_a;
    using fixtures::image_b;
    using fixtures::items;
    using fixtures::multimodal;
    using fixtures::no_items;
    using fixtures::same_model;
    using item = multimodal_item;
    constexpr std::array image_tokens{1, 2, 9, 9, 9, 3};
    constexpr std::array image_first{9, 9, 9, 1};
    constexpr std::array two_images{1, 9, 9, 2, 9, 9, 3};
    constexpr std::array derived_ids{1, 2, 7, 7, 3};
    constexpr std::array shifted{1, 9, 9, 9, 9, 2};
    constexpr std::array embedded{1, 0, 0, 0, 2};
    constexpr std::array all_zero{0, 0, 0, 0, 0, 0};
    constexpr std::array one_image{1, 9, 9, 2};
    return boost::hana::make_tuple(
        // TensorRT-LLM #14125, LMDeploy #4933: the key holds the placeholder ids, not the content.
        same_model(label<"equal placeholder ids, different images", Deferred>, image_tokens,
                   items(item{2, 3, image_a}), image_tokens, items(item{2, 3, image_b}), 2),
        same_model(label<"different images at the start", Deferred>, image_first,
                   items(item{0, 3, image_a}), image_first, items(item{0, 3, image_b}), 0),
        same_model(label<"same first image, different second image", Deferred>, two_images,
                   items(item{1, 2, image_a}, item{4, 2, image_a}), two_images,
                   items(item{1, 2, image_a}, item{4, 2, image_b}), 4),
        // SGLang #2151: the image's hash reduced modulo the vocabulary became the placeholder ids,
        // and a hash of 7 reads as text token 7.
        same_model(label<"content-derived placeholder ids equal to text tokens", Deferred>,
                   derived_ids, items(item{2, 2, 7}), derived_ids, no_items, 2),
        same_model(label<"text tokens equal to content-derived placeholder ids", Deferred>,
                   derived_ids, no_items, derived_ids, items(item{2, 2, 7}), 2),
        // An item that moved: equal ids throughout, the item one token later or earlier.
        same_model(label<"image shifted one token later", Deferred>, shifted,
                   items(item{1, 3, image_a}), shifted, items(item{2, 3, image_a}), 1),
        same_model(label<"image shifted one token earlier", Deferred>, shifted,
                   items(item{2, 3, image_a}), shifted, items(item{1, 3, image_a}), 1),
        // vLLM #56655, LMDeploy #4933: prompt embeddings stand at positions whose ids are 0.
        same_model(label<"embedding span against token ids", Deferred>, embedded,
                   items(item{1, 3, embeddings}), embedded, no_items, 1),
        same_model(label<"token ids against an embedding span", Deferred>, embedded, no_items,
                   embedded, items(item{1, 3, embeddings}), 1),
        same_model(label<"the same embeddings at other positions", Deferred>, all_zero,
                   items(item{0, 3, embeddings}), all_zero, items(item{3, 3, embeddings}), 0),
        // Identical items: reuse goes on past them.
        same_model(label<"identical image ends inside the common prefix", Deferred>,
                   fixtures::array<Deferred>(1, 9, 9, 2, 3, 4), items(item{1, 2, image_a}),
                   fixtures::array<Deferred>(1, 9, 9, 2, 3, 5), items(item{1, 2, image_a}), 5),
        same_model(label<"two identical images, then the text differs", Deferred>,
                   fixtures::array<Deferred>(9, 9, 1, 9, 9, 9, 2, 3),
                   items(item{0, 2, image_a}, item{3, 3, image_b}),
                   fixtures::array<Deferred>(9, 9, 1, 9, 9, 9, 2, 4),
                   items(item{0, 2, image_a}, item{3, 3, image_b}), 7),
        same_model(label<"identical image ends where the text differs", Deferred>, one_image,
                   items(item{1, 2, image_a}), fixtures::array<Deferred>(1, 9, 9, 3),
                   items(item{1, 2, image_a}), 3),
        same_model(label<"identical images end both sequences", Deferred>,
                   fixtures::array<Deferred>(1, 9, 9), items(item{1, 2, image_a}),
                   fixtures::array<Deferred>(1, 9, 9), items(item{1, 2, image_a}), 3),
        same_model(label<"request ends after an identical image", Deferred>,
                   fixtures::array<Deferred>(1, 9, 9, 2, 3), items(item{1, 2, image_a}), one_image,
                   items(item{1, 2, image_a}), 4),
        same_model(label<"image past the common prefix", Deferred>,
                   fixtures::array<Deferred>(1, 2, 3, 4, 9, 9), items(item{4, 2, image_a}),
                   fixtures::array<Deferred>(1, 2, 3, 5), no_items, 3),
        same_model(label<"text differs before an identical image", Deferred>,
                   fixtures::array<Deferred>(1, 2, 9, 9), items(item{2, 2, image_a}),
                   fixtures::array<Deferred>(1, 3, 9, 9), items(item{2, 2, image_a}), 1),
        same_model(label<"no items", Deferred>, fixtures::array<Deferred>(1, 2, 3), no_items,
                   fixtures::array<Deferred>(1, 2, 4), no_items, 2),
        // Namespaces: identical tokens and items, nothing reused across them.
        multimodal(label<"identical image in another model", Deferred>, "vlm-a", "vlm-b", one_image,
                   items(item{1, 2, image_a}), one_image, items(item{1, 2, image_a}), 0),
        multimodal(label<"namespace is a prefix of the other", Deferred>, "vlm", "vlm-lora",
                   one_image, items(item{1, 2, image_a}), one_image, items(item{1, 2, image_a}), 0),
        multimodal(label<"empty and named namespace", Deferred>, "", "vlm", one_image,
                   items(item{1, 2, image_a}), one_image, items(item{1, 2, image_a}), 0),
        multimodal(label<"empty namespaces are equal", Deferred>, "", "", one_image,
                   items(item{1, 2, image_a}), one_image, items(item{1, 2, image_a}), 4),
        // Empty sequences.
        same_model(label<"both empty", Deferred>,
                   fixtures::dependent<Deferred, std::array<int, 0>>{}, no_items,
                   fixtures::dependent<Deferred, std::array<int, 0>>{}, no_items, 0),
        same_model(label<"cache empty", Deferred>,
                   fixtures::dependent<Deferred, std::array<int, 0>>{}, no_items,
                   fixtures::array<Deferred>(9, 9), items(item{0, 2, image_a}), 0),
        same_model(label<"request empty", Deferred>, fixtures::array<Deferred>(9, 9, 1),
                   items(item{0, 2, image_a}), fixtures::dependent<Deferred, std::array<int, 0>>{},
                   no_items, 0));
  }();
};
}  // namespace definition

/// Identity-aware prefix reuse: `impl(cache_ns, request_ns, cached_tokens, cached_items,
/// requested_tokens, requested_items)` with `std::string_view` namespaces (or `std::string`, or a
/// `kvc::cache_namespace` naming that model), `std::array<int, K>` token ids and
/// `std::array<kvc::multimodal_item, M>` items (or spans and vectors, see
/// kvc/verification/offered_arguments.hpp).
///
/// One fixture or more per engine bug: equal placeholder ids under different content hashes
/// (TensorRT-LLM #14125, LMDeploy #4933, and SGLang #2151's collisions between images); a
/// content-derived placeholder id equal to a text token (SGLang #2151, which used `hash % vocab` as
/// the ids), with the image on either side; an image shifted by one token, with equal ids
/// throughout; prompt embeddings against token ids, and the same embeddings at other positions
/// (vLLM #56655's missing mask, LMDeploy #4933); and identical items that end inside the common
/// prefix, which reuse must continue past. Then namespaces and empty sequences.
///
/// Every fixture's items are valid, and equal content hashes always come with equal item lengths
/// and equal placeholder ids, as they do when the hash is of the content: an engine that keys each
/// item token by its content hash (and its place in the item) passes. What kvc decides beyond that
/// -- one hash at two lengths, invalid item lists, zero-length items -- is
/// `kvc::suites::multimodal_prefix_reuse_edges`.
inline constexpr lazy_suite<definition::multimodal_prefix_reuse> multimodal_prefix_reuse{};

}  // namespace kvc::suites
