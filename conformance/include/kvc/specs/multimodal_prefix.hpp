// kvc/specs/multimodal_prefix.hpp - the spec of identity-aware prefix reuse: equal token ids are not
// equal tokens. `impl(cache_ns, request_ns, cached_tokens, cached_items, requested_tokens,
// requested_items)` returns how many leading tokens the cached sequence and the request agree on
// (`kvc::multimodal_prefix_length`): ids equal, and both tokens outside every item or both at the
// same place in identical items; 0 across namespaces or for an invalid item list. Under a
// `kvc::reuse_policy`, whole blocks within the policy's cap. String namespaces, `int` tokens,
// `kvc::multimodal_item` lists.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>
#include <type_traits>

#include <kvc/multimodal_item.hpp>
#include <kvc/multimodal_prefix.hpp>
#include <kvc/reuse_policy.hpp>
#include <kvc/spec/field.hpp>
#include <kvc/spec/fixture_list.hpp>
#include <kvc/spec/fixture_row.hpp>
#include <kvc/spec/fixture_text.hpp>
#include <kvc/spec/sequence.hpp>
#include <kvc/spec/suite.hpp>
#include <kvc/specs/lookup_shapes.hpp>

namespace kvc::specs {

/// Which item lists a multimodal lookup's explored cases hold (`kvc::explore` draws them; the
/// fixtures say for themselves what they hold).
enum class item_domain : unsigned char {
  /// What content hashes produce: valid lists without zero-length items, and one hash always at
  /// one item length over the same placeholder ids. An engine that keys each item token by its
  /// content hash and its place in the item meets nothing else.
  hashed_content,
  /// Any item lists: one hash at two lengths or over other ids, zero-length items anywhere, and
  /// unsorted, overlapping or out-of-range lists.
  any_items,
};

/// A multimodal prefix lookup, `impl(cache_ns, request_ns, cached_tokens, cached_items,
/// requested_tokens, requested_items)`, with string namespaces; its explored cases are drawn from
/// `Domain` (`kvc::specs::multimodal_lookup` for the engine bugs' suites,
/// `kvc::specs::multimodal_edge_lookup` for the edges suite). The call is the same for both.
template <item_domain Domain>
struct basic_multimodal_lookup : lookup_shape<basic_multimodal_lookup<Domain>> {
  /// The shape's name.
  static constexpr std::string_view name = "multimodal_lookup";
  /// The item lists its explored cases hold.
  static constexpr item_domain domain = Domain;
  /// The inputs, in call order.
  static constexpr field fields[] = {{"cache_namespace", field_kind::namespace_text},
                                     {"request_namespace", field_kind::namespace_text},
                                     {"cached_tokens", field_kind::tokens},
                                     {"cached_items", field_kind::multimodal_items},
                                     {"requested_tokens", field_kind::tokens},
                                     {"requested_items", field_kind::multimodal_items}};
  /// One call's inputs: namespaces of type N, token sequences of type T, item lists of type L.
  template <class N, class T, class L>
  struct inputs {
    /// The call shape these inputs are for.
    using shape = basic_multimodal_lookup;
    N cache_namespace;    ///< the namespace the cached tokens were stored under
    N request_namespace;  ///< the request's namespace
    T cached_tokens;      ///< the cached token ids
    L cached_items;       ///< the multimodal items in the cached tokens
    T requested_tokens;   ///< the request's token ids
    L requested_items;    ///< the multimodal items in the request's tokens
  };
  /// `f(cache_namespace, request_namespace, cached_tokens, cached_items, requested_tokens,
  /// requested_items)`.
  template <class In, class F>
  static constexpr decltype(auto) visit(const In& in, F&& f) {
    return f(in.cache_namespace, in.request_namespace, in.cached_tokens, in.cached_items,
             in.requested_tokens, in.requested_items);
  }
  /// The contract's result under `policy` (run-time inputs).
  template <class In>
  [[nodiscard]] static constexpr std::size_t reference(const In& in, reuse_policy policy = {}) noexcept {
    return kvc::multimodal_prefix_length(std::string_view(in.cache_namespace),
                                         std::string_view(in.request_namespace), in.cached_tokens,
                                         in.cached_items, in.requested_tokens, in.requested_items,
                                         policy);
  }
  /// What `policy` makes of a fixture's exact result: the requested tokens are the fifth input.
  template <class In>
  [[nodiscard]] static constexpr std::size_t under(reuse_policy policy, const In& in,
                                                   std::size_t exact) noexcept {
    return expected_under(policy, exact, in.requested_tokens.size(), in.cached_tokens.size());
  }
};
/// The multimodal lookup of the engine bugs' suites (`multimodal_prefix_reuse`, `_under<P>`).
using multimodal_lookup = basic_multimodal_lookup<item_domain::hashed_content>;
/// The multimodal lookup of the edges suite (`multimodal_prefix_reuse_edges`).
using multimodal_edge_lookup = basic_multimodal_lookup<item_domain::any_items>;

namespace multimodal_tables {

/// An item list in a fixture table, written as a brace list of `{offset, length, content_hash}`s
/// (as `kvc::explore` prints a counterexample): at most sixteen items.
using item_list = fixture_list<multimodal_item, 16>;
/// A fixture of the engine bugs' suites: the exact agreeing prefix, written out.
using multimodal_row =
    fixture_row<multimodal_lookup::inputs<fixture_text, tokens, item_list>, std::size_t>;
/// A fixture of the edges suite.
using edge_row =
    fixture_row<multimodal_edge_lookup::inputs<fixture_text, tokens, item_list>, std::size_t>;

/// The item list of a sequence with no items.
inline constexpr item_list no_items{};

/// Content hashes of the items: two images and one span of prompt embeddings, pairwise different
/// in every low bit field an engine might reduce them to (mod 2^8, 2^16 and 2^30).
inline constexpr std::uint64_t image_a = 0x9E3779B97F4A7C15;
/// The second image's content hash (see `image_a`).
inline constexpr std::uint64_t image_b = 0xC2B2AE3D27D4EB4F;
/// The prompt embeddings' content hash (see `image_a`).
inline constexpr std::uint64_t embeddings = 0x165667B19E3779F9;
/// The largest length: past any offset but 0, its end wraps around.
inline constexpr std::size_t huge = std::numeric_limits<std::size_t>::max();

/// One fixture or more per engine bug: equal placeholder ids under different content hashes
/// (TensorRT-LLM #14125, LMDeploy #4933, and SGLang #2151's collisions between images); a
/// content-derived placeholder id equal to a text token (SGLang #2151, which used `hash % vocab`
/// as the ids), with the image on either side; an image shifted by one token, with equal ids
/// throughout; prompt embeddings against token ids, and the same embeddings at other positions
/// (vLLM #56655's missing mask, LMDeploy #4933); and identical items that end inside the common
/// prefix, which reuse must continue past. Then namespaces and empty sequences. Every list is
/// valid, and equal content hashes always come with equal item lengths and placeholder ids, as
/// they do when the hash is of the content.
inline constexpr multimodal_row multimodal_prefix_reuse[] = {
    // TensorRT-LLM #14125, LMDeploy #4933: the key holds the placeholder ids, not the content.
    {"equal placeholder ids, different images", {"vlm", "vlm", {1, 2, 9, 9, 9, 3}, {{2, 3, image_a}}, {1, 2, 9, 9, 9, 3}, {{2, 3, image_b}}}, 2},
    {"different images at the start", {"vlm", "vlm", {9, 9, 9, 1}, {{0, 3, image_a}}, {9, 9, 9, 1}, {{0, 3, image_b}}}, 0},
    {"same first image, different second image", {"vlm", "vlm", {1, 9, 9, 2, 9, 9, 3}, {{1, 2, image_a}, {4, 2, image_a}}, {1, 9, 9, 2, 9, 9, 3}, {{1, 2, image_a}, {4, 2, image_b}}}, 4},
    // SGLang #2151: the image's hash reduced modulo the vocabulary became the placeholder ids, and
    // a hash of 7 reads as text token 7.
    {"content-derived placeholder ids equal to text tokens", {"vlm", "vlm", {1, 2, 7, 7, 3}, {{2, 2, 7}}, {1, 2, 7, 7, 3}, no_items}, 2},
    {"text tokens equal to content-derived placeholder ids", {"vlm", "vlm", {1, 2, 7, 7, 3}, no_items, {1, 2, 7, 7, 3}, {{2, 2, 7}}}, 2},
    // An item that moved: equal ids throughout, the item one token later or earlier.
    {"image shifted one token later", {"vlm", "vlm", {1, 9, 9, 9, 9, 2}, {{1, 3, image_a}}, {1, 9, 9, 9, 9, 2}, {{2, 3, image_a}}}, 1},
    {"image shifted one token earlier", {"vlm", "vlm", {1, 9, 9, 9, 9, 2}, {{2, 3, image_a}}, {1, 9, 9, 9, 9, 2}, {{1, 3, image_a}}}, 1},
    // vLLM #56655, LMDeploy #4933: prompt embeddings stand at positions whose ids are 0.
    {"embedding span against token ids", {"vlm", "vlm", {1, 0, 0, 0, 2}, {{1, 3, embeddings}}, {1, 0, 0, 0, 2}, no_items}, 1},
    {"token ids against an embedding span", {"vlm", "vlm", {1, 0, 0, 0, 2}, no_items, {1, 0, 0, 0, 2}, {{1, 3, embeddings}}}, 1},
    {"the same embeddings at other positions", {"vlm", "vlm", repeat(0, 6), {{0, 3, embeddings}}, repeat(0, 6), {{3, 3, embeddings}}}, 0},
    // Identical items: reuse goes on past them.
    {"identical image ends inside the common prefix", {"vlm", "vlm", {1, 9, 9, 2, 3, 4}, {{1, 2, image_a}}, {1, 9, 9, 2, 3, 5}, {{1, 2, image_a}}}, 5},
    {"two identical images, then the text differs", {"vlm", "vlm", {9, 9, 1, 9, 9, 9, 2, 3}, {{0, 2, image_a}, {3, 3, image_b}}, {9, 9, 1, 9, 9, 9, 2, 4}, {{0, 2, image_a}, {3, 3, image_b}}}, 7},
    {"identical image ends where the text differs", {"vlm", "vlm", {1, 9, 9, 2}, {{1, 2, image_a}}, {1, 9, 9, 3}, {{1, 2, image_a}}}, 3},
    {"identical images end both sequences", {"vlm", "vlm", {1, 9, 9}, {{1, 2, image_a}}, {1, 9, 9}, {{1, 2, image_a}}}, 3},
    {"request ends after an identical image", {"vlm", "vlm", {1, 9, 9, 2, 3}, {{1, 2, image_a}}, {1, 9, 9, 2}, {{1, 2, image_a}}}, 4},
    {"image past the common prefix", {"vlm", "vlm", {1, 2, 3, 4, 9, 9}, {{4, 2, image_a}}, {1, 2, 3, 5}, no_items}, 3},
    {"text differs before an identical image", {"vlm", "vlm", {1, 2, 9, 9}, {{2, 2, image_a}}, {1, 3, 9, 9}, {{2, 2, image_a}}}, 1},
    {"no items", {"vlm", "vlm", {1, 2, 3}, no_items, {1, 2, 4}, no_items}, 2},
    // Namespaces: identical tokens and items, nothing reused across them.
    {"identical image in another model", {"vlm-a", "vlm-b", {1, 9, 9, 2}, {{1, 2, image_a}}, {1, 9, 9, 2}, {{1, 2, image_a}}}, 0},
    {"namespace is a prefix of the other", {"vlm", "vlm-lora", {1, 9, 9, 2}, {{1, 2, image_a}}, {1, 9, 9, 2}, {{1, 2, image_a}}}, 0},
    {"empty and named namespace", {"", "vlm", {1, 9, 9, 2}, {{1, 2, image_a}}, {1, 9, 9, 2}, {{1, 2, image_a}}}, 0},
    {"empty namespaces are equal", {"", "", {1, 9, 9, 2}, {{1, 2, image_a}}, {1, 9, 9, 2}, {{1, 2, image_a}}}, 4},
    // Empty sequences.
    {"both empty", {"vlm", "vlm", {}, no_items, {}, no_items}, 0},
    {"cache empty", {"vlm", "vlm", {}, no_items, {9, 9}, {{0, 2, image_a}}}, 0},
    {"request empty", {"vlm", "vlm", {9, 9, 1}, {{0, 2, image_a}}, {}, no_items}, 0},
};

/// What kvc decides for inputs no content hash produces. An engine derives an item's length and
/// placeholder ids from its content, so it never meets most of these; kvc states what they mean
/// all the same:
///  - the whole item is its identity: one hash at two lengths, or two adjacent copies of an image
///    against one twice as long, disagree from the item's start, and a placeholder id that
///    differs inside identical items ends the agreement there;
///  - a zero-length item marks no token, whatever its hash, and is valid anywhere an item could
///    start, from the previous item's end up to the end of the tokens;
///  - an item list that is unsorted, has overlapping items, or has an item reaching past its
///    tokens (an overflowing `offset + length` included) is invalid and reuses nothing, on either
///    side and wherever the offending item lies.
inline constexpr edge_row multimodal_prefix_reuse_edges[] = {
    // An item is the same only whole.
    {"one image hash at two lengths", {"vlm", "vlm", {1, 9, 9, 9, 2}, {{1, 3, image_a}}, {1, 9, 9, 9, 2}, {{1, 2, image_a}}}, 1},
    {"two copies of an image against one twice as long", {"vlm", "vlm", {1, 9, 9, 9, 9, 2}, {{1, 2, image_a}, {3, 2, image_a}}, {1, 9, 9, 9, 9, 2}, {{1, 4, image_a}}}, 1},
    {"identical images, a placeholder id differs inside", {"vlm", "vlm", {1, 9, 9, 9, 2}, {{1, 3, image_a}}, {1, 9, 8, 9, 2}, {{1, 3, image_a}}}, 2},
    // Zero-length items.
    {"a zero-length item marks no token", {"vlm", "vlm", {1, 2, 3}, {{1, 0, image_a}}, {1, 2, 3}, no_items}, 3},
    {"zero-length items of different hashes", {"vlm", "vlm", {1, 2, 3}, {{1, 0, image_a}}, {1, 2, 3}, {{1, 0, image_b}}}, 3},
    {"a zero-length item between identical images", {"vlm", "vlm", {9, 9, 1, 9, 9}, {{0, 2, image_a}, {2, 0, image_b}, {3, 2, image_a}}, {9, 9, 1, 9, 9}, {{0, 2, image_a}, {3, 2, image_a}}}, 5},
    {"a zero-length item at the end of the tokens", {"vlm", "vlm", {1, 2, 3}, {{3, 0, image_a}}, {1, 2, 3}, no_items}, 3},
    {"a zero-length item at the offset of the next item", {"vlm", "vlm", {1, 9, 9}, {{1, 0, image_b}, {1, 2, image_a}}, {1, 9, 9}, {{1, 2, image_a}}}, 3},
    {"adjacent items are valid", {"vlm", "vlm", {9, 9, 8, 8, 1}, {{0, 2, image_a}, {2, 2, image_b}}, {9, 9, 8, 8, 1}, {{0, 2, image_a}, {2, 2, image_b}}}, 5},
    // Invalid item lists reuse nothing.
    {"unsorted items", {"vlm", "vlm", {1, 9, 9, 2, 8, 8}, {{4, 2, image_b}, {1, 2, image_a}}, {1, 9, 9, 2, 8, 8}, {{4, 2, image_b}, {1, 2, image_a}}}, 0},
    {"overlapping items", {"vlm", "vlm", {1, 9, 9, 9, 2}, {{1, 3, image_a}, {2, 2, image_b}}, {1, 9, 9, 9, 2}, {{1, 3, image_a}, {2, 2, image_b}}}, 0},
    {"an item past the end of its tokens", {"vlm", "vlm", {1, 9, 9}, {{1, 3, image_a}}, {1, 9, 9}, {{1, 3, image_a}}}, 0},
    {"an item whose end overflows", {"vlm", "vlm", {1, 2, 3}, {{2, huge, image_a}}, {1, 2, 3}, {{2, huge, image_a}}}, 0},
    {"a zero-length item past the end of its tokens", {"vlm", "vlm", {1, 2}, {{5, 0, image_a}}, {1, 2}, {{5, 0, image_a}}}, 0},
    {"a zero-length item inside another item", {"vlm", "vlm", {1, 9, 9, 9}, {{1, 3, image_a}, {2, 0, image_b}}, {1, 9, 9, 9}, {{1, 3, image_a}, {2, 0, image_b}}}, 0},
    {"invalid items in the request only", {"vlm", "vlm", {1, 9, 9, 2, 8, 8}, {{1, 2, image_a}, {4, 2, image_b}}, {1, 9, 9, 2, 8, 8}, {{4, 2, image_b}, {1, 2, image_a}}}, 0},
    {"an invalid item past the common prefix", {"vlm", "vlm", {1, 2, 3, 4}, {{3, 5, image_a}}, {1, 2, 3, 5}, no_items}, 0},
};

/// An image across the first block boundary (tokens 8 to 23), then 16 tokens of text.
inline constexpr tokens across = repeat(1, 8) + repeat(9, 16) + repeat(2, 16);
/// `across` with its text token `index` (24 to 39) made 3.
[[nodiscard]] constexpr tokens across_differing_at(std::size_t index) noexcept {
  return repeat(1, 8) + repeat(9, 16) + repeat(2, index - 24) + tokens{3} + repeat(2, 39 - index);
}
/// The first `count` tokens (24 or more) of `across`.
[[nodiscard]] constexpr tokens across_first(std::size_t count) noexcept {
  return repeat(1, 8) + repeat(9, 16) + repeat(2, count - 24);
}

/// Each engine bug again over 40 tokens, so that every policy reuses whole blocks before the
/// tokens stop agreeing and no policy's rounding can hide a wrong key: images with equal ids and
/// different hashes from token 16 and from token 15; content-derived ids against text from token
/// 16, on either side; an image shifted by one token inside a block; the same embeddings at other
/// positions; a second image that differs after a first that does not; a short image that differs
/// between whole blocks of equal text; identical images across block boundaries, with the text
/// differing at 31, 32 and 39 and requests of 32 and 33 tokens wholly cached; and an identical
/// image in another model. The expected values are exact prefixes; the policy suite applies its
/// policy to them.
inline constexpr multimodal_row after_whole_blocks[] = {
    {"whole blocks, then images with equal ids, different hashes", {"vlm", "vlm", repeat(1, 16) + repeat(9, 16) + repeat(2, 8), {{16, 16, image_a}}, repeat(1, 16) + repeat(9, 16) + repeat(2, 8), {{16, 16, image_b}}}, 16},
    {"images with equal ids and different hashes from token 15", {"vlm", "vlm", repeat(1, 15) + repeat(9, 16) + repeat(2, 9), {{15, 16, image_a}}, repeat(1, 15) + repeat(9, 16) + repeat(2, 9), {{15, 16, image_b}}}, 15},
    // Ids 7: the image's hash reduced modulo a vocabulary.
    {"whole blocks, then content-derived ids against text", {"vlm", "vlm", repeat(1, 16) + repeat(7, 16) + repeat(2, 8), {{16, 16, 7}}, repeat(1, 16) + repeat(7, 16) + repeat(2, 8), no_items}, 16},
    {"whole blocks, then text against content-derived ids", {"vlm", "vlm", repeat(1, 16) + repeat(7, 16) + repeat(2, 8), no_items, repeat(1, 16) + repeat(7, 16) + repeat(2, 8), {{16, 16, 7}}}, 16},
    {"whole blocks, then an image shifted by one token", {"vlm", "vlm", repeat(1, 16) + repeat(9, 24), {{17, 16, image_a}}, repeat(1, 16) + repeat(9, 24), {{18, 16, image_a}}}, 17},
    {"whole blocks, then the same embeddings at other positions", {"vlm", "vlm", repeat(0, 40), {{16, 8, embeddings}}, repeat(0, 40), {{24, 8, embeddings}}}, 16},
    {"same first image, different second image, whole blocks", {"vlm", "vlm", repeat(1, 4) + repeat(9, 12) + repeat(2, 4) + repeat(9, 12) + repeat(3, 8), {{4, 12, image_a}, {20, 12, image_a}}, repeat(1, 4) + repeat(9, 12) + repeat(2, 4) + repeat(9, 12) + repeat(3, 8), {{4, 12, image_a}, {20, 12, image_b}}}, 20},
    {"a short image differs between whole blocks of equal text", {"vlm", "vlm", repeat(1, 16) + repeat(9, 4) + repeat(2, 20), {{16, 4, image_a}}, repeat(1, 16) + repeat(9, 4) + repeat(2, 20), {{16, 4, image_b}}}, 16},
    {"identical image across a block boundary, text differs at 39", {"vlm", "vlm", across, {{8, 16, image_a}}, across_differing_at(39), {{8, 16, image_a}}}, 39},
    {"identical image across a block boundary, text differs at 32", {"vlm", "vlm", across, {{8, 16, image_a}}, across_differing_at(32), {{8, 16, image_a}}}, 32},
    {"identical image across a block boundary, text differs at 31", {"vlm", "vlm", across, {{8, 16, image_a}}, across_differing_at(31), {{8, 16, image_a}}}, 31},
    {"identical image, a request of 33 wholly cached", {"vlm", "vlm", across, {{8, 16, image_a}}, across_first(33), {{8, 16, image_a}}}, 33},
    {"identical image, a request of 32 wholly cached", {"vlm", "vlm", across, {{8, 16, image_a}}, across_first(32), {{8, 16, image_a}}}, 32},
    {"identical image in another model, whole blocks", {"vlm", "vlm-lora", across, {{8, 16, image_a}}, across, {{8, 16, image_a}}}, 0},
};

/// `first`, then `second`.
template <class Row, std::size_t N, std::size_t M>
[[nodiscard]] constexpr std::array<Row, N + M> joined(const std::array<Row, N>& first,
                                                      const std::array<Row, M>& second) noexcept {
  std::array<Row, N + M> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = first[i];
  for (std::size_t i = 0; i < M; ++i) out[N + i] = second[i];
  return out;
}

}  // namespace multimodal_tables

}  // namespace kvc::specs

