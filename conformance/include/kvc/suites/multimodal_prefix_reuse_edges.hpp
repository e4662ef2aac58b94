// kvc/suites/multimodal_prefix_reuse_edges.hpp - what identity-aware prefix reuse decides for
// inputs no content hash produces: one hash at two item lengths, zero-length items, invalid lists.
#pragma once

#include <array>
#include <cstddef>
#include <limits>

#include <boost/hana/tuple.hpp>

#include <kvc/multimodal_item.hpp>
#include <kvc/suites/multimodal_prefix_reuse.hpp>
#include <kvc/verification/arrays.hpp>
#include <kvc/verification/fixture.hpp>
#include <kvc/verification/lazy_suite.hpp>

namespace kvc::suites {

namespace definition {
/// The fixtures of `kvc::suites::multimodal_prefix_reuse_edges`.
struct multimodal_prefix_reuse_edges {
  /// The suite's fixtures, a Hana tuple, built where they are first used.
  template <class Deferred = void>
  static constexpr auto fixtures = [] {
    using fixtures::image_a;
    using fixtures::image_b;
    using fixtures::items;
    using fixtures::no_items;
    using fixtures::same_model;
    using item = multimodal_item;
    constexpr std::array image{1, 9, 9, 9, 2};
    constexpr std::array three{1, 2, 3};
    constexpr std::array two_images{1, 9, 9, 2, 8, 8};
    constexpr std::size_t huge = std::numeric_limits<std::size_t>::max();
    return boost::hana::make_tuple(
        // An item is the same only whole.
        same_model(label<"one image hash at two lengths", Deferred>, image,
                   items(item{1, 3, image_a}), image, items(item{1, 2, image_a}), 1),
        same_model(label<"two copies of an image against one twice as long", Deferred>,
                   fixtures::array<Deferred>(1, 9, 9, 9, 9, 2),
                   items(item{1, 2, image_a}, item{3, 2, image_a}),
                   fixtures::array<Deferred>(1, 9, 9, 9, 9, 2), items(item{1, 4, image_a}), 1),
        same_model(label<"identical images, a placeholder id differs inside", Deferred>, image,
                   items(item{1, 3, image_a}), fixtures::array<Deferred>(1, 9, 8, 9, 2),
                   items(item{1, 3, image_a}), 2),
        // Zero-length items.
        same_model(label<"a zero-length item marks no token", Deferred>, three,
                   items(item{1, 0, image_a}), three, no_items, 3),
        same_model(label<"zero-length items of different hashes", Deferred>, three,
                   items(item{1, 0, image_a}), three, items(item{1, 0, image_b}), 3),
        same_model(label<"a zero-length item between identical images", Deferred>,
                   fixtures::array<Deferred>(9, 9, 1, 9, 9),
                   items(item{0, 2, image_a}, item{2, 0, image_b}, item{3, 2, image_a}),
                   fixtures::array<Deferred>(9, 9, 1, 9, 9),
                   items(item{0, 2, image_a}, item{3, 2, image_a}), 5),
        same_model(label<"a zero-length item at the end of the tokens", Deferred>, three,
                   items(item{3, 0, image_a}), three, no_items, 3),
        same_model(label<"a zero-length item at the offset of the next item", Deferred>,
                   fixtures::array<Deferred>(1, 9, 9),
                   items(item{1, 0, image_b}, item{1, 2, image_a}),
                   fixtures::array<Deferred>(1, 9, 9), items(item{1, 2, image_a}), 3),
        same_model(label<"adjacent items are valid", Deferred>,
                   fixtures::array<Deferred>(9, 9, 8, 8, 1),
                   items(item{0, 2, image_a}, item{2, 2, image_b}),
                   fixtures::array<Deferred>(9, 9, 8, 8, 1),
                   items(item{0, 2, image_a}, item{2, 2, image_b}), 5),
        // Invalid item lists reuse nothing.
        same_model(label<"unsorted items", Deferred>, two_images,
                   items(item{4, 2, image_b}, item{1, 2, image_a}), two_images,
                   items(item{4, 2, image_b}, item{1, 2, image_a}), 0),
        same_model(label<"overlapping items", Deferred>, image,
                   items(item{1, 3, image_a}, item{2, 2, image_b}), image,
                   items(item{1, 3, image_a}, item{2, 2, image_b}), 0),
        same_model(label<"an item past the end of its tokens", Deferred>,
                   fixtures::array<Deferred>(1, 9, 9), items(item{1, 3, image_a}),
                   fixtures::array<Deferred>(1, 9, 9), items(item{1, 3, image_a}), 0),
        same_model(label<"an item whose end overflows", Deferred>, three,
                   items(item{2, huge, image_a}), three, items(item{2, huge, image_a}), 0),
        same_model(label<"a zero-length item past the end of its tokens", Deferred>,
                   fixtures::array<Deferred>(1, 2), items(item{5, 0, image_a}),
                   fixtures::array<Deferred>(1, 2), items(item{5, 0, image_a}), 0),
        same_model(label<"a zero-length item inside another item", Deferred>,
                   fixtures::array<Deferred>(1, 9, 9, 9),
                   items(item{1, 3, image_a}, item{2, 0, image_b}),
                   fixtures::array<Deferred>(1, 9, 9, 9),
                   items(item{1, 3, image_a}, item{2, 0, image_b}), 0),
        same_model(label<"invalid items in the request only", Deferred>, two_images,
                   items(item{1, 2, image_a}, item{4, 2, image_b}), two_images,
                   items(item{4, 2, image_b}, item{1, 2, image_a}), 0),
        same_model(label<"an invalid item past the common prefix", Deferred>,
                   fixtures::array<Deferred>(1, 2, 3, 4), items(item{3, 5, image_a}),
                   fixtures::array<Deferred>(1, 2, 3, 5), no_items, 0));
  }();
};
}  // namespace definition

/// The edges of `kvc::multimodal_prefix_length`, called as `kvc::suites::multimodal_prefix_reuse`
/// calls it. An engine derives an item's length and placeholder ids from its content, so it never
/// meets most of these; kvc states what they mean all the same:
///  - the whole item is its identity: one hash at two lengths, or two adjacent copies of an image
///    against one twice as long, disagree from the item's start, and a placeholder id that
///    differs inside identical items ends the agreement there;
///  - a zero-length item marks no token, whatever its hash, and is valid anywhere an item could
///    start, from the previous item's end up to the end of the tokens;
///  - an item list that is unsorted, has overlapping items, or has an item reaching past its
///    tokens (an overflowing `offset + length` included) is invalid and reuses nothing, on either
///    side and wherever the offending item lies.
inline constexpr lazy_suite<definition::multimodal_prefix_reuse_edges>
    multimodal_prefix_reuse_edges{};

}  // namespace kvc::suites