namespace kvc::suites {

/// The fixtures of `kvc::suites::multimodal_prefix_reuse_under<P>`, one table: every fixture of
/// `multimodal_prefix_reuse` under P, then each engine bug again after whole blocks of agreeing
/// tokens under P (`kvc::specs::multimodal_tables::after_whole_blocks`). Every expected value is
/// `kvc::specs::expected_under` of a written-out exact prefix.
template <reuse_policy P>
inline constexpr auto multimodal_prefix_reuse_under_fixtures = specs::multimodal_tables::joined(
    specs::all_under(P, specs::multimodal_tables::multimodal_prefix_reuse),
    specs::all_under(P, specs::multimodal_tables::after_whole_blocks));

}  // namespace kvc::suites

namespace kvc::specs {

// The suites' descriptions: names, and a policy suite's policy and the same suite under another
// policy (`under<Q>`); every fixture is kvc's own.
/// The description of kvc::suites::multimodal_prefix_reuse.
struct multimodal_prefix_reuse_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "multimodal_prefix_reuse";
};
/// The description of kvc::suites::multimodal_prefix_reuse_edges.
struct multimodal_prefix_reuse_edges_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "multimodal_prefix_reuse_edges";
};
/// The description of kvc::suites::multimodal_prefix_reuse_under<P>.
template <reuse_policy P>
struct multimodal_prefix_reuse_under_suite {
  /// The suite's name, as the vectors and the suite table write it.
  static constexpr std::string_view name = "multimodal_prefix_reuse_under";
  /// The reuse policy the suite's expected results are computed under.
  static constexpr reuse_policy policy = P;
  /// The same suite under policy Q.
  template <reuse_policy Q>
  using under = suite<multimodal_prefix_reuse_under_suite<Q>,
                      suites::multimodal_prefix_reuse_under_fixtures<Q>>;
};

}  // namespace kvc::specs

namespace kvc::suites {

/// Identity-aware prefix reuse: `impl(cache_ns, request_ns, cached_tokens, cached_items,
/// requested_tokens, requested_items)` with string namespaces (`std::string_view`, `const
/// std::string&` or a `kvc::cache_namespace` naming that model), `int` token ids and
/// `kvc::multimodal_item` lists (spans, or vectors at run time; see kvc/spec/offered.hpp). One
/// fixture or more per engine bug (SGLang #2151, TensorRT-LLM #14125, LMDeploy #4933, vLLM
/// #56655), then namespaces and empty sequences. An engine that keys each item token by its
/// content hash and its place in the item passes; what kvc decides beyond that is
/// `multimodal_prefix_reuse_edges`.
inline constexpr suite<specs::multimodal_prefix_reuse_suite,
                       specs::multimodal_tables::multimodal_prefix_reuse>
    multimodal_prefix_reuse{};

/// The edges of `kvc::multimodal_prefix_length`, called as `multimodal_prefix_reuse` calls it:
/// one hash at two lengths, a placeholder id that differs inside identical items, zero-length
/// items, and invalid item lists (unsorted, overlapping, past the tokens, an end that overflows)
/// on either side.
inline constexpr suite<specs::multimodal_prefix_reuse_edges_suite,
                       specs::multimodal_tables::multimodal_prefix_reuse_edges>
    multimodal_prefix_reuse_edges{};

/// Identity-aware prefix reuse as an engine with policy P implements it, the policy built in,
/// called as `multimodal_prefix_reuse` calls it: every fixture of that suite under P, then each
/// engine bug again over 40 tokens, so that every policy reuses whole blocks before the tokens
/// stop agreeing and no policy's rounding can hide a wrong key (its one table:
/// `multimodal_prefix_reuse_under_fixtures<P>`).
template <reuse_policy P>
inline constexpr typename specs::multimodal_prefix_reuse_under_suite<P>::template under<P>
    multimodal_prefix_reuse_under{};

}  // namespace kvc::suites

namespace kvc::specs {
/// kvc's contract with policy P built in, `impl(cache_ns, request_ns, cached_tokens, cached_items,
/// requested_tokens, requested_items)`.
template <reuse_policy P>
struct multimodal_reuse_under_policy {
  /// `kvc::multimodal_prefix_length` of the arguments under P.
  template <class CacheNs, class RequestNs, class CachedTokens, class CachedItems,
            class RequestedTokens, class RequestedItems>
    requires std::is_invocable_v<const multimodal_prefix_length_fn&, const CacheNs&,
                                 const RequestNs&, const CachedTokens&, const CachedItems&,
                                 const RequestedTokens&, const RequestedItems&, reuse_policy>
  [[nodiscard]] constexpr std::size_t operator()(
      const CacheNs& cache_ns, const RequestNs& request_ns, const CachedTokens& cached_tokens,
      const CachedItems& cached_items, const RequestedTokens& requested_tokens,
      const RequestedItems& requested_items) const noexcept {
    return kvc::multimodal_prefix_length(cache_ns, request_ns, cached_tokens, cached_items,
                                         requested_tokens, requested_items, P);
  }
};

/// The multimodal prefix-reuse contract and its suites.
inline constexpr auto multimodal_prefix_contract =
    describe("multimodal_prefix", suites::multimodal_prefix_reuse,
             suites::multimodal_prefix_reuse_edges,
             policy_suites<multimodal_prefix_reuse_under_suite>{});
}  // namespace kvc::specs

namespace kvc::verification {
/// kvc's contract with policy P built in: the reference of
/// `kvc::suites::multimodal_prefix_reuse_under<P>`.
template <reuse_policy P>
inline constexpr specs::multimodal_reuse_under_policy<P> multimodal_prefix_length_under{};
}  // namespace kvc::verification
